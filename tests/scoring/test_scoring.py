"""One deal's effect on the table (analysis.scoring).

Worked examples of RULES.md (1, 2, 3, 4, 6, 8, 9), then for each profile a
scripted sequence per convention row it differs on, with the expected
scores written out by hand.  The barrel rows per profile are in
``test_barrel_rows.py``, the invariants over random sequences in
``test_scoring_invariants.py``.
"""

import numpy as np
import pytest

from analysis.rules import Rules
from analysis.scoring import (
    DealOutcome,
    TableState,
    apply_deal,
    check_state,
    declarer_delta,
    new_table,
    round_defender_points,
    write_off_payment,
)

CLUB, CLASSIC, BOOK, UA, WIKI = (Rules.profile(n) for n in ("club", "classic", "book", "ua", "wiki"))
REDEAL = DealOutcome(redeal=True)


def play(d, contract, raw, tricks, **kw):
    return DealOutcome(declarer=d, contract=contract, raw=raw, tricks=tricks, **kw)


def write_off(d, contract):
    return DealOutcome(declarer=d, contract=contract, written_off=True)


def run(rules, state, outcomes):
    """Apply outcomes in order; return the last state and all events."""
    events = []
    for o in outcomes:
        res = apply_deal(rules, state, o)
        state = res.state
        events += res.events
    return state, events


def at(scores, barrel=(-1, -1, -1), **kw):
    return TableState(scores=scores, barrel=barrel, **kw)


# --- worked examples -----------------------------------------------------


def test_example_1_club_contract_and_defenders():
    res = apply_deal(CLUB, new_table(CLUB, 2), play(0, 160, (84 + 80, 23, 13), (5, 2, 1)))
    assert res.deltas.tolist() == [160, 25, 15]
    assert res.state.scores == (160, 25, 15)
    res = apply_deal(CLUB, new_table(CLUB, 2), play(0, 160, (84, 23, 13), (5, 2, 1)))
    assert res.deltas.tolist() == [-160, 25, 15]


@pytest.mark.parametrize("rules", [CLUB, CLASSIC, UA])
def test_example_2_barrel_win_with_120(rules):
    res = apply_deal(rules, at((880, 300, 200), (0, -1, -1)), play(0, 120, (120, 0, 0), (8, 0, 0)))
    assert res.state.winner == 0 and res.state.scores[0] == 1000
    assert "win:0" in res.events


def test_example_2_wiki_needs_125():
    s0 = at((880, 300, 200), (0, -1, -1))
    res = apply_deal(WIKI, s0, play(0, 120, (120, 0, 0), (8, 0, 0)))
    assert res.state.winner == -1
    assert res.state.scores[0] == 880 and res.state.barrel[0] == 1  # capped back, attempt spent
    res = apply_deal(WIKI, res.state, play(0, 125, (140, 0, 0), (8, 0, 0)))
    assert res.state.winner == 0 and res.state.scores[0] == 1005


@pytest.mark.parametrize("rules", [CLUB, CLASSIC])
def test_example_3_three_defences_then_fall(rules):
    s = at((880, 0, 0), (0, -1, -1))
    deltas = []
    for d in (1, 2, 1):
        raw = [30, 10, 10]
        raw[d] = 100
        tricks = [2, 1, 1]
        tricks[d] = 5
        res = apply_deal(rules, s, play(d, 100, raw, tricks))
        deltas.append(res.deltas[0])
        s = res.state
    assert deltas == [0, 0, -120]
    assert s.scores == (760, 100 + 10 + 100, 10 + 100 + 10)
    assert s.barrel == (-1, -1, -1) and s.failed_stays == (1, 0, 0)


@pytest.mark.parametrize("raw, written", [(12, 10), (13, 15), (17, 15), (18, 20)])
def test_example_4_classic_rounding(raw, written):
    assert round_defender_points(CLASSIC, raw) == written
    res = apply_deal(CLASSIC, new_table(CLASSIC, 2), play(0, 100, (100, raw, 20 - raw), (6, 1, 1)))
    assert res.deltas[1] == written


def test_example_4_book_rounding_and_full_table():
    assert round_defender_points(BOOK, np.array([36, 99])).tolist() == [35, 100]
    digits = np.arange(0, 30)
    expect = [
        0,
        0,
        0,
        5,
        5,
        5,
        5,
        5,
        10,
        10,
        10,
        10,
        10,
        15,
        15,
        15,
        15,
        15,
        20,
        20,
        20,
        20,
        20,
        25,
        25,
        25,
        25,
        25,
        30,
        30,
    ]
    assert round_defender_points(CLUB, digits).tolist() == expect
    assert round_defender_points(UA, digits).tolist() == digits.tolist()


def test_example_6_book_cap_at_900_then_win_with_100():
    res = apply_deal(BOOK, at((880, 0, 0), dealer=2), play(0, 150, (150, 0, 0), (8, 0, 0)))
    assert res.state.scores[0] == 900 and res.state.barrel[0] == 0
    assert res.events == ["barrel_enter:0"]
    assert BOOK.barrel_min_contract == 100
    res = apply_deal(BOOK, at((900, 0, 0), (0, -1, -1), dealer=2), play(0, 100, (100, 20, 0), (6, 2, 0)))
    assert res.state.winner == 0 and res.state.scores == (1000, 20, 0)  # opponents still score


def test_example_8_ua_contract_130():
    res = apply_deal(UA, new_table(UA, 2), play(0, 130, (145, 13, 22), (6, 1, 1)))
    assert res.deltas.tolist() == [130, 13, 22]  # ua: actual points for defenders
    res = apply_deal(UA, new_table(UA, 2), play(0, 130, (129, 23, 8), (6, 1, 1)))
    assert res.deltas.tolist() == [-130, 23, 8]


def test_example_9_wiki_zero_trick_is_not_a_bolt_but_club_zero_points_is():
    o = play(0, 100, (110, 10, 0), (6, 1, 1))  # player 2 took 9-9-9 only
    assert apply_deal(WIKI, new_table(WIKI, 2), o).bolts.tolist() == [False, False, False]
    assert apply_deal(CLUB, new_table(CLUB, 2), o).bolts.tolist() == [False, False, True]
    o = play(0, 100, (110, 10, 0), (7, 1, 0))
    assert apply_deal(WIKI, new_table(WIKI, 2), o).bolts.tolist() == [False, False, True]


def test_declarer_reaches_contract_before_rounding():
    assert declarer_delta(CLUB, 160, 159, True) == -160
    assert declarer_delta(CLUB, 160, 160, False) == 160
    assert declarer_delta(BOOK, 160, 159, True) == -160
    assert declarer_delta(BOOK, 160, 159, False) == -320


# --- club ------------------------------------------------------------------


def test_club_write_off_halves_kept_exact():
    s, _ = run(CLUB, new_table(CLUB), [write_off(0, 125), write_off(1, 105)])
    assert s.scores == (-125 + 52.5, 62.5 - 105, 62.5 + 52.5)
    assert s.dealer == 2 and s.deals == 2


def test_club_write_off_on_barrel_forbidden():
    with pytest.raises(ValueError, match="write_off_on_barrel"):
        apply_deal(CLUB, at((880, 0, 0), (0, -1, -1)), write_off(0, 120))


def test_club_write_off_pays_no_sitter_but_spends_his_attempt():
    res = apply_deal(CLUB, at((100, 880, 0), (-1, 1, -1)), write_off(0, 120))
    assert res.state.scores == (-20, 880, 60)
    assert res.state.barrel == (-1, 2, -1)


def test_club_bolts_cumulative_zero_points_declarer_exempt():
    s = new_table(CLUB, 2)
    deals = [
        play(0, 100, (110, 10, 0), (6, 2, 0)),  # 2 bolts (1)
        play(1, 100, (15, 105, 0), (1, 6, 1)),  # 2 took a 0-point trick: bolt (2)
        play(2, 100, (20, 0, 100), (2, 0, 6)),  # 1 bolts (1)
        play(0, 120, (0, 60, 60), (0, 4, 4)),  # declarer 0 with nothing: no bolt, −120
        play(1, 100, (40, 110, 0), (2, 6, 0)),  # 2: third bolt → −120, reset
    ]
    bolts = []
    for o in deals:
        res = apply_deal(CLUB, s, o)
        s = res.state
        bolts.append(s.bolts)
    assert bolts == [(0, 0, 1), (0, 0, 2), (0, 1, 2), (0, 1, 2), (0, 1, 0)]
    assert s.scores == (55, 270, 40)
    assert res.events == ["bolt_penalty:2"]


def test_club_no_bolts_after_write_off_and_none_on_the_barrel():
    s = at((100, 880, 0), (-1, 0, -1), bolts=(0, 0, 2))
    res = apply_deal(CLUB, s, write_off(0, 100))
    assert res.state.bolts == (0, 0, 2) and not res.bolts.any()
    # the sitter (1) takes nothing: no bolt, no points; 2 bolts for the third time
    res = apply_deal(CLUB, res.state, play(0, 120, (120, 0, 0), (8, 0, 0)))
    assert res.bolts.tolist() == [False, False, True]
    assert res.state.scores == (0 + 120, 880, 50 - 120)
    assert res.state.bolts == (0, 0, 0)


def test_club_two_seats_then_third_arrival_knocks_both_off():
    s = at((880, 800, 700), (0, -1, -1))
    res = apply_deal(CLUB, s, play(1, 100, (10, 105, 5), (1, 6, 1)))
    assert res.state.scores == (880, 880, 705) and res.state.barrel == (1, 0, -1)
    assert res.events == ["barrel_enter:1"]
    res = apply_deal(CLUB, res.state, play(2, 180, (0, 0, 200), (0, 0, 8)))
    assert res.state.scores == (760, 760, 880)
    assert res.state.barrel == (-1, -1, 0) and res.state.failed_stays == (1, 1, 0)
    assert res.events == ["knocked_off:0", "knocked_off:1", "barrel_enter:2"]
    assert res.deltas.tolist() == [-120, -120, 175]


def test_club_one_sitter_two_arrivals_both_stay():
    s = at((880, 800, 810), (1, -1, -1))
    res = apply_deal(CLUB, s, play(1, 100, (5, 120, 75), (1, 5, 2)))
    assert res.state.scores == (760, 880, 880)
    assert res.state.barrel == (-1, 0, 0)


def test_club_own_failed_contract_on_barrel_ends_the_stay():
    res = apply_deal(CLUB, at((880, 0, 0), (0, -1, -1)), play(0, 120, (110, 5, 5), (6, 1, 1)))
    assert res.state.scores == (760, 5, 5)
    assert res.state.barrel == (-1, -1, -1) and res.state.failed_stays == (1, 0, 0)
    assert res.events == ["failed_contract:0"]


def test_club_third_failed_stay_scores_zero():
    s = at((880, 0, 0), (2, -1, -1), failed_stays=(2, 0, 0))
    res = apply_deal(CLUB, s, play(1, 100, (30, 100, 10), (2, 5, 1)))
    assert res.state.scores == (0, 100, 10)
    assert res.events == ["barrel_fall:0", "barrel_zero:0"]
    # a knock-off as the third failed stay also zeroes
    s = at((880, 800, 0), (0, -1, -1), failed_stays=(2, 0, 0))
    res = apply_deal(
        CLASSIC.with_changes(barrel_third_fall_zero=True), s, play(1, 100, (5, 110, 5), (1, 6, 1))
    )
    assert res.state.scores == (0, 880, 5)


def test_club_no_555_reset():
    res = apply_deal(CLUB, at((455, 0, 0), dealer=2), play(0, 100, (100, 15, 5), (6, 1, 1)))
    assert res.state.scores == (555, 15, 5)


# --- classic ---------------------------------------------------------------


def test_classic_write_off_rounded_to_five_ties_up():
    s, _ = run(CLASSIC, new_table(CLASSIC), [write_off(0, 125), write_off(1, 130), write_off(2, 120)])
    assert s.scores == (-125 + 65 + 60, 65 - 130 + 60, 65 + 65 - 120)


def test_classic_write_off_on_barrel_allowed_and_ends_the_stay():
    res = apply_deal(CLASSIC, at((880, 100, 100), (1, -1, -1)), write_off(0, 120))
    assert res.state.scores == (760, 160, 160)
    assert res.state.barrel == (-1, -1, -1) and res.state.failed_stays == (1, 0, 0)
    assert res.events == ["barrel_write_off:0"]


def test_classic_555_positive_only_wiki_both():
    o = play(0, 100, (100, 15, 5), (6, 1, 1))
    res = apply_deal(CLASSIC, at((455, 0, -560), dealer=2), o)
    assert res.state.scores == (0, 15, -555) and res.events == ["reset_555:0"]
    res = apply_deal(WIKI, at((455, 0, -560), dealer=2), o)
    assert res.state.scores == (0, 15, 0) and res.events == ["reset_555:0", "reset_555:2"]


def test_classic_one_seat_arrival_knocks_the_sitter_off():
    res = apply_deal(CLASSIC, at((880, 800, 0), (0, -1, -1)), play(1, 100, (10, 110, 5), (1, 6, 1)))
    assert res.state.scores == (760, 880, 5)
    assert res.state.barrel == (-1, 0, -1)
    assert res.events == ["knocked_off:0", "barrel_enter:1"]


def test_classic_no_zero_after_third_failed_stay():
    s = at((880, 0, 0), (2, -1, -1), failed_stays=(2, 0, 0))
    res = apply_deal(CLASSIC, s, play(1, 100, (30, 100, 10), (2, 5, 1)))
    assert res.state.scores == (760, 100, 10) and res.state.failed_stays == (3, 0, 0)


def test_classic_bolts_zero_points_third_one_costs_120():
    s = at((50, 0, 0), bolts=(0, 2, 0), dealer=2)
    res = apply_deal(CLASSIC, s, play(0, 100, (110, 0, 10), (6, 1, 1)))  # 0-point trick
    assert res.state.scores == (150, -120, 10) and res.state.bolts == (0, 0, 0)


# --- book ----------------------------------------------------------------


def test_book_double_penalty_off_first_hand_and_fixed_write_off():
    s = new_table(BOOK, 0)  # first hand 1
    s, _ = run(
        BOOK,
        s,
        [
            play(1, 120, (20, 100, 0), (1, 7, 0)),  # first hand fails: −120
            play(0, 120, (110, 10, 0), (7, 1, 0)),  # dealer 1, first hand 2: 0 fails, −240
            write_off(1, 140),  # write-off is never doubled; 40 each
        ],
    )
    assert s.scores == (20 - 240 + 40, -120 + 10 - 140, 0 + 0 + 40)
    with pytest.raises(ValueError, match="first hand"):
        apply_deal(BOOK, new_table(BOOK, 0), play(0, 120, (110, 10, 0), (7, 1, 0), declarer_first_hand=True))


def test_book_no_bolts():
    s = at((0, 0, 0), dealer=2)
    for _ in range(3):
        s = apply_deal(BOOK, s, play(0, 100, (110, 10, 0), (7, 1, 0))).state
    assert s.bolts == (0, 0, 0)
    assert s.scores == (300, 30, 0)  # player 2 took nothing three times: no penalty


def test_book_write_off_on_barrel_forbidden_and_fall_costs_100():
    with pytest.raises(ValueError):
        apply_deal(BOOK, at((900, 0, 0), (0, -1, -1)), write_off(0, 100))
    res = apply_deal(BOOK, at((900, 0, 0), (2, -1, -1)), play(1, 100, (30, 100, 10), (2, 5, 1)))
    assert res.state.scores == (800, 100, 10)


def test_book_own_failed_contract_on_barrel_is_doubled():
    res = apply_deal(BOOK, at((900, 0, 0), (0, -1, -1), dealer=0), play(0, 100, (95, 15, 10), (6, 1, 1)))
    assert res.state.scores == (700, 15, 10) and res.events == ["failed_contract:0"]


def test_book_one_seat():
    res = apply_deal(BOOK, at((900, 850, 0), (0, -1, -1)), play(1, 100, (5, 110, 5), (1, 6, 1)))
    assert res.state.scores == (780, 900, 5) and res.state.barrel == (-1, 0, -1)


def test_book_four_marriages_win_at_once():
    s = at((300, 500, 100), dealer=1)
    res = apply_deal(BOOK, s, play(0, 100, (0, 120, 0), (0, 8, 0), four_marriages=2))
    assert res.state.winner == 2 and res.state.scores == (300, 500, 100)
    assert res.events == ["four_marriages:2", "win:2"]
    # other profiles play the deal normally
    res = apply_deal(CLUB, s, play(0, 100, (0, 120, 0), (0, 8, 0), four_marriages=2))
    assert res.state.winner == -1 and res.state.scores == (200, 620, 100)


# --- ua ----------------------------------------------------------------------


def test_ua_write_off_sixty_and_allowed_on_barrel():
    res = apply_deal(UA, at((880, 100, 100), (0, -1, -1)), write_off(0, 120))
    assert res.state.scores == (760, 160, 160)
    res = apply_deal(UA, new_table(UA), write_off(2, 200))
    assert res.state.scores == (60, 60, -200)


def test_ua_no_rounding_no_bolts_one_seat():
    s = at((880, 860, 0), (0, -1, -1), dealer=2)
    res = apply_deal(UA, s, play(0, 100, (99, 21, 0), (6, 2, 0)))
    assert res.state.scores == (780, 880, 0)  # failed stay; 860 + 21 capped; no bolt
    assert res.state.bolts == (0, 0, 0)
    assert res.state.barrel == (-1, 0, -1)


# --- wiki --------------------------------------------------------------------


def test_wiki_streak_broken_by_a_deal_not_by_write_offs_or_redeals():
    s = new_table(WIKI, 2)
    bolt2 = play(0, 100, (110, 10, 0), (7, 1, 0))
    s, _ = run(WIKI, s, [bolt2, bolt2])
    assert s.bolts == (0, 0, 2)
    s, _ = run(WIKI, s, [write_off(1, 100), REDEAL])
    assert s.bolts == (0, 0, 2)
    res = apply_deal(WIKI, s, play(1, 100, (10, 110, 0), (1, 7, 0)))
    assert res.events == ["bolt_penalty:2"] and res.state.bolts == (0, 0, 0)
    # 2 + 50 + 50 (write-off 100 → 50) − 120
    assert res.state.scores[2] == -70
    s = apply_deal(WIKI, at((0, 0, 0), bolts=(0, 0, 2)), play(0, 100, (100, 10, 10), (6, 1, 1))).state
    assert s.bolts == (0, 0, 0)  # a trick, even worth 0 points, breaks the streak


def test_wiki_declarer_can_get_a_bolt():
    res = apply_deal(WIKI, at((0, 0, 0), bolts=(2, 0, 0)), play(0, 120, (0, 60, 60), (0, 4, 4)))
    assert res.bolts.tolist() == [True, False, False]
    assert res.state.scores == (-240, 60, 60)


def test_wiki_write_off_half_round5_and_target_1001():
    res = apply_deal(WIKI, new_table(WIKI), write_off(0, 115))
    assert res.state.scores == (-115, 60, 60)
    assert WIKI.barrel_min_contract == 125


def test_wiki_sitter_no_bolt_no_points_one_seat():
    s = at((880, 0, 870), (0, -1, -1), bolts=(2, 0, 0), dealer=0)
    res = apply_deal(WIKI, s, play(2, 120, (0, 0, 130), (0, 0, 8)))
    # sitter 0: no bolt although trickless; 2 arrives and knocks 0 off; 1 bolts
    assert res.bolts.tolist() == [False, True, False]
    assert res.state.scores == (760, 0, 880)
    assert res.state.bolts == (0, 1, 0)  # the sitter's streak broken by the deal †


# --- house variants: fields that only matter off the profiles ---------------


def test_barrel_defender_scores_brings_bolts_to_sitters():
    r = CLUB.with_changes(barrel_defender_scores=True)
    s = at((880, 0, 0), (0, -1, -1), bolts=(2, 0, 0), dealer=2)
    res = apply_deal(r, s, play(1, 100, (0, 110, 10), (0, 7, 1)))
    assert res.state.scores == (760, 100, 10)
    assert res.events == ["bolt_penalty:0", "barrel_exit:0"]
    res = apply_deal(r, at((880, 0, 0), (0, -1, -1)), play(1, 100, (60, 100, 10), (3, 4, 1)))
    assert res.state.scores == (880, 100, 10) and res.state.winner == -1


def test_write_off_pays_no_barrel_sitter():
    res = apply_deal(CLUB, at((100, 880, 0), (-1, 0, -1)), write_off(0, 120))
    assert res.state.scores == (-20, 880, 60)
    assert res.deltas.tolist() == [-120, 0, 60]


def test_redeal_changes_only_the_deal_count():
    s = at((880, 10, 20), (1, -1, -1), dealer=1, deals=4)
    res = apply_deal(CLUB, s, REDEAL)
    assert res.state == TableState(scores=(880, 10, 20), barrel=(1, -1, -1), dealer=1, deals=5)
    assert res.deltas.tolist() == [0, 0, 0] and res.events == []


# --- bad input ------------------------------------------------------------------


def test_bad_input_raises():
    with pytest.raises(ValueError, match="contract"):
        play(0, 123, (0, 0, 0), (8, 0, 0))
    with pytest.raises(ValueError, match="tricks"):
        play(0, 120, (120, 0, 0), (7, 0, 0))
    with pytest.raises(ValueError, match="defender 1"):
        play(0, 120, (100, 20, 0), (8, 0, 0))
    with pytest.raises(ValueError, match="bid"):
        DealOutcome(declarer=0, contract=120, bid=125, raw=(120, 0, 0), tricks=(8, 0, 0))
    with pytest.raises(ValueError, match="declarer"):
        DealOutcome(declarer=3, contract=120, raw=(120, 0, 0), tricks=(8, 0, 0))
    with pytest.raises(ValueError, match="scores"):
        TableState(scores=(1, 2))
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError, match="finite"):
            TableState(scores=(bad, 0, 0))
    with pytest.raises(ValueError, match="dealer"):
        new_table(CLUB, 3)
    with pytest.raises(ValueError, match="game is over"):
        apply_deal(CLUB, TableState(scores=(1000, 0, 0), winner=0), REDEAL)
    with pytest.raises(ValueError, match="above the barrel"):
        check_state(CLUB, TableState(scores=(900, 0, 0)))


@pytest.mark.parametrize("rules", [CLUB, CLASSIC, BOOK, UA, WIKI])
def test_write_off_payment_rounds_as_the_profile_says(rules):
    for contract in range(100, 405, 5):
        pay = write_off_payment(rules, contract)
        if rules.write_off_payment == "half":
            assert pay == contract / 2
        elif rules.write_off_payment == "half_round5":
            assert pay % 5 == 0 and abs(pay - contract / 2) <= 2.5
            assert pay >= contract / 2  # ties go up
        else:
            assert pay == rules.write_off_fixed
        res = apply_deal(rules, new_table(rules, 0), write_off(1, contract))
        assert res.deltas.tolist() == [pay, -contract, pay]
    with pytest.raises(ValueError):
        write_off_payment(rules, 102)
