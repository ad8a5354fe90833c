"""Tests of analysis.probabilities against brute force, closed forms and sampling."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from analysis import cards
from analysis import deal as D
from analysis import probabilities as E
from analysis.redeal import derived_columns


def _all_hands(k):
    return D.subset_table(24, k).astype(np.uint32)


def _brute(values):
    c = Counter(values.tolist())
    total = sum(c.values())
    return {v: Fraction(w, total) for v, w in c.items()}


@pytest.mark.parametrize("k", [0, 1, 3, 7, 8])
def test_points_distribution_by_brute_force(k):
    assert E.hand_points_distribution(k) == _brute(cards.card_points(_all_hands(k)))


@pytest.mark.parametrize("k", [2, 7, 8, 10])
def test_marriage_distribution_by_brute_force(k):
    assert E.marriage_sum_distribution(k) == _brute(cards.marriage_points(_all_hands(k)))


def test_distributions_sum_to_one_and_known_values():
    for k in (7, 8, 10):
        assert sum(E.hand_points_distribution(k).values()) == 1
        assert sum(E.marriage_sum_distribution(k).values()) == 1
    # the widow with the fewest points: three 9s, C(4,3) of C(24,3)
    assert E.hand_points_distribution(3)[0] == Fraction(4, 2024)
    # the richest 10-card hand: four aces, four tens, two kings
    assert max(E.hand_points_distribution(10)) == 4 * 11 + 4 * 10 + 2 * 4
    # all four marriages need all 8 honours: C(16, k-8) / C(24, k)
    assert E.marriage_sum_distribution(10)[280] == Fraction(comb(16, 2), comb(24, 10))
    assert 280 not in E.marriage_sum_distribution(7)


def test_points_under():
    dist = E.hand_points_distribution(7)
    for t in (0, 13, 14, 15, 121):
        assert E.p_hand_points_under(t) == sum((v for p, v in dist.items() if p < t), Fraction(0))
    assert E.p_hand_points_under(0) == 0 and E.p_hand_points_under(121) == 1
    widows = cards.card_points(_all_hands(3))
    assert E.p_widow_points_under(5) == Fraction(int((widows < 5).sum()), comb(24, 3))


def test_nines():
    assert E.p_four_nines(7) == Fraction(comb(20, 3), comb(24, 7))
    assert E.p_four_nines(3) == 0
    h7 = cards.count_rank(_all_hands(7), 0)
    assert E.p_four_nines(7) == Fraction(int((h7 == 4).sum()), comb(24, 7))
    assert E.p_any_four_nines() == 3 * Fraction(comb(20, 3), comb(24, 7))
    w = cards.count_rank(_all_hands(3), 0)
    assert E.p_widow_two_nines() == Fraction(int((w >= 2).sum()), comb(24, 3))


@pytest.mark.parametrize("bad", [-1, 25, 7.0, True])
def test_bad_hand_size(bad):
    with pytest.raises(ValueError, match="hand size"):
        E.hand_points_distribution(bad)


def test_rank_tables_cover_all_deals_and_marginals():
    counts, weights, points = E.deal_rank_counts()
    assert int(weights.sum()) == D.N_DEALS
    assert (counts.sum(axis=1) == [7, 7, 7, 3]).all()
    assert (counts.sum(axis=2) == 4).all()
    assert (points.sum(axis=1) == 120).all()
    # marginals agree with the single-hand distributions
    for seat, k in ((0, 7), (2, 7), (3, 3)):
        for t in (5, 14, 30):
            p = E.deal_event_probability(lambda n, pt, seat=seat, t=t: pt[:, seat] < t)
            assert p == E.p_hand_points_under(t, k)


def _brute_small_deals(sizes):
    """All deals with seat sizes (a, b, c, rest), as (n, 4) masks."""
    a, b, c, _ = sizes
    out = []
    for h0 in combinations(range(24), a):
        rest0 = [x for x in range(24) if x not in h0]
        for h1 in combinations(rest0, b):
            rest1 = [x for x in rest0 if x not in h1]
            m0 = sum(1 << x for x in h0)
            m1 = sum(1 << x for x in h1)
            for h2 in combinations(rest1, c):
                m2 = sum(1 << x for x in h2)
                out.append((m0, m1, m2, cards.FULL_DECK ^ m0 ^ m1 ^ m2))
    return np.array(out, dtype=np.uint32)


def test_rank_table_method_against_brute_force_on_small_seats():
    sizes = (1, 1, 2, 20)
    deals = _brute_small_deals(sizes)
    assert len(deals) == 24 * 23 * comb(22, 2)
    counts, weights, points = E._rank_tables(sizes)
    assert int(weights.sum()) == len(deals)
    pts = cards.card_points(deals)
    nines = cards.count_rank(deals, 0)
    brute = (pts[:, :3] < 4).any(axis=1) | (nines[:, 1:3] == 2).any(axis=1) | ((pts[:, 1] + pts[:, 2]) == 21)
    hit = (
        (points[:, :3] < 4).any(axis=1)
        | (counts[:, 0, 1:3] == 2).any(axis=1)
        | ((points[:, 1] + points[:, 2]) == 21)
    )
    assert int(weights[hit].sum()) == int(brute.sum())


def test_redeal_probabilities_by_inclusion_exclusion():
    # P(union over 3 hands) = 3 P(A0) - 3 P(A0 A1) + P(A0 A1 A2), each term exact.
    club = E.redeal_probabilities("club")

    def bad(n, p, s):
        return (n[:, 0, s] == 4) | (p[:, s] < 14)

    p1 = E.deal_event_probability(lambda n, p: bad(n, p, 0))
    p2 = E.deal_event_probability(lambda n, p: bad(n, p, 0) & bad(n, p, 1))
    p3 = E.deal_event_probability(lambda n, p: bad(n, p, 0) & bad(n, p, 1) & bad(n, p, 2))
    assert club["redeal_bidding"] == 3 * p1 - 3 * p2 + p3
    # single hand: four 9s or under 14, the two overlap (four 9s and 3 more cards < 14)
    assert p1 == E.p_four_nines(7) + E.p_hand_points_under(14) - E.deal_event_probability(
        lambda n, p: (n[:, 0, 0] == 4) & (p[:, 0] < 14)
    )
    assert club["four_nines_any"] == E.p_any_four_nines()
    assert club["widow_under"] == E.p_widow_points_under(5)
    wiki = E.redeal_probabilities("wiki")
    assert wiki["widow_two_nines"] == E.p_widow_two_nines()
    # a widow under 3 points is 9-9-9 or 9-9-J: it always holds two 9s
    assert wiki["redeal_widow"] == wiki["widow_two_nines"]
    for prof in ("classic", "ua"):
        assert all(v == 0 for v in E.redeal_probabilities(prof).values())
    book = E.redeal_probabilities("book")
    assert book["redeal_bidding"] == book["four_nines_any"] == E.p_any_four_nines()
    assert club["redeal_before_play"] == (
        club["redeal_bidding"] + (1 - club["redeal_bidding"]) * club["widow_given_no_bidding"]
    )


def test_event_must_return_bools():
    with pytest.raises(ValueError, match="bool array"):
        E.deal_event_probability(lambda n, p: p[:, 0])


def _within_4se(count, n, p):
    p = float(p)
    return abs(count / n - p) <= 4 * (p * (1 - p) / n) ** 0.5


def test_sampled_frequencies_agree_with_exact():
    n = 1_000_000
    d = D.deal(D.chunk_rng(77, 0), n)
    cols = derived_columns(d, "club")
    msum = cards.marriage_points(d[:, 0])
    for v, p in E.marriage_sum_distribution(7).items():
        assert _within_4se(int((msum == v).sum()), n, p), v
    for t in (13, 14, 15):
        assert _within_4se(int((cols["points0"] < t).sum()), n, E.p_hand_points_under(t)), t
    assert _within_4se(int((cols["points_widow"] < 5).sum()), n, E.p_widow_points_under(5))
    four = (np.stack([cols[f"nines{s}"] for s in range(3)]) == 4).any(axis=0)
    assert _within_4se(int(four.sum()), n, E.p_any_four_nines())
    assert _within_4se(int(cols["redeal_bidding"].sum()), n, E.redeal_probabilities("club")["redeal_bidding"])
    pts = E.hand_points_distribution(7)
    for v in (0, 20, 40, 60):
        if v in pts:
            assert _within_4se(int((cols["points1"] == v).sum()), n, pts[v]), v
