"""Hypothesis strategies for valid deals, 8-8-8 positions and endgames.

Import this module in your own property tests (it needs ``hypothesis``,
a development dependency), as with ``xarray.testing.strategies``::

    from hypothesis import given
    from analysis.testing.strategies import endgames

    @given(endgames(tricks=3, rules="wiki"))
    def test_my_bound(pos):
        ...

Every drawn object is valid by construction and shrinks towards the
identity permutation and the first legal move at every turn.  The numpy
generators of :mod:`analysis.testing.positions` share the same engine.
"""

from __future__ import annotations

import hypothesis.strategies as st

from analysis.testing.play import Position, as_rules, cards_in
from analysis.testing.positions import (
    deal_from_permutation,
    play_out,
    position_after_exchange,
)

__all__ = ["deals", "positions", "endgames"]


@st.composite
def deals(draw) -> tuple[tuple[int, int, int], int]:
    """Strategy for a deal: ``(hands, widow)``.

    Returns
    -------
    hands : tuple of 3 int
        7-card masks by seat (bit ``6 * suit + rank``).
    widow : int
        3-card mask; the four masks are disjoint and cover the deck.
    """
    return deal_from_permutation(draw(st.permutations(range(24))))


@st.composite
def positions(draw, declarer=None) -> Position:
    """Strategy for an 8-8-8 position before the first lead.

    Parameters
    ----------
    declarer : int or strategy of int, optional
        Seat 0..2 (any seat when None).

    Returns
    -------
    Position
        A deal, the declarer's gift of two of his ten cards (one to each
        opponent), ``first_trick`` True, no trump.
    """
    hands, widow = draw(deals())
    if declarer is None:
        declarer = st.integers(0, 2)
    d = draw(declarer) if isinstance(declarer, st.SearchStrategy) else int(declarer)
    ten = cards_in(hands[d] | widow)
    gl = draw(st.sampled_from(ten))
    gr = draw(st.sampled_from([c for c in ten if c != gl]))
    return position_after_exchange(hands, widow, d, gl, gr)


@st.composite
def endgames(
    draw,
    tricks=st.integers(1, 4),  # noqa: B008 - a strategy
    rules="club",
    declarer=None,
) -> Position:
    """Strategy for an endgame reached by legal play from a random deal.

    Every lead (declared or undeclared marriage leads being separate
    moves) and every follow is drawn among the legal moves under
    ``rules``' play conventions, so the trump, its owner, the leader and the
    first-trick flag are those of a real deal.

    Parameters
    ----------
    tricks : int or strategy of int
        Tricks left, 1..8.
    rules : str or Rules
        Profile name or ``Rules``.
    declarer : int or strategy of int, optional
        Seat 0..2 (any seat when None).

    Returns
    -------
    Position
        Each hand holds ``tricks`` cards.

    Raises
    ------
    ValueError
        If ``tricks`` is outside 1..8 or ``rules`` is unknown.
    """
    rules = as_rules(rules)
    k = draw(tricks) if isinstance(tricks, st.SearchStrategy) else int(tricks)
    if not 1 <= k <= 8:
        raise ValueError(f"tricks must be 1..8, got {k}")
    pos = draw(positions(declarer=declarer))
    return play_out(pos, 8 - k, rules, lambda options: draw(st.sampled_from(options)))
