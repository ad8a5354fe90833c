"""The two kinds of deal outcome a game source gives, and how each decides.

A game source (:mod:`analysis.game.sources`, :mod:`analysis.game.pools`)
answers ``outcome(masks, ref, seat, bid=..., deal_no=..., replay=False)``
with one of these.  Both implement ``declare(at, replay) -> DealPlay``: the
declarer's decisions once the widow is shown (:mod:`analysis.game.declare`),
so the deal flow (:func:`analysis.game.deal_flow.play_deal`) is the same for
both.

:class:`Solved`
    the double-dummy outcome of the declarer's seat after the best exchange
    (DESIGN.md, contract 3): his decisions use the deal's value.
:class:`SDPlayed`
    the single-dummy play of the deal (:func:`analysis.single_dummy.play_deal`,
    docs/SINGLE_DUMMY.md): his decisions use his own worlds' outcomes
    (:data:`analysis.single_dummy.objective.WORLD_FIELDS`), decided again
    at the game's table state.
"""

from __future__ import annotations

from typing import NamedTuple

from ..single_dummy.batch import PLAY_FIELDS
from ..solver.batch import SOLVED_FIELDS
from .declare import declare_played, declare_solved

# SOLVED_FIELDS (the solver's): the fields of a Solved, in order, the
# solutions columns a game reads
__all__ = ["SOLVED_FIELDS", "Solved", "SDPlayed", "from_result"]


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

    def declare(self, at, replay=None):
        """The deal after the widow (:func:`analysis.game.declare.declare_solved`);
        ``replay`` is not needed: a solved outcome is always played."""
        return declare_solved(at, self)


class SDPlayed(NamedTuple):
    """Single-dummy outcome of one deal for one declarer seat."""

    value: int  #: declarer's card points + declared marriages as played
    give_left: int  #: card given to the declarer's left
    give_right: int  #: card given to the declarer's right
    declarer_tricks: int
    left_points: int  #: left defender's raw points as played
    left_tricks: int
    right_points: int
    right_tricks: int
    worlds: tuple  #: per world (value, left points, right points, left tricks, right tricks)
    played: bool  #: False: written off where it was stored, no play known

    def declare(self, at, replay):
        """The deal after the widow (:func:`analysis.game.declare.declare_played`);
        ``replay()`` gives the play of a row written off where it was stored."""
        return declare_played(at, self, replay)


def from_result(r) -> SDPlayed:
    """An :class:`SDPlayed` from an :class:`analysis.single_dummy.SDResult`."""
    return SDPlayed(
        *(int(getattr(r, f)) for f in PLAY_FIELDS),
        tuple(tuple(int(x) for x in w) for w in r.worlds()),
        not bool(r.written_off),
    )
