"""The dark-play and golden-round page's intervals and counts."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats as st
from statsmodels.stats.proportion import proportion_confint

from analysis.errors import BadArgument
from analysis.research import dark_golden
from analysis.rules import PROFILES, as_rules
from analysis.stats import clustered_share_ci, share_ci


def test_share_ci_is_clopper_pearson_over_independent_trials():
    for k, n in [(1, 12), (3, 12), (5, 12), (0, 12), (12, 12), (417, 2000)]:
        lo, hi = share_ci(k, n)
        want = proportion_confint(k, n, alpha=0.05, method="beta")
        assert (lo, hi) == pytest.approx(want, abs=1e-12)
    # the reader's figures: 1, 3, 4 and 5 of 12 games
    assert [round(100 * b, 1) for b in share_ci(1, 12)] == [0.2, 38.5]
    assert [round(100 * b, 1) for b in share_ci(3, 12)] == [5.5, 57.2]
    assert [round(100 * b, 1) for b in share_ci(4, 12)] == [9.9, 65.1]
    assert [round(100 * b, 1) for b in share_ci(5, 12)] == [15.2, 72.3]


def test_share_ci_on_the_effective_count():
    # 24 trials with a design effect of 2 weigh as 12 independent ones
    assert share_ci(6, 24, deff=2.0) == pytest.approx(share_ci(3, 12), abs=1e-12)
    lo, hi = share_ci(np.array([0, 5]), np.array([10, 10]), np.array([1.0, 1.5]))
    assert lo[0] == 0.0 and hi[0] == pytest.approx(1 - 0.025 ** (1 / 10))
    assert hi[1] - lo[1] > np.subtract(*share_ci(5, 10)[::-1])  # wider than without the effect
    with pytest.raises(BadArgument):
        share_ci(3, 12, deff=0.5)
    with pytest.raises(BadArgument):
        share_ci(13, 12)


def test_clustered_share_ci_follows_korn_graubard():
    made = np.array([0, 0, 0, 0, 0, 2, 0, 37])  # the quick page's book deals, 90 gifts each
    p, lo, hi, m = clustered_share_ci(made, 90)
    assert p == pytest.approx(39 / 720)
    c, n = len(made), 720
    var = c / (c - 1) * ((made - p * 90) ** 2).sum() / n**2
    want_m = p * (1 - p) / var * (st.norm.ppf(0.975) / st.t.ppf(0.975, c - 1)) ** 2
    assert m == pytest.approx(want_m)
    k = p * m
    assert lo == pytest.approx(st.beta.ppf(0.025, k, m - k + 1))
    assert hi == pytest.approx(st.beta.ppf(0.975, k + 1, m - k))
    assert 0 < lo < p < hi < 1
    # a share seen on every gift of every deal alike has the clusters as its trials
    p0, lo0, hi0, m0 = clustered_share_ci([0, 0, 0, 0], 90)
    assert (p0, lo0, m0) == (0.0, 0.0, 4.0) and hi0 == pytest.approx(1 - 0.025 ** (1 / 4))
    # shares spread like independent gifts: about as many effective trials as gifts, never more
    rng = np.random.default_rng(3)
    _, _, _, m1 = clustered_share_ci(rng.binomial(90, 0.3, 400), 90)
    assert 0.8 * 36_000 < m1 <= 36_000
    with pytest.raises(BadArgument):
        clustered_share_ci([3], 90)


def test_drawn_in_counts_distinct_deals_across_arms():
    a = pd.DataFrame({"game_id": [0, 0, 1], "pool_deal": [4, 7, 4], "redealt": [False, False, False]})
    b = pd.DataFrame({"game_id": [0, 1, 1], "pool_deal": [4, 8, -1], "redealt": [False, True, False]})
    d = dark_golden.drawn_in([a, b])
    # pool draws 4, 7, 4, 4 (8 is redealt) and one deal solved on the fly: 2 of the draws repeat
    assert d == dark_golden.Drawn(games=2, draws=5, distinct=3, deff=5 / 3, repeats=2, pool=0)
    one = dark_golden.drawn_in([a], pool=50_000)
    assert (one.deff, one.repeats, one.pool) == (pytest.approx(1.5), 1, 50_000)
    assert one.widening == pytest.approx(1.5**0.5)
    assert (
        one.words() == "3 draws of 50,000 pool deals (2 of them drawn): 1 (33.3 %) repeat a deal drawn before"
    )
    no_repeat = dark_golden.drawn_in([b.iloc[:1]], pool=9)
    assert (no_repeat.repeats, no_repeat.widening) == (0, 1.0)


def test_games_drawn_is_what_compare_widened_its_intervals_by(sd_env, tmp_path):
    from analysis import dataset
    from analysis.comparison import compare
    from analysis.comparison.table import game_rows

    c = compare(["club", "club barrel_seats=1"], games=3, seed=2, workers=1, out=tmp_path, outcomes="pimc")
    frames = [dataset.read_frame(p, "games") for p in c.paths]
    for name, path, f in zip(c.names, c.paths, frames):
        d = dark_golden.games_drawn(path)
        played = f.pool_deal[~f.redealt]
        assert d.pool == 3  # the tiny club-sd pool: every game repeats its deals
        assert (d.draws, d.distinct) == (len(played), played.nunique())
        assert d.repeats == len(played) - played.nunique() > 0
        assert c.pool_repeat_share[name] == pytest.approx(d.repeats / d.draws)
    # the comparison's interval of a game figure is the plain one scaled by the widening
    plain = pd.DataFrame(game_rows(frames, c.names)).set_index(["metric", "rules"])
    wide = c.table.set_index(["metric", "rules"])
    w = [dark_golden.games_drawn(p).widening for p in c.paths]
    for i, name in enumerate(c.names):
        r0, r1 = plain.loc[("deals_per_game", name)], wide.loc[("deals_per_game", name)]
        if r0.high > r0.value:
            assert r1.high - r1.value == pytest.approx(w[i] * (r0.high - r0.value))
    r0, r1 = plain.loc[("deals_per_game", c.names[1])], wide.loc[("deals_per_game", c.names[1])]
    assert r1.diff_high - r1["diff"] == pytest.approx(max(w) * (r0.diff_high - r0["diff"]))


def test_resets_and_shares_of_games():
    g = pd.DataFrame(
        {"game_id": [0, 0, 1, 1, 2], "event": ["golden:0;golden_reset:0", "golden_reset:1", "", None, "x"]}
    )
    assert dark_golden.resets_in(g) == (1, 3)
    rows = pd.DataFrame({"value": [1 / 12, 0.25], "games": [12, 12], "low": [0.0, 0.0], "high": [0.2, 0.5]})
    out = dark_golden.share_rows(rows, [1.0, 1.0])
    assert out["count"].tolist() == [1, 3]
    assert out.low.tolist() == pytest.approx([share_ci(1, 12)[0], share_ci(3, 12)[0]])
    assert out.high.tolist() == pytest.approx([share_ci(1, 12)[1], share_ci(3, 12)[1]])
    with pytest.raises(ValueError):
        dark_golden.share_rows(pd.DataFrame({"value": [0.3], "games": [12]}), [1.0])


def test_no_reset_by_rule():
    assert dark_golden.no_reset_by_rule(PROFILES["club"]) == "none by rule (no golden round)"
    assert dark_golden.no_reset_by_rule(as_rules("club golden_round=in_turn golden_failed=keep")).startswith(
        "none by rule"
    )
    assert dark_golden.no_reset_by_rule(as_rules("club golden_round=in_turn")) is None
    assert dark_golden.no_reset_by_rule(as_rules("club golden_round=in_turn golden_failed=again")) is None


def test_dark_allowed_words_say_what_may_go_dark_does():
    from analysis.game.dark import may_go_dark
    from analysis.scoring import TableState

    wiki = PROFILES["wiki"].with_changes(dark_play="wiki")
    assert dark_golden.dark_allowed_words(wiki) == "when his score is not below 0 and nobody is on the barrel"
    # the first hand (dealer 2: seat 0) below the minimum, or someone on the barrel: no dark play
    assert not may_go_dark(wiki, TableState(scores=(-5, 300, 200), dealer=2))
    assert may_go_dark(wiki, TableState(scores=(0, 300, 200), dealer=2))
    assert not may_go_dark(wiki, TableState(scores=(0, 300, 200), dealer=2, barrel=(-1, 0, -1)))
    five = wiki.with_changes(dark_min_score=5, dark_on_barrel=True)
    assert dark_golden.dark_allowed_words(five) == "when his score is not below 5"
    assert not may_go_dark(five, TableState(scores=(4, 300, 200), dealer=2))
    assert may_go_dark(five, TableState(scores=(5, 300, 200), dealer=2, barrel=(-1, 0, -1)))
    assert dark_golden.dark_allowed_words(PROFILES["book"]) == "always"
    assert may_go_dark(PROFILES["book"], TableState(scores=(-500, 300, 200), dealer=2))
    assert dark_golden.dark_allowed_words(PROFILES["club"]) == "never"
    assert dark_golden.dark_allowed_words(PROFILES["book"].with_changes(players=4)) == "never"
