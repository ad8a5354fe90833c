"""Simulated games: whole games played from the reference pools, cached.

Games are simulated from a pool (:func:`simulated_games`, by default
*without replacement*: each game its own block of the pool, so no solved
deal serves two games while the pool suffices; milliseconds per game) and
cached as one Parquet file per (rules, pool, seed, games, policy, draw
mode, outcomes); the cache key also covers the source of
``analysis.game`` and ``analysis.scoring`` (:func:`_code_hash`), so a
table made by other code is never reused.

Games are played with the outcomes the caller names (``outcomes=``, no
page relies on a default): ``"pimc"`` (own information: every decision
from the deciding player's cards) from the single-dummy reference pool
that serves the rules (:func:`analysis.research.sd_pools.sd_pool`), or
``"dd"`` (double-dummy) from the double-dummy pool
(:func:`analysis.research.dd_pools.reference_pool`).
:func:`game_outcomes` says which one a rule set gets: own information
where a single-dummy pool serves it, double-dummy otherwise (a rule that
changes the play or a decision's payments), with the reason for the page's
row.  The single-dummy pools are smaller than the games' draws
(:func:`analysis.research.sd_pools.sizes_words`), so their games draw
*with replacement* and repeat deals; ``attrs["outcomes"]``
counts the repeats (:func:`repeat_words`).  The games bid with
:func:`pool_estimator`'s model, described by :func:`estimator_words`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from .. import reference
from ..folders import games_cache_file
from ..game import OracleEstimator, ThresholdPolicy, load_estimator, simulate
from ..odds.model import BidModel
from ..rules import as_rules
from ..version import __version__
from .dd_pools import load_pool, pool_rows, reference_pool
from .sd_pools import _sd_deal_ids, sd_pool, sd_pool_name
from .tables import and_list

__all__ = [
    "simulated_games",
    "game_outcomes",
    "repeat_words",
    "repeat_phrase",
    "estimators_words",
    "estimator_words",
    "pool_estimator",
]


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
    value = "value as played with own information" if info.get("outcomes") == "pimc" else "double-dummy value"
    return (
        f"{kind}{rules} (a logistic model of the {value} from {len(feats)} features "
        f"of the visible hand, fitted on {rows}{deals}{where}{held})"
    )


def estimators_words(games: dict) -> str:
    """The bidding estimator of each table of games, profiles sharing one named once.

    Parameters
    ----------
    games : dict of str -> pandas.DataFrame
        Tables of :func:`simulated_games` by label (their
        ``attrs["estimator"]``).

    Returns
    -------
    str
        E.g. "club and classic: the default bidding model of club (...);
        book: the default bidding model of book (...)".
    """
    by_words: dict[str, list[str]] = {}
    for label, g in games.items():
        by_words.setdefault(g.attrs.get("estimator", "not recorded"), []).append(str(label))
    parts = []
    for words, labels in by_words.items():
        parts.append(f"{and_list(labels)}: {words}")
    return "; ".join(parts)


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


def game_outcomes(rules) -> tuple[str, str]:
    """The outcomes a research page plays ``rules`` with, and why.

    Own information (``"pimc"``) where a built single-dummy pool serves the
    rules (:func:`analysis.research.sd_pools.sd_pool`); double-dummy
    (``"dd"``) otherwise, the reason being the words a page prints on the
    row.

    Returns
    -------
    (str, str)
        ``("pimc", "own information (the club-sd pool)")`` or ``("dd",
        "double-dummy: no single-dummy pool serves these rules ...")``.
    """
    r = as_rules(rules)
    p = sd_pool(r)
    if p is not None:
        return "pimc", f"own information (the {p.name} pool)"
    name = sd_pool_name(r)
    why = (
        f"its single-dummy pool {name} is not built"
        if name
        else "no single-dummy pool plays or decides as these rules do"
    )
    return "dd", f"double-dummy ({why})"


def repeat_phrase(draws: int, pool_size: int, distinct: int, repeats: int) -> str:
    """How many pool draws repeat a deal drawn before, in words (every page's one phrasing).

    Parameters
    ----------
    draws : int
        Pool deals drawn and played.
    pool_size : int
        Deals the draws range over.
    distinct : int
        Distinct deals among the draws.
    repeats : int
        Draws that repeat a deal drawn before.

    Returns
    -------
    str

    Examples
    --------
    >>> repeat_phrase(31482, 2000, 2000, 29482)
    '31,482 draws of 2,000 pool deals (2,000 of them drawn): 29,482 (93.6 %) repeat a deal drawn before'
    """
    share = f" ({100 * repeats / draws:.1f} %)" if draws else ""
    return (
        f"{int(draws):,} draws of {int(pool_size):,} pool deals ({int(distinct):,} of them drawn): "
        f"{int(repeats):,}{share} repeat a deal drawn before"
    )


def repeat_words(games: pd.DataFrame) -> str:
    """How many of a games table's pool draws repeat a deal drawn before, in words.

    Parameters
    ----------
    games : pandas.DataFrame
        A table of :func:`simulated_games` (``attrs["outcomes"]``).

    Returns
    -------
    str
        :func:`repeat_phrase`, e.g. ``"31,482 draws of 2,000 pool deals
        (2,000 of them drawn): 29,482 (93.6 %) repeat a deal drawn before"``.
    """
    o = games.attrs["outcomes"]
    return repeat_phrase(
        int(o["deals_drawn"]), int(o["pool_size"]), int(o["distinct_deals"]), int(o["repeated_draws"])
    )


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
        (:func:`analysis.research.dd_pools.reference_pool`,
        :func:`analysis.research.sd_pools.sd_pool`).
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
        sd = sd_pool(r)
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
        ref_name if ref_hash is not None else str(pool.resolve()),  # a reference pool: its name and content
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
