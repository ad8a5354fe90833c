"""The barrel rows of RULES.md's convention table, profile by profile.

Falls, failed stays, write-offs beside a sitter, defender rounding, the 555
reset and bolts at the barrel, with the expected scores written out by hand
for each of the five profiles (RULES.md, the barrel; the profiles).
"""

import pytest

from analysis.rules import Rules
from analysis.scoring import DealOutcome, TableState, apply_deal, new_table, write_off_allowed

CLUB, CLASSIC, BOOK, UA, WIKI = (Rules.profile(n) for n in ("club", "classic", "book", "ua", "wiki"))


def play(d, contract, raw, tricks):
    return DealOutcome(declarer=d, contract=contract, raw=raw, tricks=tricks)


def write_off(d, contract):
    return DealOutcome(declarer=d, contract=contract, written_off=True)


def at(scores, barrel=(-1, -1, -1), **kw):
    return TableState(scores=scores, barrel=barrel, **kw)


@pytest.mark.parametrize(
    "rules, after_fall", [(CLUB, 760), (CLASSIC, 760), (BOOK, 800), (UA, 760), (WIKI, 760)]
)
def test_fall_after_three_attempts_per_profile(rules, after_fall):
    t = rules.barrel_threshold
    s = at((t, 0, 0), (0, -1, -1), dealer=0)
    results = []
    for d in (1, 2, 1):
        raw, tricks = [20, 10, 10], [1, 1, 1]
        raw[d], tricks[d] = 100, 6
        s = apply_deal(rules, s, play(d, 100, raw, tricks)).state
        results.append((s.scores[0], s.barrel[0]))
    assert results == [(t, 1), (t, 2), (after_fall, -1)]


@pytest.mark.parametrize(
    "rules, dealer, after",
    [
        (CLUB, 2, 880 - 120),
        (CLASSIC, 2, 760),
        (UA, 2, 760),
        (WIKI, 2, 760),
        (BOOK, 2, 900 - 120),  # the first hand (0) fails: single penalty
        (BOOK, 0, 900 - 240),
    ],
)  # not the first hand: double
def test_own_failed_contract_on_barrel_per_profile(rules, dealer, after):
    t = rules.barrel_threshold
    res = apply_deal(rules, at((t, 0, 0), (1, -1, -1), dealer=dealer), play(0, 120, (110, 5, 5), (6, 1, 1)))
    assert res.state.scores[0] == after
    assert res.state.barrel[0] == -1 and res.state.failed_stays[0] == 1
    assert res.events == ["failed_contract:0"]


@pytest.mark.parametrize("rules", [CLUB, CLASSIC, BOOK, UA, WIKI])
def test_write_off_pays_nobody_on_the_barrel_per_profile(rules):
    t = rules.barrel_threshold
    res = apply_deal(rules, at((100, t, 0), (-1, 0, -1)), write_off(0, 120))
    pay = {"club": 60, "classic": 60, "book": 40, "ua": 60, "wiki": 60}[rules.name]
    assert res.state.scores == (-20, t, pay)
    assert res.state.barrel == (-1, 1, -1)


def test_wiki_write_off_on_barrel_allowed():
    res = apply_deal(WIKI, at((880, 100, 100), (2, -1, -1)), write_off(0, 125))
    assert res.state.scores == (755, 165, 165)
    assert res.events == ["barrel_write_off:0"]


@pytest.mark.parametrize(
    "rules, written",
    [(CLUB, (25, 15)), (CLASSIC, (25, 15)), (BOOK, (25, 15)), (WIKI, (25, 15)), (UA, (23, 13))],
)
def test_defender_rounding_per_profile(rules, written):
    res = apply_deal(rules, new_table(rules, 2), play(0, 160, (164, 23, 13), (5, 2, 1)))
    assert res.deltas.tolist() == [160, *written]


@pytest.mark.parametrize("rules", [BOOK, UA])
def test_no_555_reset_book_ua(rules):
    res = apply_deal(rules, at((455, 0, -435), dealer=2), play(0, 100, (100, 0, 0), (8, 0, 0)))
    assert res.state.scores == (555, 0, -435) and res.events == []
    res = apply_deal(rules, at((0, 0, -435), dealer=1), play(2, 120, (0, 0, 100), (0, 0, 8)))
    assert res.state.scores[2] == -555


def test_classic_declarer_and_sitter_get_no_bolt():
    s = at((880, 0, 0), (0, -1, -1), bolts=(2, 2, 0), dealer=0)
    res = apply_deal(CLASSIC, s, play(1, 120, (0, 0, 130), (0, 0, 8)))
    assert res.bolts.tolist() == [False, False, False]
    assert res.state.scores == (880, -120, 130) and res.state.bolts == (2, 2, 0)


def test_club_sitter_making_a_contract_short_of_the_target_is_capped():
    r = CLUB.with_changes(target=1005)  # needs 125 from 880
    res = apply_deal(r, at((880, 0, 0), (0, -1, -1)), play(0, 120, (130, 0, 0), (8, 0, 0)))
    assert res.state.scores[0] == 880 and res.state.barrel[0] == 1 and res.state.winner == -1


@pytest.mark.parametrize(
    "rules, allowed", [(CLUB, False), (CLASSIC, True), (BOOK, False), (UA, True), (WIKI, True)]
)
def test_write_off_allowed_on_the_barrel_per_profile(rules, allowed):
    s = at((rules.barrel_threshold, 0, 0), (0, -1, -1))
    assert write_off_allowed(rules, s, 0) is allowed
    assert write_off_allowed(rules, s, 1) is True
    if not allowed:
        with pytest.raises(ValueError):
            apply_deal(rules, s, write_off(0, 120))
