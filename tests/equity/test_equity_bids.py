"""Bids that maximise the chance to win: the equity of a contract and EquityPolicy."""

import numpy as np
import pytest

from analysis.equity import default_model, win_chances
from analysis.equity.bidding import declare_equity, level_equity, state_equities
from analysis.errors import BadArgument
from analysis.game import bid_limits
from analysis.game.equity_policy import GRID, EquityPolicy
from analysis.game.policy import NO_LEVEL
from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, TableState, apply_deal

CLUB = PROFILES["club"]
#: The models of double-dummy games: what the worked figures of docs/EQUITY.md read.
DD, BOOK_DD = default_model("club", "dd"), default_model("book", "dd")


def _sample(values, left=20, right=20):
    v = np.asarray(values)
    return v, np.full(v.size, left), np.full(v.size, right)


def test_at_860_a_sure_120_beats_a_risky_160():
    # 860, the barrel at 880: any made contract of 120 or more puts him on the
    # barrel, so 160 made 9 times in 10 adds nothing to 120 made always and
    # loses 160 the tenth time; by points 160 is the better contract.
    v, lp, rp = _sample([170] * 9 + [130])
    st = TableState(scores=(860, 300, 500), dealer=2)
    eq = declare_equity("club", st, 0, [120, 160], v, lp, rp, model=DD)
    assert eq["equity"][0] > eq["equity"][1]
    points = 0.9 * 160 - 0.1 * 160
    assert points > 120  # the score change prefers the risky contract
    # every deal of 120 reaches the barrel: the same state each time
    sure = apply_deal(CLUB, st, DealOutcome(declarer=0, contract=120, raw=(170, 20, 20), tricks=(6, 1, 1)))
    assert sure.state.barrel[0] == 0
    np.testing.assert_allclose(eq["equity"][0], state_equities(DD, [sure.state], 0)[0])
    assert eq["equity_se"][0] == 0.0
    assert eq["now"] == pytest.approx(win_chances("club", st, outcomes="dd")[0])
    np.testing.assert_allclose(eq["change"], eq["equity"] - eq["now"])


def test_a_sitter_wins_only_with_the_contract_his_target_needs():
    # club: a sitter at 880 needs 120 (1000); a made 100 leaves him on the barrel
    v, lp, rp = _sample([125] * 3 + [110])
    st = TableState(scores=(880, 300, 500), barrel=(2, -1, -1), dealer=2)
    eq = declare_equity("club", st, 0, [100, 120], v, lp, rp, model=DD)
    assert eq["p_game_win"].tolist() == [0.0, 0.75]
    assert eq["equity"][1] > eq["equity"][0]
    # club forbids the sitter's write-off
    assert eq["p_write_off"].tolist() == [0.0, 0.0]


def test_write_off_by_equity_where_it_leaves_more():
    # a lost 200 at 300: club's write-off costs 200 and pays each defender 100
    # (or half); playing it costs 200 too and the defenders' points: he writes
    # off exactly where the model gives him more after it
    v, lp, rp = _sample([150, 150], left=60, right=60)
    st = TableState(scores=(300, 300, 300), dealer=2)
    on = declare_equity("club", st, 0, [200], v, lp, rp, model=DD)
    off = declare_equity("club", st, 0, [200], v, lp, rp, write_offs=False, model=DD)
    assert on["equity"][0] >= off["equity"][0]
    wo = apply_deal(CLUB, st, DealOutcome(declarer=0, contract=200, written_off=True)).state
    weq = state_equities(DD, [wo], 0)[0]
    assert on["p_write_off"][0] == float(weq > off["equity"][0])


def test_same_answer_as_scoring_every_deal_one_by_one():
    rng = np.random.default_rng(3)
    v = rng.integers(60, 200, 40)
    lp, rp = rng.integers(0, 60, 40), rng.integers(0, 60, 40)
    tricks = (np.full(40, 6), (lp > 0).astype(int), (rp > 0).astype(int))
    tricks = (8 - tricks[1] - tricks[2], tricks[1], tricks[2])
    st = TableState(scores=(540, 700, -120), bolts=(1, 0, 2), dealer=0)
    contracts = [100, 115, 140]
    eq = declare_equity("club", st, 1, contracts, v, lp, rp, tricks, write_offs=False, model=DD)
    m = DD
    for j, c in enumerate(contracts):
        states = []
        for i in range(40):
            raw = (int(rp[i]), int(v[i]), int(lp[i]))  # player 1 declares: left is 2, right 0
            tr = (int(tricks[2][i]), int(tricks[0][i]), int(tricks[1][i]))
            states.append(apply_deal(CLUB, st, DealOutcome(declarer=1, contract=c, raw=raw, tricks=tr)).state)
        assert eq["equity"][j] == pytest.approx(state_equities(m, states, 1).mean(), abs=1e-12)


def test_declare_equity_refuses_bad_input():
    v, lp, rp = _sample([120])
    with pytest.raises(BadArgument):
        declare_equity("club", TableState(scores=(900, 0, 0)), 0, [100], v, lp, rp)
    with pytest.raises(BadArgument):
        declare_equity("club", TableState(), 3, [100], v, lp, rp)
    with pytest.raises(BadArgument):
        declare_equity("club", TableState(), 0, [100], v, lp[:0], rp)
    with pytest.raises(BadArgument):
        level_equity("club", TableState(), 0, [100], passing=(120, 1.5))


def _limits_of(p_of_level):
    """Grid limits (39,) of a hand whose estimate of level L is p_of_level(L)."""
    levels = np.arange(100, 401, 5)
    p = np.array([p_of_level(L) for L in levels])
    run = np.minimum.accumulate(p)
    return np.array([NO_LEVEL + 5 * int((run >= t).sum()) for t in GRID])


def _policy_limits(state, p_of_level, players=(0, 1, 2), **kw):
    pol = EquityPolicy(players=players, estimator=object(), model=DD, **kw)
    lim = np.stack([_limits_of(p_of_level)] * 3)
    return pol.table_limits(CLUB, state, lim)


def _step(L0):
    """A hand that makes up to L0 with chance 0.9, then 0.6 for 5 more, then little."""
    return lambda L: 0.9 if L <= L0 else (0.6 if L <= L0 + 5 else 0.02)


def test_policy_stops_short_of_a_coin_flip_at_860_but_a_sitter_on_his_last_attempt_does_not():
    # p(120) = 0.6: the threshold policy (risk 0.5) bids it; at 860 a
    # defender's points often reach the barrel, so passing is worth more
    hand = _step(115)
    st = TableState(scores=(860, 300, 500), dealer=2)  # player 0 is the first hand
    lim = _policy_limits(st, hand, players=(0,))
    assert lim[0].tolist() == [115, 115, 115]
    # the others play the threshold policy: risk 0.5 reaches 120, block 0.35 too
    assert lim[1].tolist() == [120, 120, 120]
    # ... or their own (risk, barrel risk, block risk): at 0.7 they stop at 115
    careful = _policy_limits(st, hand, players=(0,), others=(0.7, 0.5, 0.35))
    assert careful[1].tolist() == [115, 120, 120] and careful[0].tolist() == [115, 115, 115]
    # a sitter on his last attempt: he falls anyway, so a 0.3 chance at 120 is worth taking
    st = TableState(scores=(880, 300, 500), barrel=(2, -1, -1), dealer=2)
    weak = lambda L: 0.95 if L <= 110 else (0.3 if L <= 120 else 0.01)  # noqa: E731
    assert _policy_limits(st, weak, players=(0,))[0, 1] == 120
    # the threshold policy's sitter (barrel risk 0.5) would not
    thr = _limits_of(weak)[GRID.index(0.5)]
    assert thr == 110


def test_policy_blocks_an_opponent_on_the_barrel_and_bids_as_usual_at_a_fresh_table():
    def hand(L):  # 0.9 up to 110, 0.6 at 115, 0.1 up to 150 (a long suit may come), then little
        return 0.9 if L <= 110 else (0.6 if L <= 115 else (0.1 if L <= 150 else 0.01))

    fresh = _policy_limits(TableState(scores=(0, 0, 0), dealer=2), hand, players=(0,))
    assert fresh[0, 0] == 115  # as the threshold policy at risk 0.5
    sitter = TableState(scores=(300, 300, 880), barrel=(-1, -1, 0), dealer=2)
    blocked = _policy_limits(sitter, hand, players=(0,))
    assert blocked[0, 2] > 120  # he keeps the sitter from buying the widow
    # the threshold policy's block (0.35) stops at 115
    assert _limits_of(hand)[GRID.index(0.35)] == 115


def test_policy_limits_are_bid_limits_on_the_grid():
    from analysis.deal import chunk_rng, deal

    class Est:
        def p_make(self, hands7, seats, contract):
            from analysis.cards import card_points, marriage_points

            x = card_points(hands7) + 0.8 * marriage_points(hands7) + 35.0 + 3 * np.asarray(seats)
            return 1.0 / (1.0 + np.exp(-(x - np.asarray(contract)) / 10.0))

    deals = deal(chunk_rng(7, 0), 200)
    hands = np.asarray(deals)[:, :3].astype(np.uint32)
    pol = EquityPolicy(estimator=Est())
    np.testing.assert_array_equal(pol.limits(hands, CLUB, batch=64), bid_limits(Est(), hands, GRID))


def test_deal_value_is_equity_for_the_equity_players_and_points_for_the_others():
    m = DD
    pol = EquityPolicy(players=(1,), estimator=object(), model=m)
    st = TableState(scores=(500, 500, 500), dealer=2)
    res = apply_deal(CLUB, st, DealOutcome(declarer=1, contract=120, raw=(10, 130, 20), tricks=(1, 6, 1)))
    eq = state_equities(m, [res.state, st], 1)
    assert pol.deal_value(CLUB, st, res, 1) == pytest.approx(eq[0] - eq[1])
    res0 = apply_deal(CLUB, st, DealOutcome(declarer=0, contract=120, raw=(130, 10, 20), tricks=(6, 1, 1)))
    assert pol.deal_value(CLUB, st, res0, 0) == pytest.approx(120 - (10 + 20) / 2)


def test_policy_params_round_trip_and_refuse_bad_players():
    from analysis.jobs.games import policy_from_params

    pol = EquityPolicy(players=(2,), defence=((0, 20), (10,)), passing=(125, 0.6), write_offs=False)
    back = policy_from_params(pol.params())
    assert back == pol and back.name == "equity"
    assert "others" not in pol.params()  # recorded only when changed
    bold = EquityPolicy(players=(2,), others=[0.35, 0.35, 0.2])
    assert policy_from_params(bold.params()) == bold and bold.params()["others"] == [0.35, 0.35, 0.2]
    for off_grid in ((0.51, 0.5, 0.35), (0.5, 0.5), (0.5, 0.5, 1.0)):
        with pytest.raises(BadArgument, match="multiple of 0.025"):
            EquityPolicy(others=off_grid)
    with pytest.raises(BadArgument):
        EquityPolicy(players=(3,))
    with pytest.raises(BadArgument):
        EquityPolicy(players=(0, 0))


def test_every_knob_of_the_level_equity_is_live():
    st = TableState(scores=(700, 820, 100), dealer=1)
    base = level_equity("club", st, 0, [100, 140], model=DD)
    for kw in (
        {"defence": ((0, 0, 0), (0, 0, 0))},
        {"passing": (140, 0.69)},
        {"passing": (120, 0.4)},
    ):
        other = level_equity("club", st, 0, [100, 140], **kw, model=DD)
        assert (
            other[0] != base[0] or not np.allclose(other[2], base[2]) or not np.allclose(other[1], base[1])
        ), kw
    # book's write-off pays each defender 40 whatever the contract: cheaper than a played loss
    book = level_equity("book", st, 0, [100, 140], model=BOOK_DD)
    assert np.all(level_equity("book", st, 0, [100, 140], write_offs=False, model=BOOK_DD)[2] < book[2])


def test_paired_summary_counts_the_equity_seat_against_the_same_seat(tmp_path):
    import json

    from analysis.equity.paired import format_summary, summary

    root = tmp_path / "club"
    root.mkdir()
    # six games, two per seat: the equity seat wins 4 (games 0, 2, 3, 5), the same seat
    # on the threshold policy wins 2 (games 0 and 4)
    eq = {"seats": [0, 0, 1, 1, 2, 2], "winners": [0, 1, 1, 1, 0, 2]}
    th = {"seats": [0, 0, 1, 1, 2, 2], "winners": [0, 2, 0, 0, 2, 1]}
    (root / "equity-000000.json").write_text(json.dumps(eq))
    (root / "threshold-000000.json").write_text(json.dumps(th))
    (row,) = summary(tmp_path)
    assert row["profile"] == "club" and row["games"] == 6
    assert row["share"] == pytest.approx(4 / 6) and row["base"] == pytest.approx(2 / 6)
    d = np.array([0, 0, 1, 1, -1, 1], float)
    assert row["gain"] == pytest.approx(d.mean())
    half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(6)
    assert row["gain_high"] - row["gain"] == pytest.approx(half)
    assert row["share_low"] < 4 / 6 < row["share_high"]
    assert row["by_seat"] == [0.5, 1.0, 0.5]
    assert "no difference shown" in format_summary([row])  # the gain interval includes 0
