"""The golden round in the game flow (RULES.md, "The golden round";
analysis.game.golden): the forced declarer, the end of the round and its
reset, worked on a fixed deal with stated outcomes; the marriages recovered
from a deal; simulated golden games keep the table's invariants."""

import numpy as np
import pandas as pd
import pytest

from analysis import reference
from analysis.cards import cards_of
from analysis.deal import deal
from analysis.game import ThresholdPolicy, simulate
from analysis.game.golden import declared_marriages, golden_start, play_golden_deal
from analysis.game.outcomes import Solved
from analysis.redeal import redeal_flags
from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, GoldenOutcome, TableState, apply_deal, check_state, new_table

CLUB = PROFILES["club"]
POLICY = ThresholdPolicy(estimator=object())
LIMITS = np.full((3, 3), 200)  # nobody claims a redeal for a weak hand


@pytest.fixture(scope="module")
def masks():
    """A deal without any redeal condition of club."""
    deals = deal(np.random.default_rng(35), 50)
    flags = redeal_flags(deals, CLUB)
    ok = ~np.any(np.stack([v for v in flags.values()]), axis=0)
    return [int(x) for x in deals[int(np.argmax(ok))]]


def _source(masks, values, cap=120):
    """Outcome callable: the k-th golden deal's declarer takes ``values[k]``
    (defenders 12 and 8 card points, no marriages), giving his two lowest cards."""
    calls = []

    def outcome(seat, bid, replay=False):
        assert seat == 0  # the first hand declares
        v = values[len(calls)]
        calls.append(bid)
        ten = cards_of(masks[0] | masks[3])
        return Solved(v, ten[0], ten[1], cap, 6, 12, 1, 8, 1, False)

    return outcome, calls


def _play(rules, masks, values, dealer=0, cap=120):
    state, gold = new_table(rules, dealer=dealer), golden_start(rules)
    outcome, calls = _source(masks, values, cap)
    rows = []
    while gold.left:
        dp, gold = play_golden_deal(rules, POLICY, state, gold, masks, LIMITS, outcome)
        rows.append(dp)
        state = dp.result.state
    return state, gold, rows, calls


def test_each_player_in_turn_plays_exactly_120(masks):
    rules = CLUB.with_changes(golden_round="in_turn", golden_failed="keep")
    state, gold, rows, calls = _play(rules, masks, [100, 150, 100])
    assert calls == [120, 120, 120]
    assert [dp.declarer for dp in rows] == [1, 2, 0]  # the first hand of each deal
    assert [dp.contract for dp in rows] == [120, 120, 120]  # 150 made: no raise
    assert [dp.result.deltas[dp.declarer] for dp in rows] == [-240, 240, -240]
    assert [e for dp in rows for e in dp.result.events] == ["golden:1", "golden:2", "golden:0"]
    # defenders: left 12 and right 8 card points, each rounded to 10 and doubled
    assert state.scores == (-240 + 20 + 20, -240 + 20 + 20, 240 + 20 + 20)
    assert gold.left == 0


def test_nobody_makes_120_the_scores_go_back_to_0(masks):
    # wiki «Если 120 очков не набирает ни один игрок, то очки обнуляются»
    rules = CLUB.with_changes(golden_round="in_turn")
    state, gold, rows, _ = _play(rules, masks, [100, 110, 115])
    assert state.scores == (0.0, 0.0, 0.0) and state.bolts == (0, 0, 0)
    assert rows[-1].result.events == ["golden:0", "golden_reset:0"]
    # the last row's deltas take the table from its score before the deal to 0
    before = rows[-2].result.state.scores
    assert rows[-1].result.deltas.tolist() == [-s for s in before]
    assert gold.left == 0 and state.deals == 3 and state.dealer == 0


def test_the_agreements_no_reset_and_start_again(masks):
    keep = CLUB.with_changes(golden_round="in_turn", golden_failed="keep")
    state, _, _, _ = _play(keep, masks, [100, 110, 115])
    assert state.scores == (-200.0, -200.0, -200.0)  # «обнуления не происходит»
    again = CLUB.with_changes(golden_round="in_turn", golden_failed="again")
    table, gold = new_table(again, dealer=0), golden_start(again)
    outcome, calls = _source(masks, [100, 110, 115, 130, 100, 100])
    for k in range(6):
        dp, gold = play_golden_deal(again, POLICY, table, gold, masks, LIMITS, outcome)
        table = dp.result.state
        if k == 2:  # «золотой кон начинается заново»
            assert table.scores == (0.0, 0.0, 0.0) and gold.left == 3
    assert gold.left == 0 and table.scores != (0.0, 0.0, 0.0)  # the second round made one


def test_one_made_contract_ends_the_round_without_reset(masks):
    rules = CLUB.with_changes(golden_round="in_turn")
    state, _, rows, _ = _play(rules, masks, [100, 125, 100])
    assert "golden_reset:0" not in rows[-1].result.events
    assert state.scores != (0.0, 0.0, 0.0)


def test_blind_bidding_the_first_hand_declares_at_100_and_names_his_contract(masks):
    rules = CLUB.with_changes(golden_round="blind", golden_deals=1)
    # his 8 cards allow up to 200 (a ♦ marriage): he names the 150 he makes
    state, gold, rows, calls = _play(rules, masks, [150], cap=200)
    assert calls == [100] and len(rows) == 1
    assert (rows[0].bid, rows[0].contract) == (100, 150)
    assert rows[0].result.deltas[1] == 300  # 2 × 150


def test_golden_deals_counts_the_deals(masks):
    for n, expect in ((0, 3), (1, 1), (3, 3), (2, 2)):
        rules = CLUB.with_changes(golden_round="in_turn", golden_deals=n)
        assert golden_start(rules).left == expect
        _, _, rows, _ = _play(rules, masks, [130] * 3)
        assert len(rows) == expect
    assert golden_start(CLUB).left == 0


def _mask(*cards):
    return sum(1 << c for c in cards)


def _kq(suit):
    return _mask(6 * suit + 2, 6 * suit + 3)


def test_declared_marriages_are_recovered_from_the_deal():
    # declarer 0 holds ♥ (100); left holds ♠ (40); right none.  Raw points sum
    # to 120 card points + the marriages declared.
    hands = [_kq(3) | _mask(0, 1), _kq(0) | _mask(6), _mask(7, 8)]
    assert declared_marriages(CLUB, hands, (150, 50, 60), (5, 2, 1), 0) == (100, 40, 0)
    assert declared_marriages(CLUB, hands, (150, 10, 60), (5, 2, 1), 0) == (100, 0, 0)
    # a defender without a trick declares nothing: the 40 cannot be his
    with pytest.raises(ValueError, match="no split"):
        declared_marriages(CLUB, hands, (80, 40, 40), (8, 0, 0), 0)
    # ♥ (100) with the declarer, ♠ + ♣ (100) with the left: the declarer first (†)
    hands = [_kq(3), _kq(0) | _kq(1), 0]
    assert declared_marriages(CLUB, hands, (150, 60, 10), (5, 2, 1), 0) == (100, 0, 0)


@pytest.fixture(scope="module")
def club_pool():
    return reference.pool_for("club").solutions_path


def _replay(rules, games: pd.DataFrame, length: int) -> int:
    """Feed the rows back through apply_deal (golden rows as GoldenOutcome)
    and check: the golden rows are the first ``length`` completed deals, the
    first hand declares exactly 120 and plays it, the round ends with the
    reset when nobody made 120, every row's scores, deltas, barrel and events
    follow, and the table's invariants hold between deals.  Returns the
    number of resets."""
    resets = 0
    for _, g in games.groupby("game_id"):
        state = new_table(rules, dealer=int(g.dealer.iloc[0]))
        done, made = 0, False
        for r in g.sort_values("deal_no").itertuples():
            golden = done < length
            ev = [e for e in r.event.split(";") if e and not e.startswith(("gift_redeal", "unfinished"))]
            first = (r.dealer + 1) % 3
            assert (f"golden:{first}" in ev) == golden
            kind = GoldenOutcome if golden else DealOutcome
            if r.redealt:
                res = apply_deal(rules, state, kind(redeal=True))
            else:
                raw, tricks = (r.raw0, r.raw1, r.raw2), (r.tricks0, r.tricks1, r.tricks2)
                if golden:
                    assert r.declarer == first and r.bid == r.contract == 120 and not r.written_off
                out = kind(
                    declarer=r.declarer,
                    contract=r.contract,
                    bid=r.bid,
                    written_off=r.written_off,
                    raw=raw,
                    tricks=tricks,
                )
                res = apply_deal(rules, state, out)
            new, expect = res.state, list(res.events)
            if golden:
                expect.append(f"golden:{first}")
                if not r.redealt:
                    done += 1
                    made = made or raw[r.declarer] >= 120
                    if done == length and not made and new.winner < 0:
                        expect.append(f"golden_reset:{first}")
                        new = TableState(
                            failed_stays=new.failed_stays,
                            dealer=new.dealer,
                            deals=new.deals,
                            write_offs=new.write_offs,
                        )
                        resets += 1
            assert ev == expect
            assert [r.score0, r.score1, r.score2] == list(new.scores)
            before = state.scores
            assert [r.delta0, r.delta1, r.delta2] == [a - b for a, b in zip(new.scores, before, strict=True)]
            assert [r.barrel0, r.barrel1, r.barrel2] == list(new.barrel)
            assert r.winner == new.winner
            if new.winner < 0:
                check_state(rules, new)
            state = new
    return resets


def test_simulated_golden_games_keep_every_invariant(club_pool):
    rules = CLUB.with_changes(golden_round="in_turn")
    games = simulate(rules, 30, seed=35, pool=club_pool)
    assert _replay(rules, games, 3) > 0  # some rounds end without a made 120
    assert (games.groupby("game_id").winner.last() >= 0).all()
    plain = simulate(CLUB, 30, seed=35, pool=club_pool)
    assert not plain.event.str.contains("golden").any()
