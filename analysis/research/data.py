"""Datasets the notebooks share: solved pools and simulated games, made once.

Solving is the expensive step (about 0.1–0.3 s per deal and seat on one
core), so a notebook never solves on its own: it asks
:func:`ensure_solutions` for a pool of solved deals — the first ``n`` deals
of the deals dataset, solved for all three seats under one profile's solver
conventions — and every notebook that needs the same profile reuses it.
Games are then simulated from the pool (:func:`simulated_games`, drawing
deals with replacement; milliseconds per game) and cached as one Parquet
file per (rules, pool, seed, games, policy).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from .. import __version__
from ..folders import games_cache_file, pool_solutions_folder
from ..rules import load_rules

__all__ = ["solutions_path", "ensure_solutions", "load_pool", "pool_estimator",
           "simulated_games"]


def solutions_path(data: str | Path, deals: str | Path, rules, n: int) -> Path:
    """Folder of the solutions of the first ``n`` deals of ``deals`` under ``rules``.

    The name carries the solver fingerprint (play conventions and bolt
    definition), so profiles that solve alike (club and classic) share it.
    """
    from ..solver import solver_fingerprint
    r = load_rules(rules)
    return pool_solutions_folder(data, solver_fingerprint(r), deals, n)


def ensure_solutions(data: str | Path, deals: str | Path, rules, n: int,
                     workers: int | None = None) -> Path:
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
    from ..jobs.solutions import run_solve
    r = load_rules(rules)
    path = solutions_path(data, deals, r, n)
    if not (path / "_manifest.json").exists():
        chunk = max(1, min(250, -(-n // 4)))
        run_solve(str(deals), str(path), r, n=n, chunk_size=chunk, workers=workers,
                  progress=False)
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
    from .. import dataset
    f = dataset.load(path)
    return f.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)


def pool_estimator(pool: pd.DataFrame | None = None):
    """The bidding estimator the notebooks' simulations use, and how it was made.

    The package's default ``BidModel`` when it is installed; otherwise a
    ``BidModel`` fitted on ``pool``; otherwise (a pool too small to fit, as
    in quick runs) the oracle that knows each pool deal's true value.

    Returns
    -------
    (estimator, str)
        The object with ``p_make`` and a one-line description for the
        provenance table.
    """
    from ..game import OracleEstimator, load_estimator
    try:
        est = load_estimator("default")
        return est, f"default BidModel ({est!r})"
    except ValueError:
        pass
    if pool is None:
        raise ValueError("no default BidModel is installed and no pool was given to fit one")
    try:
        from ..odds.model import BidModel
        est = BidModel.fit(pool)
        return est, f"BidModel fitted on the pool ({len(pool):,} deal-seat rows)"
    except (ValueError, ImportError, np.linalg.LinAlgError):
        hands = pool[["hand0", "hand1", "hand2"]].to_numpy(np.uint32)[::3]
        values = pool["value"].to_numpy(np.int64).reshape(-1, 3)
        return (OracleEstimator(hands, values),
                "oracle (true double-dummy values; pool too small to fit a model)")


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


def simulated_games(data: str | Path, rules, n_games: int, seed: int, pool: str | Path,
                    policy=None, label: str = "") -> pd.DataFrame:
    """Whole games simulated from a solved pool, cached under ``data``.

    Parameters
    ----------
    data : path
        Folder of the cache file ``games-<name>-<key>.parquet``.
    rules : str or Rules
        Rules of the games; must share the pool's solver conventions.
    n_games, seed : int
        Games ``0 .. n_games - 1`` of the root seed (each game its own
        stream, so the same seed gives the same deals to every convention
        until their decisions differ: common random numbers).
    pool : path
        A solutions dataset (:func:`ensure_solutions`).
    policy : analysis.game.ThresholdPolicy, optional
        Default: ``ThresholdPolicy`` with :func:`pool_estimator`.
    label : str
        Part of the cache file name (for a reader).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`analysis.game.simulate` (one per deal, redeals
        included); ``attrs["estimator"]`` describes the estimator.  The
        cache key covers the rules, pool, seed, sizes, policy, estimator,
        package version and the source of ``analysis.game`` and
        ``analysis.scoring``.

    Raises
    ------
    ValueError
        If the pool was solved under other solver conventions.
    """
    from ..game import ThresholdPolicy, simulate
    r = load_rules(rules)
    pool = Path(pool)
    desc = "given policy"
    if policy is None:
        est, desc = pool_estimator(load_pool(pool))
        policy = ThresholdPolicy(estimator=est)
    key = _key(r.to_dict(), str(pool.resolve()), n_games, seed, repr(policy), desc,
               __version__, _code_hash())
    out = games_cache_file(data, label or r.name, key)
    g = None
    if out.exists():
        try:
            g = pd.read_parquet(out)
        except (OSError, ValueError):   # a damaged cache file: simulate again, replace it
            g = None
    if g is None:
        g = simulate(r, n_games, seed=seed, policy=policy, pool=str(pool))
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        g.to_parquet(tmp)
        tmp.replace(out)
    g.attrs["estimator"] = desc
    return g
