"""The four-jacks redeal (ua seed 003, wiki seed 004): the flag, the reasons,
its exact probability and a large deal sample."""

from fractions import Fraction
from math import comb

import numpy as np

from analysis import cards
from analysis import deal as D
from analysis import probabilities as E
from analysis import redeal as R
from analysis.rules import PROFILES
from analysis.rules.redeal_conditions import has_conditions, meets

P = cards.parse
FULL = cards.FULL_DECK
UA_JACKS = PROFILES["ua"].with_changes(redeal_four_jacks=True)


def _deal(h0, h1, h2):
    m = [P(h0), P(h1), P(h2)]
    return np.array([m + [FULL ^ m[0] ^ m[1] ^ m[2]]], dtype=np.uint32)


# hand 2 holds J♠ J♣ J♦ J♥ and 28 card points
JACKS = _deal("A♥ K♥ Q♥ 10♠ A♣ 9♦ K♠", "9♥ 9♣ 10♦ 9♠ Q♠ K♦ Q♦", "J♥ J♠ J♣ J♦ A♠ 10♣ A♦")


def test_four_jacks_flag_and_reason():
    assert not R.redeal_before_bidding(JACKS, PROFILES["ua"])[0]
    assert R.redeal_before_bidding(JACKS, UA_JACKS)[0]
    flags = R.redeal_flags(JACKS, UA_JACKS)
    assert flags["redeal_bidding_seats"][0] == 0b100 and not flags["four_nines_any"][0]
    assert R.hand_bidding_reasons(int(JACKS[0, 2]), UA_JACKS) == ["the hand holds four jacks"]
    assert has_conditions(UA_JACKS, "bidding") and not has_conditions(PROFILES["ua"], "bidding")
    assert meets(UA_JACKS, "bidding", 0, 30, 4) and not meets(UA_JACKS, "bidding", 0, 30, 3)


def test_four_jacks_exact_probability():
    p = E.p_any_four_jacks()
    assert p == Fraction(3 * comb(20, 3), comb(24, 7))
    ex = E.redeal_probabilities(UA_JACKS)
    assert ex["four_jacks_any"] == p and ex["redeal_bidding"] == p
    assert E.redeal_probabilities("ua")["four_jacks_any"] == 0
    # wiki with jacks: the union with four 9s and a hand under 14 (disjoint from
    # four jacks only in part), computed on the rank tables
    wiki = E.redeal_probabilities(PROFILES["wiki"].with_changes(redeal_four_jacks=True))
    base = E.redeal_probabilities("wiki")
    assert base["redeal_bidding"] < wiki["redeal_bidding"] < base["redeal_bidding"] + p


def test_four_jacks_rate_in_a_large_deal_sample():
    n = 1_000_000
    d = D.deal(D.chunk_rng(33, 0), n)
    hit = int(R.redeal_before_bidding(d, UA_JACKS).sum())
    p = float(E.p_any_four_jacks())
    se = (p * (1 - p) / n) ** 0.5
    assert abs(hit / n - p) < 4 * se, (hit, n * p)
