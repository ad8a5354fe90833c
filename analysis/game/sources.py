"""Where a game's deals and their double-dummy outcomes come from.

Every game has its own random stream, ``SeedSequence(seed,
spawn_key=(game_id,))`` (DESIGN.md, contract 4), so a game is the same
whatever chunking, worker count or backend runs it.  The stream gives, in
this order: the first dealer (one integer 0..2), then the deals in blocks of
:data:`BLOCK` (a game that needs more deals draws another block).

Two sources share that interface:

:class:`SolverSource`
    deals each block with :func:`analysis.deal.deal` and solves the
    declarer's seat of a played deal on the fly with
    :func:`analysis.solver.exchange_value` (best gift, double-dummy play,
    the tie-broken line for the defenders' points and tricks).
:class:`PoolSource`
    draws each deal uniformly, *with replacement*, from a pool of solved
    deals (a ``solutions`` dataset of all three seats joined with its
    deals, or the same columns as a DataFrame), so draws can repeat; the
    pool must have been solved under the same solver conventions
    (:func:`analysis.solver.solver_fingerprint`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..deal import deal
from ..errors import BadArgument
from ..solver import exchange_value, solver_fingerprint

__all__ = ["BLOCK", "Solved", "game_rng", "SolverSource", "PoolSource", "load_pool_frame"]

#: Deals drawn from a game's stream at a time.
BLOCK = 32

_SOLVED_COLS = ("value", "give_left", "give_right", "marriage_cap", "declarer_tricks",
                "left_points", "left_tricks", "right_points", "right_tricks",
                "redeal_after_gift")


class Solved(NamedTuple):
    """Double-dummy outcome of one deal for one declarer seat (solver conventions)."""

    value: int               #: declarer's total after the best gift (card points + marriages)
    give_left: int           #: card given to the declarer's left
    give_right: int          #: card given to the declarer's right
    marriage_cap: int        #: 120 + marriages in the declarer's 8 cards
    declarer_tricks: int
    left_points: int         #: left defender's raw points on the tie-broken line
    left_tricks: int
    right_points: int
    right_tricks: int
    redeal_after_gift: bool  #: the gift leaves an after-exchange redeal condition


def game_rng(seed: int, game_id: int) -> np.random.Generator:
    """The stream of game ``game_id``: ``default_rng(SeedSequence(seed, spawn_key=(game_id,)))``.

    Raises
    ------
    ValueError
        If seed or game_id is negative.
    """
    if seed < 0 or game_id < 0:
        raise BadArgument(f"seed and game_id must be non-negative, got {seed}, {game_id}")
    return np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(int(game_id),)))


class SolverSource:
    """Fresh uniform deals, solved on the fly.

    Parameters
    ----------
    rules : Rules
        The solver conventions (play rules, bolt definition) come from it.
    """

    kind = "solver"

    def __init__(self, rules):
        self.rules = rules
        self.size = None

    def describe(self) -> dict:
        """Metadata: where outcomes come from."""
        return {"source": "solver", "solver_fingerprint": solver_fingerprint(self.rules)}

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next block of deals.

        Returns
        -------
        masks : ndarray of shape (BLOCK, 4), uint32
            hand0, hand1, hand2 (seats relative to the dealer), widow.
        refs : ndarray of shape (BLOCK,), int64
            −1 (fresh deals have no pool id).
        """
        return deal(rng, BLOCK), np.full(BLOCK, -1, dtype=np.int64)

    def solve(self, masks, ref: int, seat: int) -> Solved:
        """Solve the deal ``masks`` (4,) for declarer ``seat``."""
        h = [int(x) for x in masks]
        r = exchange_value(h[seat], h[3], h[(seat + 1) % 3], h[(seat + 2) % 3],
                           rules=self.rules, line=True)
        return Solved(*(int(getattr(r, c)) for c in _SOLVED_COLS[:-1]),
                      bool(r.redeal_after_gift))


def load_pool_frame(path) -> tuple[pd.DataFrame, dict]:
    """Read the columns the simulator needs from a solutions dataset and its deals.

    Returns
    -------
    (frame, params) : DataFrame with one row per (deal, seat) (``deal_id``,
        ``seat``, the solution columns, ``hand0 hand1 hand2 widow``), and
        the solutions dataset's parameters.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``path`` is not a complete solutions dataset, or its deals
        dataset is missing or holds other deals.
    """
    from .. import dataset
    params = dataset.read_params(path)
    if params.get("kind") != "solutions":
        raise dataset.DatasetError(f"{path} is a {params.get('kind')} dataset, not solutions")
    deals_path = dataset.solved_deals(path, params)
    sol = dataset.read_frame(path, "solutions", columns=["deal_id", "seat", *_SOLVED_COLS])
    deals = dataset.read_frame(deals_path, "deals",
                               columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    return sol.merge(deals, on="deal_id", how="left", validate="many_to_one"), params


class PoolSource:
    """Deals drawn with replacement from a pool of solved deals.

    Parameters
    ----------
    pool : path or pandas.DataFrame
        A ``solutions`` dataset (all three seats solved; its deals dataset
        must be readable), or a frame with the columns ``deal_id hand0
        hand1 hand2 widow seat`` and the solution columns.
    rules : Rules
        Must have the pool's solver conventions.
    fingerprint : str, optional
        Solver fingerprint of a DataFrame pool (a dataset's is read from its
        metadata); None trusts the frame.

    Raises
    ------
    ValueError
        If the pool was solved under other conventions, lacks a seat of
        some deal, or is empty.
    """

    kind = "pool"

    def __init__(self, pool, rules, fingerprint: str | None = None):
        self.rules = rules
        want = solver_fingerprint(rules)
        meta: dict = {}
        if isinstance(pool, pd.DataFrame):
            frame, self.path = pool, None
        else:
            frame, meta = load_pool_frame(pool)
            self.path = str(Path(pool).resolve())
            fingerprint = meta.get("solver_fingerprint")
        if fingerprint is not None and fingerprint != want:
            raise BadArgument(
                f"the pool was solved under other conventions (solver fingerprint "
                f"{fingerprint}, these rules need {want}); solve the deals again with "
                f"--rules {rules.name}")
        self.meta = meta
        f = frame.sort_values(["deal_id", "seat"], kind="stable")
        counts = f.groupby("deal_id").seat.nunique()
        if len(counts) == 0:
            raise BadArgument("the pool holds no solved deals")
        if (counts != 3).any():
            raise BadArgument(f"{int((counts != 3).sum())} pool deals lack a solved seat; "
                             "the simulator needs all three seats (thousand solve --seats 0,1,2)")
        n = len(counts)
        self.size = n
        self.deal_ids = f.deal_id.to_numpy(np.int64)[::3].copy()
        self.masks = np.ascontiguousarray(
            f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)[::3])
        self.table = np.stack([f[c].to_numpy(np.int32).reshape(n, 3) for c in _SOLVED_COLS],
                              axis=-1)  # (n, seat, field), int32: 120 bytes a deal
        self._limits = {}

    def describe(self) -> dict:
        """Metadata: pool path, size, draws with replacement, solver identity."""
        return {"source": "pool", "pool_path": self.path, "pool_size": int(self.size),
                "draws": "uniform with replacement (draws can repeat)",
                "solver_fingerprint": solver_fingerprint(self.rules),
                "solver_version": self.meta.get("solver_version"),
                "pool_deals_hash": self.meta.get("deals_hash")}

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next block: ``BLOCK`` pool rows drawn uniformly with replacement.

        Returns
        -------
        masks : ndarray of shape (BLOCK, 4), uint32
        refs : ndarray of shape (BLOCK,), int64
            Pool row indices (:attr:`deal_ids` maps them to deal ids).
        """
        idx = rng.integers(0, self.size, BLOCK)
        return self.masks[idx], idx.astype(np.int64)

    def solve(self, masks, ref: int, seat: int) -> Solved:
        """The stored solution of pool row ``ref`` for declarer ``seat``."""
        return Solved._make(self.table[ref, seat].tolist())

    def limits(self, policy) -> np.ndarray:
        """Policy limits of every pool deal, computed once per policy."""
        key = policy.thresholds + (policy.estimator_name, id(policy.estimator))
        if key not in self._limits:
            self._limits[key] = policy.limits(self.masks[:, :3], self.rules)
        return self._limits[key]
