"""Players arriving on the barrel in the same deal (Rules.barrel_arrivals).

RULES.md, seats on the barrel; club seed 000: «Одновременно прибывшие новые
игроки остаются, максимум двое».  Every combination of earlier sitters
(0, 1, 2) and simultaneous arrivals (1, 2, 3) on one- and two-seat barrels,
under both values of the field, against the rule as written out in
``expected`` below; then worked examples with the scores written by hand.
"""

import itertools

import pytest

from analysis.rules import Rules
from analysis.scoring import DealOutcome, TableState, apply_deal, check_state

CLUB, CLASSIC, BOOK = (Rules.profile(n) for n in ("club", "classic", "book"))


def test_every_profile_defaults_to_seats_and_all_is_accepted():
    for name in ("club", "classic", "book", "ua", "wiki"):
        assert Rules.profile(name).barrel_arrivals == "seats"
    assert CLUB.with_changes("barrel_arrivals=all").barrel_arrivals == "all"
    with pytest.raises(ValueError, match="'barrel_arrivals'.*not one of seats, all"):
        CLUB.with_changes("barrel_arrivals=some")


def test_stored_rules_without_the_field_read_as_all():
    old = CLUB.to_dict()
    del old["barrel_arrivals"]
    assert Rules.from_stored(old).barrel_arrivals == "all"
    assert Rules.from_stored(CLUB.to_dict()) == CLUB
    # a hand-written partial dict still takes club's defaults
    assert Rules.from_dict({"target": 1001}).barrel_arrivals == "seats"


def test_the_seed_example_three_arrive_two_stay():
    # declarer 800 + 100 = 900; 860 + 20 = 880 twice: 0 stays first, then the
    # tie 1 v 2 goes by play order from the declarer (0, 1, 2): 1 stays
    res = apply_deal(
        CLUB,
        TableState(scores=(800, 860, 860), dealer=2),
        DealOutcome(declarer=0, contract=100, raw=(120, 20, 20), tricks=(6, 1, 1)),
    )
    assert res.state.barrel == (0, 0, -1)
    assert res.state.scores == (880, 880, 760)
    assert res.state.failed_stays == (0, 0, 1)
    assert res.events == ["barrel_enter:0", "barrel_enter:1", "knocked_off:2"]
    assert res.deltas.tolist() == [80, 20, -100]
    res = apply_deal(
        CLUB.with_changes("barrel_arrivals=all"),
        TableState(scores=(800, 860, 860), dealer=2),
        DealOutcome(declarer=0, contract=100, raw=(120, 20, 20), tricks=(6, 1, 1)),
    )
    assert res.state.barrel == (0, 0, 0) and res.state.scores == (880, 880, 880)


def test_ties_go_in_play_order_from_the_declarer():
    # declarer 2; all three reach exactly 880: 2, then his left 0, stay
    res = apply_deal(
        CLUB,
        TableState(scores=(860, 860, 780), dealer=1),
        DealOutcome(declarer=2, contract=100, raw=(20, 20, 100), tricks=(1, 1, 6)),
    )
    assert res.state.barrel == (0, -1, 0) and res.state.scores == (880, 760, 880)
    # one seat (classic): two defenders arrive at 880 under declarer 1; his left is 2
    res = apply_deal(
        CLASSIC,
        TableState(scores=(860, 0, 860), dealer=0),
        DealOutcome(declarer=1, contract=100, raw=(20, 100, 20), tricks=(1, 6, 1)),
    )
    assert res.state.barrel == (-1, -1, 0) and res.state.scores == (760, 100, 880)
    assert res.events == ["knocked_off:0", "barrel_enter:2"]


def test_the_highest_score_before_the_cap_stays():
    # classic: defender 0 reaches 860 + 40 = 900, the declarer 1 only 880
    res = apply_deal(
        CLASSIC,
        TableState(scores=(860, 780, 0), dealer=0),
        DealOutcome(declarer=1, contract=100, raw=(40, 100, 0), tricks=(1, 7, 0)),
    )
    assert res.state.barrel == (0, -1, -1) and res.state.scores == (880, 760, 0)
    assert res.state.failed_stays == (0, 1, 0)


def test_book_knock_off_of_an_arrival_goes_to_780():
    res = apply_deal(
        BOOK,
        TableState(scores=(800, 880, 0), dealer=2),
        DealOutcome(declarer=0, contract=100, raw=(100, 20, 0), tricks=(7, 1, 0)),
    )
    assert res.state.scores == (900, 780, 0) and res.state.barrel == (0, -1, -1)
    assert res.events == ["barrel_enter:0", "knocked_off:1"]


def test_club_third_failed_stay_of_a_knocked_off_arrival_scores_zero():
    res = apply_deal(
        CLUB,
        TableState(scores=(800, 860, 860), dealer=2, failed_stays=(2, 2, 2)),
        DealOutcome(declarer=0, contract=100, raw=(120, 20, 20), tricks=(6, 1, 1)),
    )
    assert res.state.scores == (880, 880, 0) and res.state.failed_stays == (2, 2, 3)
    assert res.events == ["barrel_enter:0", "barrel_enter:1", "knocked_off:2", "barrel_zero:2"]


def _cases():
    for seats, mode in itertools.product((1, 2), ("seats", "all")):
        for earlier_n, arrive_n in itertools.product((0, 1, 2), (1, 2, 3)):
            if earlier_n + arrive_n > 3:
                continue
            for earlier in itertools.combinations(range(3), earlier_n):
                rest = [p for p in range(3) if p not in earlier]
                for arrivals, d in ((a, d) for a in itertools.combinations(rest, arrive_n) for d in a):
                    for gains in itertools.product((0, 20), repeat=len(arrivals)):
                        yield (seats, mode, list(earlier), list(arrivals), d, dict(zip(arrivals, gains)))


def expected(seats, mode, earlier, arrivals, d, pre_cap):
    """The rule as RULES.md writes it, player by player."""
    if mode == "all" or len(arrivals) <= seats:
        stay = set(arrivals)
    else:
        play_order = [d, (d + 1) % 3, (d + 2) % 3]
        ranked = sorted(arrivals, key=lambda p: (-pre_cap[p], play_order.index(p)))
        stay = set(ranked[:seats])
    knock_earlier = len(earlier) + len(stay) > seats
    events = [f"knocked_off:{p}" for p in earlier if knock_earlier]
    events += [f"barrel_enter:{p}" if p in stay else f"knocked_off:{p}" for p in arrivals]
    off = {p for p in earlier if knock_earlier} | (set(arrivals) - stay)
    return stay, off, events


@pytest.mark.parametrize("zero", [False, True])
def test_every_combination_of_sitters_and_arrivals(zero):
    n = 0
    for seats, mode, earlier, arrivals, d, gain in _cases():
        rules = CLUB.with_changes(barrel_seats=seats, barrel_arrivals=mode, barrel_third_fall_zero=zero)
        t = rules.barrel_threshold
        scores, raw, tricks = [0.0] * 3, [0] * 3, [0] * 3
        pre_cap = {}
        for p in earlier:
            scores[p] = t
        for p in arrivals:
            if p == d:  # makes 100: from t - 100 + gain to t + gain
                scores[p], raw[p] = t - 100 + gain[p], 100
                pre_cap[p] = t + gain[p]
            else:  # takes 20 + gain as a defender
                scores[p], raw[p], tricks[p] = t - 20, 20 + gain[p], 1
                pre_cap[p] = t + gain[p]
        tricks[d] = 8 - sum(tricks)
        barrel = tuple(0 if p in earlier else -1 for p in range(3))
        failed = (2, 2, 2) if zero else (0, 1, 0)
        state = TableState(scores=tuple(scores), barrel=barrel, failed_stays=failed, dealer=(d - 1) % 3)
        res = apply_deal(
            rules, state, DealOutcome(declarer=d, contract=100, raw=tuple(raw), tricks=tuple(tricks))
        )
        stay, off, events = expected(seats, mode, earlier, arrivals, d, pre_cap)
        zeroed = off if zero else set()
        events += [f"barrel_zero:{p}" for p in sorted(zeroed)]
        what = (seats, mode, earlier, arrivals, d, gain)
        assert res.events == events, what
        for p in range(3):
            if p in off:
                want = (0.0 if p in zeroed else t - 120.0, -1, failed[p] + 1)
            elif p in stay:
                want = (float(t), 0, failed[p])
            elif p in earlier:
                want = (float(t), 1, failed[p])
            else:
                want = (0.0, -1, failed[p])
            got = (res.state.scores[p], res.state.barrel[p], res.state.failed_stays[p])
            assert got == want, (what, p)
        sitters = sum(a >= 0 for a in res.state.barrel)
        if mode == "seats":
            assert sitters <= seats, what
            if sum(a >= 0 for a in barrel) <= seats:
                check_state(rules, res.state)
        n += 1
    # per (seats, mode): sum over e sitters, a arrivals of C(3, e) C(3 - e, a)
    # placements x a declarers x 2^a score patterns = 54 + 36 + 6
    assert n == 4 * 96


def test_check_state_counts_the_seats_under_seats_only():
    three = TableState(scores=(880, 880, 880), barrel=(0, 0, 0))
    with pytest.raises(ValueError, match="3 players sit on the barrel, which has 2 seats"):
        check_state(CLUB, three)
    check_state(CLUB.with_changes("barrel_arrivals=all"), three)
