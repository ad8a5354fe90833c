"""How often the ace marriage can happen (RULES.md, "Ace marriage"), exactly."""

from fractions import Fraction
from math import comb

import numpy as np

from analysis import cards
from analysis import deal as D
from analysis import probabilities as E

ACE = 5  # rank of the ace (DESIGN.md, contract 1)


def test_four_aces_in_a_hand_by_three_counts():
    assert E.p_four_aces(7) == Fraction(comb(20, 3), comb(24, 7)) == Fraction(5, 1518)
    assert E.p_four_aces(10) == Fraction(comb(20, 6), comb(24, 10)) == Fraction(5, 253)
    assert E.p_four_aces(3) == 0
    # the rank-count tables of whole deals count the same events independently
    any_hand = E.deal_event_probability(lambda n, p: (n[:, ACE, :3] == 4).any(axis=1))
    assert any_hand == 3 * E.p_four_aces(7)
    declarer_ten = E.deal_event_probability(lambda n, p: n[:, ACE, 0] + n[:, ACE, 3] == 4)
    assert declarer_ten == E.p_four_aces(10)
    possible = E.deal_event_probability(
        lambda n, p: (n[:, ACE, 0] + n[:, ACE, 3] == 4) | (n[:, ACE, 1] == 4) | (n[:, ACE, 2] == 4)
    )
    assert possible == E.p_ace_marriage_possible() == Fraction(5, 253) + 2 * Fraction(5, 1518)


def test_dealt_hands_hold_the_four_aces_as_often():
    # 200,000 random deals against the exact 3 C(20,3)/C(24,7) ≈ 0.99 %
    # (some 7-card hand) and C(20,6)/C(24,10) ≈ 1.98 % (hand0 with the widow)
    d = D.deal(np.random.default_rng(35), 200_000).astype(np.int64)
    aces = sum(1 << (6 * s + ACE) for s in range(4))
    assert cards.popcount(aces) == 4
    n = d.shape[0]
    for hit, p in (
        (((d[:, :3] & aces) == aces).any(axis=1), 3 * E.p_four_aces(7)),
        (((d[:, 0] | d[:, 3]) & aces) == aces, E.p_four_aces(10)),
    ):
        p = float(p)
        assert abs(int(hit.sum()) - n * p) < 4 * (n * p * (1 - p)) ** 0.5
