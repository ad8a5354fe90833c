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
    draws deals from a pool of solved deals (a ``solutions`` dataset of all
    three seats joined with its deals, or the same columns as a DataFrame)
    solved under the same solver conventions
    (:func:`analysis.solver.solver_fingerprint`), in one of two modes:

    ``draw="with"``
        each deal uniformly *with replacement* from the game's stream, so
        draws repeat once a pool is small beside the games drawn from it;
    ``draw="without"``
        a fixed permutation of the pool's deals made from the root seed
        alone (:func:`pool_permutation`) is cut into ``games`` blocks of
        ``size // games`` deals; game ``g`` takes its deals in order from
        block ``g``.  No deal is used twice while every game stays in its
        block.  A game that runs past its block (or a game id of
        ``games`` or more, or a pool of fewer deals than games) goes on
        drawing with replacement from its own stream; those draws are
        counted (:func:`draw_summary`).  The blocks depend on the seed,
        the pool and ``games`` only, so games stay the same whatever the
        split into calls, chunks or workers (pass the total as ``games``),
        and two conventions simulated on the same seed and pool draw the
        same deals (common random numbers).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..deal import deal
from ..errors import BadArgument
from ..solver import solver_fingerprint
from ..solver.api import exchange_value

__all__ = [
    "BLOCK",
    "DRAWS",
    "Solved",
    "game_rng",
    "pool_permutation",
    "SolverSource",
    "PoolSource",
    "load_pool_frame",
    "check_draw",
    "draw_summary",
]

#: Deals drawn from a game's stream at a time.
BLOCK = 32
#: The pool draw modes of :class:`PoolSource`.
DRAWS = ("with", "without")
#: Spawn key of the pool permutation's stream (a game's stream is ``(game_id,)``,
#: one element long, so a two-element key never meets one).
_PERMUTATION_KEY = (0x706F6F6C, 0)

_SOLVED_COLS = (
    "value",
    "give_left",
    "give_right",
    "marriage_cap",
    "declarer_tricks",
    "left_points",
    "left_tricks",
    "right_points",
    "right_tricks",
    "redeal_after_gift",
)


class Solved(NamedTuple):
    """Double-dummy outcome of one deal for one declarer seat (solver conventions)."""

    value: int  #: declarer's total after the best gift (card points + marriages)
    give_left: int  #: card given to the declarer's left
    give_right: int  #: card given to the declarer's right
    marriage_cap: int  #: 120 + marriages in the declarer's 8 cards
    declarer_tricks: int
    left_points: int  #: left defender's raw points on the tie-broken line
    left_tricks: int
    right_points: int
    right_tricks: int
    redeal_after_gift: bool  #: the gift leaves an after-exchange redeal condition


def check_draw(draw: str, games) -> tuple[str, int | None]:
    """The pool draw mode and its number of games, checked.

    Raises
    ------
    ValueError
        On an unknown ``draw``, or ``draw="without"`` without a positive ``games``.
    """
    if draw not in DRAWS:
        raise ValueError(f"draw must be 'with' or 'without', got {draw!r}")
    if draw == "with":
        return draw, None
    if games is None or isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(
            f"draw='without' needs games, the positive number of games sharing the pool, got {games!r}"
        )
    return draw, int(games)


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


def pool_permutation(seed: int, size: int) -> np.ndarray:
    """The order in which ``draw="without"`` hands out a pool's deals.

    Parameters
    ----------
    seed : int
        Root seed of the games (non-negative).
    size : int
        Deals in the pool.

    Returns
    -------
    ndarray of shape (size,), int64
        A permutation of ``0 .. size - 1`` (pool row indices) drawn from
        ``SeedSequence(seed, spawn_key=(0x706F6F6C, 0))``, a stream no game
        uses.

    Examples
    --------
    >>> p = pool_permutation(3, 10)
    >>> sorted(p.tolist()) == list(range(10)), bool((p == pool_permutation(3, 10)).all())
    (True, True)
    """
    if seed < 0 or size < 0:
        raise ValueError(f"seed and size must be non-negative, got {seed}, {size}")
    rng = np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=_PERMUTATION_KEY))
    return rng.permutation(int(size)).astype(np.int64)


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

    def begin(self, seed: int, game_id: int) -> None:
        """Start game ``game_id`` (nothing to set up: every deal is fresh)."""

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
        r = exchange_value.given_rules(h[seat], h[3], h[(seat + 1) % 3], h[(seat + 2) % 3], rules=self.rules)
        return Solved(*(int(getattr(r, c)) for c in _SOLVED_COLS[:-1]), bool(r.redeal_after_gift))


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
        hint = "; single-dummy rows are drawn with --outcomes pimc" if params.get("kind") == "sd" else ""
        raise dataset.DatasetError(f"{path} is a {params.get('kind')} dataset, not solutions{hint}")
    deals_path = dataset.solved_deals(path, params)
    sol = dataset.read_frame(path, "solutions", columns=["deal_id", "seat", *_SOLVED_COLS])
    deals = dataset.read_frame(deals_path, "deals", columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    return sol.merge(deals, on="deal_id", how="left", validate="many_to_one"), params


class PoolSource:
    """Deals drawn from a pool of solved deals, with or without replacement.

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
    draw : {"with", "without"}
        ``"with"``: uniform draws with replacement (the default, as before);
        ``"without"``: each game its own block of a fixed permutation of the
        pool (module docstring).
    games : int, optional
        With ``draw="without"``: the number of games the permutation is
        shared among (every game id below it gets ``size // games`` deals).
        Required for ``"without"``.

    Raises
    ------
    ValueError
        If the pool was solved under other conventions, lacks a seat of
        some deal, or is empty; on an unknown ``draw`` or a missing or
        non-positive ``games`` with ``draw="without"``.
    """

    kind = "pool"

    def __init__(
        self, pool, rules, fingerprint: str | None = None, *, draw: str = "with", games: int | None = None
    ):
        self.draw_mode, self.games = check_draw(draw, games)
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
                f"--rules {rules.name}"
            )
        self.meta = meta
        f = self._rows(frame)
        n = self.size
        self.table = np.stack(
            [f[c].to_numpy(np.int32).reshape(n, 3) for c in _SOLVED_COLS], axis=-1
        )  # (n, seat, field), int32: 120 bytes a deal

    def _rows(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Sort the pool's rows by (deal, seat), check every deal has its three
        seats, and set :attr:`size`, :attr:`deal_ids` and :attr:`masks`."""
        f = frame.sort_values(["deal_id", "seat"], kind="stable")
        counts = f.groupby("deal_id").seat.nunique()
        if len(counts) == 0:
            raise BadArgument("the pool holds no solved deals")
        if (counts != 3).any():
            raise BadArgument(
                f"{int((counts != 3).sum())} pool deals lack a solved seat; "
                "the simulator needs all three seats (thousand solve --seats 0,1,2)"
            )
        self.size = len(counts)
        self.deal_ids = f.deal_id.to_numpy(np.int64)[::3].copy()
        self.masks = np.ascontiguousarray(f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)[::3])
        self._limits = {}
        self._perm = {}
        self._queue = np.zeros(0, dtype=np.int64)
        return f

    @property
    def per_game(self) -> int:
        """Deals of each game's block with ``draw="without"`` (0 with ``"with"``)."""
        return 0 if self.games is None else self.size // self.games

    def describe(self) -> dict:
        """Metadata: pool path, size, draw mode, solver identity."""
        if self.draw_mode == "with":
            how = "uniform with replacement (draws can repeat)"
        else:
            how = (
                f"without replacement: game g takes block g of {self.per_game} deals of a "
                f"permutation of the pool shared among {self.games} games; past its "
                "block a game draws with replacement"
            )
        return {
            "source": "pool",
            "pool_path": self.path,
            "pool_size": int(self.size),
            "draw": self.draw_mode,
            "draws": how,
            "pool_games": self.games,
            "per_game": self.per_game,
            "solver_fingerprint": solver_fingerprint(self.rules),
            "solver_version": self.meta.get("solver_version"),
            "pool_deals_hash": self.meta.get("deals_hash"),
        }

    def begin(self, seed: int, game_id: int) -> None:
        """Start game ``game_id`` of root ``seed``: queue its block of the permutation."""
        if self.draw_mode == "with" or game_id >= self.games:
            self._queue = np.zeros(0, dtype=np.int64)
            return
        if seed not in self._perm:
            self._perm = {seed: pool_permutation(seed, self.size)}
        b = self.per_game
        self._queue = self._perm[seed][game_id * b : (game_id + 1) * b]

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next pool rows of the game: from its block, then uniform with replacement.

        Returns
        -------
        masks : ndarray of shape (k, 4), uint32
        refs : ndarray of shape (k,), int64
            Pool row indices (:attr:`deal_ids` maps them to deal ids); ``k``
            is ``BLOCK``, or what is left of the game's block.
        """
        if len(self._queue):
            idx, self._queue = self._queue[:BLOCK], self._queue[BLOCK:]
        else:
            idx = rng.integers(0, self.size, BLOCK).astype(np.int64)
        return self.masks[idx], idx

    def solve(self, masks, ref: int, seat: int) -> Solved:
        """The stored solution of pool row ``ref`` for declarer ``seat``."""
        return Solved._make(self.table[ref, seat].tolist())

    def limits(self, policy) -> np.ndarray:
        """Policy limits of every pool deal, computed once per policy."""
        key = policy.thresholds + (policy.estimator_name, id(policy.estimator))
        if key not in self._limits:
            self._limits[key] = policy.limits(self.masks[:, :3], self.rules)
        return self._limits[key]


def draw_summary(games: pd.DataFrame, source) -> dict:
    """How a games table used its pool: distinct deals, repeats, fallback draws.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``game_id``, ``pool_deal``).
    source : PoolSource or SolverSource

    Returns
    -------
    dict
        ``draw`` (mode, or ``"solver"``), ``deals_drawn`` (every row,
        redeals included), ``distinct_deals`` (distinct pool deals used),
        ``repeated_draws`` (draws of a pool deal drawn before in the table),
        ``fallback_draws`` (``draw="without"`` only: draws made with
        replacement because a game ran past its block or had no block).
    """
    n = len(games)
    if source.kind != "pool":
        return {
            "draw": "solver",
            "deals_drawn": n,
            "distinct_deals": n,
            "repeated_draws": 0,
            "fallback_draws": 0,
        }
    ids = games["pool_deal"].to_numpy(np.int64)
    distinct = int(len(np.unique(ids)))
    fallback = 0
    if source.draw_mode == "without":
        per = games.groupby("game_id").size()
        gid = per.index.to_numpy(np.int64)
        room = np.where(gid < source.games, source.per_game, 0)
        fallback = int(np.maximum(per.to_numpy(np.int64) - room, 0).sum())
    return {
        "draw": source.draw_mode,
        "deals_drawn": n,
        "distinct_deals": distinct,
        "repeated_draws": n - distinct,
        "fallback_draws": fallback,
    }
