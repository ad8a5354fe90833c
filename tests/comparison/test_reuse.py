"""A comparison that reuses a small pool says how much, and widens its intervals for it."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from analysis.comparison import compare
from analysis.comparison.metrics import pool_reuse, ratio_ci
from analysis.comparison.table import game_rows


def _games(pool_deals, deals_per_game=3):
    """A hand-made games table: game g's deals drew ``pool_deals`` in order."""
    n = len(pool_deals) // deals_per_game
    return pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(n), deals_per_game),
            "redealt": np.zeros(len(pool_deals), bool),
            "pool_deal": pool_deals,
        }
    )


def test_pool_reuse_counts_repeated_draws_and_draws_per_deal():
    share, deff = pool_reuse(_games([0, 1, 2, 0, 1, 2, 3, 4, 5]))
    assert share == pytest.approx(3 / 9) and deff == pytest.approx(9 / 6)
    g = _games([0, 0, -1, -1, 7, 8])  # on-the-fly deals (-1) never repeat
    assert pool_reuse(g) == pytest.approx((1 / 4, 4 / 3))
    g.loc[0, "redealt"] = True  # a redealt draw is not a played one
    assert pool_reuse(g) == (0.0, 1.0)


def test_intervals_widen_by_the_root_of_the_design_effect(monkeypatch):
    import analysis.comparison.table as table

    rng = np.random.default_rng(0)
    idx = pd.RangeIndex(50, name="game_id")
    a = pd.DataFrame({"x": rng.integers(20, 40, 50).astype(float), "one": 1.0}, index=idx)
    b = pd.DataFrame({"x": a["x"] + rng.integers(0, 3, 50), "one": 1.0}, index=idx)
    monkeypatch.setattr(table, "per_game", lambda f: f)
    monkeypatch.setattr(table, "GAME_METRICS", {"m": ("x", "one", "")})
    plain = {r["rules"]: r for r in game_rows([a, b], ["a", "b"])}
    wide = {r["rules"]: r for r in game_rows([a, b], ["a", "b"], deff=[4.0, 2.25])}
    v, lo, hi, za = ratio_ci(a["x"], a["one"])
    _, _, _, zb = ratio_ci(b["x"], b["one"])
    assert plain["a"]["high"] - plain["a"]["value"] == pytest.approx(hi - v)
    assert wide["a"]["high"] - wide["a"]["value"] == pytest.approx(2 * (hi - v))  # sqrt(4)
    assert wide["b"]["high"] - wide["b"]["value"] == pytest.approx(
        1.5 * (plain["b"]["high"] - plain["b"]["value"])
    )
    # paired: the larger effect of the two; unpaired: each sample's variance times its own
    assert wide["b"]["diff_high"] - wide["b"]["diff"] == pytest.approx(
        2 * (plain["b"]["diff_high"] - plain["b"]["diff"])
    )
    t = stats.t.ppf(0.975, 49)
    unp = t * np.sqrt((4.0 * np.var(za, ddof=1) + 2.25 * np.var(zb, ddof=1)) / 50)
    assert wide["b"]["unpaired_high"] - wide["b"]["diff"] == pytest.approx(unp)
    assert wide["b"]["diff"] == plain["b"]["diff"]


def test_pimc_comparison_says_its_repeat_share(tmp_path):
    notes = []
    c = compare(
        ["club", "club barrel_seats=1"],
        games=8,
        seed=1,
        outcomes="pimc",
        workers=1,
        out=tmp_path,
        on_note=notes.append,
    )
    for name, p in zip(c.names, c.paths):
        from analysis import dataset

        share, _ = pool_reuse(dataset.read_frame(p, "games"))
        assert c.pool_repeat_share[name] == pytest.approx(share) and share > 0
        assert any(f"{name} {100 * share:.1f} %" in n for n in notes)
    rows = c.table[c.table["sample"] == "games"]
    assert rows["pool_repeat_share"].notna().all()
    assert c.table[c.table["sample"] != "games"]["pool_repeat_share"].isna().all()


def test_a_large_repeat_share_is_a_warning_naming_the_pool():
    from analysis.comparison.arms import Arm
    from analysis.comparison.front import REPEAT_WARN, reuse_notes
    from analysis.rules import PROFILES

    arms = [Arm(PROFILES["club"], n, "club-sd", "x", 2000) for n in ("a", "b")]
    arms.append(Arm(PROFILES["club"], "fly", None, None, 0))
    notes = reuse_notes(arms, [(0.373, 1.595), (REPEAT_WARN, 1.25), (0.5, 2.0)])
    assert notes[0].endswith("a 37.3 % (×1.26), b 20.0 % (×1.12)")  # the arm on the fly draws no pool deal
    assert len(notes) == 2 and notes[1].startswith("warning: a reuses its pool club-sd (2,000 deals): 37.3 %")
    assert reuse_notes(arms[:1], [(0.0, 1.0)]) == []
