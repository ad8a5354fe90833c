"""Tests of analysis.redeal: the RULES.md "Redeals" table, per profile."""

import numpy as np
import pytest

from analysis import cards
from analysis import deal as D
from analysis import probabilities as exact
from analysis import redeal as R
from analysis.rules import PROFILES, load_rules

P = cards.parse
FULL = cards.FULL_DECK


def make_deal(h0, h1, h2):
    m = [P(h0), P(h1), P(h2)]
    return np.array([m + [FULL ^ m[0] ^ m[1] ^ m[2]]], dtype=np.uint32)


# hand1 holds four 9s (and only 10 points); widow 10♦ J♠ A♠ (23 points).
FOUR_NINES = make_deal("A♥ K♥ Q♥ 10♠ A♣ J♦ K♠", "9♥ 9♣ 9♦ 9♠ Q♠ K♦ Q♦", "10♥ J♥ 10♣ K♣ Q♣ J♣ A♦")
# hand2 has 20 points; widow J♠ 10♣ 9♦ (12 points); no redeal in any profile.
POOR = make_deal("A♥ K♥ Q♥ 10♠ A♣ 10♦ 9♠", "A♠ K♠ Q♠ 10♥ K♣ K♦ Q♦", "9♥ J♥ 9♣ J♣ Q♣ J♦ A♦")
# widow 9♠ 9♣ J♦ (2 points, two 9s)
POOR_WIDOW = make_deal("A♥ K♥ Q♥ 10♠ A♣ 10♦ J♠", "A♠ K♠ Q♠ 10♥ K♣ K♦ Q♦", "9♥ J♥ 10♣ J♣ Q♣ 9♦ A♦")


def test_examples_are_what_they_claim():
    assert cards.count_rank(int(FOUR_NINES[0, 1]), 0) == 4
    assert cards.card_points(FOUR_NINES[0]).tolist() == [45, 10, 42, 23]
    assert cards.card_points(POOR[0]).tolist() == [49, 39, 20, 12]
    assert cards.format(int(POOR_WIDOW[0, 3])) == "J♦ 9♣ 9♠"
    assert cards.card_points(int(POOR_WIDOW[0, 3])) == 2


@pytest.mark.parametrize(
    "profile,expected", [("club", True), ("classic", False), ("book", True), ("ua", False), ("wiki", True)]
)
def test_four_nines_before_bidding(profile, expected):
    assert R.redeal_before_bidding(FOUR_NINES, PROFILES[profile])[0] == expected
    f = R.redeal_flags(FOUR_NINES, PROFILES[profile])
    assert f["four_nines_any"][0] == expected
    assert f["redeal_bidding_seats"][0] == (0b010 if expected else 0)


def test_hand_under_threshold_is_strict():
    # hand2 of POOR has 20 points: under 21 but not under 20.
    assert cards.card_points(int(POOR[0, 2])) == 20
    club = load_rules("club")
    assert not R.redeal_before_bidding(POOR, club)[0]
    assert R.redeal_before_bidding(POOR, club.with_changes("redeal_hand_under=21"))[0]
    assert not R.redeal_before_bidding(POOR, club.with_changes("redeal_hand_under=20"))[0]
    f = R.redeal_flags(POOR, club.with_changes("redeal_hand_under=21"))
    assert f["hand_under_any"][0] and not f["four_nines_any"][0]
    assert f["redeal_bidding_seats"][0] == 0b100


def test_club_hand_under_14():
    # 9♠ 9♣ 9♦ J♠ J♣ Q♠ K♠ = 2+2+3+4 = 11 points, hand0.
    d = make_deal("9♠ 9♣ 9♦ J♠ J♣ Q♠ K♠", "A♥ K♥ Q♥ 10♠ A♣ 10♦ 9♥", "A♠ 10♥ K♣ K♦ Q♦ J♥ A♦")
    assert cards.card_points(int(d[0, 0])) == 11
    for prof, exp in [("club", True), ("wiki", True), ("book", False), ("classic", False)]:
        assert R.redeal_before_bidding(d, PROFILES[prof])[0] == exp


@pytest.mark.parametrize(
    "profile,under,nines,widow",
    [
        ("club", True, False, True),
        ("book", True, False, True),
        ("wiki", True, True, True),
        ("classic", False, False, False),
        ("ua", False, False, False),
    ],
)
def test_widow_stage(profile, under, nines, widow):
    f = R.redeal_flags(POOR_WIDOW, PROFILES[profile])
    assert (f["widow_under"][0], f["widow_two_nines"][0], f["redeal_widow"][0]) == (under, nines, widow)
    assert R.redeal_widow(POOR_WIDOW, PROFILES[profile])[0] == widow


def test_widow_thresholds_are_strict():
    # widow J♠ A♠ 10♦ has 23 points.
    club = load_rules("club")
    assert not R.redeal_widow(FOUR_NINES, club.with_changes("redeal_widow_under=23"))[0]
    assert R.redeal_widow(FOUR_NINES, club.with_changes("redeal_widow_under=24"))[0]
    # a widow with 4 points (K) is under 5 (club) but not under 3 (wiki)
    d = make_deal("A♥ K♥ Q♥ 10♠ A♣ 10♦ J♠", "A♠ J♦ Q♠ 10♥ K♣ K♦ Q♦", "9♥ J♥ 10♣ J♣ Q♣ 9♦ A♦")
    assert cards.format(int(d[0, 3])) == "9♣ K♠ 9♠"
    assert R.redeal_flags(d, PROFILES["club"])["widow_under"][0]
    assert not R.redeal_flags(d, PROFILES["wiki"])["widow_under"][0]
    assert R.redeal_flags(d, PROFILES["wiki"])["widow_two_nines"][0]


def test_forced_and_claimable_columns():
    both = np.concatenate([FOUR_NINES, POOR_WIDOW, POOR])
    club, wiki, classic = (R.redeal_flags(both, PROFILES[p]) for p in ("club", "wiki", "classic"))
    assert club["redeal_forced"].tolist() == [True, True, False]
    assert not club["redeal_claimable"].any()
    assert wiki["redeal_claimable"].tolist() == [True, True, False]
    assert not wiki["redeal_forced"].any()
    assert not classic["redeal_forced"].any() and not classic["redeal_claimable"].any()
    assert set(club) == set(R.FLAG_COLUMNS)
    for k, v in club.items():
        assert v.dtype == np.dtype(R.FLAG_COLUMNS[k])


def test_after_exchange():
    # three 8-card hands after an exchange
    h = np.array(
        [[P("A♥ K♥ Q♥ 10♠ A♣ 10♦ J♠ A♠"), P("9♠ K♠ Q♠ 10♥ K♣ K♦ Q♦ 9♣"), P("9♥ J♥ 10♣ J♣ Q♣ 9♦ A♦ J♦")]],
        dtype=np.uint32,
    )
    pts = cards.card_points(h[0])
    assert pts.tolist() == [
        11 + 4 + 3 + 10 + 11 + 10 + 2 + 11,
        0 + 4 + 3 + 10 + 4 + 4 + 3 + 0,
        0 + 2 + 10 + 2 + 3 + 0 + 11 + 2,
    ]
    assert pts[1] == 28 and pts[2] == 30
    book = load_rules("book")  # after-exchange: under 15, four 9s
    assert not R.redeal_after_exchange(h, book)[0]
    assert R.redeal_after_exchange(h, book.with_changes("redeal_after_hand_under=29"))[0]
    assert R.redeal_after_exchange(h, book.with_changes("redeal_after_hand_under=29"), by_seat=True)[
        0
    ].tolist() == [False, True, False]
    four = np.array(
        [[P("A♥ K♥ Q♥ 10♠ A♣ 10♦ J♠ A♠"), P("9♠ 9♥ 9♦ 9♣ K♠ Q♠ 10♥ K♣"), P("J♥ 10♣ J♣ Q♣ A♦ J♦ K♦ Q♦")]],
        dtype=np.uint32,
    )
    for prof, exp in [("club", True), ("book", True), ("wiki", True), ("classic", False), ("ua", False)]:
        assert R.redeal_after_exchange(four, PROFILES[prof])[0] == exp


def test_after_exchange_errors():
    with pytest.raises(ValueError, match="shape"):
        R.redeal_after_exchange(np.zeros((2, 4), np.uint32))
    with pytest.raises(ValueError, match="not three disjoint 8-card"):
        R.redeal_after_exchange(D.deal(D.chunk_rng(0, 0), 2)[:, :3])


def test_flags_match_a_row_by_row_reference():
    d = D.deal(D.chunk_rng(31, 0), 1000)
    for prof in ("club", "book", "wiki"):
        r = load_rules(prof)
        f = R.redeal_flags(d, r)
        for i in range(len(d)):
            hands = [int(x) for x in d[i]]
            four = r.redeal_four_nines and any(cards.count_rank(h, 0) == 4 for h in hands[:3])
            under = any(cards.card_points(h) < r.redeal_hand_under for h in hands[:3])
            wid = cards.card_points(hands[3]) < r.redeal_widow_under or (
                r.redeal_widow_two_nines and cards.count_rank(hands[3], 0) >= 2
            )
            assert f["redeal_bidding"][i] == (four or under)
            assert f["redeal_widow"][i] == wid


def test_bad_deals_rejected():
    with pytest.raises(ValueError, match="partition"):
        R.redeal_flags(np.zeros((1, 4), np.uint32))
    with pytest.raises(ValueError, match="unknown rules"):
        R.redeal_flags(FOUR_NINES, load_rules("bridge"))


def _within_4se(count, n, p):
    p = float(p)
    se = (p * (1 - p) / n) ** 0.5
    return abs(count / n - p) <= 4 * se


def test_frequencies_agree_with_exact():
    n = 1_000_000
    d = D.deal(D.chunk_rng(2026, 0), n)
    for prof in ("club", "wiki", "book"):
        f = R.redeal_flags(d, PROFILES[prof])
        ex = exact.redeal_probabilities(prof)
        for k in (
            "four_nines_any",
            "hand_under_any",
            "redeal_bidding",
            "widow_under",
            "widow_two_nines",
            "redeal_widow",
        ):
            assert _within_4se(int(f[k].sum()), n, ex[k]), (prof, k)
        both = f["redeal_bidding"] | f["redeal_widow"]
        assert _within_4se(int(both.sum()), n, ex["redeal_before_play"]), prof
    club = R.redeal_flags(d, PROFILES["club"])
    assert 0.02 < club["redeal_bidding"].mean() < 0.04  # sanity: 3.09 % exactly


@pytest.mark.parametrize("profile", ["club", "classic", "book", "ua", "wiki"])
def test_hand_bidding_reasons_agree_with_the_seat_flags(profile):
    # the worded reasons of one hand are the same predicates as the flags
    deals = D.deal(np.random.default_rng(41), 3000)
    seats = R.redeal_flags(deals, PROFILES[profile])["redeal_bidding_seats"]
    for s in range(3):
        got = np.array([bool(R.hand_bidding_reasons(int(h), PROFILES[profile])) for h in deals[:, s]])
        assert (got == ((seats >> s) & 1).astype(bool)).all()
    assert R.hand_bidding_reasons(cards.parse("9♥ 9♠ 9♣ 9♦ A♣ A♦ A♠"), PROFILES["club"]) == [
        "the hand holds four 9s"
    ]
