"""Fit the shipped default :class:`BidModel` of each reference pool, on
double- or single-dummy outcomes.

Usage (from the repository root)::

    python -m analysis.odds.build fit --pool club      # analysis/odds/default_bidmodel*.json
    python -m analysis.odds.build fit --pool all       # club, book, ua and wiki
    python -m analysis.odds.build fit --pool club --outcomes pimc  # on club-sd-50k: *_sd.json

``fit`` reads a reference pool (:func:`analysis.reference.load`; the folder
is ``$THOUSAND_REFERENCE`` or ``data/reference``), keeps its held-out deals
out (:func:`held_out_deals`: whole solutions chunks, index 4 mod 5) for the
calibration check (:func:`analysis.odds.reliability.calibration`,
``benchmarks/bench_odds.py``), fits the model and the card-points-only
baseline on the rest and records in each model's ``info`` the pool, its
content hash, the solver, the split rule and the training deals and rows.
Every pool asked for is fitted before any file is written; each file is
written to a temporary name and renamed.

``--outcomes pimc`` fits on the pool's single-dummy pool instead (the one
of :data:`analysis.reference.SD_POOLS` that plays its deals under its own
profile: ``club-sd-50k``, ``book-sd-25k``, ...): per (deal, seat), the value
the declarer reached when every player decided from what he saw (``thousand solve --play pimc``), so the model
estimates P(single-dummy value >= X | the 7-card hand, seat) and a policy
bidding with it bids on what PIMC players make (``thousand simulate
--estimator FILE``).  Those pools are small beside the double-dummy ones, so
their split holds out every fifth block of 100 deals (``SPLITS["pimc"]``)
rather than of 1,000; the files end ``_sd.json`` (:func:`model_path`).
Rows the declarer wrote off at the fresh table where they were stored hold
no play: the hand is still one he holds, and leaving it out would bias the
model towards strong hands (the written-off rows are the weak ones), so each
is played out again from its own seed with writing off ruled out
(:func:`analysis.single_dummy.play_out`, the replay a game makes when it
plays such a row) and counted (``info["written_off_rows_replayed"]``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from .. import reference
from ..rules import as_rules
from ..single_dummy import SD_VERSION, has_play, play_out, row_seed
from ..solver import SOLVER_VERSION
from .model import MODEL_DIR, MODEL_FILES, BidModel, model_file

__all__ = [
    "SPLIT",
    "SPLITS",
    "held_out_deals",
    "replay_written_off",
    "check_split",
    "fit_frame",
    "fit_pool",
    "model_path",
    "write_models",
    "main",
]

#: The outcomes a model is fitted on: double-dummy values, or single-dummy play.
OUTCOMES = ("dd", "pimc")

#: How a reference pool's deals are split: a deal is held out when
#: ``deal_id // chunk_size % every == remainder``.  With the pools' solutions
#: chunks of 1,000 deals (deal ids 0, 1, ... in order) that is every fifth
#: chunk whole, 20 % of the deals.  Each fitted model records the rule it
#: was fitted with (``info["split"]``); readers pass it back to
#: :func:`held_out_deals`.
SPLIT = {
    "rule": "held out: deal_id // chunk_size % every == remainder",
    "chunk_size": 1000,
    "every": 5,
    "remainder": 4,
}


#: The split rule of each kind of outcome: the single-dummy pools hold every
#: fifth block of 100 deals out (``deal_id // 100 % 5 == 4``).
SPLITS = {"dd": SPLIT, "pimc": dict(SPLIT, chunk_size=100)}


def check_split(split=None) -> dict:
    """The split rule, checked (``None``: :data:`SPLIT`).

    Raises
    ------
    ValueError
        If a key is missing, or the numbers are not whole with
        ``chunk_size >= 1``, ``every >= 2`` and ``0 <= remainder < every``.
    """
    split = SPLIT if split is None else split
    try:
        c, e, r = (split[k] for k in ("chunk_size", "every", "remainder"))
    except (KeyError, TypeError):
        raise ValueError(f"a split rule has chunk_size, every and remainder; got {split!r}") from None
    if (
        not all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in (c, e, r))
        or c < 1
        or e < 2
        or not 0 <= r < e
    ):
        raise ValueError(
            f"bad split rule {split!r}: need whole chunk_size >= 1, every >= 2 and 0 <= remainder < every"
        )
    return {"rule": SPLIT["rule"], "chunk_size": int(c), "every": int(e), "remainder": int(r)}


def held_out_deals(deal_id, split=None) -> np.ndarray:
    """Which deals are held out of the fit (kept for the calibration check).

    Parameters
    ----------
    deal_id : int or array_like of int, shape (n,)
        Deal ids of a reference pool (0, 1, ... in dealing order).
    split : dict, optional
        The rule (a model's ``info["split"]``); default :data:`SPLIT`, the
        rule of the shipped models: ``deal_id // 1000 % 5 == 4``.

    Returns
    -------
    ndarray of shape (n,), bool

    Raises
    ------
    ValueError
        On a bad rule, or deal ids that are not whole numbers >= 0.
    """
    s = check_split(split)
    d = np.atleast_1d(np.asarray(deal_id))
    if d.size and (not np.issubdtype(d.dtype, np.integer) or d.min() < 0):
        raise ValueError("deal ids must be whole numbers >= 0")
    return (d.astype(np.int64) // s["chunk_size"]) % s["every"] == s["remainder"]


def fit_frame(frame, *, split=None, info=None, **fit_kw) -> tuple[BidModel, BidModel]:
    """Fit the model and the points-only baseline on a pool's training deals.

    Parameters
    ----------
    frame : pandas.DataFrame
        A pool as :func:`analysis.reference.load` returns it (one row per
        (deal, seat), ``deal_id`` among the columns).
    split : dict, optional
        The split rule (default :data:`SPLIT`); the held-out deals are left out.
    info : dict, optional
        Extra provenance for both models' ``info``.
    **fit_kw
        Passed to :meth:`BidModel.fit` (``alpha``, ``min_count``, ...).

    Returns
    -------
    (model, baseline) : BidModel, BidModel
        ``info`` records the split, ``n_deals``/``n_rows`` (training deals
        and (deal, seat) rows after the forced redeals are dropped) and
        ``held_out_deals`` (deals kept out).

    Raises
    ------
    ValueError
        From :meth:`BidModel.fit`, or when the frame has no ``deal_id``.
    """
    if "deal_id" not in frame.columns:
        raise ValueError("the pool frame has no deal_id column to split on")
    s = check_split(split)
    out = held_out_deals(frame["deal_id"].to_numpy(), s)
    train = frame[~out]
    train.attrs = dict(frame.attrs)
    meta = dict(info or {}, split=s, held_out_deals=int(frame.loc[out, "deal_id"].nunique()))
    model = BidModel.fit(train, info=meta, **fit_kw)
    base = BidModel.fit(train, features=("points",), info=dict(meta, baseline=True), **fit_kw)
    return model, base


def replay_written_off(frame, rules):
    """The single-dummy value of every row: rows written off where they were
    stored are played out again from their own seed.

    Parameters
    ----------
    frame : pandas.DataFrame
        A single-dummy pool as :func:`analysis.reference.load` reads it
        (``attrs["sd"]`` gives the worlds, the seed and the bid it was played at).
    rules : Rules
        The pool's profile.

    Returns
    -------
    pandas.DataFrame
        A copy whose written-off rows without their play
        (:func:`analysis.single_dummy.has_play`: older pools) hold the ``value`` of
        :func:`analysis.single_dummy.play_out` (the deal always played, the
        same seed as the row's, :func:`analysis.single_dummy.row_seed`); the
        other rows unchanged.
    """
    src = frame.attrs["sd"]
    out = frame.copy()
    worlds, seed, bid = int(src["worlds"]), int(src["seed"]), int(src.get("bid") or 100)
    for i in np.flatnonzero(~has_play(frame)):  # a pool built now stores every play
        row = frame.iloc[i]
        seat = int(row.seat)
        hands = [int(row[f"hand{k}"]) for k in range(3)]
        res = play_out(
            hands[seat],
            int(row.widow),
            hands[(seat + 1) % 3],
            hands[(seat + 2) % 3],
            rules,
            worlds=worlds,
            seed=row_seed(seed, int(row.deal_id), seat),
            bid=bid,
        )
        out.iloc[i, out.columns.get_loc("value")] = res.value
    return out


def fit_pool(
    name: str, *, outcomes: str = "dd", base=None, split=None, log=None
) -> tuple[BidModel, BidModel]:
    """Fit the models of reference pool ``name`` (:func:`fit_frame`).

    Parameters
    ----------
    name : str
        A pool of :data:`~analysis.odds.model.MODEL_FILES` (``club``).
    outcomes : {"dd", "pimc"}
        ``"dd"``: the pool's double-dummy values; ``"pimc"``: the rows of
        the single-dummy pool that serves its profile (the registry's,
        ``club-sd-50k`` for club), the write-offs left out.
    base : path, optional
        Folder of the pools (default :func:`analysis.reference.root`).
    split : dict, optional
        Default ``SPLITS[outcomes]``.
    log : callable, optional
        Receives a line when the pool is read and when it is fitted.

    Returns
    -------
    (model, baseline) : BidModel, BidModel
        ``info`` records the rules, the pool (name, content hash, deals),
        the solver fingerprint and version and the split; with ``"pimc"``
        also ``outcomes``, the single-dummy fingerprint and version, the
        worlds and seed and the write-offs left out.

    Raises
    ------
    analysis.errors.ReferencePoolError
        If the pool is missing or unfinished (a single-dummy pool not
        built: the message gives the command that builds it, which resumes
        where it stopped).
    ValueError
        On an unknown ``outcomes`` or pool, or a pool made under other
        conventions than the current code's for its profile (a stale pool).
    """
    if outcomes not in OUTCOMES:
        raise ValueError(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}")
    sd = outcomes == "pimc"
    if sd and name not in MODEL_FILES:
        raise ValueError(f"no single-dummy pool for {name!r}; pools: {', '.join(MODEL_FILES)}")
    pool = _sd_pool_of(name) if sd else name
    if sd and (entry := reference.pool(pool, base)).state != "built":
        raise reference.ReferencePoolError(pool, f"{entry.state}, nothing to fit on")
    t = time.perf_counter()
    frame = reference.load(pool, base)
    entry = frame.attrs["reference"]
    if sd:
        src = frame.attrs["sd"]
        have, want = src.get("sd_fingerprint"), entry["sd_fingerprint"]
        made = f"single-dummy pool {pool} was played with fingerprint {have}, the current code's"
    else:
        src = frame.attrs.get("solutions") or {}
        have, want = src.get("solver_fingerprint"), entry["fingerprint"]
        made = f"reference pool {pool!r} was solved with solver fingerprint {have}, the current solver's"
    if have != want:
        raise ValueError(f"{made} for {entry['rules']} is {want}: rebuild it")
    wo = ~has_play(frame) if sd else np.zeros(len(frame), bool)
    if sd:
        frame = replay_written_off(frame, as_rules(entry["rules"]))
        frame.attrs = {}
    if log:
        log(f"{pool}: read {len(wo):,} rows of {entry['deals']:,} deals ({time.perf_counter() - t:.1f} s)")
    info = {"rules": entry["rules"]}
    if sd:
        info |= {
            "outcomes": "pimc",
            "solver_fingerprint": entry["fingerprint"],
            "sd_fingerprint": entry["sd_fingerprint"],
            "sd_version": src.get("sd_version", SD_VERSION),
            "worlds": src.get("worlds"),
            "sd_seed": src.get("seed"),
            "written_off_rows_replayed": int(wo.sum()),
        }
    else:
        info |= {
            "solver_fingerprint": entry["fingerprint"],
            "solver_version": src.get("solver_version", SOLVER_VERSION),
        }
    info["pool"] = {"name": pool, "content_hash": entry["content_hash"], "deals": entry["deals"]}
    info["made_by"] = f"python -m analysis.odds.build fit --pool {name}" + (" --outcomes pimc" if sd else "")
    s = check_split(SPLITS[outcomes] if split is None else split)
    if s["chunk_size"] != SPLITS[outcomes]["chunk_size"]:
        info["made_by"] += f" --split-chunk-size {s['chunk_size']}"
    t, c = time.perf_counter(), time.process_time()
    model, baseline = fit_frame(frame, split=s, info=info)
    if log:
        log(
            f"{pool}: fitted on {model.info['n_deals']:,} deals, {model.info['n_rows']:,} rows "
            f"({model.info['held_out_deals']:,} deals held out) in "
            f"{time.perf_counter() - t:.1f} s wall, {time.process_time() - c:.1f} s CPU"
        )
    return model, baseline


def _sd_pool_of(name: str) -> str:
    """The single-dummy pool of :data:`analysis.reference.SD_POOLS` that
    plays the double-dummy pool ``name``'s deals under its own profile."""
    for s in reference.specs():
        if s.play == "pimc" and s.pool == name and s.rules == name:
            return s.name
    raise ValueError(f"no single-dummy pool plays {name!r}'s deals under {name}")


def model_path(pool: str, *, outcomes: str = "dd", points_only: bool = False, folder=None) -> Path:
    """The file of the model of ``pool`` fitted on ``outcomes``.

    :func:`analysis.odds.model.model_file` for ``"dd"``; for ``"pimc"`` the
    same name ending ``_sd.json`` (``default_bidmodel_sd.json`` for club,
    ``default_bidmodel_book_sd.json`` for book, ...; the points-only
    baseline ends ``_points_sd.json``).

    Raises
    ------
    ValueError
        On a pool name not in :data:`analysis.odds.model.MODEL_FILES`.
    """
    return model_file(pool, points_only, folder, outcomes=outcomes)


def write_models(models: dict, folder=None, *, outcomes: str = "dd") -> list[Path]:
    """Save ``{pool: (model, baseline)}`` as the shipped files of each pool
    (:func:`model_path` of ``outcomes``).

    Each file is written to a temporary name and renamed
    (:meth:`BidModel.save`).

    Returns
    -------
    list of Path
        The files written, the model's then the baseline's per pool.
    """
    out = []
    for name, (model, baseline) in models.items():
        out.append(model.save(model_path(name, outcomes=outcomes, folder=folder)))
        out.append(baseline.save(model_path(name, outcomes=outcomes, points_only=True, folder=folder)))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m analysis.odds.build",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="fit the default models on reference pools")
    f.add_argument(
        "--pool",
        default="club",
        choices=[*MODEL_FILES, "all"],
        help="pool to fit on (default club; all: every pool)",
    )
    f.add_argument(
        "--reference",
        default=None,
        metavar="DIR",
        help="folder of the pools (default $THOUSAND_REFERENCE or data/reference)",
    )
    f.add_argument(
        "--out-dir",
        default=str(MODEL_DIR),
        metavar="DIR",
        help="folder of the model files (default: the package's)",
    )
    f.add_argument(
        "--split-chunk-size",
        type=int,
        default=None,
        metavar="N",
        help="deals per split chunk (default 1000, the shipped rule, or 100 with "
        "--outcomes pimc; smaller only for pools of fewer than 5,000 deals, which "
        "hold no held-out chunk)",
    )
    f.add_argument(
        "--outcomes",
        choices=OUTCOMES,
        default="dd",
        help="dd: the double-dummy pool (default); pimc: the single-dummy pool serving its profile, "
        "written to *_sd.json",
    )
    args = p.parse_args(argv)
    names = list(MODEL_FILES) if args.pool == "all" else [args.pool]
    if args.split_chunk_size is None:
        args.split_chunk_size = SPLITS[args.outcomes]["chunk_size"]
    split = check_split(dict(SPLIT, chunk_size=args.split_chunk_size))
    base = None if args.reference is None else Path(args.reference)
    out_dir = Path(args.out_dir)
    if not out_dir.is_dir():
        raise SystemExit(f"--out-dir {out_dir} is not a folder")
    log = lambda line: print(line, flush=True)  # noqa: E731
    t = time.perf_counter()
    models = {n: fit_pool(n, outcomes=args.outcomes, base=base, split=split, log=log) for n in names}
    paths = write_models(models, out_dir, outcomes=args.outcomes)
    for path in paths:
        print(f"wrote {path}")
    print(f"total {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
