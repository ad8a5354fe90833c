"""Datasets the notebooks share: the reference pools and simulated games.

Solving is the expensive step (about 0.1–0.3 s per deal and seat on one
core), so a research page never solves: it reads the **reference pool**
of its rules' solver conventions (:mod:`analysis.reference`: solved deals
shipped with the repository, ``club``'s serving ``classic`` too) through
:func:`reference_pool` and :func:`pool_rows`.  A missing pool is named
with the command that builds it.  Games are simulated from the pool
(:func:`simulated_games`, by default *without replacement*: each game its
own block of the pool, so no solved deal serves two games while the pool
suffices; milliseconds per game) and cached as one Parquet file per
(rules, pool, seed, games, policy, draw mode, outcomes).

Games are played with the outcomes the caller names (``outcomes=``, no
page relies on a default): ``"pimc"`` (own information: every decision
from the deciding player's cards) from the single-dummy reference pool
that serves the rules (:func:`_sd_pool`), or ``"dd"`` (double-dummy) from
the double-dummy pool.  :func:`game_outcomes` says which one a rule set
gets: own information where a single-dummy pool serves it, double-dummy
otherwise (a rule that changes the play or a decision's payments), with
the reason for the page's row.  The single-dummy pools are small (500 to
2,000 deals), so their games draw *with replacement* and repeat deals;
``attrs["outcomes"]`` counts the repeats.

The single-dummy pools play the first deals of the double-dummy pools, so
:func:`sd_paired` reads both and pairs them by ``(deal_id, seat)``
(:func:`analysis.research.optimism.paired_outcomes`); deals the profile
redeals before the bidding or at the widow are left out, as on the other
pages.

:func:`ensure_solutions` (solve the first ``n`` deals of a deals dataset)
remains for one's own pools.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from .. import dataset, reference
from ..bids import bid_cap
from ..folders import games_cache_file, pool_solutions_folder
from ..game import OracleEstimator, ThresholdPolicy, load_estimator, simulate
from ..jobs.solutions import run_solve
from ..odds.model import BidModel
from ..rules import as_rules
from ..single_dummy import decide_contract, sd_fingerprint
from ..solver import solver_fingerprint
from ..version import __version__
from . import optimism

__all__ = [
    "ensure_solutions",
    "simulated_games",
    "reference_pool",
    "pool_rows",
    "pool_masks",
    "sd_pool_name",
    "sd_paired",
    "game_outcomes",
    "repeat_words",
]


def reference_pool(rules):
    """The finished reference pool whose solver conventions are those of ``rules``.

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    analysis.reference.Pool

    Raises
    ------
    analysis.reference.ReferencePoolError
        If that pool is not built (the message names ``thousand reference
        build NAME``), or no pool plays as ``rules`` do.
    """

    r = as_rules(rules)
    p = reference.pool_for(r)
    if p is not None:
        return p
    want = solver_fingerprint(r)
    for q in reference.pools():
        if q.fingerprint == want:
            raise reference.ReferencePoolError(
                q.name, f"it is not built under {reference.root()} (the {r.name} pages read it)"
            )
    raise reference.ReferencePoolError(
        r.name,
        f"no reference pool plays as these rules do (their solver fingerprint {want} is none of the pools')",
    )


_ROWS: dict = {}


def pool_rows(rules) -> pd.DataFrame:
    """The joined rows of :func:`reference_pool` (one per deal and seat, sorted).

    Read once per pool and process (a notebook asks for several profiles
    that share a pool); ``attrs["reference"]`` is the pool's entry (name,
    content hash, deals).
    """

    r = as_rules(rules)
    p = reference_pool(r)
    key = (p.solutions_path, p.content_hash, r.fingerprint())
    if key not in _ROWS:
        _ROWS.clear() if len(_ROWS) > 4 else None
        # the redeal columns of these rules (classic's on club's pool), which
        # decide which deals are played
        _ROWS[key] = reference.load(p.name, Path(p.solutions_path).parent.parent, rules=r)
    return _ROWS[key]


def pool_masks(rules) -> np.ndarray:
    """The (n_deals, 4) uint32 masks hand0, hand1, hand2, widow of the pool's deals."""
    f = pool_rows(rules)
    return f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)[::3]


def solutions_path(data: str | Path, deals: str | Path, rules, n: int) -> Path:
    """Folder of the solutions of the first ``n`` deals of ``deals`` under ``rules``.

    The name carries the solver fingerprint (play conventions and bolt
    definition), so profiles that solve alike (club and classic) share it.
    """

    r = as_rules(rules)
    return pool_solutions_folder(data, solver_fingerprint(r), deals, n)


def ensure_solutions(data: str | Path, deals: str | Path, rules, n: int, workers: int | None = None) -> Path:
    """The pool of :func:`solutions_path`, solved first if missing or unfinished.

    Parameters
    ----------
    data : path
        Datasets folder.
    deals : path
        A complete deals dataset with at least ``n`` deals.
    rules : str or Rules
        Profile whose solver conventions are used.
    n : int
        Deals to solve (all three seats each, with the tie-broken line).
    workers : int, optional
        Worker processes (default: all cores).

    Returns
    -------
    Path

    Raises
    ------
    analysis.dataset.DatasetError
        If the deals are missing or the folder holds other solutions.
    """

    r = as_rules(rules)
    path = solutions_path(data, deals, r, n)
    if not (path / "_manifest.json").exists():
        chunk = max(1, min(250, -(-n // 4)))
        run_solve(str(deals), str(path), r, n=n, chunk_size=chunk, workers=workers, progress=False)
    return path


def load_pool(path: str | Path) -> pd.DataFrame:
    """Solutions joined with their deals, one row per (deal, seat), sorted.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`analysis.dataset.load` (``deal_id``, ``seat``,
        ``value``, ``left_points`` …, ``hand0`` … ``widow`` and the deals'
        derived columns).
    """

    f = dataset.load(path)
    return f.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)


def pool_estimator(pool: pd.DataFrame | None = None, rules=None, outcomes: str = "dd"):
    """The bidding estimator the notebooks' simulations use, and how it was made.

    The package's default ``BidModel`` of ``rules`` (club's when None) for
    the games' ``outcomes`` (``"pimc"``: the one fitted on single-dummy play,
    as :func:`analysis.game.simulate` picks it) when it is installed;
    otherwise a
    ``BidModel`` fitted on ``pool``; otherwise (a pool too small to fit, as
    in quick runs) the oracle that knows each pool deal's true value.

    Returns
    -------
    (estimator, str)
        The object with ``p_make`` and a one-line description for the
        provenance table.
    """

    try:
        est = load_estimator("default", rules, outcomes)
        return est, f"default BidModel ({est!r})"  # the games cache key: keep it
    except ValueError:
        pass
    if pool is None:
        raise ValueError("no default BidModel is installed and no pool was given to fit one")
    try:
        est = BidModel.fit(pool)
        return est, f"BidModel fitted on the pool ({len(pool):,} deal-seat rows)"
    except (ValueError, ImportError, np.linalg.LinAlgError):
        hands = pool[["hand0", "hand1", "hand2"]].to_numpy(np.uint32)[::3]
        values = pool["value"].to_numpy(np.int64).reshape(-1, 3)
        return (
            OracleEstimator(hands, values),
            "oracle (true double-dummy values; pool too small to fit a model)",
        )


def estimator_words(est, desc: str = "") -> str:
    """What a bidding estimator is, in a reader's words (for a page's text).

    Parameters
    ----------
    est : object
        A bidding-odds model (with ``info`` and ``features``) or another
        estimator.
    desc : str
        :func:`pool_estimator`'s description, used where the estimator
        carries no record of its fit.

    Returns
    -------
    str
        E.g. "the default bidding model of club (a logistic model of the
        double-dummy value from 14 features of the visible hand, fitted on
        220,299 hand-seat rows of 73,433 deals of the club pool)".
    """
    info = getattr(est, "info", None)
    feats = getattr(est, "features", None)
    if not info or feats is None:
        return desc.split(" (")[0] if desc else "an estimator given by the caller"
    pool = info.get("pool") or {}
    where = f" of the {pool['name']} pool" if pool.get("name") else ""
    rows = f"{int(info['n_rows']):,} hand-seat rows" if info.get("n_rows") else "its rows"
    deals = f" of {int(info['n_deals']):,} deals" if info.get("n_deals") else ""
    held = f"; {int(info['held_out_deals']):,} deals held out" if info.get("held_out_deals") else ""
    kind = "the default bidding model" if desc.startswith("default") else "a bidding model"
    rules = f" of {info['rules']}" if info.get("rules") else ""
    return (
        f"{kind}{rules} (a logistic model of the double-dummy value from {len(feats)} features "
        f"of the visible hand, fitted on {rows}{deals}{where}{held})"
    )


def _key(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:12]


def _code_hash() -> str:
    """Hash of the simulator's and the scoring's source, so a cached games table
    made by other code (a fix during development) is never reused."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for sub in ("game", "scoring"):
        for f in sorted((root / sub).glob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:12]


def _sd_pool(rules):
    """The built single-dummy reference pool that serves ``rules``, or None.

    A pool serves the rules whose single-dummy fingerprint is its own (the
    play conventions, what players see and the decisions' payments:
    :func:`analysis.single_dummy.sd_fingerprint`): ``club-sd`` serves club
    and variants such as ``club+barrel_seats=1``; ``classic`` has its own.

    Returns
    -------
    analysis.reference.SDPool or None
    """
    return reference.sd_pool_for(as_rules(rules), reference.root())


def game_outcomes(rules) -> tuple[str, str]:
    """The outcomes a research page plays ``rules`` with, and why.

    Own information (``"pimc"``) where a built single-dummy pool serves the
    rules (:func:`_sd_pool`); double-dummy (``"dd"``) otherwise, the reason
    being the words a page prints on the row.

    Returns
    -------
    (str, str)
        ``("pimc", "own information (the club-sd pool)")`` or ``("dd",
        "double-dummy: no single-dummy pool serves these rules ...")``.
    """
    r = as_rules(rules)
    p = _sd_pool(r)
    if p is not None:
        return "pimc", f"own information (the {p.name} pool)"
    name = sd_pool_name(r)
    why = (
        f"its single-dummy pool {name} is not built"
        if name
        else "no single-dummy pool plays or decides as these rules do"
    )
    return "dd", f"double-dummy ({why})"


def repeat_words(games: pd.DataFrame) -> str:
    """How many of a games table's pool draws repeat a deal drawn before, in words.

    Parameters
    ----------
    games : pandas.DataFrame
        A table of :func:`simulated_games` (``attrs["outcomes"]``).

    Returns
    -------
    str
        E.g. ``"31,482 draws of 2,000 pool deals: 29,482 (93.6 %) repeat a
        deal drawn before"``.
    """
    o = games.attrs["outcomes"]
    n, rep = int(o["deals_drawn"]), int(o["repeated_draws"])
    share = f" ({100 * rep / n:.1f} %)" if n else ""
    return (
        f"{n:,} draws of {int(o['pool_size']):,} pool deals ({int(o['distinct_deals']):,} of them drawn): "
        f"{rep:,}{share} repeat a deal drawn before"
    )


def _sd_deal_ids(p) -> np.ndarray:
    """The deal ids of a single-dummy pool (sorted, distinct)."""
    return np.unique(dataset.read_frame(p.sd_path, "sd", columns=["deal_id"])["deal_id"].to_numpy(np.int64))


def simulated_games(
    data: str | Path,
    rules,
    n_games: int,
    seed: int,
    pool: str | Path | None = None,
    policy=None,
    label: str = "",
    draw: str = "without",
    outcomes: str = "dd",
    on_sd_deals: bool = False,
) -> pd.DataFrame:
    """Whole games simulated from a reference pool, cached under ``data``.

    Parameters
    ----------
    data : path
        Folder of the cache file ``games-<name>-<key>.parquet``.
    rules : str or Rules
        Rules of the games; must share the pool's conventions.
    n_games, seed : int
        Games ``0 .. n_games - 1`` of the root seed (each game its own
        stream, so the same seed gives the same deals to every convention
        until their decisions differ: common random numbers).
    pool : path, optional
        A solutions dataset (``outcomes="dd"``) or single-dummy dataset
        (``"pimc"``); default the reference pool of the rules
        (:func:`reference_pool`, :func:`_sd_pool`).
    policy : analysis.game.ThresholdPolicy, optional
        Default: ``ThresholdPolicy`` with :func:`pool_estimator`.
    label : str
        Part of the cache file name (for a reader).
    draw : {"without", "with"}
        Pool draws (:class:`analysis.game.pools.PoolSource`): each game
        its own block of a permutation of the pool shared among the
        ``n_games``, or uniform with replacement.  A pool of fewer deals
        than games has no blocks: every draw is then with replacement.
    outcomes : {"dd", "pimc"}
        Double-dummy outcomes, or own-information play from a single-dummy
        pool (:func:`analysis.game.simulate`).  Pages pass it explicitly
        (:func:`game_outcomes`).
    on_sd_deals : bool
        With ``"dd"``: draw only the deals of the single-dummy pool of the
        rules, in its order, so that ``"dd"`` and ``"pimc"`` games of one
        seed drawn ``"with"`` replacement start from the same deals (paired).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`analysis.game.simulate` (one per deal, redeals
        included); ``attrs["estimator"]`` describes the estimator,
        ``attrs["outcomes"]`` the pool and the draws
        (:func:`analysis.game.sources.draw_summary`: distinct deals,
        repeated and fallback draws) with ``pool`` (its name) and
        ``outcomes``.  The cache key covers the rules, pool, seed, sizes,
        policy, estimator, outcomes, package version and the source of
        ``analysis.game`` and ``analysis.scoring``.

    Raises
    ------
    analysis.reference.ReferencePoolError
        If the reference pool the games need is not built.
    ValueError
        On unknown outcomes, ``on_sd_deals`` with ``"pimc"`` or a given
        pool, or a pool played under other conventions.
    """

    r = as_rules(rules)
    if outcomes not in ("dd", "pimc"):
        raise ValueError(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}")
    if on_sd_deals and (outcomes != "dd" or pool is not None):
        raise ValueError("on_sd_deals restricts the double-dummy reference pool: outcomes='dd', no pool")
    ref = sd = None
    frame = None
    if outcomes == "pimc" or on_sd_deals:
        sd = _sd_pool(r)
        if sd is None and pool is None:
            raise reference.ReferencePoolError(
                sd_pool_name(r) or r.name,
                "no built single-dummy pool serves these rules"
                + (f": thousand reference build {sd_pool_name(r)}" if sd_pool_name(r) else ""),
            )
    if pool is None:
        if outcomes == "pimc":
            pool, ref_name, ref_hash = Path(sd.sd_path), sd.name, sd.content_hash
        else:
            ref = reference_pool(r)
            pool, ref_name, ref_hash = Path(ref.solutions_path), ref.name, ref.content_hash
            if on_sd_deals:
                rows = pool_rows(r)
                frame = rows[rows["deal_id"].isin(_sd_deal_ids(sd))]
                ref_name = f"{ref.name} (the deals of {sd.name})"
                ref_hash = f"{ref.content_hash}+{sd.content_hash}"
    else:
        pool = Path(pool)
        ref_name, ref_hash = str(pool), None
    desc, words = "given policy", "the policy the caller gave"
    if policy is None:
        est, desc = pool_estimator(pool_rows(r) if outcomes == "pimc" else load_pool(pool), r, outcomes)
        words = estimator_words(est, desc)
        policy = ThresholdPolicy(estimator=est)
    key = _key(
        r.to_dict(),
        str(pool.resolve()),
        n_games,
        seed,
        repr(policy),
        desc,
        draw,
        outcomes,
        on_sd_deals,
        __version__,
        _code_hash(),
        ref_hash,
    )
    out = games_cache_file(data, label or r.name, key)
    g = None
    if out.exists():
        try:
            g = pd.read_parquet(out)
        except (OSError, ValueError):  # a damaged cache file: simulate again, replace it
            g = None
    if g is not None and "outcomes" not in g.attrs:
        g = None  # a cache file of older code: simulate again
    if g is None:
        g = simulate(
            r,
            n_games,
            seed=seed,
            policy=policy,
            pool=str(pool) if frame is None else frame,
            draw=draw,
            pool_games=n_games if draw == "without" else None,
            outcomes=outcomes,
        )
        g.attrs["outcomes"]["pool"] = ref_name
        g.attrs["outcomes"]["pool_content_hash"] = ref_hash
        g.attrs["outcomes"]["outcomes"] = outcomes
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        g.to_parquet(tmp)  # attrs travel in the Parquet metadata
        tmp.replace(out)
    g.attrs["estimator"] = words
    return g


def _declarer_eight(f: pd.DataFrame) -> np.ndarray:
    """The declarer's 8 cards after his single-dummy gift, per row (uint32)."""
    hands = f[["hand0", "hand1", "hand2"]].to_numpy(np.int64)
    seat = f["seat"].to_numpy(np.int64)
    ten = hands[np.arange(len(f)), seat] | f["widow"].to_numpy(np.int64)
    gone = (np.int64(1) << f["give_left"].to_numpy(np.int64)) | (
        np.int64(1) << f["give_right"].to_numpy(np.int64)
    )
    return (ten & ~gone).astype(np.uint32)


def _redecide(sd: pd.DataFrame, rules) -> pd.DataFrame:
    """Contracts and write-offs decided again under ``rules`` at the recorded bid."""
    bid = int(sd.attrs["reference"]["bid"])
    eight = _declarer_eight(sd)
    out = sd.copy()
    got = [
        decide_contract(list(e), bid, rules, first_hand=int(s) == 0, cap=int(bid_cap(rules, int(h))))
        for e, s, h in zip(sd["estimates"], sd["seat"], eight)
    ]
    out["contract"] = np.array([g[0] for g in got], dtype=np.int64)
    out["written_off"] = np.array([g[1] for g in got], dtype=bool)
    return out


def sd_pool_name(rules) -> str | None:
    """The single-dummy reference pool that serves ``rules`` (built or not), if any."""
    want = sd_fingerprint(as_rules(rules))
    for s in reference.specs():
        if s.play == "pimc" and sd_fingerprint(as_rules(s.rules)) == want:
            return s.name
    return None


def sd_paired(rules) -> pd.DataFrame | None:
    """Double- and single-dummy rows of the single-dummy pool of ``rules``, paired.

    Parameters
    ----------
    rules : str or Rules
        A profile (or rules with a profile's single-dummy fingerprint:
        ``classic`` reads ``club-sd``, its contracts decided again under
        its own payments).

    Returns
    -------
    pandas.DataFrame or None
        :func:`analysis.research.optimism.paired_outcomes` of the pool's
        played deals, with the deals' columns ``hand0 hand1 hand2 widow``,
        ``give_left give_right`` (single-dummy gift) and ``estimates``;
        ``attrs["sd_pool"]`` / ``attrs["dd_pool"]`` describe the pools.
        None when the single-dummy pool of these rules is not built.
    """
    r = as_rules(rules)
    sdp = reference.sd_pool_for(r, reference.root())
    if sdp is None:
        return None
    sd = reference.load(sdp.name, rules=r)
    if r.fingerprint() != as_rules(sdp.rules).fingerprint():
        sd = _redecide(sd, r)
    if "redeal_forced" in sd:
        sd = sd[~sd["redeal_forced"].to_numpy(bool)]
    dd = pool_rows(r)
    dd = dd[dd["deal_id"].isin(np.unique(sd["deal_id"].to_numpy()))]
    paired = optimism.paired_outcomes(sd, dd)
    extra = sd[
        [
            "deal_id",
            "seat",
            "hand0",
            "hand1",
            "hand2",
            "widow",
            "give_left",
            "give_right",
            "estimates",
            "moves",
        ]
    ]
    paired = paired.merge(extra, on=["deal_id", "seat"], how="left")
    paired.attrs["sd_pool"] = sdp.as_dict()
    paired.attrs["dd_pool"] = reference_pool(r).as_dict()
    return paired
