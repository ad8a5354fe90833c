"""Solver: the table hits between positions of equal relative ranks.

The kernel's table shares a row between positions of the same shape (who
holds each card by relative rank) and moves the stored bounds by the point
differences of the matched cards (``analysis/solver/_kernel.py``,
``_probe``).  These are the pieces of that mechanism; that switching the
hits off changes no answer is tested in ``test_solver_switches.py``.
"""

from __future__ import annotations

from analysis.cards import parse
from analysis.solver._kernel import _same_rank, _shape, _shift


def test_shape_is_the_holders_by_relative_rank():
    # spades: seat 0 holds A, seat 1 holds 9 and K, seat 2 holds 10; no other suit
    h0, h1, h2 = parse("A♠"), parse("9♠ K♠"), parse("10♠")
    # 4 cards; lowest first: 9 (seat 1), K (seat 1), 10 (seat 2), A (seat 0)
    assert _shape(h0, h1, h2) == 4 | (0b1000 << 3) | (0b0011 << 9)
    # J instead of 9 and Q instead of K: the same ranks among the cards held
    assert _shape(h0, parse("J♠ Q♠"), h2) == _shape(h0, h1, h2)
    # the 10 with seat 1 and the K with seat 2: another shape
    assert _shape(h0, parse("9♠ 10♠"), parse("K♠")) != _shape(h0, h1, h2)


def test_shift_sums_the_point_differences_rank_by_rank():
    old = parse("9♠ K♠ A♠ 10♥")
    new = parse("J♠ Q♠ A♠ A♥")  # 9->J +2, K->Q -1, A->A, 10->A +1
    assert tuple(_shift(old, new, 0, False)) == (True, -1, 3)
    assert tuple(_shift(new, old, 0, False)) == (True, -3, 1)
    # the 9 of spades against the J: refused where a 9 must stay a 9
    assert not _shift(old, new, 0, True)[0]
    # a marriage suit: K and Q must be matched with K and Q
    assert _shift(parse("9♠ Q♠ K♠"), parse("J♠ Q♠ K♠"), 1, False)[0]
    assert not _shift(parse("9♠ Q♠ K♠ A♠"), parse("Q♠ K♠ 10♠ A♠"), 1, False)[0]


def test_same_rank_maps_the_best_move():
    old = parse("9♠ K♠ A♠")
    new = parse("J♠ Q♠ A♠")
    k = parse("K♠").bit_length() - 1
    q = parse("Q♠").bit_length() - 1
    assert _same_rank(k, old, new) == q
    assert _same_rank(k | 32, old, new) == q | 32  # the declaration flag is kept
