"""Win shares by position and a table's game figures, at three and four
players, on hand-built games with known answers (analysis.research.positions)."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from analysis.research import paired, positions
from analysis.research.uncertainty import PoolBootstrap


def four_table(bolts=True) -> pd.DataFrame:
    """Four games at a table of four.

    Game 0: first dealer 3, player 2 wins (the third hand: 2 - 3 - 1 = 2 mod 4);
    game 1: first dealer 1, he wins himself (the first dealer), from the
    barrel; game 2: first dealer 0, player 1 wins (the first hand); game 3
    is cut off.  Seven played deals, two bolts, two barrel entries.
    """
    rows = [
        # game, dealer, redealt, event, winner, bolted player
        (0, 3, False, "", -1, 0),
        (0, 0, False, "barrel_enter:3", -1, -1),
        (0, 1, False, "win:2", 2, -1),
        (1, 1, False, "barrel_enter:1", -1, -1),
        (1, 2, True, "", -1, -1),
        (1, 2, False, "win:1", 1, 3),
        (2, 0, False, "win:1", 1, -1),
        (3, 2, False, "", -1, -1),
        (3, 3, True, "", -1, -1),
    ]
    out, no = [], {}
    for i, (gid, dealer, red, ev, win, bolted) in enumerate(rows):
        r = {"game_id": gid, "deal_no": no.get(gid, 0), "dealer": dealer, "redealt": red, "event": ev}
        r |= {"winner": win, "pool_deal": i}
        for p in range(4):
            r[f"bolt{p}"] = bolts and p == bolted
            r[f"score{p}"] = 0
        out.append(r)
        no[gid] = no.get(gid, 0) + 1
    return pd.DataFrame(out)


def test_positions_count_from_the_first_dealer_at_four():
    g = four_table()
    t = positions.position_wins(g, PoolBootstrap(g, n_boot=50))
    assert list(t.index) == ["first hand", "second hand", "third hand", "first dealer"]
    assert t["wins"].tolist() == [1, 0, 1, 1] and (t["of"] == 3).all()
    assert np.allclose(t["p"], [1 / 3, 0, 1 / 3, 1 / 3]) and (t["par"] == 0.25).all()
    assert (t["ci_low"] <= t["p"]).all() and (t["p"] <= t["ci_high"]).all()
    assert t.loc["second hand", "ci_high"] > 0  # no win seen: an exact bound, not 0–0
    # the research pages' per-game metrics name the third hand at four only
    m = paired.game_metrics(g)
    assert m["win_third"].tolist() == [1, 0, 0, 0] and m["win_dealer"].tolist() == [0, 1, 0, 0]
    assert "win_third" not in paired.game_metrics(g.drop(columns=[c for c in g if c.endswith("3")]))


def test_table_figures_of_four_are_the_hand_counts():
    g = four_table()
    f = positions.table_figures(g, PoolBootstrap(g, n_boot=50))
    assert list(f.index) == [f"won by the {p}" for p in positions.POSITIONS[4]] + [
        "bolts per 100 played deals",
        "barrel entries per game",
        "barrel stays won",
    ]
    assert f.loc["bolts per 100 played deals", "value"] == pytest.approx(200 / 7)
    assert f.loc["bolts per 100 played deals", "n"] == 7
    assert f.loc["barrel entries per game", "value"] == 0.5 and f.loc["barrel entries per game", "n"] == 4
    # two stays of one deal each: player 1 wins, player 3's is open when game 0 ends
    assert f.loc["barrel stays won", "value"] == 0.5 and f.loc["barrel stays won", "n"] == 2
    assert f["share"].tolist() == [True] * 4 + [False, False, True]


def test_a_table_of_three_has_no_third_hand():
    g = four_table().drop(columns=["bolt3", "score3"])
    g["dealer"] = [2, 0, 1, 1, 2, 2, 0, 2, 0]
    g["event"] = g["event"].str.replace("barrel_enter:3", "")
    f = positions.table_figures(g, PoolBootstrap(g, n_boot=50))
    assert not any("third" in i for i in f.index)
    # games 0 and 1: 2 - 2 - 1 = 1 - 1 - 1 = 2 mod 3 (the first dealer); game 2: 1 - 0 - 1 = 0
    assert f.loc["won by the first hand", "value"] == pytest.approx(1 / 3)
    assert f.loc["won by the first dealer", "value"] == pytest.approx(2 / 3)
    assert f.loc["barrel entries per game", "value"] == 0.25
    assert (positions.position_wins(g, PoolBootstrap(g, n_boot=50))["par"] == 1 / 3).all()


def test_the_bootstrap_level_sets_every_interval_exact_bounds_included():
    g = four_table(bolts=False)
    f95 = positions.table_figures(g, PoolBootstrap(g, n_boot=200, seed=1))
    f99 = positions.table_figures(g, PoolBootstrap(g, n_boot=200, seed=1, alpha=0.01))
    assert (f99["low"] <= f95["low"] + 1e-12).all() and (f99["high"] >= f95["high"] - 1e-12).all()
    # no bolt in 7 played deals (each 0 or 1): the exact Clopper–Pearson bound
    # 1 - (alpha / 2) ** (1 / 7) at each level, per 100 deals
    for f, a in ((f95, 0.05), (f99, 0.01)):
        hi = f.loc["bolts per 100 played deals", "high"]
        assert hi == pytest.approx(100 * stats.beta.ppf(1 - a / 2, 1, 7))
        assert hi == pytest.approx(100 * (1 - (a / 2) ** (1 / 7)))
    assert "99 % intervals" in PoolBootstrap(g, n_boot=20, alpha=0.01).describe()


def test_win_shares_refuse_other_games_and_unfinished_tables():
    g = four_table()
    with pytest.raises(ValueError, match="game ids"):
        positions.position_wins(g, PoolBootstrap(g[g.game_id < 3], n_boot=20))
    cut = g[g.game_id == 3]
    with pytest.raises(ValueError, match="no game finished"):
        positions.position_wins(cut, PoolBootstrap(cut, n_boot=20))
