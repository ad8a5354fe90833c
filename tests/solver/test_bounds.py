"""The static bounds of the search must never cut off the true value.

At a trick boundary the kernel bounds the points to come (``_bounds.bounds``)
by the sure tricks of the leader's side (``sure_points``) and by the top
trumps once no marriage can change the trump (``trump_masters``).  A bound that is too strong makes
the search wrong only in rare positions: an unsound chain of sure tricks
(the leader's partner ruffing or overtaking and taking the lead) passed every
full-deal check and showed up in 7 of some 20,000 volume endgames.  So every
bound is checked here against the plain reference minimax directly, on
endgames reached by random play under every set of play conventions, plus
positions built to tempt the fault: the leader's partner void with trumps,
or holding the suit's top card.
"""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pytest

from analysis.rules import Rules
from analysis.solver._bits import marriage_sum, mask_points, rule_flags, seat_hand
from analysis.solver._bounds import bounds, defenders_cash, trump_masters
from analysis.testing.positions import random_endgame

_spec = importlib.util.spec_from_file_location(
    "solver_bounds_reference", pathlib.Path(__file__).with_name("reference.py")
)
_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_reference)
reference_value = _reference.reference_value

CLUB, BOOK = Rules.profile("club"), Rules.profile("book")
RULESETS = {name: Rules.profile(name) for name in ("club", "classic", "book", "ua", "wiki")}
RULESETS["house_q"] = CLUB.with_changes(name="house_q", marriage_lead="Q", first_trick_marriage=True)
RULESETS["house_lead"] = BOOK.with_changes(
    name="house_lead", trump_lead_owner_only=True, bolt_rule="no_trick"
)


def _bound_violation(hands, declarer, leader, trump, owner, first, rules):
    """None when the bounds hold, else a description of the position: the
    static bounds and, a defender on lead, the defenders' passed-lead chain
    (``defenders_cash``) as an upper bound."""
    t = -1 if trump is None else trump
    o = 0 if owner is None else owner
    h = [int(x) for x in hands]
    rf = rule_flags(rules)
    lb, ub = (int(x) for x in bounds(h[0], h[1], h[2], leader, t, o, int(first), declarer, rf))
    v = reference_value(
        hands,
        declarer=declarer,
        leader=leader,
        trump=trump,
        trump_owner=owner,
        first_trick=first,
        rules=rules,
    )
    if v < lb:
        return f"value {v} below the lower bound {lb}"
    if v > ub:
        return f"value {v} above the upper bound {ub}"
    if leader != declarer:
        dc = int(defenders_cash(h[0], h[1], h[2], leader, t, o, declarer, rf, 1 << 20))
        cub = int(mask_points(h[0] | h[1] | h[2])) + int(marriage_sum(seat_hand(*h, declarer))) - dc
        if v > cub:
            return f"value {v} above the defenders' chain bound {cub} (chain {dc} points)"
    return None


def _check(rng, rules, tricks, n):
    bad = []
    for _ in range(n):
        p = random_endgame(rng, tricks, rules)
        why = _bound_violation(p.hands, p.declarer, p.leader, p.trump, p.trump_owner, p.first_trick, rules)
        if why:
            bad.append(f"{p}: {why}")
    return bad


@pytest.mark.parametrize("name", list(RULESETS))
def test_bounds_hold_on_random_endgames(name):
    rng = np.random.default_rng([77, list(RULESETS).index(name)])
    bad = _check(rng, RULESETS[name], 3, 400) + _check(rng, RULESETS[name], 2, 200)
    bad += _check(rng, RULESETS[name], 4, 40)
    assert not bad, f"{len(bad)} unsound bounds:\n" + "\n".join(bad[:10])


def _mask(*cards):
    return sum(1 << c for c in cards)


def test_partner_ruffing_or_overtaking_breaks_the_chain():
    # the three positions the volume check found (club, book): a defender
    # leads a suit his partner must ruff or overtake in
    cases = [
        # seat 1 leads A♣ 10♣ 9♣; partner seat 0 void in ♣ holds the trump Q♠
        ((0x14004, 0xC40, 0x2A000), 2, 1, 0, 0, False, CLUB),
        # seat 0 leads ♣ K Q J; partner seat 1's only club is 10♣ (overtakes)
        ((0x380, 0xA400, 0x10060), 2, 0, 3, 1, True, CLUB),
        # seat 2 leads 10♣; partner seat 1 void in ♣ holds the trump J♥
        ((0x18008, 0x83000, 0x450), 0, 2, 3, 2, False, BOOK),
    ]
    for hands, decl, leader, trump, owner, first, rules in cases:
        assert _bound_violation(hands, decl, leader, trump, owner, first, rules) is None


# ♠ 0..5, ♣ 6..11, ♦ 12..17, ♥ 18..23; ranks 9 J Q K 10 A
S9, SJ, SQ, SK, S10, SA = range(6)
C9, CJ, CQ, CK, C10, CA = range(6, 12)
D9, DJ, DQ, DK, D10, DA = range(12, 18)
H9, HJ, HQ, HK, H10, HA = range(18, 24)


def _cash(hands, decl, leader, trump=-1, owner=0, rules=CLUB):
    return int(defenders_cash(*hands, leader, trump, owner, decl, rule_flags(rules), 1 << 20))


def test_defenders_pass_the_lead_to_cash_the_partner_s_winners():
    # no trump; the declarer (seat 0) holds Q♠ 9♣; seat 1 leads J♠ to his
    # partner's A♠ (above the declarer's Q♠), and seat 2 cashes A♣
    hands = (_mask(SQ, C9), _mask(SJ, CJ), _mask(SA, CA))
    assert _cash(hands, 0, 1) == (2 + 11 + 3) + (2 + 11 + 0)
    # the chain is the bound: the declarer wins nothing here
    assert _bound_violation(hands, 0, 1, None, None, False, CLUB) is None
    # the leader's own chain sees none of it (he holds no winner): all 29 points
    assert int(bounds(*hands, 1, -1, 0, 0, 0, rule_flags(CLUB))[1]) == 29


def test_a_declarer_void_with_trumps_is_never_led_to():
    # ♥ trumps; the declarer (seat 0) is void in ♠ and holds 9♥: a ♠ lead he
    # would ruff, so the defenders cash only their ♣ trick
    hands = (_mask(H9, C9), _mask(SA, CA), _mask(SK, CJ))
    assert _cash(hands, 0, 1, trump=3) == 11 + 0 + 2
    assert _bound_violation(hands, 0, 1, 3, 1, False, CLUB) is None
    # without the trump he discards on the ♠ lead: both tricks are sure
    assert _cash(hands, 0, 1) == (11 + 4 + 0) + (11 + 2 + 0)


def test_after_a_discard_the_declarer_s_hand_is_no_longer_known():
    # no trump: the declarer (seat 0) void in ♠ discards on A♠; he may have
    # thrown the 9♣ or the A♦, so his cards count no points afterwards
    hands = (_mask(C9, DA, DK), _mask(SA, SK, CA), _mask(S9, SJ, CJ))
    assert _cash(hands, 0, 1) == (11 + 0) + (4 + 2) + (11 + 2)
    assert _bound_violation(hands, 0, 1, None, None, False, CLUB) is None
    # with ♥ trumps declared and a trump in his hand the chain stops after
    # the first discard would let him ruff: here he holds no trump, so it goes on
    assert _cash(hands, 0, 1, trump=3) == (11 + 0) + (4 + 2) + (11 + 2)


@pytest.mark.verify
@pytest.mark.parametrize("name", list(RULESETS))
def test_bounds_hold_on_random_endgames_volume(name):
    rng = np.random.default_rng([78, list(RULESETS).index(name)])
    bad = _check(rng, RULESETS[name], 3, 3000) + _check(rng, RULESETS[name], 4, 300)
    assert not bad, f"{len(bad)} unsound bounds:\n" + "\n".join(bad[:10])


def test_top_trumps_count_only_while_the_trump_is_fixed():
    # ♥ trumps (suit 3); seat 0 holds A♥ 10♥, seat 1 K♥ Q♥ 9♥ … ids 18..23 = 9♥..A♥
    a, t, k, q, nine = 23, 22, 21, 20, 18
    hands = (_mask(a, t, 0), _mask(k, q, nine), _mask(1, 2, 6))
    pd, pf = (int(x) for x in trump_masters(*hands, 3, 0))
    assert (pd, pf) == (21 + 3 + 2, 0)  # A♥ 10♥, each defender's two lowest
    # a K+Q of another suit in any hand could still change the trump: no bound
    hands = (_mask(a, t, 0), _mask(k, nine, 12), _mask(2, 3, 6))  # seat 2: Q♠ K♠
    assert tuple(int(x) for x in trump_masters(*hands, 3, 0)) == (0, 0)
    # the defenders' top trumps count whichever of them holds them
    hands = (_mask(k, nine, 0), _mask(a, 1, 2), _mask(t, 6, 7))
    pd, pf = (int(x) for x in trump_masters(*hands, 3, 0))
    assert (pd, pf) == (0, 11 + 10 + 0)  # one trick holds both: the declarer's 9♠
    for hands in [
        (_mask(a, t, 0), _mask(k, q, nine), _mask(1, 2, 6)),
        (_mask(k, nine, 0), _mask(a, 1, 2), _mask(t, 6, 7)),
    ]:
        for leader in range(3):
            assert _bound_violation(hands, 0, leader, 3, 0, False, CLUB) is None
