"""Fit the shipped default :class:`BidModel` of each reference pool.

Usage (from the repository root)::

    python -m analysis.odds.build fit --pool club      # analysis/odds/default_bidmodel*.json
    python -m analysis.odds.build fit --pool all       # club, book, ua and wiki
    python -m analysis.odds.build fit --pool club --outcomes pimc  # on club-sd: *_sd.json

``fit`` reads a reference pool (:func:`analysis.reference.load`; the folder
is ``$THOUSAND_REFERENCE`` or ``data/reference``), keeps its held-out deals
out (:func:`held_out_deals`: whole solutions chunks, index 4 mod 5) for the
calibration check (:func:`analysis.odds.reliability.calibration`,
``benchmarks/bench_odds.py``), fits the model and the card-points-only
baseline on the rest and records in each model's ``info`` the pool, its
content hash, the solver, the split rule and the training deals and rows.
Every pool asked for is fitted before any file is written; each file is
written to a temporary name and renamed.  ``--outcomes pimc`` fits on the
single-dummy pool ``NAME-sd`` instead (:mod:`analysis.odds.build_sd`) and
writes ``*_sd.json`` files.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from .model import MODEL_DIR, MODEL_FILES, BidModel, model_file

__all__ = ["SPLIT", "held_out_deals", "check_split", "fit_frame", "fit_pool", "write_models", "main"]

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


def fit_pool(name: str, *, base=None, split=None, log=None) -> tuple[BidModel, BidModel]:
    """Fit the models of reference pool ``name`` (:func:`fit_frame`).

    Parameters
    ----------
    name : str
        A pool of :data:`analysis.reference.POOLS`.
    base : path, optional
        Folder of the pools (default :func:`analysis.reference.root`).
    split : dict, optional
        Default :data:`SPLIT`.
    log : callable, optional
        Receives a line when the pool is read and when it is fitted.

    Raises
    ------
    analysis.reference.ReferencePoolError
        If the pool is missing or unfinished.
    ValueError
        If the pool was solved under other solver conventions than the
        current solver's for its profile (a stale pool).
    """
    from .. import reference
    from ..solver import SOLVER_VERSION

    t = time.perf_counter()
    frame = reference.load(name, base)
    entry = frame.attrs["reference"]
    src = frame.attrs.get("solutions") or {}
    if src.get("solver_fingerprint") != entry["fingerprint"]:
        raise ValueError(
            f"reference pool {name!r} was solved with solver fingerprint "
            f"{src.get('solver_fingerprint')}, the current solver's for "
            f"{entry['rules']} is {entry['fingerprint']}: rebuild it"
        )
    if log:
        log(f"{name}: read {len(frame):,} rows of {entry['deals']:,} deals ({time.perf_counter() - t:.1f} s)")
    info = {
        "rules": entry["rules"],
        "solver_fingerprint": entry["fingerprint"],
        "solver_version": src.get("solver_version", SOLVER_VERSION),
        "pool": {"name": name, "content_hash": entry["content_hash"], "deals": entry["deals"]},
        "made_by": f"python -m analysis.odds.build fit --pool {name}",
    }
    s = check_split(split)
    if s["chunk_size"] != SPLIT["chunk_size"]:
        info["made_by"] += f" --split-chunk-size {s['chunk_size']}"
    t, c = time.perf_counter(), time.process_time()
    model, baseline = fit_frame(frame, split=s, info=info)
    if log:
        log(
            f"{name}: fitted on {model.info['n_deals']:,} deals, {model.info['n_rows']:,} rows "
            f"({model.info['held_out_deals']:,} deals held out) in "
            f"{time.perf_counter() - t:.1f} s wall, {time.process_time() - c:.1f} s CPU"
        )
    return model, baseline


def write_models(models: dict, folder=None) -> list[Path]:
    """Save ``{pool: (model, baseline)}`` as the shipped files of each pool.

    Each file is written to a temporary name and renamed
    (:meth:`BidModel.save`).

    Returns
    -------
    list of Path
        The files written, the model's then the baseline's per pool.
    """
    out = []
    for name, (model, baseline) in models.items():
        out.append(model.save(model_file(name, folder=folder)))
        out.append(baseline.save(model_file(name, points_only=True, folder=folder)))
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
        choices=("dd", "pimc"),
        default="dd",
        help="dd: the double-dummy pool (default); pimc: its single-dummy pool NAME-sd, written to *_sd.json",
    )
    args = p.parse_args(argv)
    names = list(MODEL_FILES) if args.pool == "all" else [args.pool]
    sd = args.outcomes == "pimc"
    if args.split_chunk_size is None:
        from .build_sd import SD_SPLIT

        args.split_chunk_size = (SD_SPLIT if sd else SPLIT)["chunk_size"]
    split = check_split(dict(SPLIT, chunk_size=args.split_chunk_size))
    base = None if args.reference is None else Path(args.reference)
    out_dir = Path(args.out_dir)
    if not out_dir.is_dir():
        raise SystemExit(f"--out-dir {out_dir} is not a folder")
    log = lambda line: print(line, flush=True)  # noqa: E731
    t = time.perf_counter()
    if sd:
        from .build_sd import fit_sd_pool, sd_model_file

        models = {n: fit_sd_pool(n, base=base, split=split, log=log) for n in names}
        paths = []
        for n, (model, baseline) in models.items():
            paths.append(model.save(sd_model_file(n, folder=out_dir)))
            paths.append(baseline.save(sd_model_file(n, points_only=True, folder=out_dir)))
    else:
        models = {n: fit_pool(n, base=base, split=split, log=log) for n in names}
        paths = write_models(models, out_dir)
    for path in paths:
        print(f"wrote {path}")
    print(f"total {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
