"""Where a game's deals and their outcomes come from: one interface, four sources.

Every game has its own random stream, ``SeedSequence(seed,
spawn_key=(game_id,))`` (DESIGN.md, contract 4), so a game is the same
whatever chunking, worker count or backend runs it.  The stream gives, in
this order: the first dealer (one integer 0..2), then the deals in blocks of
:data:`BLOCK` (a game that needs more deals draws another block).

Every source has ``kind`` (``"solver"`` or ``"pool"``), ``play`` (``"dd"``
or ``"pimc"``, the kind of outcome), ``size``, ``describe()``,
``begin(seed, game_id)``, ``draw(rng) -> (masks, refs)`` and
``outcome(masks, ref, seat, *, bid, deal_no, replay=False)``, which gives
the declarer's outcome (:mod:`analysis.game.outcomes`: a double-dummy
:class:`~analysis.game.outcomes.Solved` or a single-dummy
:class:`~analysis.game.outcomes.SDPlayed`, each deciding for itself once
the widow is shown).  Pools also have ``limits(policy)`` and ``deal_ids``.

:class:`SolverSource`
    deals each block with :func:`analysis.deal.deal` and solves the
    declarer's seat of a played deal on the fly with
    :func:`analysis.solver.exchange_value` (best gift, double-dummy play,
    the tie-broken line for the defenders' points and tricks).
:class:`SDSolverSource`
    deals the same way and plays the declarer's seat single-dummy on the
    fly at the winning bid (:func:`analysis.single_dummy.batch.play_out`:
    the deal is always played, the write-off is decided by the table), seed
    ``deal_seed(seed, game_id, deal_no, seat)``.
:class:`~analysis.game.pools.PoolSource`, :class:`~analysis.game.pools.SDPoolSource`
    draw deals from a pool of solved (or single-dummy) rows, with or
    without replacement (:mod:`analysis.game.pools`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..deal import deal
from ..errors import BadArgument
from ..single_dummy import SD_VERSION, sd_fingerprint
from ..single_dummy.batch import deal_seed, play_out
from ..solver import solver_fingerprint
from ..solver.api import exchange_value
from .outcomes import SOLVED_FIELDS, Solved, from_result

__all__ = [
    "BLOCK",
    "game_rng",
    "pool_permutation",
    "check_draw",
    "check_worlds",
    "sd_identity",
    "play_masks",
    "SolverSource",
    "SDSolverSource",
    "draw_summary",
    "repeat_counts",
]

#: Deals drawn from a game's stream at a time.
BLOCK = 32
#: The pool draw modes of :class:`PoolSource`.
DRAWS = ("with", "without")
#: Spawn key of the pool permutation's stream (a game's stream is ``(game_id,)``,
#: one element long, so a two-element key never meets one).
_PERMUTATION_KEY = (0x706F6F6C, 0)


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


def sd_identity(rules, worlds: int) -> dict:
    """Metadata of single-dummy outcomes: the play, worlds, fingerprints and version."""
    return {
        "play": "pimc",
        "worlds": int(worlds),
        "sd_fingerprint": sd_fingerprint(rules),
        "sd_version": SD_VERSION,
        "solver_fingerprint": solver_fingerprint(rules),
    }


def check_worlds(worlds) -> int:
    """``worlds``, checked: a positive integer (ValueError otherwise)."""
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise BadArgument(f"worlds must be a positive integer, got {worlds!r}")
    return int(worlds)


def play_masks(masks, seat: int, rules, worlds: int, seed: int, bid: int):
    """Single-dummy play of the deal ``masks`` (4,: three hands, widow) with
    ``seat`` declaring at ``bid``, as the table's :class:`SDPlayed`."""
    h = [int(x) for x in masks]
    hand, left, right = h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3]
    return from_result(play_out(hand, h[3], left, right, rules, worlds=worlds, seed=seed, bid=bid))


class SolverSource:
    """Fresh uniform deals, solved on the fly.

    Parameters
    ----------
    rules : Rules
        The solver conventions (play rules, bolt definition) come from it.
    """

    kind = "solver"
    play = "dd"

    def __init__(self, rules):
        self.rules = rules
        self.size = None

    def describe(self) -> dict:
        """Metadata: where outcomes come from."""
        return {"source": "solver", "play": "dd", "solver_fingerprint": solver_fingerprint(self.rules)}

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

    def outcome(self, masks, ref: int, seat: int, *, bid: int = 100, deal_no: int = 0, replay: bool = False):
        """Solve the deal ``masks`` (4,) for declarer ``seat`` (the bid and the
        deal's number change nothing: the solved value is the deal's)."""
        h = [int(x) for x in masks]
        r = exchange_value.given_rules(h[seat], h[3], h[(seat + 1) % 3], h[(seat + 2) % 3], rules=self.rules)
        return Solved(*(int(getattr(r, c)) for c in SOLVED_FIELDS[:-1]), bool(r.redeal_after_gift))


class SDSolverSource:
    """Fresh uniform deals, played single-dummy on the fly.

    Parameters
    ----------
    rules : Rules
    worlds : int
        Layouts per decision (:func:`analysis.single_dummy.play_deal`).
    """

    kind = "solver"
    play = "pimc"

    def __init__(self, rules, worlds: int = 16):
        self.rules = rules
        self.worlds = check_worlds(worlds)
        self.size = None
        self._seed = self._game = 0

    def describe(self) -> dict:
        """Metadata: where outcomes come from."""
        return {
            "source": "solver",
            **sd_identity(self.rules, self.worlds),
            "seeds": "deal_seed(seed, game_id, deal_no, seat)",
        }

    def begin(self, seed: int, game_id: int) -> None:
        """Start game ``game_id``: its deals' play seeds derive from ``(seed, game_id)``."""
        self._seed, self._game = int(seed), int(game_id)

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next block of deals, as :meth:`analysis.game.sources.SolverSource.draw`."""
        return deal(rng, BLOCK), np.full(BLOCK, -1, dtype=np.int64)

    def outcome(self, masks, ref: int, seat: int, *, bid: int, deal_no: int, replay: bool = False):
        """Play deal ``masks`` (4,) for declarer ``seat`` at ``bid``; always played."""
        seed = deal_seed(self._seed, self._game, deal_no, seat)
        return play_masks(masks, seat, self.rules, self.worlds, seed, bid)


def repeat_counts(ids) -> tuple[int, int, int]:
    """Draws, distinct deals and repeats among pool deal ids (every counter's one rule).

    Parameters
    ----------
    ids : array_like of int
        Pool deal ids of the draws, shape ``(n,)``; negative ids (deals
        dealt on the fly, not drawn from a pool) are left out.

    Returns
    -------
    (int, int, int)
        Draws from the pool, distinct deals among them, and draws that
        repeat a deal drawn before (draws minus distinct).

    Examples
    --------
    >>> repeat_counts([5, 9, 5, -1])
    (3, 2, 1)
    """
    ids = np.asarray(ids, dtype=np.int64)
    ids = ids[ids >= 0]
    distinct = int(np.unique(ids).size)
    return int(ids.size), distinct, int(ids.size) - distinct


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
    _, distinct, _ = repeat_counts(games["pool_deal"])
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
