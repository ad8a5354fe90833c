"""Dark play's scoring: the seeds' worked examples (RULES.md, "Dark play")."""

import pytest

from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, TableState, apply_deal

BOOK = PROFILES["book"]
WIKI = PROFILES["wiki"].with_changes(dark_play="wiki")
FRESH = TableState(scores=(100, 200, 300), dealer=2)  # player 0 is the first hand


def _dark(raw, tricks, marriages=(0, 0, 0), declarer=0):
    return DealOutcome(
        declarer=declarer, contract=120, raw=raw, tricks=tricks, dark=True, marriages=marriages
    )


def test_book_dark_made_scores_240_whatever_he_took():
    # seed 002: «записывает на свой счет только 240 очков»; defenders as usual
    res = apply_deal(BOOK, FRESH, _dark((160, 0, 20), (6, 0, 2), (60, 0, 0)))
    assert res.deltas.tolist() == [240.0, 0.0, 20.0]
    assert "dark_made:0" in res.events


def test_book_dark_failed_costs_240():
    # seed 002: «а если неудачно, то 240 очков списывается»; 119 is short of 120
    res = apply_deal(BOOK, FRESH, _dark((119, 1, 0), (6, 1, 1)))
    # the third defender took a trick worth 0; book rounds 1 to 0
    assert res.deltas.tolist() == [-240.0, 0.0, 0.0]
    assert "dark_failed:0" in res.events


def test_book_dark_is_not_a_double_penalty_off_first_hand():
    # book doubles a failed contract off the first hand; a dark costs 240 only
    assert BOOK.double_penalty_off_first_hand
    res = apply_deal(BOOK, FRESH, _dark((50, 70, 0), (3, 4, 1)))
    assert res.deltas[0] == -240


@pytest.mark.parametrize(
    "scoring,expected",
    [
        # declarer 130 = 90 cards + 40 ♠ marriage; defender 1: 30 = 10 + 20; defender 2: 20 + 0
        ("double_all", [260.0, 60.0, 40.0]),  # «все набранные игроками очки удваиваются»
        ("flat_240", [240.0, 60.0, 40.0]),  # «получает 240 очков, даже ... превышает 240»
        ("marriages_plain", [220.0, 40.0, 40.0]),  # cards doubled, marriages once
    ],
)
def test_wiki_made_under_each_agreement(scoring, expected):
    rules = WIKI.with_changes(dark_scoring=scoring)
    out = _dark((130, 30, 20), (5, 2, 1), (40, 20, 0))
    assert apply_deal(rules, FRESH, out).deltas.tolist() == expected


@pytest.mark.parametrize("scoring", ["double_all", "flat_240", "marriages_plain"])
def test_wiki_failed_costs_240_under_every_agreement(scoring):
    rules = WIKI.with_changes(dark_scoring=scoring)
    # declarer 100, defenders 12 and 8 doubled: 24 -> 25 and 16 -> 15 (wiki rounds)
    res = apply_deal(rules, FRESH, _dark((100, 12, 8), (6, 1, 1)))
    assert res.deltas.tolist() == [-240.0, 25.0, 15.0]


def test_wiki_bolts_doubled_by_agreement():
    # «полученные при «тёмной» «болты» удваиваются»: a trickless defender
    # with a bolt already counted reaches wiki's 3 bolts at once
    state = TableState(scores=(100, 200, 300), dealer=2, bolts=(0, 1, 0))
    out = _dark((120, 0, 0), (8, 0, 0))
    plain = apply_deal(WIKI, state, out)
    doubled = apply_deal(WIKI.with_changes(dark_bolts_doubled=True), state, out)
    assert plain.state.bolts == (0, 2, 1)
    # player 1: 1 + 2 = 3, wiki's count: the 120 penalty, his counter restarts
    assert doubled.state.bolts == (0, 0, 2)
    assert doubled.deltas.tolist() == [240.0, -120.0, 0.0]
    assert "bolt_penalty:1" in doubled.events


def test_wiki_bolt_doubling_only_in_dark_deals():
    state = TableState(scores=(100, 200, 300), dealer=2, bolts=(0, 1, 0))
    ordinary = DealOutcome(declarer=0, contract=120, raw=(120, 0, 0), tricks=(8, 0, 0))
    res = apply_deal(WIKI.with_changes(dark_bolts_doubled=True), state, ordinary)
    assert res.state.bolts == (0, 2, 1)


def test_dark_write_off_costs_240_and_pays_120_each():
    # wiki: «с его счёта автоматически списывается 240 очков, а другим игрокам начисляется по 120»
    out = DealOutcome(declarer=0, contract=120, written_off=True, dark=True)
    res = apply_deal(WIKI, FRESH, out)
    assert res.deltas.tolist() == [-240.0, 120.0, 120.0]


def test_marriages_must_lie_within_raw():
    with pytest.raises(ValueError, match="marriages"):
        _dark((30, 50, 40), (3, 3, 2), (40, 0, 0))
