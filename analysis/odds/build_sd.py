"""Fit :class:`BidModel` on single-dummy outcomes (``build fit --outcomes pimc``).

A single-dummy reference pool (:mod:`analysis.reference_sd`: ``club-sd`` on
the first 2,000 deals of the club pool, ``book-sd``, ``ua-sd``, ``wiki-sd`` on
500) holds, per (deal, seat), the value the declarer reached when every
player decided from what he saw (``thousand solve --play pimc``).  Fitted on
those values the model estimates P(single-dummy value ≥ X | the 7-card hand,
seat): a policy bidding with it bids on what PIMC players make, not on
double-dummy values (``thousand simulate --estimator FILE``).

The pools are small beside the double-dummy ones, so the split holds out
every fifth block of 100 deals (:data:`SD_SPLIT`) rather than of 1,000.
Rows the declarer wrote off where they were stored hold no play; they are
left out and counted (``info["written_off_rows_left_out"]``; the current
``play_deal`` decides as the first hand and never writes off, so none).
"""

from __future__ import annotations

import time
from pathlib import Path

from .build import SPLIT, check_split, fit_frame
from .model import MODEL_FILES, model_file

__all__ = ["SD_SPLIT", "sd_model_file", "fit_sd_pool"]

#: The split of the single-dummy pools: ``deal_id // 100 % 5 == 4`` held out.
SD_SPLIT = dict(SPLIT, chunk_size=100)


def sd_model_file(pool: str, points_only: bool = False, folder=None) -> Path:
    """The file of a model fitted on the single-dummy pool of ``pool``.

    ``default_bidmodel_sd.json`` for club, ``default_bidmodel_book_sd.json``
    for book, ...; the points-only baseline ends ``_points_sd.json``.

    Raises
    ------
    ValueError
        On a pool name not in :data:`analysis.odds.model.MODEL_FILES`.
    """
    p = model_file(pool, points_only, folder)
    return p.with_name(p.stem + "_sd" + p.suffix)


def fit_sd_pool(name: str, *, base=None, split=None, log=None):
    """Fit the model and its points-only baseline on pool ``name``'s single-dummy rows.

    Parameters
    ----------
    name : str
        A double-dummy pool name of :data:`~analysis.odds.model.MODEL_FILES`
        (``club``); its single-dummy pool is ``NAME-sd``.
    base : path, optional
        Folder of the pools (default :func:`analysis.reference.root`).
    split : dict, optional
        Default :data:`SD_SPLIT`.
    log : callable, optional
        Receives a line when the pool is read and when it is fitted.

    Returns
    -------
    (model, baseline) : BidModel, BidModel
        ``info`` records ``outcomes: "pimc"``, the pool (name, content hash,
        deals), its worlds, seed, single-dummy fingerprint and version, the
        solver fingerprint and the split.

    Raises
    ------
    analysis.reference.ReferencePoolError
        If the single-dummy pool is not built (the message gives the
        command that builds it, which resumes where it stopped).
    ValueError
        On an unknown name, or a pool played under other single-dummy
        conventions than the current code's for its profile.
    """
    from .. import reference
    from ..single_dummy import SD_VERSION
    from ..single_dummy.batch import load

    if name not in MODEL_FILES:
        raise ValueError(f"no single-dummy pool for {name!r}; pools: {', '.join(MODEL_FILES)}")
    sd_name = f"{name}-sd"
    pool = next(p for p in reference.sd_pools(base) if p.name == sd_name)
    if pool.state != "built":
        raise reference.ReferencePoolError(sd_name, f"{pool.state}, nothing to fit on")
    t = time.perf_counter()
    frame = load(pool.sd_path)
    sd = frame.attrs["sd"]
    if sd.get("sd_fingerprint") != pool.sd_fingerprint:
        raise ValueError(
            f"single-dummy pool {sd_name} was played with fingerprint {sd.get('sd_fingerprint')}, "
            f"the current code's for {pool.rules} is {pool.sd_fingerprint}: rebuild it"
        )
    wo = frame["written_off"].to_numpy(bool)
    played = frame[~wo]
    played.attrs = {}
    if log:
        log(f"{sd_name}: read {len(frame):,} rows of {pool.deals:,} deals ({time.perf_counter() - t:.1f} s)")
    s = check_split(SD_SPLIT if split is None else split)
    info = {
        "rules": pool.rules,
        "outcomes": "pimc",
        "solver_fingerprint": pool.fingerprint,
        "sd_fingerprint": pool.sd_fingerprint,
        "sd_version": sd.get("sd_version", SD_VERSION),
        "worlds": sd.get("worlds"),
        "sd_seed": sd.get("seed"),
        "written_off_rows_left_out": int(wo.sum()),
        "pool": {"name": sd_name, "content_hash": pool.content_hash, "deals": pool.deals},
        "made_by": f"python -m analysis.odds.build fit --pool {name} --outcomes pimc",
    }
    if s["chunk_size"] != SD_SPLIT["chunk_size"]:
        info["made_by"] += f" --split-chunk-size {s['chunk_size']}"
    t = time.perf_counter()
    model, baseline = fit_frame(played, split=s, info=info)
    if log:
        log(
            f"{sd_name}: fitted on {model.info['n_deals']:,} deals, {model.info['n_rows']:,} rows "
            f"({model.info['held_out_deals']:,} deals held out) in {time.perf_counter() - t:.1f} s"
        )
    return model, baseline
