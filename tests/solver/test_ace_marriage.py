"""The ace marriage (``Rules.ace_marriage``) in the solver, against the plain reference.

RULES.md, "Ace marriage" (ua, seed 003; wiki, seed 004: «Чтобы объявить
тузовый марьяж игрок обязан взять любую взятку ... После взятки
осуществляется заход с туза с объявлением тузового марьяжа»): a player
holding the four aces who has won a trick (so any leader but on the deal's
first trick) may declare them by leading an ace, +200 to his points, no
trump.  The reference (``reference.py``) offers that lead both declared and
undeclared; the kernel always declares (it never costs the holder
anything), and the two must agree on every value, J and move value.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from analysis.cards import parse as P
from analysis.rules import Rules
from analysis.solver import Position, card_values, exchange_value, play_value, solver_fingerprint
from analysis.solver.line import replay

ACES = P("A♠ A♣ A♦ A♥")


def _load_reference():
    name = "thousand_tests_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("reference.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


ref = _load_reference()
CLUB = Rules.profile("club")
ON = {name: Rules.profile(name).with_changes(ace_marriage=True) for name in ("club", "book", "ua", "wiki")}

# Four tricks: seat 0 holds the four aces, seat 1 the four tens, seat 2 the
# four kings; nobody holds a marriage and every trick has one card of each
# player in the suit led, so the aces take all four tricks: 4 * (11 + 10 + 4)
# = 100 card points to seat 0.
FOUR = (ACES, P("10♠ 10♣ 10♦ 10♥"), P("K♠ K♣ K♦ K♥"))


def test_the_200_after_a_trick_and_none_on_the_first_lead():
    on = ON["club"]
    assert play_value(FOUR, rules=CLUB, first_trick=False) == 100
    # he leads an ace declaring at once: he won the trick before
    assert play_value(FOUR, rules=on, first_trick=False) == 300
    # first lead of the deal: no declaration, and after it he holds three aces
    assert play_value(FOUR, rules=on, first_trick=True) == 100
    # book allows marriages on the first trick; the ace marriage still waits
    assert play_value(FOUR, rules=ON["book"], first_trick=True) == 100
    # a defender leads: the holder's first card follows suit, an ace
    assert play_value(FOUR, rules=on, leader=1, first_trick=False) == 100
    for kw in ({"first_trick": False}, {"first_trick": True}, {"leader": 1, "first_trick": False}):
        assert ref.reference_value(FOUR, rules=on, **kw) == play_value(FOUR, rules=on, **kw)


def test_he_wins_a_trick_with_a_ten_then_declares():
    # Five tricks, first of the deal.  Seat 0: the aces and 10♠ (54); seat 1:
    # K♠ J♠ 10♣ K♣ 10♦ (30); seat 2: Q♠ 9♠ Q♣ J♣ K♦ (12); no marriage in one
    # hand.  Seat 0 leads a top card every time and takes all 96 points;
    # leading 10♠ first (only his own A♠ beats it) lets him declare the
    # aces on the second lead: 96 + 200.
    hands = (ACES | P("10♠"), P("K♠ J♠ 10♣ K♣ 10♦"), P("Q♠ 9♠ Q♣ J♣ K♦"))
    assert play_value(hands, rules=CLUB, first_trick=True) == 96
    assert play_value(hands, rules=ON["club"], first_trick=True) == 296
    assert ref.reference_value(hands, rules=ON["club"], first_trick=True) == 296
    moves = {
        (m.card, m.declared): m.value
        for m in card_values(Position(hands, first_trick=True), rules=ON["club"])
    }
    assert moves[(P("10♠").bit_length() - 1, False)] == 296
    # an ace led first wins its trick but spends the marriage
    assert moves[(P("A♠").bit_length() - 1, False)] == 96


def test_no_trick_won_before_the_aces_must_go():
    # Seat 0: the aces and 9♠, first lead.  9♠ loses (seat 1 holds 10♠ J♠,
    # seat 2 K♠) and then every suit led makes him follow with an ace; an
    # ace led first is the first trick.  So no line declares: the value is
    # the one without the rule.  Not on the first trick he declares at once.
    # (The defenders hold no heart, so A♥ too must follow or lead.)
    hands = (ACES | P("9♠"), P("10♠ J♠ 10♣ K♣ 10♦"), P("K♠ Q♣ J♣ K♦ 9♦"))
    off = play_value(hands, rules=CLUB, first_trick=True)
    on = play_value(hands, rules=ON["club"], first_trick=True)
    assert on == off == ref.reference_value(hands, rules=ON["club"], first_trick=True)
    later = play_value(hands, rules=ON["club"], first_trick=False)
    assert later == ref.reference_value(hands, rules=ON["club"], first_trick=False)
    assert later == play_value(hands, rules=CLUB, first_trick=False) + 200


def test_a_defenders_ace_marriage_counts_against_j_only():
    # Seat 1 (a defender) holds the aces and leads, not on the first trick:
    # the declarer's value is unchanged, J falls by the defender's 200.
    hands = (FOUR[1], FOUR[0], FOUR[2])
    on = ON["club"]
    pos = Position(hands, declarer=0, leader=1, first_trick=False)
    assert play_value(hands, rules=on, leader=1, first_trick=False) == 0
    j_on = {m.card: m.value for m in card_values(pos, rules=on, objective="J")}
    j_off = {m.card: m.value for m in card_values(pos, rules=CLUB, objective="J")}
    for c, v in j_on.items():
        assert v == j_off[c] - 200
    expect = ref.reference_card_values(
        hands, declarer=0, leader=1, first_trick=False, rules=on, objective="J"
    )
    assert [(c, v) for c, _, v in expect] == sorted(j_on.items())


def _random_case(rng, n_cards, rules):
    """A random position of ``n_cards`` cards a hand where one seat holds the four aces."""
    holder = int(rng.integers(3))
    rest = [c for c in range(24) if not ACES >> c & 1]
    rng.shuffle(rest)
    hands = [0, 0, 0]
    hands[holder] = ACES
    k = 0
    for s in range(3):
        need = n_cards - bin(hands[s]).count("1")
        for c in rest[k : k + need]:
            hands[s] |= 1 << c
        k += need
    kw = {
        "declarer": int(rng.integers(3)),
        "leader": int(rng.integers(3)),
        "first_trick": bool(rng.integers(2)),
    }
    if rng.integers(2):
        kw["trump"] = int(rng.integers(4))
        kw["trump_owner"] = int(rng.integers(3))
    return tuple(hands), kw


@pytest.mark.parametrize("profile", sorted(ON))
def test_play_value_agrees_with_the_reference_on_random_endgames(profile):
    rules = ON[profile]
    rng = np.random.default_rng(35 + len(profile))
    for i in range(40):
        hands, kw = _random_case(rng, 4 + i % 2, rules)
        got = play_value(hands, rules=rules, **kw)
        assert got == ref.reference_value(hands, rules=rules, **kw), (i, hands, kw)


@pytest.mark.parametrize("profile", ["club", "wiki"])
def test_move_values_and_j_agree_with_the_reference(profile):
    rules = ON[profile]
    rng = np.random.default_rng(350 + len(profile))
    for i in range(15):
        hands, kw = _random_case(rng, 5, rules)
        pos = Position(
            hands,
            declarer=kw["declarer"],
            leader=kw["leader"],
            trump=kw.get("trump"),
            trump_owner=kw.get("trump_owner"),
            first_trick=kw["first_trick"],
        )
        for objective in ("value", "J"):
            got = [(m.card, m.declared, m.value) for m in card_values(pos, rules=rules, objective=objective)]
            want = ref.reference_card_values(hands, rules=rules, objective=objective, **kw)
            assert got == [tuple(x) for x in want], (i, objective, hands, kw)


HAND = P("A♠ A♣ A♦ A♥ 10♠ 9♦ J♦")
WIDOW = P("10♥ 9♣ Q♦")
LEFT = P("K♠ Q♠ J♠ 9♠ 10♣ K♣ Q♣")
RIGHT = P("J♣ 10♦ K♦ K♥ Q♥ J♥ 9♥")


def test_exchange_keeps_the_aces_and_its_gift_reaches_the_value():
    # The declarer's ten cards hold the four aces; the exchange's value is
    # the play value of the gift it reports, and at least that of giving
    # away two low cards and keeping the aces and 10♠ (a sure first trick).
    rules = ON["club"]
    res = exchange_value(HAND, WIDOW, LEFT, RIGHT, rules=rules)
    ten = HAND | WIDOW
    a, b = res.give_left, res.give_right
    assert play_value((ten & ~(1 << a) & ~(1 << b), LEFT | 1 << a, RIGHT | 1 << b), rules=rules) == res.value
    low = (P("9♣").bit_length() - 1, P("9♦").bit_length() - 1)
    keep = play_value((ten & ~P("9♣ 9♦"), LEFT | 1 << low[0], RIGHT | 1 << low[1]), rules=rules)
    assert res.value >= keep >= 200
    # its line, replayed with the rule, adds up to the value and the row
    tricks = replay(
        (ten & ~(1 << a) & ~(1 << b), LEFT | 1 << a, RIGHT | 1 << b),
        0,
        -1,
        res.line,
        first=True,
        ace_marriage=True,
    )
    assert tricks[-1].raw == (res.value, res.left_points, res.right_points)
    assert tricks[-1].tricks == (res.declarer_tricks, res.left_tricks, res.right_tricks)
    assert sum(t.aces for t in tricks) == 1 and not tricks[0].aces


@pytest.mark.verify
def test_exchange_equals_the_best_of_its_90_gifts():
    rules = ON["club"]
    ten = HAND | WIDOW
    best = max(
        play_value((ten & ~(1 << a) & ~(1 << b), LEFT | 1 << a, RIGHT | 1 << b), rules=rules)
        for a in range(24)
        for b in range(24)
        if a != b and ten >> a & 1 and ten >> b & 1
    )
    assert exchange_value(HAND, WIDOW, LEFT, RIGHT, rules=rules, line=False).value == best


def test_fingerprints_move_only_when_the_rule_is_on():
    for name in ("club", "classic", "book", "ua", "wiki"):
        rules = Rules.profile(name)
        assert solver_fingerprint(rules.with_changes(ace_marriage=False)) == solver_fingerprint(rules)
        assert solver_fingerprint(rules.with_changes(ace_marriage=True)) != solver_fingerprint(rules)
