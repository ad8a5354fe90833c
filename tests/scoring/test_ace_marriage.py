"""The ace marriage's 200 in one deal's scoring (RULES.md, "Ace marriage").

ua (seed 003): the four aces «оголошують як комбінацію вартістю 200 очок»;
wiki (seed 004): «Тузовый марьяж приносит игроку дополнительно 200 очков,
которые прибавляются к очкам, взятым игроком в кону».  The 200 are raw
points like a marriage's, for the declarer (toward his contract) and for a
defender (his own points).
"""

import pytest

from analysis.cards import parse as P
from analysis.rules import Rules
from analysis.scoring import (
    ACE_MARRIAGE_POINTS,
    ACES,
    MAX_RAW_POINTS,
    DealOutcome,
    apply_deal,
    declares_ace_marriage,
    new_table,
)

CLUB = Rules.profile("club")
ON = CLUB.with_changes(ace_marriage=True)


def card(text):
    return P(text).bit_length() - 1


def test_the_four_aces_and_their_points():
    assert ACES == P("A♠ A♣ A♦ A♥")
    assert ACE_MARRIAGE_POINTS == 200
    # 120 card points, the 200, and the ♥ and ♦ marriages of an 8-card hand
    assert MAX_RAW_POINTS == 120 + 200 + 100 + 80


def test_only_an_ace_led_after_the_first_trick_by_the_holder_of_all_four():
    hand = P("A♠ A♣ A♦ A♥ 10♠ K♥ Q♥ 9♦")
    assert declares_ace_marriage(ON, hand, card("A♦"), lead=True, first_trick=False)
    assert not declares_ace_marriage(CLUB, hand, card("A♦"), lead=True, first_trick=False)
    assert not declares_ace_marriage(ON, hand, card("A♦"), lead=True, first_trick=True)
    assert not declares_ace_marriage(ON, hand, card("A♦"), lead=False, first_trick=False)
    assert not declares_ace_marriage(ON, hand, card("10♠"), lead=True, first_trick=False)
    three = hand & ~P("A♠")
    assert not declares_ace_marriage(ON, three, card("A♦"), lead=True, first_trick=False)


def test_the_200_makes_a_contract_counted_as_a_marriage():
    # Contract 280: 96 card points and the ace marriage, 296 >= 280 (the
    # solver's worked example with the 10♠ first); without the 200, -280.
    made = DealOutcome(declarer=0, contract=280, raw=(296, 24, 0), tricks=(6, 2, 0))
    assert apply_deal(ON, new_table(ON, 2), made).deltas.tolist() == [280, 25, 0]
    failed = DealOutcome(declarer=0, contract=280, raw=(96, 24, 0), tricks=(6, 2, 0))
    assert apply_deal(ON, new_table(ON, 2), failed).deltas.tolist() == [-280, 25, 0]


def test_a_defenders_ace_marriage_is_his_own():
    # Contract 120: the declarer takes 100 card points and declares ♠ (40),
    # 140, made; a defender takes 20 card points and declares the aces: 220.
    out = DealOutcome(declarer=0, contract=120, raw=(140, 220, 0), tricks=(5, 3, 0))
    assert apply_deal(ON, new_table(ON, 2), out).deltas.tolist() == [120, 220, 0]


def test_raw_points_up_to_500():
    DealOutcome(declarer=0, contract=400, raw=(500, 0, 0), tricks=(8, 0, 0))
    with pytest.raises(ValueError, match="raw points"):
        DealOutcome(declarer=0, contract=400, raw=(501, 0, 0), tricks=(8, 0, 0))
