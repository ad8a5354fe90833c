"""Own-information games of the research pages and the paired figures both ways
(analysis.research.game_tables.simulated_games with outcomes, analysis.research.twoways),
on the tiny pools of conftest.py and hand-built tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis import reference
from analysis.game import simulate
from analysis.research import game_tables, twoways


def test_game_outcomes_follow_the_single_dummy_pools(sd_env):
    assert game_tables.game_outcomes("club") == ("pimc", "own information (the club-sd pool)")
    # a variant the club-sd pool serves (the barrel seats change no decision it stores)
    assert game_tables.game_outcomes("club barrel_seats=1")[0] == "pimc"
    kind, why = game_tables.game_outcomes("book")  # listed nowhere in the tiny registry
    assert kind == "dd" and why.startswith("double-dummy (")


def test_own_information_games_are_the_simulators(sd_env, tmp_path):
    g = game_tables.simulated_games(tmp_path, "club", 3, 5, draw="with", outcomes="pimc")
    sd = reference.sd_pool_for("club")
    ref = simulate("club", 3, seed=5, pool=sd.sd_path, draw="with", outcomes="pimc")
    cols = ["game_id", "deal_no", "pool_deal", "declarer", "contract", "value", "score0", "winner"]
    pd.testing.assert_frame_equal(g[cols].reset_index(drop=True), ref[cols].reset_index(drop=True))
    o = g.attrs["outcomes"]
    assert o["outcomes"] == "pimc" and o["pool"] == "club-sd" and o["pool_size"] == 3
    assert o["repeated_draws"] == len(g) - g["pool_deal"].nunique() > 0
    assert game_tables.repeat_words(g).startswith(f"{len(g):,} draws of 3 pool deals")
    # outcomes are part of the cache key: double-dummy games of the same seed differ
    dd = game_tables.simulated_games(tmp_path, "club", 3, 5, draw="with", outcomes="dd", on_sd_deals=True)
    assert dd.attrs["outcomes"]["outcomes"] == "dd"
    assert set(dd["pool_deal"]) <= set(g["pool_deal"]) | set(np.unique(sd_deals(sd)))
    # paired: the same first deal (dealer and cards) in every game both ways
    firsts = [t.groupby("game_id")["pool_deal"].first().tolist() for t in (g, dd)]
    assert firsts[0] == firsts[1]
    # and every deal number both plays of a game reach: the draws do not depend on the play
    same, compared = twoways.same_draws(dd, g)
    assert compared == sum(
        min(a, b) for a, b in zip(g.groupby("game_id").size(), dd.groupby("game_id").size())
    )
    assert same == compared > 0
    with pytest.raises(ValueError, match="outcomes"):
        game_tables.simulated_games(tmp_path, "club", 3, 5, outcomes="sd")
    with pytest.raises(ValueError, match="on_sd_deals"):
        game_tables.simulated_games(tmp_path, "club", 3, 5, outcomes="pimc", on_sd_deals=True)


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
    # no pool deal repeats within either arm, so neither arm's interval is widened; the
    # paired bootstrap reads both arms' draws of deals 4, 5, 7 and 8 together: the
    # difference of a figure of games or stays is widened, bolts (made of deals) never
    flags = ["widened_dd", "widened_pimc", "widened_diff"]
    assert f.loc["deals_per_game", flags].tolist() == [False, False, True]
    assert f.loc["stays_won", flags].tolist() == [False, False, True]
    assert f.loc["bolts_per_100", flags].tolist() == [False, False, False]
    same = twoways.figures_both_ways(dd, dd, n_boot=50, seed=1)
    assert (same["diff"] == 0).all() and (same["diff_low"] == 0).all() and (same["diff_high"] == 0).all()
    with pytest.raises(ValueError, match="same games"):
        twoways.figures_both_ways(dd, oi[oi.game_id == 0], n_boot=50)


def _table(seed: int, n_games: int = 24, pool: int = 30) -> pd.DataFrame:
    """A games table drawing a small pool with replacement, with bolts, redeals and barrel
    stays (a sitter wins or falls; a fall lets the game run on to another player's win)."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(n_games):
        p, length, stay = g % 3, int(rng.integers(6, 10)), int(rng.integers(1, 4))
        falls = bool(rng.random() < 0.5)
        for d in range(length):
            ev, win = "", -1
            if d == 2:
                ev = f"barrel_enter:{p}"
            elif d == 2 + stay and falls:
                ev = f"barrel_fall:{p}"
            if d == length - 1:
                win = (p + 1) % 3 if falls or 2 + stay >= d else p
                ev = (ev + ";" if ev else "") + f"win:{win}"
            bolts_ = rng.random(3) < 0.2
            rows.append(
                {"game_id": g, "deal_no": d, "dealer": (g + d) % 3, "pool_deal": int(rng.integers(pool))}
                | {"redealt": bool(rng.random() < 0.08), "written_off": False, "event": ev, "winner": win}
                | {f"bolt{q}": bool(bolts_[q]) for q in range(3)}
            )
    t = pd.DataFrame(rows)
    t.loc[t["redealt"], ["bolt0", "bolt1", "bolt2"]] = False
    return t


def test_one_figure_gets_one_interval_wherever_it_is_printed():
    from analysis.research import bolts, positions, survival
    from analysis.research.uncertainty import PoolBootstrap

    dd, oi = _table(1), _table(2)
    f = twoways.figures_both_ways(dd, oi, n_boot=60)
    for arm, g in (("dd", dd), ("pimc", oi)):
        b = PoolBootstrap(g, n_boot=60)  # as the bolts and barrel pages make it
        cols = [arm, f"{arm}_low", f"{arm}_high"]
        # the bolts page's figure, the barrel page's table of three and four, this table
        page = bolts.game_figures(g, b).loc["bolts per 100 played deals", ["value", "low", "high"]]
        assert f.loc["bolts_per_100", cols].tolist() == page.tolist()
        assert positions.table_figures(g, b).loc[
            "bolts per 100 played deals", ["value", "low", "high"]
        ].tolist() == (page.tolist())
        # the barrel page's stays won per stay (its competing table at the longest stay)
        st = survival.barrel_stays(g)
        # (no rules: these made-up stays outlast the three attempts, which club's rules refuse;
        # the rules fix only deal 0 and S at the longest stay, not the incidence of a win)
        win = survival.competing_table(st, b, survival.ENDINGS).loc["cif_win"].iloc[-1]
        assert f.loc["stays_won", cols].tolist() == [win["p"], win["ci_low"], win["ci_high"]]
        assert f.loc["stays_won", f"n_{arm}"] == len(st)
        # played deals per game: the games' mean with its interval over games
        per = (~g["redealt"]).groupby(g["game_id"]).sum().to_numpy(float)
        assert f.loc["deals_per_game", cols].tolist() == list(b.game_mean(per))
        # another seed gives another interval: the test would see a page with its own
        other = bolts.per_100_played(g, PoolBootstrap(g, n_boot=60, seed=2))
        assert other[1:] != tuple(page.tolist()[1:])
    # a pool of 30 deals drawn about 190 times each way: every figure of games or stays is
    # widened, bolts per 100 played deals (resampled over deals too) is not
    assert f[["widened_dd", "widened_pimc", "widened_diff"]].all(axis=1).to_dict() == {
        "deals_per_game": True,
        "bolts_per_100": False,
        "stays_won": True,
    }
    # the difference keeps its paired bootstrap: the same games both ways differ by nothing
    same = twoways.figures_both_ways(oi, oi, n_boot=60)
    assert (same["diff"] == 0).all() and (same["diff_low"] == 0).all() and (same["diff_high"] == 0).all()
    assert f.loc["bolts_per_100", "diff"] == pytest.approx(
        f.loc["bolts_per_100", "dd"] - f.loc["bolts_per_100", "pimc"]
    )


def test_pages_and_helpers_leave_the_bootstrap_seed_to_its_one_constant():
    """No page or research helper seeds its own bootstrap, and the pages that print the
    same games figures resample them as many times."""
    import re
    from pathlib import Path

    from analysis import report

    root = Path(twoways.__file__).resolve().parents[2]
    own_seed = re.compile(
        r"(?:PoolBootstrap|figures_both_ways)\([^()]*(?:\([^()]*\)[^()]*)*\bseed=(?!seed\b)", re.S
    )
    for path in [*(root / "notebooks").glob("*.py"), *(root / "analysis" / "research").glob("*.py")]:
        found = own_seed.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.name} seeds its own bootstrap: {found.group(0)[:80]!r}"
    for quick in (True, False):
        sizes = {
            n: report.read_parameters(n, quick=quick).get("N_BOOT")
            for n in ("bolts", "barrel", "single_dummy")
        }
        assert len(set(sizes.values())) == 1, sizes


def test_a_games_cache_serves_the_same_pools_at_another_path(sd_env, tmp_path, monkeypatch):
    # the cache key held the pool's absolute path: a data folder used from
    # another checkout (the same pools elsewhere) played every game again
    import shutil

    data = tmp_path / "data"
    first = game_tables.simulated_games(data, "club", 3, 5, draw="with", outcomes="pimc")
    made = sorted(data.glob("games-*.parquet"))
    assert len(made) == 1
    moved = tmp_path / "elsewhere"
    shutil.copytree(sd_env, moved)
    monkeypatch.setenv(reference.ROOT_VAR, str(moved))
    assert reference.sd_pool_for("club").sd_path.startswith(str(moved))
    again = game_tables.simulated_games(data, "club", 3, 5, draw="with", outcomes="pimc")
    assert sorted(data.glob("games-*.parquet")) == made  # read back, not played again
    pd.testing.assert_frame_equal(again, first)


def test_each_profile_s_bidding_model_is_named_with_what_it_estimates():
    # the games pages named club's model for every profile, and called the
    # own-information model "a logistic model of the double-dummy value"
    words = {}
    for prof, outcomes in [("club", "pimc"), ("classic", "pimc"), ("book", "pimc"), ("club", "dd")]:
        est, desc = game_tables.pool_estimator(None, prof, outcomes)
        words[prof, outcomes] = game_tables.estimator_words(est, desc)
    assert "value as played with own information" in words["club", "pimc"]
    assert "double-dummy value" in words["club", "dd"] and "own information" not in words["club", "dd"]
    assert (
        "of book" in words["book", "pimc"]
        and f"{reference.sd_pool_for('book').name} pool" in words["book", "pimc"]
    )
    tables = {p: pd.DataFrame() for p in ("club", "classic", "book")}
    for (p, o), w in words.items():
        if o == "pimc":
            tables[p].attrs["estimator"] = w
    line = game_tables.estimators_words(tables)
    assert line.startswith(f"club and classic: {words['club', 'pimc']}; book: ")  # classic plays club's model
    assert line.count("the default bidding model") == 2


def test_repeat_phrase_is_every_pages_wording():
    assert game_tables.repeat_phrase(31_482, 2_000, 2_000, 29_482) == (
        "31,482 draws of 2,000 pool deals (2,000 of them drawn): 29,482 (93.6 %) repeat a deal drawn before"
    )
    assert game_tables.repeat_phrase(0, 50_000, 0, 0) == (
        "0 draws of 50,000 pool deals (0 of them drawn): 0 repeat a deal drawn before"
    )
