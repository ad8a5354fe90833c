"""Worked examples of the seeds' small conventions (wiki 004, ua 003, classic 001)."""

import pytest

from analysis.rules import PROFILES, Rules
from analysis.scoring import (
    DealOutcome,
    TableState,
    apply_deal,
    check_state,
    crossing_allowed,
    declarer_delta,
    give_up_allowed,
    write_off_allowed,
)

CLUB, CLASSIC, UA, WIKI = (PROFILES[n] for n in ("club", "classic", "ua", "wiki"))
REDEAL = DealOutcome(redeal=True)


def _give_up(d, contract=120):
    return DealOutcome(declarer=d, contract=contract, written_off=True)


def test_crossing_keeps_the_declarers_score_and_bolts_each_opponent():
    # wiki «крещусь»: "ему ставится крест (+), а соперникам болт"
    r = WIKI.with_changes(crossing="allowed")
    st = TableState(scores=(300, 200, 100), bolts=(0, 2, 1), dealer=2)
    res = apply_deal(r, st, _give_up(0, 140))
    # player 1 reaches his third bolt in a row: -120, counter reset
    assert res.state.scores == (300, 80, 100)
    assert res.state.bolts == (0, 0, 2)
    assert res.events == ["crossed:0", "bolt_penalty:1"]
    assert res.bolts.tolist() == [False, True, True]
    # the same give-up without crossing is wiki's write-off: -140, +70 each
    assert apply_deal(WIKI, st, _give_up(0, 140)).state.scores == (160, 270, 170)


def test_crossing_banned_while_anyone_sits_on_the_barrel():
    # wiki: "Если один из игроков находится на бочке, для всех участников игры крещение запрещено"
    r = WIKI.with_changes(crossing="not_on_barrel")
    sits = TableState(scores=(300, 880, 100), barrel=(-1, 0, -1), dealer=2)
    assert not crossing_allowed(r, sits, 0) and crossing_allowed(r, TableState(), 0)
    res = apply_deal(r, sits, _give_up(0, 140))  # a write-off instead
    assert res.state.scores == (160, 880, 170) and "crossed:0" not in res.events
    assert crossing_allowed(WIKI.with_changes(crossing="allowed"), sits, 0)


def test_crossing_needs_bolts():
    with pytest.raises(ValueError, match="crossing"):
        UA.with_changes(crossing="allowed")


def test_third_write_off_fine_wiki():
    # wiki: "Три росписи дополнительно штрафуются 120 очками"
    r = WIKI.with_changes(write_off_fine="third")
    st = TableState(dealer=2)
    scores = []
    for _ in range(4):
        res = apply_deal(r, st, _give_up(0, 120))
        st = TableState(scores=res.state.scores, write_offs=res.state.write_offs, dealer=2)
        scores.append(st.scores[0])
    # -120 each, the third another -120, the fourth not
    assert scores == [-120, -240, -480, -600]
    assert st.write_offs == (4, 0, 0)
    # "Только каждая третья роспись штрафуется ... (либо суммой последнего расписанного заказа)"
    r = WIKI.with_changes(write_off_fine="every_third", write_off_fine_points=0)
    st = TableState(dealer=2)
    fines = []
    for _ in range(6):
        res = apply_deal(r, st, _give_up(0, 125))
        fines.append("write_off_fine:0" in res.events)
        st = TableState(scores=res.state.scores, write_offs=res.state.write_offs, dealer=2)
    assert fines == [False, False, True, False, False, True]
    assert st.scores[0] == -6 * 125 - 2 * 125


def test_three_write_offs_a_game_free():
    # wiki: "Возможны только три росписи за игру (в таком случае очки игрок у себя не отнимает)"
    r = WIKI.with_changes(write_off_limit=3)
    st = TableState(dealer=2)
    for _ in range(3):
        assert write_off_allowed(r, st, 0)
        res = apply_deal(r, st, _give_up(0, 120))
        assert res.deltas.tolist() == [0, 60, 60]
        st = TableState(scores=res.state.scores, write_offs=res.state.write_offs, dealer=2)
    assert not write_off_allowed(r, st, 0) and not give_up_allowed(r, st, 0)
    with pytest.raises(ValueError, match="forbid"):
        apply_deal(r, st, _give_up(0, 120))
    check_state(r, st)


def test_no_write_off_while_anyone_sits_and_none_at_all():
    # wiki: "Если один из игроков сидит на бочке, расписывать не может никто"
    r = WIKI.with_changes(write_off_no_barrel=True)
    sits = TableState(scores=(300, 880, 100), barrel=(-1, 0, -1))
    assert write_off_allowed(WIKI, sits, 0) and not write_off_allowed(r, sits, 0)
    # ua «чи дозволений розпис»
    banned = UA.with_changes(write_off_banned=True)
    assert not write_off_allowed(banned, TableState(), 0)
    with pytest.raises(ValueError):
        apply_deal(banned, TableState(), _give_up(1))


def test_rounding_the_declarers_points_wiki():
    # wiki: "Округление очков у играющего заказ": 118 makes 120, 117 does not
    r = WIKI.with_changes(round_declarer=True)
    assert declarer_delta(WIKI, 120, 118, True) == -120
    assert declarer_delta(r, 120, 118, True) == 120
    assert declarer_delta(r, 120, 117, True) == -120
    # a sitter at 880 who takes 123 of a 125 contract wins under wiki with rounding
    st = TableState(scores=(880, 300, 200), barrel=(0, -1, -1), dealer=2)
    out = DealOutcome(declarer=0, contract=125, raw=(123, 0, 0), tricks=(8, 0, 0))
    assert apply_deal(r, st, out).events == ["win:0"]
    assert "win:0" not in apply_deal(WIKI, st, out).events


def test_reset_at_another_number_ua():
    # ua: "Самоскид — після точного результату 555 очок або іншого узгодженого числа"
    r = UA.with_changes(reset_555="positive", reset_at=300)
    out = DealOutcome(declarer=0, contract=100, raw=(100, 10, 10), tricks=(6, 1, 1))
    res = apply_deal(r, TableState(scores=(200, 0, 0), dealer=2), out)
    assert res.state.scores == (0, 10, 10) and res.events == ["reset_555:0"]
    assert (
        apply_deal(
            UA.with_changes(reset_555="positive"), TableState(scores=(200, 0, 0), dealer=2), out
        ).state.scores[0]
        == 300
    )


def test_knock_off_penalty_field_classic():
    # classic: "тот, кто уже стоял на бочке, слетает с неё с −120 ⚠" (a common variant)
    st = TableState(scores=(880, 800, 0), barrel=(0, -1, -1), dealer=0)
    out = DealOutcome(declarer=1, contract=100, raw=(10, 110, 0), tricks=(1, 7, 0))
    assert apply_deal(CLASSIC, st, out).state.scores[0] == 760
    assert apply_deal(CLASSIC.with_changes(knock_off_penalty=200), st, out).state.scores[0] == 680


def test_dealers_fine_for_three_bad_deals_wiki():
    # wiki: "требование пересдачи три раза подряд может вылиться штрафом сдающему"
    r = WIKI.with_changes(bad_deal_fine=120)
    st = TableState(scores=(100, 200, 300), dealer=1)
    for k in (1, 2):
        st = apply_deal(r, st, REDEAL).state
        assert st.redeals_in_row == k and st.dealer == 1 and st.scores == (100, 200, 300)
    res = apply_deal(r, st, REDEAL)
    assert res.events == ["bad_deal_fine:1"] and res.state.scores == (100, 80, 300)
    assert res.state.dealer == 2 and res.state.redeals_in_row == 0
    # a completed deal breaks the run
    st = apply_deal(r, TableState(dealer=1), REDEAL).state
    st = apply_deal(r, st, _give_up(2)).state
    assert st.redeals_in_row == 0
    # without the fine three redeals change nothing but the count
    st = TableState(dealer=1)
    for _ in range(3):
        st = apply_deal(WIKI, st, REDEAL).state
    assert st.scores == (0, 0, 0) and st.dealer == 1


def test_sitters_defence_points_and_bolts_are_two_switches():
    st = TableState(scores=(880, 300, 200), barrel=(0, -1, -1), bolts=(2, 0, 0), dealer=0)
    out = DealOutcome(declarer=1, contract=120, raw=(0, 120, 0), tricks=(0, 7, 1))
    # club: a sitter gets neither
    assert apply_deal(CLUB, st, out).state.bolts[0] == 2
    bolts = apply_deal(CLUB.with_changes(barrel_bolts=True), st, out)
    assert bolts.events[0] == "bolt_penalty:0" and bolts.state.scores[0] == 760
    # a sitter's defence points are capped away: the same table either way
    out23 = DealOutcome(declarer=1, contract=120, raw=(23, 120, 0), tricks=(1, 6, 1))
    st0 = TableState(scores=(880, 300, 200), barrel=(0, -1, -1), bolts=(2, 0, 2), dealer=0)
    points = CLUB.with_changes(barrel_defence_points=True)
    assert apply_deal(points, st0, out23).state == apply_deal(CLUB, st0, out23).state


def test_the_former_switch_still_reads():
    old = Rules.from_dict({"base": "club", "barrel_defender_scores": True})
    assert old.barrel_defence_points and old.barrel_bolts
    # a dataset's stored rules from before the split read as they were made
    d = PROFILES["classic"].to_dict()
    for k in ("barrel_defence_points", "barrel_bolts"):
        d.pop(k)
    stored = Rules.from_stored({**d, "barrel_defender_scores": False})
    assert stored == PROFILES["classic"] and stored.fingerprint() == PROFILES["classic"].fingerprint()
    # the fingerprint hashes the pair as the former field while they agree
    assert CLUB.with_changes("barrel_defender_scores=true") == old
    assert old.fingerprint() != CLUB.fingerprint()
    split = CLUB.with_changes(barrel_bolts=True)
    assert len({split.fingerprint(), old.fingerprint(), CLUB.fingerprint()}) == 3
