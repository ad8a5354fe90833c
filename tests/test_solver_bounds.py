"""The static bounds of the search must never cut off the true value.

At a trick boundary the kernel bounds the points to come by the sure tricks
of the leader's side (``_sure_points``).  A bound that is too strong makes
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
from analysis.solver._bits import marriage_sum, mask_points, rule_flags
from analysis.solver._kernel import _sure_points
from analysis.testing.positions import random_endgame

_spec = importlib.util.spec_from_file_location(
    "solver_bounds_reference", pathlib.Path(__file__).with_name("reference.py"))
_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_reference)
reference_value = _reference.reference_value

CLUB, BOOK = Rules.profile("club"), Rules.profile("book")
RULESETS = {name: Rules.profile(name) for name in ("club", "classic", "book", "ua", "wiki")}
RULESETS["house_q"] = CLUB.with_changes(name="house_q", marriage_lead="Q",
                                        first_trick_marriage=True)
RULESETS["house_lead"] = BOOK.with_changes(name="house_lead", trump_lead_owner_only=True,
                                           bolt_rule="no_trick")


def _bound_violation(hands, declarer, leader, trump, owner, first, rules):
    """None when the bound holds, else a description of the position."""
    t = -1 if trump is None else trump
    o = 0 if owner is None else owner
    q = int(_sure_points(hands[0], hands[1], hands[2], leader, t, o, int(first),
                         declarer, rule_flags(rules)))
    v = reference_value(hands, declarer=declarer, leader=leader, trump=trump,
                        trump_owner=owner, first_trick=first, rules=rules)
    rem = mask_points(hands[0] | hands[1] | hands[2])
    ub = rem + marriage_sum(hands[declarer])
    if leader == declarer and v < q:
        return f"value {v} below the declarer's sure points {q}"
    if leader != declarer and v > ub - q:
        return f"value {v} above the bound {ub} - {q} lost for sure"
    return None


def _check(rng, rules, tricks, n):
    bad = []
    for _ in range(n):
        p = random_endgame(rng, tricks, rules)
        why = _bound_violation(p.hands, p.declarer, p.leader, p.trump, p.trump_owner,
                               p.first_trick, rules)
        if why:
            bad.append(f"{p}: {why}")
    return bad


@pytest.mark.parametrize("name", list(RULESETS))
def test_sure_points_never_exceed_the_value(name):
    rng = np.random.default_rng([77, list(RULESETS).index(name)])
    bad = _check(rng, RULESETS[name], 3, 400) + _check(rng, RULESETS[name], 2, 200)
    assert not bad, f"{len(bad)} unsound bounds:\n" + "\n".join(bad[:10])


def _mask(*cards):
    return sum(1 << c for c in cards)


def test_partner_ruffing_or_overtaking_breaks_the_chain():
    # the three positions the volume check found (club, book): a defender
    # leads a suit his partner must ruff or overtake in
    cases = [
        # seat 1 leads A♣ 10♣ 9♣; partner seat 0 void in ♣ holds the trump Q♠
        ((0x14004, 0xc40, 0x2a000), 2, 1, 0, 0, False, CLUB),
        # seat 0 leads ♣ K Q J; partner seat 1's only club is 10♣ (overtakes)
        ((0x380, 0xa400, 0x10060), 2, 0, 3, 1, True, CLUB),
        # seat 2 leads 10♣; partner seat 1 void in ♣ holds the trump J♥
        ((0x18008, 0x83000, 0x450), 0, 2, 3, 2, False, BOOK),
    ]
    for hands, decl, leader, trump, owner, first, rules in cases:
        assert _bound_violation(hands, decl, leader, trump, owner, first, rules) is None


@pytest.mark.verify
@pytest.mark.parametrize("name", list(RULESETS))
def test_sure_points_never_exceed_the_value_volume(name):
    rng = np.random.default_rng([78, list(RULESETS).index(name)])
    bad = _check(rng, RULESETS[name], 3, 3000) + _check(rng, RULESETS[name], 4, 300)
    assert not bad, f"{len(bad)} unsound bounds:\n" + "\n".join(bad[:10])
