"""The pool-aware bootstrap of games figures (analysis.research.uncertainty)."""

import numpy as np
import pandas as pd
import pytest

from analysis.research.uncertainty import PoolBootstrap, interval_label
from analysis.stats import proportion_ci, widen


def _games(n_games, per_game, pool_size, seed=0, p=0.3):
    """A games-like table: each row draws a pool deal; the deal fixes the outcome."""
    rng = np.random.default_rng(seed)
    outcome = rng.random(pool_size) < p  # a property of the solved deal
    n = n_games * per_game
    if pool_size >= n:
        deal = rng.permutation(pool_size)[:n]  # no deal twice
    else:
        deal = np.tile(rng.permutation(pool_size), -(-n // pool_size))[:n]
        rng.shuffle(deal)
    return pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(n_games), per_game),
            "pool_deal": deal,
            "x": outcome[deal].astype(float),
        }
    )


def test_interval_widens_when_the_same_games_come_from_a_pool_ten_times_smaller():
    big = _games(200, 20, 4000)  # every deal once
    small = _games(200, 20, 400)  # every deal ten times
    bb, bs = PoolBootstrap(big, seed=1), PoolBootstrap(small, seed=1)
    assert not bb.reuse and bs.reuse and bs.distinct_deals == 400
    _, lo_b, hi_b = bb.ratio(big["x"])
    _, lo_s, hi_s = bs.ratio(small["x"])
    # the reuse is accounted for: about sqrt(10) wider, at least twice
    assert (hi_s - lo_s) > 2.0 * (hi_b - lo_b)
    # with no reuse the games are independent: the binomial interval of 4,000 deals
    k = int(big["x"].sum())
    lo, hi = proportion_ci(k, 4000, method="wilson")
    assert (hi_b - lo_b) == pytest.approx(hi - lo, rel=0.2)
    # with reuse: the binomial interval of the 400 distinct deals (conservative side)
    k = int(small.drop_duplicates("pool_deal")["x"].sum())
    lo, hi = proportion_ci(k, 400, method="wilson")
    assert (hi_s - lo_s) == pytest.approx(hi - lo, rel=0.35)


def test_game_level_figures_widen_too_and_cover_the_estimate():
    big, small = _games(300, 20, 6000, seed=2), _games(300, 20, 600, seed=2)
    out = []
    for g in (big, small):
        b = PoolBootstrap(g, seed=3)
        per = g.groupby("game_id")["x"].mean().to_numpy()
        m, lo, hi = b.game_mean(per)
        assert lo <= m <= hi
        out.append(hi - lo)
    assert out[1] > 1.8 * out[0]
    # the per-game mean of deal outcomes rests on 600 distinct deals: the widened
    # interval is not narrower than their binomial interval (an upper bound)
    k = int(small.drop_duplicates("pool_deal")["x"].sum())
    lo, hi = proportion_ci(k, 600, method="wilson")
    assert out[1] >= 0.9 * (hi - lo)


def test_weights_for_items_of_games_and_bad_input():
    g = _games(10, 3, 100)
    b = PoolBootstrap(g, n_boot=50)
    w = b.weights_for([3, 3, 7])
    assert w.shape == (50, 3) and np.array_equal(w[:, 0], w[:, 1])
    with pytest.raises(ValueError, match="not in the table"):
        b.weights_for([99])
    with pytest.raises(ValueError, match="one value per row"):
        b.ratio(np.ones(5))
    with pytest.raises(ValueError, match="non-empty"):
        PoolBootstrap(g.iloc[:0])
    with pytest.raises(ValueError, match="n_boot"):
        PoolBootstrap(g, n_boot=5)
    assert "distinct solved deals" in b.describe()


def test_intervals_name_what_they_are():
    big, small = PoolBootstrap(_games(50, 10, 1000), n_boot=20), PoolBootstrap(_games(50, 10, 100), n_boot=20)
    # no deal drawn twice: nothing is widened, every interval is a 95 % interval
    assert not big.reuse and big.widening == 1.0
    assert big.interval_name(True) == big.interval_name(False) == "95 % interval"
    assert "95 % intervals: bootstrap over games" in big.describe() and "widened" not in big.describe()
    # 500 draws of 100 deals: figures of games are widened by the root of 5, figures of deals are not
    assert small.reuse and small.widening == pytest.approx(5**0.5)
    assert small.interval_name(True) == "widened 95 % interval"
    assert small.interval_name(False) == "95 % interval"
    assert "95 % for figures of deals, widened ×2.2" in small.describe()
    # the widening is exactly that factor about the estimate
    lo, hi = small.widen(0.5, 0.4, 0.7)
    assert (lo, hi) == pytest.approx((0.5 - 0.1 * 5**0.5, 0.5 + 0.2 * 5**0.5))
    assert interval_label([big, small]) == "widened 95 % interval where pool deals repeat, else 95 % interval"
    assert interval_label([big, small], of_games=False) == "95 % interval"


def test_widen_scales_each_side_about_the_estimate_and_keeps_a_series():
    lo, hi = widen(pd.Series([0.2]), pd.Series([0.1]), pd.Series([0.25]), 2.0)
    assert isinstance(lo, pd.Series) and isinstance(hi, pd.Series)
    assert lo.iloc[0] == pytest.approx(0.0) and hi.iloc[0] == pytest.approx(0.3)
    # a share's interval stops at 0 and 1, each row by its own factor
    lo, hi = widen(
        pd.Series([0.1, 0.9]),
        pd.Series([0.05, 0.8]),
        pd.Series([0.2, 0.95]),
        pd.Series([3.0, 3.0]),
        clip=(0.0, 1.0),
    )
    assert isinstance(lo, pd.Series)
    assert list(lo) == pytest.approx([0.0, 0.6]) and list(hi) == pytest.approx([0.4, 1.0])


def test_no_event_gets_exact_bounds_everywhere():
    from analysis.stats import exact_bounds

    # Clopper–Pearson: 0 of n -> upper 1 - (alpha/2)^(1/n); n of n mirrors it
    lo, hi = exact_bounds(0.0, 0.0, 0.0, 50)
    assert lo == 0.0 and hi == pytest.approx(1 - 0.025 ** (1 / 50))
    assert exact_bounds(1.0, 1.0, 1.0, 50) == pytest.approx((0.025 ** (1 / 50), 1.0))
    # a rate per trial: the exact Poisson bound chi2(0.975; 2) / 2n = -ln(0.025) / n
    assert exact_bounds(0.0, 0.0, 0.0, 200, share=False)[1] == pytest.approx(-np.log(0.025) / 200)
    assert exact_bounds(0.3, 0.2, 0.4, 10) == (0.2, 0.4)  # an interval with width stays
    g = _games(20, 10, 10_000)
    b = PoolBootstrap(g, n_boot=50, seed=3)
    est, lo, hi = b.ratio(np.zeros(len(g)))  # no event in 200 deals
    assert (est, lo) == (0.0, 0.0) and hi == pytest.approx(1 - 0.025 ** (1 / 200))
    est, lo, hi = b.game_mean(np.ones(b.games))
    assert est == 1.0 and hi == 1.0 and lo == pytest.approx(0.025 ** (1 / 20))
