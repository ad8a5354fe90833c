"""The declarer's one criterion (analysis.single_dummy.objective): worked
examples, the barrel and bolts in the balance, and the same function behind
double- and single-dummy games."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.game import ThresholdPolicy
from analysis.game import declare as declare_mod
from analysis.game.deal_flow import AtWidow
from analysis.game.outcomes import SDPlayed, Solved
from analysis.rules import Rules
from analysis.scoring import TableState
from analysis.single_dummy import choose_contract
from analysis.single_dummy.objective import Choice, fresh_table, table_metric

CLUB = Rules.profile("club")


def test_a_sure_loss_is_written_off_only_when_paying_each_opponent_costs_less():
    # club, first hand at 0/0/0, bid 100 failed in his one world.
    # playing: he -100, they 70 and 40: -100 - (70 + 40) / 2 = -155
    # writing off: he -100, they 50 each (half of 100): -100 - 50 = -150
    assert choose_contract([[90, 70, 40, 3, 3]], 100, CLUB) == Choice(100, True, False, -150.0)
    # they would take 40 and 40: -100 - 40 = -140 beats -150: he plays
    assert choose_contract([[90, 40, 40, 3, 3]], 100, CLUB) == Choice(100, False, False, -140.0)
    # a tie (-150 both ways) plays
    assert choose_contract([[90, 50, 50, 3, 3]], 100, CLUB) == Choice(100, False, False, -150.0)
    # writing off not allowed by the table: he plays
    assert choose_contract([[90, 70, 40, 3, 3]], 100, CLUB, may_write_off=False).written_off is False


def test_the_barrel_changes_the_balance():
    # they would take 10 and 70: -100 - 40 = -140 against -150: he plays ...
    world = [[90, 10, 70, 3, 3]]
    assert choose_contract(world, 100, CLUB, fresh_table()).written_off is False
    # ... but with his left (player 1) sitting on the barrel at 880, who scores
    # neither defence points nor the payment in club: playing costs the right's
    # 70 (-100 - 35 = -135), writing off his 50 (-100 - 25 = -125): he writes off
    st = TableState(scores=(0, 880, 0), barrel=(-1, 0, -1), dealer=2)
    assert choose_contract(world, 100, CLUB, st) == Choice(100, True, False, -125.0)
    # sitting on the barrel himself where the rules forbid writing off: he plays
    book = Rules.profile("book")
    st = TableState(scores=(900, 0, 0), barrel=(0, -1, -1), dealer=2)
    assert choose_contract(world, 100, book, st).written_off is False


def test_a_third_bolt_of_a_defender_weighs_for_playing():
    # club: a bolt is a deal with 0 raw points; the third costs 120 (RULES.md, bolts)
    assert CLUB.bolt_rule == "zero_points" and CLUB.bolt_count == 3 and CLUB.bolt_penalty == 120
    world = [[90, 0, 110, 0, 3]]  # his left takes nothing, his right 110 points
    # fresh table: playing -100 - (0 + 110) / 2 = -155 < -150: he writes off
    assert choose_contract(world, 100, CLUB).written_off
    # his left has two bolts: playing bolts him a third time (-120):
    # -100 - (-120 + 110) / 2 = -95: he plays
    st = TableState(bolts=(0, 2, 0), dealer=2)
    assert choose_contract(world, 100, CLUB, st) == Choice(100, False, False, -95.0)


def test_the_contract_is_the_best_mean_over_the_worlds():
    # the defenders' points are the same at every contract: the contract
    # follows his own change: 125 makes in 3 worlds of 4, (3 * 125 - 125) / 4 = 62.5
    worlds = [[130, 0, 0, 4, 0], [90, 0, 0, 4, 0], [140, 0, 0, 4, 0], [125, 0, 0, 4, 0]]
    got = choose_contract(worlds, 100, CLUB, cap=160)
    assert got == Choice(125, False, False, 62.5)
    # a cap under the best, and a bid above the cap (played as bid)
    assert choose_contract([[150, 0, 0, 4, 0]] * 2, 100, CLUB, cap=140).contract == 140
    assert choose_contract([[200, 0, 0, 4, 0]], 150, CLUB, cap=120).contract == 150
    # repeated worlds count as often as they appear
    assert choose_contract(worlds + [[90, 0, 0, 4, 0]] * 4, 100, CLUB, cap=160).contract == 100


def test_equal_means_name_the_highest_contract():
    # 820 before the deal, not on the barrel: any made contract from 60 up is
    # capped at 880 (club), so 100..135 all score +60: the highest he makes
    st = TableState(scores=(820, 0, 0), dealer=2)
    got = choose_contract([[135, 0, 0, 4, 0]], 100, CLUB, st)
    assert got.contract == 135 and got.expected == 60.0
    assert choose_contract([[135, 0, 0, 4, 0]], 100, CLUB).contract == 135


def test_a_gift_redeal_replaces_both_only_below_zero():
    assert choose_contract([[90, 70, 40, 3, 3]], 100, CLUB, may_redeal=True) == Choice(100, True, True, 0.0)
    made = choose_contract([[130, 0, 0, 4, 0]], 100, CLUB, may_redeal=True)
    assert not made.gift_redeal and made.contract == 130


def test_the_criterion_is_apply_deals_metric_on_random_worlds():
    # brute force: every contract, the write-off, by apply_deal directly
    from analysis.scoring import DealOutcome, apply_deal

    rng = np.random.default_rng(5)
    st = TableState(scores=(700, 880, 400), barrel=(-1, 1, -1), bolts=(1, 0, 2), dealer=0)
    for _ in range(20):
        n = int(rng.integers(1, 5))
        v = rng.integers(40, 170, n)
        lt = rng.integers(0, 4, n)
        rt = rng.integers(0, 4, n)
        lp, rp = rng.integers(0, 60, n) * (lt > 0), rng.integers(0, 60, n) * (rt > 0)
        worlds = np.stack([v, lp, rp, lt, rt], axis=1)
        bid = int(rng.choice([100, 110, 120]))
        d = int(rng.integers(0, 3))

        def mean(c, wo, worlds=worlds, d=d, bid=bid):
            ms = []
            for x in worlds.tolist():
                raw, tr = [0, 0, 0], [0, 0, 0]
                raw[d], raw[(d + 1) % 3], raw[(d + 2) % 3] = x[0], x[1], x[2]
                tr[d], tr[(d + 1) % 3], tr[(d + 2) % 3] = 8 - x[3] - x[4], x[3], x[4]
                out = DealOutcome(
                    declarer=d, contract=c, bid=bid, raw=tuple(raw), tricks=tuple(tr), written_off=wo
                )
                ms.append(table_metric(apply_deal(CLUB, st, out).deltas, d))
            return float(np.mean(ms))

        options = [(c, False) for c in range(bid, 405, 5)]
        best = max(options, key=lambda o: (mean(*o), o[0]))  # the highest among ties
        may = st.barrel[d] < 0 or CLUB.write_off_on_barrel  # club: a sitter may not write off
        want = (bid, True) if may and mean(bid, True) > mean(*best) else best
        got = choose_contract(worlds, bid, CLUB, st, declarer=d)
        assert (got.contract, got.written_off) == want
        assert got.expected == pytest.approx(mean(*want))


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="shape"):
        choose_contract([], 100, CLUB)
    with pytest.raises(ValueError, match="shape"):
        choose_contract([[100, 0, 0]], 100, CLUB)
    with pytest.raises(ValueError, match="negative"):
        choose_contract([[100, -1, 0, 0, 0]], 100, CLUB)
    with pytest.raises(ValueError, match="bid"):
        choose_contract([[100, 0, 0, 0, 0]], 105 + 1, CLUB)
    with pytest.raises(ValueError, match="cap"):
        choose_contract([[100, 0, 0, 0, 0]], 100, CLUB, cap=50)
    with pytest.raises(ValueError, match="declarer"):
        choose_contract([[100, 0, 0, 0, 0]], 100, CLUB, declarer=3)


# --- double- and single-dummy declarers share it -----------------------------------------


def _at(state, bid=100):
    """A deal at the widow: player 1 (seat 0, first hand under dealer 0) declares."""
    from analysis.cards import parse

    hands = (parse("9♠ J♠ 9♣ J♣ 9♦ J♦ Q♥"), parse("10♠ K♠ A♠ 10♣ K♣ A♣ J♥"), parse("Q♠ Q♣ 10♦ K♦ A♦ 9♥ A♥"))
    widow = parse("Q♦ 10♥ K♥")
    return AtWidow(
        CLUB,
        ThresholdPolicy(gift_redeals=False),
        state,
        0,
        bid,
        hands,
        widow,
        (1, 2, 0),
        tuple(state.barrel[p] >= 0 for p in (1, 2, 0)),
        True,
    )


@pytest.mark.parametrize(
    "world",
    [(90, 70, 40, 3, 3), (90, 10, 70, 3, 3), (135, 0, 0, 5, 0), (60, 0, 60, 0, 4)],
)
@pytest.mark.parametrize(
    "state",
    [TableState(dealer=0), TableState(scores=(0, 300, 880), barrel=(-1, -1, 0), dealer=0)],
)
def test_double_and_single_dummy_declarers_decide_by_the_same_function(monkeypatch, world, state):
    calls = []
    real = declare_mod.choose_contract

    def spy(*a, **k):
        calls.append(np.asarray(a[0]).tolist())
        return real(*a, **k)

    monkeypatch.setattr(declare_mod, "choose_contract", spy)
    at = _at(state)
    v, lp, rp, lt, rt = world
    gl, gr = 0, 1  # 9♠ to his left, J♠ to his right
    dd = Solved(v, gl, gr, 400, 8 - lt - rt, lp, lt, rp, rt, False).declare(at)
    sd = SDPlayed(v, gl, gr, 8 - lt - rt, lp, lt, rp, rt, (world,), True).declare(at, None)
    # one world that is the deal: the same decision and the same scoring
    assert calls == [[list(world)], [list(world)]]
    assert (dd.contract, dd.written_off) == (sd.contract, sd.written_off)
    assert dd.result.deltas.tolist() == sd.result.deltas.tolist()
