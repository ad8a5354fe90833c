"""A table of four: the dealer rests on the widow (RULES.md, "Four players").

The seeds' worked examples: book (seed 002) — a resting dealer with a widow
of A, 10, K scores 25, and a write-off of any contract pays 30 to each of
the three others («если играют четверо, то по 30 очков (120 : 4 = 30)»);
wiki (seed 004) — a widow holding K and Q of hearts scores its card points
plus 100.  Then the table's mechanics for four: seats, bolts, the barrel,
555, and the fingerprints the four-player fields leave alone at three.
"""

import pytest

from analysis.cards import CARD_POINTS, parse
from analysis.rules import PROFILES, Rules
from analysis.scoring import (
    DealOutcome,
    TableState,
    active_players,
    apply_deal,
    check_state,
    new_table,
    rest_points,
    write_off_allowed,
)

BOOK4 = PROFILES["book"].with_changes(players=4)
UA4 = PROFILES["ua"].with_changes(players=4)
WIKI4 = PROFILES["wiki"].with_changes(players=4)


def _points(mask: int) -> int:
    return sum(int(CARD_POINTS[c]) for c in range(24) if mask >> c & 1)


def _played(declarer, contract, raw, tricks, widow):
    return DealOutcome(declarer=declarer, contract=contract, raw=raw, tricks=tricks, widow=widow)


# --- the seeds' worked examples -------------------------------------------------------


def test_book_resting_dealer_scores_the_widow_a_10_k_as_25():
    widow = parse("A♠ 10♣ K♦")
    assert rest_points(BOOK4, widow) == 25.0
    state = new_table(BOOK4, dealer=3)
    res = apply_deal(BOOK4, state, _played(0, 120, (125, 20, 0, 0), (6, 2, 0, 0), widow))
    assert res.deltas.tolist() == [120.0, 20.0, 0.0, 25.0]
    assert res.state.dealer == 0 and res.state.first_hand == 1


@pytest.mark.parametrize("contract", [100, 105, 120, 165, 200, 280])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_book_write_off_of_any_contract_pays_30_to_each_of_the_three_others(contract, dealer):
    state = TableState(scores=(100, 200, 300, 400), dealer=dealer)
    for declarer in active_players(state):
        out = DealOutcome(declarer=declarer, contract=contract, written_off=True, widow=parse("A♠ 10♣ K♦"))
        res = apply_deal(BOOK4, state, out)
        want = [30.0] * 4
        want[declarer] = -float(contract)
        assert res.deltas.tolist() == want
    # at three the same rules pay 40 (seed 002 «по 40 очков (120 : 3 — 40)»)
    res3 = apply_deal(
        PROFILES["book"],
        TableState(scores=(0, 0, 0), dealer=2),
        DealOutcome(declarer=0, contract=contract, written_off=True),
    )
    assert res3.deltas.tolist() == [-float(contract), 40.0, 40.0]


@pytest.mark.parametrize("third", ["9♠", "J♠", "Q♠", "K♣", "10♦", "A♠"])
def test_wiki_widow_with_the_heart_marriage_scores_its_card_points_plus_100(third):
    widow = parse(f"K♥ Q♥ {third}")
    pts = _points(widow)
    unrounded = WIKI4.with_changes(rest_round=False)
    assert rest_points(unrounded, widow) == pts + 100
    # wiki rounds the card points as the defenders' («с учётом округления»)
    assert rest_points(WIKI4, widow) == 5 * ((pts + 2) // 5) + 100
    # book and ua score the card points alone
    assert rest_points(BOOK4, widow) == rest_points(UA4, widow) == pts


def test_half_a_marriage_for_a_lone_king_or_queen_by_agreement():
    half = WIKI4.with_changes(rest_marriage="half", rest_round=False)
    assert rest_points(half, parse("K♠ 9♥ 9♦")) == 4 + 20  # ♠ 40 / 2
    assert rest_points(half, parse("Q♥ K♦ 9♦")) == 7 + 50 + 40
    assert rest_points(half, parse("K♥ Q♥ Q♣")) == 10 + 100 + 30
    assert rest_points(WIKI4.with_changes(rest_round=False), parse("K♠ 9♥ 9♦")) == 4


def test_ua_fixed_sum_instead_of_the_widow():
    fixed = UA4.with_changes(rest_score="fixed", rest_fixed=40)
    for w in ("A♠ 10♣ K♦", "9♠ 9♣ J♦", "K♥ Q♥ A♥"):
        assert rest_points(fixed, parse(w)) == 40.0
    state = new_table(fixed, dealer=1)
    res = apply_deal(fixed, state, _played(2, 100, (0, 0, 100, 20), (0, 0, 6, 2), parse("9♠ 9♣ J♦")))
    assert res.deltas.tolist() == [0.0, 40.0, 100.0, 20.0]


# --- the table of four ----------------------------------------------------------------


def test_three_player_tables_read_as_before():
    st = TableState(scores=(860, 300, 500), dealer=2)
    assert st.players == 3 and st.resting == -1 and st.first_hand == 0
    assert st.bolts == (0, 0, 0) and st.barrel == (-1, -1, -1)
    assert new_table(PROFILES["club"], dealer=1) == TableState(dealer=1)
    assert active_players(st) == (0, 1, 2)


def test_a_four_player_table_takes_four_of_every_default():
    st = TableState(scores=(0, 10, 20, 30), dealer=3)
    assert st.players == 4 and st.resting == 3 and st.first_hand == 0
    assert st.bolts == (0,) * 4 and st.barrel == (-1,) * 4 and st.write_offs == (0,) * 4
    assert active_players(st) == (0, 1, 2)
    assert active_players(TableState(scores=(0,) * 4, dealer=1)) == (2, 3, 0)
    with pytest.raises(ValueError, match="one entry per player"):
        TableState(scores=(0, 0, 0, 0), bolts=(0, 1, 0))
    with pytest.raises(ValueError, match="dealer"):
        TableState(scores=(0, 0, 0), dealer=3)
    with pytest.raises(ValueError, match="players"):
        check_state(BOOK4, TableState(scores=(0, 0, 0)))


def test_the_deal_and_the_first_hand_move_round_four_seats():
    state = new_table(BOOK4, dealer=2)
    seen = []
    widow = parse("9♠ 9♣ J♦")
    for _ in range(8):
        seen.append((state.dealer, state.first_hand))
        d = state.first_hand
        raw = [0, 0, 0, 0]
        tricks = [0, 0, 0, 0]
        raw[d], tricks[d] = 100, 8
        state = apply_deal(BOOK4, state, _played(d, 100, tuple(raw), tuple(tricks), widow)).state
    assert seen == [(2, 3), (3, 0), (0, 1), (1, 2)] * 2
    assert apply_deal(BOOK4, state, DealOutcome(redeal=True)).state.dealer == state.dealer


def test_the_resting_dealer_may_not_declare():
    state = new_table(BOOK4, dealer=1)
    with pytest.raises(ValueError, match="resting dealer"):
        apply_deal(BOOK4, state, _played(1, 100, (0, 100, 0, 0), (0, 8, 0, 0), 0))
    with pytest.raises(ValueError, match="raw points"):
        apply_deal(BOOK4, state, _played(0, 100, (100, 0, 0), (8, 0, 0), 0))


def test_ua_write_off_pays_the_resting_dealer_as_an_opponent():
    res = apply_deal(UA4, new_table(UA4, dealer=0), DealOutcome(declarer=2, contract=120, written_off=True))
    assert res.deltas.tolist() == [60.0, 60.0, -120.0, 60.0]
    assert write_off_allowed(UA4, new_table(UA4, dealer=0), 3)


def test_book_double_penalty_off_the_first_hand_of_four():
    state = new_table(BOOK4, dealer=3)  # first hand: player 0
    w = parse("9♠ 9♣ J♦")
    first = apply_deal(BOOK4, state, _played(0, 120, (100, 20, 0, 0), (6, 2, 0, 0), w))
    other = apply_deal(BOOK4, state, _played(1, 120, (20, 100, 0, 0), (2, 6, 0, 0), w))
    assert first.deltas[0] == -120 and other.deltas[1] == -240
    assert first.deltas[3] == other.deltas[3] == 2  # 9, 9, J: not rounded


def test_wiki_resting_dealer_gets_no_bolt_and_keeps_his_streak():
    state = TableState(scores=(0, 0, 0, 0), bolts=(0, 0, 0, 2), dealer=3)
    w = parse("9♠ 9♣ J♦")
    res = apply_deal(WIKI4, state, _played(0, 120, (130, 0, 0, 0), (8, 0, 0, 0), w))
    assert res.bolts.tolist() == [False, True, True, False]
    assert res.state.bolts == (0, 1, 1, 2)  # his streak neither counted nor broken
    assert res.deltas[3] == 0  # 2 card points, rounded to 0


def test_a_barrel_sitter_who_deals_scores_nothing_and_spends_no_attempt():
    # wiki «ему не засчитываются ни очки, ни игра»
    state = TableState(scores=(0, 300, 400, 880), barrel=(-1, -1, -1, 1), dealer=3)
    w = parse("A♠ 10♠ A♥")
    out = _played(0, 120, (130, 0, 0, 0), (8, 0, 0, 0), w)
    res = apply_deal(WIKI4, state, out)
    assert res.state.scores[3] == 880 and res.state.barrel[3] == 1 and res.deltas[3] == 0
    spends = apply_deal(WIKI4.with_changes(rest_barrel_attempt=True), state, out)
    assert spends.state.barrel[3] == 2
    # a sitter who plays spends his attempt as at three
    state2 = TableState(scores=(880, 300, 400, 0), barrel=(1, -1, -1, -1), dealer=3)
    assert apply_deal(WIKI4, state2, _played(1, 120, (0, 130, 0, 0), (0, 8, 0, 0), w)).state.barrel[0] == 2


def test_the_widow_takes_the_resting_dealer_onto_the_barrel_and_knocks_a_sitter_off():
    state = TableState(scores=(880, 300, 400, 860), barrel=(0, -1, -1, -1), dealer=3)
    res = apply_deal(
        BOOK4.with_changes(barrel_threshold=880),
        state,
        _played(1, 100, (10, 110, 0, 0), (1, 7, 0, 0), parse("A♠ 10♠ 9♥")),
    )
    assert res.state.scores[3] == 880 and res.state.barrel[3] == 0
    assert "barrel_enter:3" in res.events and "knocked_off:0" in res.events
    assert res.state.scores[0] == 880 - 120


def test_the_555_reset_reaches_the_resting_dealer():
    classic4 = PROFILES["classic"].with_changes(players=4)
    state = TableState(scores=(0, 0, 0, 530), dealer=3)
    res = apply_deal(classic4, state, _played(0, 100, (100, 0, 0, 0), (8, 0, 0, 0), parse("A♠ 10♠ K♥")))
    assert res.state.scores[3] == 0 and "reset_555:3" in res.events


def test_a_game_of_four_ends_with_the_sitter_who_makes_his_contract():
    state = TableState(scores=(900, 0, 0, 0), barrel=(0, -1, -1, -1), dealer=1)
    res = apply_deal(BOOK4, state, _played(0, 100, (100, 0, 20, 0), (6, 0, 2, 0), parse("A♠ 10♠ K♥")))
    assert res.state.winner == 0 and res.events == ["win:0"]


# --- the fields ----------------------------------------------------------------------


def test_profiles_sit_three_and_their_seeds_rest_fields():
    for name, r in PROFILES.items():
        assert r.players == 3, name
    assert PROFILES["book"].write_off_fixed_four == 30
    assert PROFILES["wiki"].rest_round and PROFILES["wiki"].rest_marriage == "whole"
    assert PROFILES["ua"].rest_score == "widow" and not PROFILES["ua"].rest_round


def test_four_player_fields_change_the_fingerprint_only_at_four():
    for name in ("book", "ua", "wiki"):
        r = PROFILES[name]
        four = r.with_changes(players=4)
        assert four.fingerprint() != r.fingerprint()
        flipped = r.with_changes(rest_marriage="half", rest_round=not r.rest_round)
        assert flipped.fingerprint() == r.fingerprint()  # nothing changes at three
        assert flipped.with_changes(players=4).fingerprint() != four.fingerprint()
    assert BOOK4.name == "book+players=4"


@pytest.mark.parametrize(
    "change",
    [
        "players=5",
        "players=2",
        "rest_score=dealer",
        "rest_marriage=all",
        "rest_fixed=7",
        "write_off_fixed_four=-5",
    ],
)
def test_impossible_table_fields_are_refused(change):
    with pytest.raises(ValueError, match=change.split("=")[0]):
        Rules.profile("book").with_changes(change)
