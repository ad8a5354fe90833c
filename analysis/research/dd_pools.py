"""The double-dummy reference pools a research page reads.

Solving is the expensive step (about 0.1–0.3 s per deal and seat on one
core), so a research page never solves: it reads the **reference pool**
of its rules' solver conventions (:mod:`analysis.reference`: solved deals
shipped with the repository, ``club``'s serving ``classic`` too) through
:func:`reference_pool` and :func:`pool_rows` (:func:`pool_masks`: the
deals' hands alone).  A missing pool is named with the command that builds
it.

:func:`ensure_solutions` (solve the first ``n`` deals of a deals dataset)
remains for one's own pools, and :func:`load_pool` reads such a pool.
The single-dummy pools are :mod:`analysis.research.sd_pools`; the games
simulated from either are :mod:`analysis.research.game_tables`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .. import dataset, reference
from ..folders import pool_solutions_folder
from ..jobs.solutions import run_solve
from ..rules import as_rules
from ..solver import solver_fingerprint

__all__ = [
    "ensure_solutions",
    "reference_pool",
    "pool_rows",
    "pool_masks",
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
