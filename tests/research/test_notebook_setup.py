"""Tests of analysis.research: setup helpers, redeal tables, plots."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402

from analysis import cards  # noqa: E402
from analysis import probabilities as exact
from analysis.deal import chunk_rng, deal  # noqa: E402
from analysis.redeal import redeal_flags  # noqa: E402
from analysis.research import notebook, plots, redeals  # noqa: E402
from analysis.rules import PROFILES, load_rules  # noqa: E402

P = cards.parse
FULL = cards.FULL_DECK


def make_deal(h0, h1, h2):
    m = [P(h0), P(h1), P(h2)]
    return [m[0], m[1], m[2], FULL ^ m[0] ^ m[1] ^ m[2]]


# hand1 holds four 9s; widow 10♦ J♠ A♠ (23 points).
FOUR_NINES = make_deal("A♥ K♥ Q♥ 10♠ A♣ J♦ K♠", "9♥ 9♣ 9♦ 9♠ Q♠ K♦ Q♦", "10♥ J♥ 10♣ K♣ Q♣ J♣ A♦")
# hands 49, 39, 20 points; widow J♠ 10♣ 9♦ (12 points): no redeal anywhere.
PLAIN = make_deal("A♥ K♥ Q♥ 10♠ A♣ 10♦ 9♠", "A♠ K♠ Q♠ 10♥ K♣ K♦ Q♦", "9♥ J♥ 9♣ J♣ Q♣ J♦ A♦")
# widow 9♠ 9♣ J♦ (2 points, two 9s)
POOR_WIDOW = make_deal("A♥ K♥ Q♥ 10♠ A♣ 10♦ J♠", "A♠ K♠ Q♠ 10♥ K♣ K♦ Q♦", "9♥ J♥ 10♣ J♣ Q♣ 9♦ A♦")
EXAMPLES = np.array([FOUR_NINES, PLAIN, POOR_WIDOW, PLAIN], dtype=np.uint32)


# --- setup -------------------------------------------------------------------


@pytest.mark.parametrize(
    "env,quick",
    [
        ({}, False),
        ({"CI": "true"}, True),
        ({"THOUSAND_QUICK": "1"}, True),
        ({"THOUSAND_QUICK": "0"}, False),
        ({"CI": "", "THOUSAND_QUICK": "off"}, False),
        ({"CI": "False", "THOUSAND_QUICK": "yes"}, True),
    ],
)
def test_quick_mode_reads_both_variables(env, quick):
    assert notebook.quick_mode(env) is quick


def test_data_dir_default_and_override():
    assert str(notebook.data_dir("../data", {})) == "../data"
    assert str(notebook.data_dir("../data", {"THOUSAND_DATA": "/x/y"})) == "/x/y"


def test_half_width_is_half_the_wilson_interval():
    lo, hi = proportion_confint(300, 1000, alpha=0.05, method="wilson")
    assert notebook.half_width(0.3, 1000) == pytest.approx((hi - lo) / 2, rel=1e-12)
    # normal approximation 1.96 sqrt(p(1-p)/n) at large n
    assert notebook.half_width(0.5, 10**6) == pytest.approx(1.959964 * 0.0005, rel=1e-4)
    # rare events switch to Clopper-Pearson: 0 of 1000 gives [0, 1 - 0.025^(1/1000)]
    assert notebook.half_width(0.0, 1000) == pytest.approx((1 - 0.025 ** (1 / 1000)) / 2, rel=1e-9)
    with pytest.raises(ValueError):
        notebook.half_width(1.5, 10)
    with pytest.raises(ValueError):
        notebook.half_width(0.5, 0)


def test_max_half_width_and_missing_column():
    import pandas as pd

    t = pd.DataFrame({"ci_low": [0.1, 0.2], "ci_high": [0.3, 0.26]})
    assert notebook.max_half_width(t) == pytest.approx(0.1)
    with pytest.raises(ValueError, match="ci_high"):
        notebook.max_half_width(t[["ci_low"]])


def test_provenance_names_version_profile_seed_and_sizes():
    from analysis import __version__

    t = notebook.provenance(["club", "wiki"], 7, deals=1_000_000)
    v = t["value"]
    assert v["package"] == f"thousand-analysis {__version__}"
    assert v["profiles"] == "club, wiki" and v["seed"] == "7" and v["deals"] == "1,000,000"


def test_show_formats_percent_columns():
    import pandas as pd

    t = pd.DataFrame({"count": [1234], "p": [0.12345], "p_hand": [0.5], "z": [1.234]})
    html = notebook.show(t).to_html()
    assert "12.345%" in html and "50.000%" in html and "+1.23" in html and "1,234" in html


def test_ensure_deals_makes_then_reuses(tmp_path):
    p = notebook.ensure_deals(tmp_path, 50, 3)
    assert p == notebook.deals_path(tmp_path, 50, 3)
    masks = notebook.read_deal_masks(p)
    assert masks.shape == (50, 4) and masks.dtype == np.uint32
    np.testing.assert_array_equal(masks, deal(chunk_rng(3, 0), 50))
    stamp = (p / "_manifest.json").stat().st_mtime_ns
    assert notebook.ensure_deals(tmp_path, 50, 3) == p
    assert (p / "_manifest.json").stat().st_mtime_ns == stamp


# --- redeals -------------------------------------------------------------------


def test_profile_redeals_counts_worked_examples():
    t = redeals.profile_redeals(EXAMPLES, ["club", "wiki", "classic"])
    club, wiki = t.loc["club"], t.loc["wiki"]
    assert club.loc["four_nines_any", "count"] == 1  # FOUR_NINES
    assert club.loc["widow_under", "count"] == 1  # POOR_WIDOW: 2 < 5
    assert club.loc["redeal_before_play", "count"] == 2
    assert wiki.loc["widow_two_nines", "count"] == 1
    assert wiki.loc["widow_under", "count"] == 1  # 2 < 3
    assert (club["deals"] == 4).all()
    assert club.loc["redeal_before_play", "p"] == 0.5
    assert club["claim"].eq("forced").all() and wiki["claim"].eq("claimable").all()
    # classic has no conditions: only the total, 0, with its exact value 0
    assert list(t.loc["classic"].index) == ["redeal_before_play"]
    assert t.loc[("classic", "redeal_before_play"), "count"] == 0
    assert t.loc[("classic", "redeal_before_play"), "exact"] == 0
    assert t.loc["classic", "claim"].iloc[0] == "—"
    assert "widow_two_nines" not in club.index
    assert len(redeals.profile_redeals(EXAMPLES, ["club"], all_events=True)) == 7


def test_profile_redeals_agrees_with_redeal_flags_and_exact():
    d = deal(chunk_rng(11, 0), 3000)
    t = redeals.profile_redeals(d, ["club", "book", "wiki"])
    for prof in ("club", "book", "wiki"):
        f = redeal_flags(d, PROFILES[prof])
        ex = exact.redeal_probabilities(prof)
        for event, row in t.loc[prof].iterrows():
            hit = (f["redeal_bidding"] | f["redeal_widow"]) if event == "redeal_before_play" else f[event]
            assert row["count"] == int(hit.sum())
            assert row["exact"] == float(ex[event])
            assert row["ci_low"] <= row["p"] <= row["ci_high"]
    assert t.loc[("wiki", "hand_under_any"), "condition"] == "a hand under 14 card points"
    # book redeals on four 9s or a weak widow, each alone: claimable, not "no redeals"
    assert t.loc["book", "claim"].eq("claimable").all() and t.loc[("book", "redeal_before_play"), "count"] > 0


def test_threshold_sweep_against_direct_counts():
    d = deal(chunk_rng(5, 0), 2000)
    pts = cards.card_points(d)
    nines4 = np.array([[cards.count_rank(int(m), 0) == 4 for m in row[:3]] for row in d])
    t = redeals.threshold_sweep(d, hand=(13, 15), widow=(3, 8))
    assert list(t.index) == [(13, 3), (13, 8), (15, 3), (15, 8)]
    for (h, w), row in t.iterrows():
        under = (pts[:, :3] < h).any(axis=1)
        widow = pts[:, 3] < w
        assert row["count_hand"] == under.sum()
        assert row["count_widow"] == widow.sum()
        assert row["count"] == (under | widow | nines4.any(axis=1)).sum()
        assert row["exact_hand"] == pytest.approx(
            float(
                exact.redeal_probabilities(load_rules("club").with_changes(redeal_hand_under=h))[
                    "hand_under_any"
                ]
            )
        )
        assert row["exact_widow"] == pytest.approx(float(exact.p_widow_points_under(w)))
    with pytest.raises(ValueError):
        redeals.threshold_sweep(d, hand=(200,))


def test_deals_per_played_is_geometric_mean():
    assert float(redeals.deals_per_played(0.2)) == 1.25
    m, lo, hi = redeals.deals_per_played([0.0, 0.5], [0.0, 0.4], [0.1, 0.6])
    np.testing.assert_allclose(m, [1.0, 2.0])
    np.testing.assert_allclose(lo, [1.0, 1 / 0.6])
    np.testing.assert_allclose(hi, [1 / 0.9, 2.5])
    with pytest.raises(ValueError):
        redeals.deals_per_played(1.0)


# --- plots ---------------------------------------------------------------------


def test_interval_dots_draws_percent_and_checks_shapes():
    fig, ax = plt.subplots()
    plots.interval_dots(ax, ["a", "b"], [0.1, 0.2], [0.05, 0.15], [0.15, 0.25], exact=[0.11, 0.19])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    xs = ax.lines[0].get_xdata()
    np.testing.assert_allclose(sorted(xs), [10.0, 20.0])
    with pytest.raises(ValueError):
        plots.interval_dots(ax, ["a"], [0.1, 0.2], [0.05, 0.15], [0.15, 0.25])
    plt.close(fig)


def test_interval_lines_and_survival_steps():
    fig, ax = plt.subplots()
    plots.interval_lines(ax, [1, 2], [0.5, 0.4], [0.4, 0.3], [0.6, 0.5], xlabel="x")
    np.testing.assert_allclose(ax.lines[0].get_ydata(), [50.0, 40.0])
    plots.survival_steps(ax, [1, 3], [0.8, 0.5], [0.7, 0.4], [0.9, 0.6])
    np.testing.assert_allclose(ax.lines[1].get_ydata(), [100.0, 80.0, 50.0, 50.0])
    with pytest.raises(ValueError):
        plots.interval_lines(ax, [1], [0.5, 0.4], [0.4, 0.3], [0.6, 0.5])
    plt.close(fig)


def test_a_damaged_games_cache_is_simulated_again(tmp_path):
    # the notebooks' cached game tables: a damaged file failed the notebook
    # with Arrow's error, and stayed damaged
    from analysis.research import dd_pools, game_tables

    deals = notebook.ensure_deals(tmp_path, 20, 3)
    pool = dd_pools.ensure_solutions(tmp_path, deals, "club", 20)
    first = game_tables.simulated_games(tmp_path, "club", 2, 5, pool)
    cache = list(tmp_path.glob("games-*.parquet"))
    assert len(cache) == 1
    cache[0].write_bytes(cache[0].read_bytes()[:1000])
    again = game_tables.simulated_games(tmp_path, "club", 2, 5, pool)
    assert again.equals(first)
    assert game_tables.simulated_games(tmp_path, "club", 2, 5, pool).equals(first)  # read back
