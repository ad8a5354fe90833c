"""Own-information games of the research pages and the paired figures both ways
(analysis.research.data.simulated_games with outcomes, analysis.research.twoways),
on the tiny pools of conftest.py and hand-built tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis import reference
from analysis.game import simulate
from analysis.research import data, twoways


def test_game_outcomes_follow_the_single_dummy_pools(sd_env):
    assert data.game_outcomes("club") == ("pimc", "own information (the club-sd pool)")
    # a variant the club-sd pool serves (the barrel seats change no decision it stores)
    assert data.game_outcomes("club barrel_seats=1")[0] == "pimc"
    kind, why = data.game_outcomes("book")  # listed nowhere in the tiny registry
    assert kind == "dd" and why.startswith("double-dummy (")


def test_own_information_games_are_the_simulators(sd_env, tmp_path):
    g = data.simulated_games(tmp_path, "club", 3, 5, draw="with", outcomes="pimc")
    sd = reference.sd_pool_for("club")
    ref = simulate("club", 3, seed=5, pool=sd.sd_path, draw="with", outcomes="pimc")
    cols = ["game_id", "deal_no", "pool_deal", "declarer", "contract", "value", "score0", "winner"]
    pd.testing.assert_frame_equal(g[cols].reset_index(drop=True), ref[cols].reset_index(drop=True))
    o = g.attrs["outcomes"]
    assert o["outcomes"] == "pimc" and o["pool"] == "club-sd" and o["pool_size"] == 3
    assert o["repeated_draws"] == len(g) - g["pool_deal"].nunique() > 0
    assert data.repeat_words(g).startswith(f"{len(g):,} draws of 3 pool deals")
    # outcomes are part of the cache key: double-dummy games of the same seed differ
    dd = data.simulated_games(tmp_path, "club", 3, 5, draw="with", outcomes="dd", on_sd_deals=True)
    assert dd.attrs["outcomes"]["outcomes"] == "dd"
    assert set(dd["pool_deal"]) <= set(g["pool_deal"]) | set(np.unique(sd_deals(sd)))
    # paired: the same first deal (dealer and cards) in every game both ways
    firsts = [t.groupby("game_id")["pool_deal"].first().tolist() for t in (g, dd)]
    assert firsts[0] == firsts[1]
    with pytest.raises(ValueError, match="outcomes"):
        data.simulated_games(tmp_path, "club", 3, 5, outcomes="sd")
    with pytest.raises(ValueError, match="on_sd_deals"):
        data.simulated_games(tmp_path, "club", 3, 5, outcomes="pimc", on_sd_deals=True)


def sd_deals(sd):
    return reference.load(sd.name)["deal_id"].to_numpy()


def _games(rows):
    """rows: (game_id, pool_deal, redealt, bolts of seat 0, event, winner)."""
    out, no = [], {}
    for gid, deal, red, b0, ev, win in rows:
        out.append(
            {"game_id": gid, "deal_no": no.get(gid, 0), "pool_deal": deal, "redealt": red, "event": ev}
            | {"winner": win, "bolt0": b0, "bolt1": False, "bolt2": False}
        )
        no[gid] = no.get(gid, 0) + 1
    return pd.DataFrame(out)


def test_figures_both_ways_by_hand():
    # double-dummy: game 0 plays 3 deals (one bolt), player 1's stay ends in his
    # win; game 1 plays 1 deal after a redeal.  Own information: game 0 plays 2
    # deals, player 1's stay ends when player 0 wins; game 1 as before.
    dd = _games(
        [
            (0, 7, False, True, "barrel_enter:1", -1),
            (0, 8, False, False, "", -1),
            (0, 9, False, False, "win:1", 1),
            (1, 4, True, False, "", -1),
            (1, 5, False, False, "win:0", 0),
        ]
    )
    oi = _games(
        [
            (0, 7, False, False, "barrel_enter:1", -1),
            (0, 8, False, False, "win:0", 0),
            (1, 4, True, False, "", -1),
            (1, 5, False, False, "win:0", 0),
        ]
    )
    f = twoways.figures_both_ways(dd, oi, n_boot=50, seed=1)
    assert f.loc["deals_per_game", ["dd", "pimc", "diff"]].tolist() == [2.0, 1.5, 0.5]
    assert f.loc["bolts_per_100", ["dd", "pimc", "diff"]].tolist() == pytest.approx([25.0, 0.0, 25.0])
    assert f.loc["stays_won", ["dd", "pimc", "diff"]].tolist() == [1.0, 0.0, 1.0]
    assert f.loc["deals_per_game", ["n_dd", "n_pimc"]].tolist() == [2, 2]  # games
    assert f.loc["bolts_per_100", ["n_dd", "n_pimc"]].tolist() == [4, 3]  # played deals
    for k in ("dd", "pimc", "diff"):  # two games: wide intervals, but ordered and finite
        assert np.isfinite(f[[f"{k}_low", f"{k}_high"]].to_numpy()).all()
        assert (f[f"{k}_low"] <= f[f"{k}_high"]).all()
    same = twoways.figures_both_ways(dd, dd, n_boot=50, seed=1)
    assert (same["diff"] == 0).all() and (same["diff_low"] == 0).all() and (same["diff_high"] == 0).all()
    with pytest.raises(ValueError, match="same games"):
        twoways.figures_both_ways(dd, oi[oi.game_id == 0], n_boot=50)
