"""Legal bids, caps and final contracts (analysis.bids)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.bids import NO_CAP, bid_cap, final_contract_ok, final_contracts, next_bids
from analysis.cards import parse
from analysis.rules import Rules

CLUB, CLASSIC, BOOK, UA, WIKI = (Rules.profile(n) for n in ("club", "classic", "book", "ua", "wiki"))


# --- worked example 5 (book): bid caps ---------------------------------------


@pytest.mark.parametrize(
    "hand, cap",
    [
        ("K♥ Q♥ A♠ 10♠ 9♣ J♦ 9♦", 220),
        ("K♦ Q♦ A♠ 10♠ 9♣ J♥ 9♥", 200),
        ("K♣ Q♣ A♠ 10♠ 9♦ J♥ 9♥", 180),
        ("K♠ Q♠ A♣ 10♣ 9♦ J♥ 9♥", 160),
        ("K♥ Q♥ K♣ Q♣ A♠ 10♠ 9♦", 280),
        ("K♥ Q♣ A♠ 10♠ 9♣ J♦ 9♦", 120),  # a king and a queen of different suits
    ],
)
def test_bid_cap_book_example_5(hand, cap):
    assert bid_cap(BOOK, parse(hand)) == cap


def test_bid_cap_all_four_marriages_and_vectorised():
    four = parse("K♠ Q♠ K♣ Q♣ K♦ Q♦ K♥ Q♥")
    hands = np.array([four, parse("K♠ Q♠ A♥"), parse("A♥ 10♥ 9♠")], dtype=np.uint32)
    assert bid_cap(CLUB, four) == 400
    np.testing.assert_array_equal(bid_cap(CLUB, hands), [400, 160, 120])


def test_bid_cap_field_off_gives_high_cap():
    loose = CLUB.with_changes(bid_cap=False)
    assert bid_cap(loose, parse("A♥ 10♥ 9♠")) == NO_CAP
    assert final_contract_ok(loose, 100, 250, parse("A♥ 10♥ 9♠ 9♣ 9♦ 9♥ J♠ J♣"))
    assert not final_contract_ok(CLUB, 100, 250, parse("A♥ 10♥ 9♠ 9♣ 9♦ 9♥ J♠ J♣"))


# --- opening_bid_exact ---------------------------------------------------


def test_opening_exact_club_and_ua():
    for r in (CLUB, UA):
        assert next_bids(r, None, 220, is_opening=True).tolist() == [100]


def test_opening_free_classic_book_wiki():
    for r in (CLASSIC, BOOK, WIKI):
        assert next_bids(r, None, 140, is_opening=True).tolist() == [
            100,
            105,
            110,
            115,
            120,
            125,
            130,
            135,
            140,
        ]


# --- raise_exact -------------------------------------------------------------


def test_raise_exactly_five_book_wiki():
    for r in (BOOK, WIKI):
        assert next_bids(r, 100, 220).tolist() == [105]
        assert next_bids(r, 215, 220).tolist() == [220]
        assert next_bids(r, 220, 220).tolist() == []


def test_raise_any_multiple_of_five_classic_ua():
    for r in (CLASSIC, UA):
        assert next_bids(r, 100, 140).tolist() == [105, 110, 115, 120, 125, 130, 135, 140]


# --- no_jump_over_120 ----------------------------------------------------


def test_club_no_jump_over_120():
    # from below 120 a raise stops at 120 even with a marriage
    assert next_bids(CLUB, 100, 220).tolist() == [105, 110, 115, 120]
    assert next_bids(CLUB, 115, 220).tolist() == [120]
    # from 120 on, any multiple of 5 up to the cap
    assert next_bids(CLUB, 120, 160).tolist() == [125, 130, 135, 140, 145, 150, 155, 160]
    # without a marriage the cap is 120 anyway
    assert next_bids(CLUB, 120, 120).tolist() == []


def test_jump_allowed_without_the_field():
    assert next_bids(CLASSIC, 100, 160)[-1] == 160
    jumpy = CLUB.with_changes(no_jump_over_120=False)
    assert next_bids(jumpy, 115, 160).tolist() == [120, 125, 130, 135, 140, 145, 150, 155, 160]


def test_no_jump_applies_to_a_free_opening():
    r = CLASSIC.with_changes(no_jump_over_120=True)
    assert next_bids(r, None, 200, is_opening=True).tolist() == [100, 105, 110, 115, 120]


def test_next_bids_bad_input():
    with pytest.raises(ValueError, match="current bid"):
        next_bids(CLUB, 103, 200)
    with pytest.raises(ValueError, match="current bid"):
        next_bids(CLUB, None, 200)
    with pytest.raises(ValueError, match="cap"):
        next_bids(CLUB, 100, 99)


# --- final contract (worked example 8, ua) -------------------------------

HAND8_HEARTS = parse("K♥ Q♥ A♥ 10♥ A♠ 10♠ 9♣ J♦")


def test_final_contract_ua_example_8():
    # after a winning bid of 125 a final contract of 120 is refused
    assert not final_contract_ok(UA, 125, 120, HAND8_HEARTS)
    assert final_contract_ok(UA, 125, 125, HAND8_HEARTS)
    assert final_contract_ok(UA, 125, 220, HAND8_HEARTS)
    assert not final_contract_ok(UA, 125, 225, HAND8_HEARTS)  # above 120 + 100
    assert not final_contract_ok(UA, 125, 132, HAND8_HEARTS)  # not a multiple of 5


def test_final_contract_ignores_no_jump():
    # club: the jump rule is for bidding only †
    assert final_contract_ok(CLUB, 100, 200, HAND8_HEARTS)
    assert final_contracts(CLUB, 100, HAND8_HEARTS).tolist() == list(range(100, 225, 5))


def test_final_contract_after_giving_a_marriage_card_away():
    hand8 = parse("K♥ A♥ 10♥ A♠ 10♠ 9♣ J♦ 9♦")  # the Q♥ was given away
    assert final_contracts(CLUB, 140, hand8).tolist() == []
    assert not final_contract_ok(CLUB, 140, 140, hand8)


def test_final_contract_vectorised_and_bad_hand():
    got = final_contract_ok(CLUB, np.array([100, 125, 125]), np.array([120, 120, 220]), HAND8_HEARTS)
    assert got.tolist() == [True, False, True]
    with pytest.raises(ValueError, match="8-card"):
        final_contract_ok(CLUB, 100, 100, parse("K♥ Q♥ A♥"))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([CLUB, CLASSIC, BOOK, UA, WIKI]),
    st.integers(20, 80).map(lambda k: 5 * k),
    st.sets(st.integers(0, 23), min_size=7, max_size=7),
)
def test_next_bids_properties(rules, current, cards):
    hand = sum(1 << c for c in cards)
    cap = bid_cap(rules, hand)
    bids = next_bids(rules, current, cap)
    assert all(b % 5 == 0 and current < b <= cap for b in bids)
    if rules.raise_exact:
        assert len(bids) <= 1
    if rules.no_jump_over_120 and current < 120:
        assert all(b <= 120 for b in bids)
    # the lowest raise is always offered when the cap and the rules allow it
    assert (current + 5 in bids) == (current + 5 <= cap)
