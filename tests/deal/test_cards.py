"""Card contract (DESIGN.md, contract 1): encoding, parse, format, features."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis import cards as C


def test_encoding_matches_contract():
    # 6 * suit + rank, suits ♠ ♣ ♦ ♥, ranks 9 J Q K 10 A
    assert C.parse("9♠") == 1 << 0
    assert C.parse("A♠") == 1 << 5
    assert C.parse("9♣") == 1 << 6
    assert C.parse("A♥") == 1 << 23
    assert C.parse("10♦") == 1 << (6 * 2 + 4)


@pytest.mark.parametrize(
    "text",
    [
        "A♥ 10♥ K♠ Q♠",
        "AH TH KS QS",
        "AH 10H KS QS",
        "ah th ks qs",
        "a♥ t♥ k♠ q♠",
        "Т♥ 10♥ К♠ Д♠",
        "т♥ 10♥ к♠ д♠",
        "A♥,10♥,K♠,Q♠",
    ],
)
def test_parse_spellings_agree(text):
    assert C.format(C.parse(text)) == "A♥ 10♥ K♠ Q♠"


def test_cyrillic_and_latin_letters_differ():
    # Latin T is the ten, Cyrillic Т is the ace
    assert C.parse("T♥") == C.parse("10♥")
    assert C.parse("Т♥") == C.parse("A♥")
    assert C.parse("В♣ Д♣") == C.parse("J♣ Q♣")


@pytest.mark.parametrize(
    "bad, word",
    [
        ("A♥ X♥", "X♥"),
        ("A♥ 11♥", "11♥"),
        ("AX", "AX"),
        ("Тh", "Cyrillic"),
        ("Кs", "Cyrillic"),
        ("A♥ A♥", "twice"),
        ("AH ah", "twice"),
        ("♥", "♥"),
        ("10", "10"),
        # the ten typed as Latin T with a Cyrillic suit letter, and a doubled suit
        ("TН", "U\\+041D, a Cyrillic letter"),
        ("10♠♠", "more than one suit"),
    ],
)
def test_parse_errors_name_the_token(bad, word):
    with pytest.raises(ValueError, match=word):
        C.parse(bad)


def test_parse_rejects_non_string():
    with pytest.raises(ValueError):
        C.parse(123)


def test_format_orders_high_suits_and_ranks_first():
    assert C.format(C.parse("9♠ A♠ J♥ 10♦")) == "J♥ 10♦ A♠ 9♠"
    assert C.format(0) == ""
    with pytest.raises(ValueError):
        C.format(1 << 24)


@given(st.integers(0, C.FULL_DECK))
def test_format_parse_round_trip(mask):
    assert C.parse(C.format(mask)) == mask


def test_points_and_marriages():
    assert C.card_points(C.FULL_DECK) == 120
    assert C.card_points(C.parse("A♥ 10♥ K♥ Q♥ J♥ 9♥")) == 30
    assert C.marriage_suits(C.parse("K♥ Q♥ K♠ Q♠ K♣")) == 0b1001
    assert C.marriage_points(C.parse("K♥ Q♥ K♠ Q♠")) == 140
    assert C.marriage_points(C.FULL_DECK) == 280
    assert C.count_rank(C.parse("9♠ 9♣ 9♦ A♥"), 0) == 3


@given(st.lists(st.integers(0, C.FULL_DECK), min_size=1, max_size=50))
def test_vectorized_features_match_scalar(masks):
    arr = np.array(masks, dtype=np.uint32)
    pts = C.card_points(arr)
    for m, p in zip(masks, pts):
        assert p == sum(int(C.CARD_POINTS[c]) for c in range(24) if m >> c & 1)
    assert list(C.popcount(arr)) == [bin(m).count("1") for m in masks]


@pytest.mark.parametrize(
    "bad, word",
    [
        ("А♥", "Cyrillic letter"),
        ("A", "missing suit"),
        ("10", "missing suit"),
        ("H", "missing rank"),
        ("Aс", r"U\+0441"),
    ],
)
def test_parse_hints_for_look_alikes_and_missing_parts(bad, word):
    with pytest.raises(ValueError, match=word):
        C.parse(bad)


def test_emoji_variation_selector_is_accepted():
    assert C.parse("A\u2665\ufe0f 10\u2665\ufe0e") == C.parse("A♥ 10♥")
