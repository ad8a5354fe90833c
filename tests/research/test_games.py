"""Tests of analysis.research: barrel stays and survival, bolts, paired
comparisons and make tables, on hand-built tables with known answers."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from analysis import cards
from analysis.research import bolts, contract_odds, paired, survival

P = cards.parse
FULL = cards.FULL_DECK


def games_table(rows):
    """rows: (game_id, redealt, event, winner, dealer) -> a minimal games frame."""
    out = []
    no = {}
    for gid, red, ev, win, dealer in rows:
        out.append(
            {
                "game_id": gid,
                "deal_no": no.get(gid, 0),
                "redealt": red,
                "event": ev,
                "winner": win,
                "dealer": dealer,
                "bolt0": "bolt0" in ev,
                "bolt1": False,
                "bolt2": False,
            }
        )
        no[gid] = no.get(gid, 0) + 1
    return pd.DataFrame(out)


GAMES = games_table(
    [
        (0, False, "", -1, 0),
        (0, False, "barrel_enter:1", -1, 1),
        (0, True, "", -1, 2),  # redeal: not a deal on the barrel
        (0, False, "", -1, 2),
        (0, False, "barrel_fall:1;barrel_enter:2", -1, 0),
        (0, False, "win:0", 0, 1),  # player 2 still sitting: another player won
        (1, False, "barrel_enter:0;barrel_enter:2", -1, 2),
        (1, False, "knocked_off:2", -1, 0),
        (1, False, "win:0", 0, 1),
    ]
)


def test_barrel_stays_follow_events_and_skip_redeals():
    s = survival.barrel_stays(GAMES)
    got = {(r.game_id, r.player): (r.start, r.deals, r.ending, r.ended) for r in s.itertuples()}
    assert got == {
        (0, 1): (1, 2, "barrel_fall", True),
        (0, 2): (4, 1, "other_won", True),
        (1, 2): (0, 1, "knocked_off", True),
        (1, 0): (0, 2, "win", True),
    }
    # a game cut off unfinished (no winner): the stay still running is censored
    cut = games_table([(0, False, "barrel_enter:1", -1, 0), (0, False, "unfinished", -1, 1)])
    s = survival.barrel_stays(cut)
    assert s[["deals", "ending", "ended"]].values.tolist() == [[1, "open", False]]
    with pytest.raises(ValueError, match="lacks"):
        survival.barrel_stays(GAMES.drop(columns="event"))


def test_kaplan_meier_by_hand():
    stays = pd.DataFrame(
        {
            "deals": [1, 2, 2, 3],
            "ended": [True, True, False, True],
            "ending": ["win", "barrel_fall", "open", "win"],
        }
    )
    km = survival.kaplan_meier(stays)
    # S(1) = 3/4; S(2) = 3/4 (1 - 1/3) = 1/2; S(3) = 0
    np.testing.assert_allclose(km["survival"].to_numpy(), [0.75, 0.5, 0.0])
    assert list(km.index) == [1, 2, 3]
    assert (km["ci_low"] <= km["survival"]).all() and (km["survival"] <= km["ci_high"]).all()
    # cause-specific: only wins; the fall at 2 is censored: S(1) = 3/4, S(2) = 3/4
    # (no win at 2), S(3) = 0
    w = survival.kaplan_meier(stays, event="win")
    np.testing.assert_allclose(w["survival"].to_numpy(), [0.75, 0.75, 0.0])
    with pytest.raises(ValueError):
        survival.kaplan_meier(stays, event="knocked_off")
    with pytest.raises(ValueError):
        survival.kaplan_meier(stays.iloc[:0])


def test_ending_shares_count_every_stay_once():
    t = survival.ending_shares(survival.barrel_stays(GAMES))
    assert t["count"].sum() == 4 and (t["of"] == 4).all()
    assert t.loc["win", "count"] == 1 and t.loc["other_won", "count"] == 1 and t.loc["open", "count"] == 0
    assert t.loc["win", "p"] == 0.25


def test_mean_ci_is_student_t():
    x = np.array([1.0, 2.0, 4.0, 7.0])
    m, lo, hi = bolts.mean_ci(x)
    ref = stats.t.interval(0.95, 3, loc=x.mean(), scale=stats.sem(x))
    assert m == 3.5 and lo == pytest.approx(ref[0]) and hi == pytest.approx(ref[1])
    assert bolts.mean_ci([5.0]) == (5.0, 5.0, 5.0)
    with pytest.raises(ValueError):
        bolts.mean_ci([])


def pool_frame():
    # deal 0: seat 1 has the top value; its left defender took 0 points but a trick
    # (9-9-9), its right defender took nothing at all. deal 1: seat 0 declares,
    # defenders scored. deal 2 is a forced redeal.
    rows = []
    vals = [(50, 130, 90), (140, 60, 60), (200, 0, 0)]
    lines = [(0, 1, 0, 0, 7), (10, 2, 25, 2, 4), (0, 0, 0, 0, 8)]
    for d, (v, ln) in enumerate(zip(vals, lines)):
        for s in range(3):
            lp, lt, rp, rt, dt = ln
            rows.append(
                {
                    "deal_id": d,
                    "seat": s,
                    "value": v[s],
                    "left_points": lp,
                    "left_tricks": lt,
                    "right_points": rp,
                    "right_tricks": rt,
                    "declarer_tricks": dt,
                    "redeal_forced": d == 2,
                }
            )
    return pd.DataFrame(rows)


def test_deal_bolts_reads_the_declarers_line():
    pool = pool_frame()
    assert bolts.auction_declarer(pool).tolist() == [1, 0, 0]
    b = bolts.deal_bolts(pool)
    assert b["deal_id"].tolist() == [0, 1]
    assert b["zero_points"].tolist() == [2, 0]  # both defenders of deal 0 had 0 points
    assert b["no_trick"].tolist() == [1, 0]  # the 9-9-9 trick saves one of them
    t = bolts.bolt_table(b)
    assert t.loc["zero points", "count"] == 2 and t.loc["zero points", "of"] == 4
    assert t.loc["no trick", "per_100_deals"] == pytest.approx(50.0)
    assert t.loc["declarer: no trick", "of"] == 2
    assert len(bolts.deal_bolts(pool, drop_redealt=False)) == 3
    with pytest.raises(ValueError, match="sorted"):
        bolts.auction_declarer(pool.iloc[::-1])
    nolines = pool.assign(left_points=-1)
    with pytest.raises(ValueError, match="without lines"):
        bolts.deal_bolts(nolines)


def test_game_bolt_rates_per_game_and_per_100_deals():
    g = games_table(
        [
            (0, False, "bolt0", -1, 0),
            (0, False, "bolt0;bolt_penalty:0", -1, 1),
            (0, True, "", -1, 1),
            (0, False, "win:1", 1, 1),
            (1, False, "", -1, 0),
            (1, False, "win:2", 2, 1),
        ]
    )
    r = bolts.game_bolt_rates(g)
    assert r.loc["bolts", "per_game"] == 1.0  # (2 + 0) / 2 games
    assert r.loc["bolts", "per_100_deals"] == pytest.approx(100 * 2 / 5)  # 5 played deals
    assert r.loc["penalties", "per_game"] == 0.5
    assert r.loc["bolts", "played_deals"] == 5 and r.loc["bolts", "games"] == 2


def test_game_metrics_and_paired_differences():
    m = paired.game_metrics(GAMES)
    assert m.loc[0, "deals"] == 6 and m.loc[0, "played"] == 5
    assert m.loc[1, "barrel_entries"] == 2
    # game 0: first dealer 0, winner 0 -> the dealer's seat; game 1: first dealer 2,
    # winner 0 -> the first hand of deal 0
    assert m.loc[0, "win_dealer"] == 1 and m.loc[1, "win_first_hand"] == 1
    v = m.copy()
    v["deals"] = v["deals"] + np.array([1.0, 3.0])
    d = paired.paired_differences(m, v, ["deals", "played"])
    assert d.loc["deals", "diff"] == 2.0
    ref = stats.t.interval(0.95, 1, loc=2.0, scale=1.0)  # differences 1, 3: sem 1
    assert d.loc["deals", "diff_low"] == pytest.approx(ref[0])
    assert d.loc["played", "diff"] == 0 and d.loc["played", "diff_high"] == 0
    with pytest.raises(ValueError, match="same"):
        paired.paired_differences(m, v.iloc[:1])


def test_make_tables_count_values_against_contracts():
    h0 = P("A♥ K♥ 10♠ A♣ J♦ 9♠ 9♣")  # half ♥ marriage; the widow holds Q♥
    h1 = P("A♠ K♠ Q♠ 10♥ K♣ K♦ Q♦")
    h2 = P("J♥ 10♣ Q♣ J♣ A♦ 10♦ 9♦")
    w = FULL ^ h0 ^ h1 ^ h2
    assert cards.format(w) == "Q♥ 9♥ J♠"
    pool = pd.DataFrame(
        {
            "deal_id": 0,
            "seat": [0, 1, 2],
            "value": [130, 100, 95],
            "hand0": h0,
            "hand1": h1,
            "hand2": h2,
            "widow": w,
        }
    )
    r = contract_odds.played_rows(pool)
    assert r["hand_points"].tolist() == [int(cards.card_points(h)) for h in (h0, h1, h2)]
    assert r["widow_completes"].tolist() == [True, False, False]
    assert r["marriages"].tolist() == [0, 0b0101, 0]
    c = contract_odds.make_curve(r, [95, 100, 130, 135])
    assert c["made"].tolist() == [3, 2, 1, 0] and (c["hands"] == 3).all()
    mar = contract_odds.marriage_effect(r, [100])
    assert mar.loc[("no marriage", 100), "made"] == 1  # 130 of h0; h2 has 95
    assert mar.loc[("♠ marriage (40)", 100), "made"] == 1
    assert ("♥ marriage (100)", 100) not in mar.index
    wid = contract_odds.widow_effect(r, 100)
    assert wid.loc[("completes a marriage", "yes"), "made"] == 1
    assert wid.loc[("completes a marriage", "no"), "hands"] == 2
    by = contract_odds.make_by(r, "seat", [100])
    assert by["made"].tolist() == [1, 1, 0]
    with pytest.raises(ValueError, match="lacks"):
        contract_odds.played_rows(pool.drop(columns="widow"))


def test_calibration_groups_by_prediction():
    rows = pd.DataFrame({"value": [90, 130, 95, 150, 200, 80]})
    pred = np.array([0.1, 0.9, 0.2, 0.8, 0.95, 0.05])
    cal = contract_odds.calibration(rows, pred, 120, bins=2)
    # low half: predictions 0.05, 0.1, 0.2 -> values 80, 90, 95: none made
    assert cal["hands"].tolist() == [3, 3] and cal["made"].tolist() == [0, 3]
    assert cal.loc[0, "predicted"] == pytest.approx((0.05 + 0.1 + 0.2) / 3)
    assert cal.loc[1, "ci_low"] < 1.0 == cal.loc[1, "p"]
    with pytest.raises(ValueError):
        contract_odds.calibration(rows, pred[:-1], 120)


def test_games_cache_key_follows_the_simulator_code():
    from analysis.research import game_tables

    h = game_tables._code_hash()
    assert len(h) == 12 and h == game_tables._code_hash()
    assert game_tables._key(1, "a") != game_tables._key(1, "b")


def test_defender_gap_splits_into_play_and_barrel_by_hand():
    # game 0: deal 0, seat 0 declares, defender 1 bolted, player 2 reaches the barrel;
    # deal 1, seat 1 declares, defender 0 bolted, defender 2 sits on the barrel (no
    # bolt); deal 2 written off (no defenders).  Game 1: a fresh game (nobody on the
    # barrel, whatever game 0 ended with), seat 2 declares, nobody bolted.
    # Defender seats 6, on the barrel 1, bolted off it 2 of 5: p_free = 2/5,
    # s_bar = 1/6, p_bar = 0, barrel part 2/5 * 1/6, p_game = 2/6.
    rows = [  # game, written off, declarer, bolts, barrels after the deal
        (0, False, 0, (False, True, False), (-1, -1, 0)),
        (0, False, 1, (True, False, False), (-1, -1, 1)),
        (0, True, 2, (False, False, False), (-1, -1, 1)),
        (1, False, 2, (False, False, False), (-1, -1, -1)),
    ]
    g = pd.DataFrame(
        [
            {"game_id": gid, "redealt": False, "written_off": wo, "declarer": d, "dealer": 0}
            | {f"bolt{q}": b[q] for q in range(3)}
            | {f"barrel{q}": bar[q] for q in range(3)}
            for gid, wo, d, b, bar in rows
        ]
    )
    gap = bolts.defender_gap(g, p_dd=0.5)["value"]
    assert gap["p_free"] == pytest.approx(0.4) and gap["s_bar"] == pytest.approx(1 / 6)
    assert gap["p_bar"] == 0 and gap["barrel"] == pytest.approx(0.4 / 6)
    assert gap["p_game"] == pytest.approx(1 / 3) and gap["play"] == pytest.approx(0.1)
    assert gap["play"] + gap["barrel"] == pytest.approx(gap["p_dd"] - gap["p_game"])
    with pytest.raises(ValueError, match="played out"):
        bolts.defender_gap(g.assign(written_off=True), p_dd=0.5)
