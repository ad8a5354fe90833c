"""Solver: agreement with the plain alpha-beta baseline and property tests."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.cards import card_points, marriage_points
from analysis.rules import Rules
from analysis.solver import play_value
from analysis.solver.baseline import baseline_value
from analysis.testing.positions import random_endgame, random_position
from analysis.testing.strategies import endgames, positions

PROFILES = ("club", "classic", "book", "ua", "wiki")


def _kw(pos, rules):
    return dict(
        declarer=pos.declarer,
        leader=pos.leader,
        trump=pos.trump,
        trump_owner=pos.trump_owner,
        first_trick=pos.first_trick,
        rules=rules,
    )


def _agree(pos, rules):
    kw = _kw(pos, rules)
    assert play_value(pos.hands, **kw) == baseline_value(pos.hands, **kw)


@pytest.mark.parametrize("profile", PROFILES)
def test_baseline_agrees_on_endgames(profile):
    rng = np.random.default_rng(500 + PROFILES.index(profile))
    for _ in range(20):
        _agree(random_endgame(rng, int(rng.integers(3, 6)), profile), profile)


def test_baseline_agrees_on_full_deals():
    # full 8-trick deals (the baseline takes up to seconds each, so a few in CI)
    rng = np.random.default_rng(600)
    for i in range(10):
        _agree(random_position(rng), PROFILES[i % 5])


@pytest.mark.verify
@pytest.mark.parametrize("profile", PROFILES)
def test_baseline_agrees_on_full_deals_volume(profile):
    rng = np.random.default_rng(700 + PROFILES.index(profile))
    for _ in range(60):
        _agree(random_position(rng), profile)


@pytest.mark.verify
@pytest.mark.parametrize("profile", PROFILES)
def test_baseline_agrees_on_endgames_volume(profile):
    rng = np.random.default_rng(800 + PROFILES.index(profile))
    for _ in range(600):
        _agree(random_endgame(rng, int(rng.integers(2, 6)), profile), profile)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=endgames(tricks=st.integers(1, 5)), profile=st.sampled_from(PROFILES))
def test_value_bounds(pos, profile):
    v = play_value(pos.hands, **_kw(pos, profile))
    rest = sum(pos.hands)
    # 0 <= value <= remaining card points + the declarer's declarable marriages
    assert 0 <= v <= card_points(rest) + marriage_points(pos.hands[pos.declarer])


def _permute(mask, perm):
    out = 0
    for c in range(24):
        if mask >> c & 1:
            out |= 1 << (6 * perm[c // 6] + c % 6)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pos=endgames(tricks=st.integers(1, 5)), perm=st.permutations(range(4)), profile=st.sampled_from(PROFILES)
)
def test_suit_permutation_invariance_without_marriages(pos, perm, profile):
    if any(marriage_points(h) for h in pos.hands):
        return
    kw = _kw(pos, profile)
    v = play_value(pos.hands, **kw)
    kw["trump"] = None if pos.trump is None else perm[pos.trump]
    assert play_value([_permute(h, perm) for h in pos.hands], **kw) == v


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=positions())
def test_first_trick_marriages_never_lower_the_value(pos):
    club = Rules.profile("club")
    allowed = club.with_changes(first_trick_marriage=True)
    no = play_value(pos.hands, declarer=pos.declarer, rules=club)
    yes = play_value(pos.hands, declarer=pos.declarer, rules=allowed)
    assert yes >= no
