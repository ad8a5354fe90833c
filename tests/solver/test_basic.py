"""Solver: input validation and hand-checkable positions (RULES.md, common core)."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.cards import parse
from analysis.rules import Rules
from analysis.solver import (
    SOLVER_FIELDS,
    Position,
    card_values,
    exchange_makes,
    exchange_value,
    makes,
    play_value,
    solver_fingerprint,
)

P = parse


# --- validation -------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(hands=[P("A♠"), P("A♠"), P("9♠")]), "overlap"),
        (dict(hands=[P("A♠ K♠"), P("9♠"), P("10♠")]), "unequal"),
        (dict(hands=[0, 0, 0]), "1..8"),
        (dict(hands=[P("A♠"), P("9♠")]), "three"),
        (dict(hands=[1 << 24, 2, 4]), "mask"),
        (dict(hands=[P("A♠"), P("9♠"), P("10♠")], declarer=3), "declarer"),
        (dict(hands=[P("A♠"), P("9♠"), P("10♠")], leader=-1), "leader"),
        (dict(hands=[P("A♠"), P("9♠"), P("10♠")], trump=4), "trump"),
        (dict(hands=[P("A♠"), P("9♠"), P("10♠")], rules="poker"), "unknown rules"),
        (dict(hands=[P("A♠"), P("9♠"), P("10♠")], trump=1, rules="wiki"), "trump_owner"),
    ],
)
def test_play_value_rejects_bad_input(kwargs, match):
    hands = kwargs.pop("hands")
    with pytest.raises(ValueError, match=match):
        play_value(hands, **kwargs)


def test_nine_cards_rejected():
    deck = list(range(24))
    hands = [sum(1 << c for c in deck[9 * i : 9 * i + 9]) for i in range(2)] + [0]
    with pytest.raises(ValueError):
        play_value(hands)


@pytest.mark.parametrize(
    "hand, widow, left, right, match",
    [
        (
            P("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♣"),
            P("K♣ Q♣"),
            P("A♦ K♦ Q♦ J♦ 10♦ 9♦ J♣"),
            P("A♥ K♥ Q♥ J♥ 10♥ 9♥ 10♣"),
            "widow must hold 3",
        ),
        (
            P("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♣"),
            P("K♣ Q♣ A♣"),
            P("A♦ K♦ Q♦ J♦ 10♦ 9♦ J♣"),
            P("A♥ K♥ Q♥ J♥ 10♥ 9♥ 10♣"),
            "hand and widow share A♣",
        ),
        (
            P("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♣"),
            P("K♣ Q♣ J♣"),
            P("A♦ K♦ Q♦ J♦ 10♦ 9♦ J♣"),
            P("A♥ K♥ Q♥ J♥ 10♥ 9♥ 10♣"),
            "widow and left share J♣",
        ),
    ],
)
def test_exchange_rejects_bad_input(hand, widow, left, right, match):
    with pytest.raises(ValueError, match=match):
        exchange_value(hand, widow, left, right)
    with pytest.raises(ValueError, match=match):
        exchange_makes(hand, widow, left, right, 100)


def test_makes_rejects_non_integer_contract():
    with pytest.raises(ValueError, match="contract"):
        makes([P("A♠"), P("9♠"), P("10♠")], 10.5)


# --- hand-checkable endgames ------------------------------------------------


def test_one_trick():
    # A♠ takes 9♠ and 10♠: 11 + 0 + 10
    assert play_value([P("A♠"), P("9♠"), P("10♠")]) == 21
    # the defender's ace wins, the declarer gets nothing
    assert play_value([P("10♠"), P("A♠"), P("9♠")]) == 0
    # a defender leads; an off-suit card never wins without trump
    assert play_value([P("A♥"), P("9♠"), P("10♠")], leader=1) == 0
    # ... but a trump does
    assert play_value([P("9♥"), P("9♠"), P("10♠")], leader=1, trump=3, trump_owner=2) == 10


def test_must_trump_when_void():
    hands = [P("A♠ A♦"), P("9♥ K♦"), P("9♠ 10♦")]
    # no trump: the declarer takes both tricks, 11 + 0 + 0 ... all 36 points
    assert play_value(hands, first_trick=False) == 36
    # ♥ trump: the left opponent, void in ♠, must ruff the A♠ (11 to him)
    assert play_value(hands, trump=3, trump_owner=1, first_trick=False) == 25
    assert makes(hands, 25, trump=3, trump_owner=1, first_trick=False)
    assert not makes(hands, 26, trump=3, trump_owner=1, first_trick=False)


def test_marriage_declared_by_the_declarer():
    hands = [P("K♥ Q♥"), P("A♠ 9♠"), P("10♠ J♠")]
    # 30 card points plus ♥ 100 when a marriage may be declared
    assert play_value(hands, first_trick=False) == 130
    # first trick (club): no marriage; K♥ then Q♥ still take everything
    assert play_value(hands, first_trick=True) == 30
    # book allows a first-trick marriage
    assert play_value(hands, first_trick=True, rules="book") == 130
    # wiki declares with the queen only: still possible by leading Q♥
    assert play_value(hands, first_trick=False, rules="wiki") == 130


def test_defenders_marriage_does_not_score_for_the_declarer():
    # the left opponent leads K♠ (declaring ♠ 40 for himself, or not) and
    # takes both tricks: nobody else holds a spade; the declarer adds nothing
    hands = [P("A♥ 10♥"), P("K♠ Q♠"), P("9♥ J♥")]
    assert play_value(hands, leader=1, first_trick=False) == 0
    # with the marriage in the declarer's hand he scores ♠ 40 plus all 30
    # card points (K♠ Q♠ 7, A♥ 10♥ 21, 9♥ J♥ 2)
    assert play_value([P("K♠ Q♠"), P("A♥ 10♥"), P("9♥ J♥")], first_trick=False) == 40 + 30


def test_trump_lead_restricted_to_its_declarer_under_wiki():
    hands = [P("10♥ 9♦"), P("A♥ 9♠"), P("J♠ 10♦")]
    kw = dict(leader=1, trump=3, trump_owner=0, first_trick=False)
    # club: left leads A♥ and then 9♠, taking everything
    assert play_value(hands, **kw, rules="club") == 0
    # wiki: left may not lead a trump while holding a plain card; 9♠ is
    # ruffed by 10♥ (10 + 0 + 2), then A♥ ruffs the 9♦
    assert play_value(hands, **kw, rules="wiki") == 12
    # holding only trumps, he may lead one
    assert play_value([P("10♥"), P("A♥"), P("J♠")], leader=1, trump=3, trump_owner=0, rules="wiki") == 0


def test_fingerprint_uses_play_conventions_and_bolts_only():
    club = Rules.profile("club")
    assert solver_fingerprint("club") == club.fingerprint(SOLVER_FIELDS)
    assert solver_fingerprint(club.with_changes(barrel_seats=1)) == solver_fingerprint(club)
    assert solver_fingerprint(club.with_changes(bolt_rule="no_trick")) != solver_fingerprint(club)
    assert solver_fingerprint("wiki") != solver_fingerprint("club")


# --- card_values ------------------------------------------------------------


def test_card_values_lists_declared_and_undeclared_leads():
    pos = Position(hands=(P("K♥ Q♥"), P("A♠ 9♠"), P("10♠ J♠")))
    vals = {(v.card, v.declared): v.value for v in card_values(pos)}
    kh, qh = P("K♥").bit_length() - 1, P("Q♥").bit_length() - 1
    assert vals == {(qh, False): 30, (qh, True): 130, (kh, False): 30, (kh, True): 130}
    # wiki: only the queen declares
    vals = {(v.card, v.declared): v.value for v in card_values(pos, rules="wiki")}
    assert set(vals) == {(qh, False), (qh, True), (kh, False)}


def test_card_values_mid_trick():
    # A♠ led by the declarer; the left opponent must follow with 9♠
    a_s = P("A♠").bit_length() - 1
    pos = Position(hands=(P("K♥"), P("9♠ Q♥"), P("10♠ J♥")), trick=((0, a_s),))
    (only,) = card_values(pos)
    assert only.card == P("9♠").bit_length() - 1 and only.value == 30
    with pytest.raises(ValueError, match="seat"):
        card_values(pos._replace(trick=((1, a_s),)))


def test_card_values_agree_with_play_value():
    rng = np.random.default_rng(4)
    for _ in range(20):
        perm = rng.permutation(24)[:12]
        hands = tuple(sum(1 << int(c) for c in perm[4 * i : 4 * i + 4]) for i in range(3))
        decl = int(rng.integers(3))
        pos = Position(hands=hands, declarer=decl, leader=decl)
        best = max(v.value for v in card_values(pos))
        assert best == play_value(hands, declarer=decl)


# --- exchange threshold -----------------------------------------------------


def test_exchange_makes_matches_value():
    hand, widow = P("A♥ 10♥ K♠ Q♠ 9♦ J♣ 10♣"), P("Q♦ K♣ Q♣")
    left, right = P("K♥ Q♥ A♠ 9♠ J♦ A♣ 9♣"), P("J♥ 9♥ 10♠ J♠ A♦ 10♦ K♦")
    v = exchange_value(hand, widow, left, right, line=False).value
    yes = exchange_makes(hand, widow, left, right, v)
    assert yes and bool(exchange_makes(hand, widow, left, right, v + 1)) is False
    ten = hand | widow
    d = ten & ~(1 << yes.give_left) & ~(1 << yes.give_right)
    assert play_value([d, left | 1 << yes.give_left, right | 1 << yes.give_right]) >= v
