"""Pool draws without replacement (analysis.game.sources) and their bookkeeping."""

import numpy as np
import pandas as pd
import pytest


def _tiny_pool(n):
    """A frame pool of n deals (three seats each) with made-up solutions."""
    from analysis.deal import deal

    rng = np.random.default_rng(0)
    masks = deal(rng, n)
    rows = []
    for i, m in enumerate(masks):
        for s in range(3):
            rows.append(
                dict(
                    deal_id=i,
                    seat=s,
                    hand0=m[0],
                    hand1=m[1],
                    hand2=m[2],
                    widow=m[3],
                    value=110 + 10 * s,
                    give_left=0,
                    give_right=1,
                    marriage_cap=240,
                    declarer_tricks=4,
                    left_points=20,
                    left_tricks=2,
                    right_points=20,
                    right_tricks=2,
                    redeal_after_gift=False,
                )
            )
    return pd.DataFrame(rows)


def test_pool_permutation_is_fixed_by_seed_and_size():
    from analysis.game.sources import pool_permutation

    p = pool_permutation(7, 50)
    assert sorted(p.tolist()) == list(range(50))
    assert np.array_equal(p, pool_permutation(7, 50))
    assert not np.array_equal(p, pool_permutation(8, 50))


def test_without_replacement_blocks_do_not_overlap_and_fall_back_counted():
    from analysis.game import PoolSource, sources
    from analysis.rules import Rules

    pool = _tiny_pool(40)
    src = PoolSource(pool, Rules.profile("club"), draw="without", games=4)
    assert src.per_game == 10
    perm = sources.pool_permutation(3, 40)
    seen = []
    for g in range(4):
        src.begin(3, g)
        rng = np.random.default_rng(g)
        masks, refs = src.draw(rng)
        assert np.array_equal(refs, perm[10 * g : 10 * g + 10])  # its own block, in order
        assert np.array_equal(masks, src.masks[refs])
        seen.extend(refs.tolist())
        more, refs2 = src.draw(rng)  # past the block: with replacement
        assert len(refs2) == sources.BLOCK and refs2.max() < 40
    assert len(set(seen)) == 40
    src.begin(3, 4)  # a game id beyond the shared games
    assert len(src.draw(np.random.default_rng(0))[1]) == sources.BLOCK
    games = pd.DataFrame(
        {"game_id": [0] * 12 + [1] * 3 + [5] * 2, "pool_deal": list(range(12)) + [0, 1, 2] + [3, 3]}
    )
    s = sources.draw_summary(games, src)
    assert s == {
        "draw": "without",
        "deals_drawn": 17,
        "distinct_deals": 12,
        "repeated_draws": 5,
        "fallback_draws": 2 + 2,
    }


def test_without_replacement_needs_games_and_a_known_mode():
    from analysis.game import PoolSource
    from analysis.rules import Rules

    pool = _tiny_pool(5)
    with pytest.raises(ValueError, match="needs games"):
        PoolSource(pool, Rules.profile("club"), draw="without")
    with pytest.raises(ValueError, match="'with' or 'without'"):
        PoolSource(pool, Rules.profile("club"), draw="twice")


def test_simulate_without_replacement_same_games_whatever_the_split_and_no_repeat():
    from analysis.game import ThresholdPolicy, simulate

    pool = _tiny_pool(600)
    pol = ThresholdPolicy()
    whole = simulate("club", 6, seed=3, policy=pol, pool=pool, draw="without", max_deals=40)
    parts = pd.concat(
        [
            simulate("club", 2, seed=3, policy=pol, pool=pool, draw="without", pool_games=6, max_deals=40),
            simulate(
                "club", 4, seed=3, policy=pol, pool=pool, draw="without", pool_games=6, start=2, max_deals=40
            ),
        ],
        ignore_index=True,
    )
    pd.testing.assert_frame_equal(whole, parts)
    o = whole.attrs["outcomes"]
    assert o["draw"] == "without" and o["per_game"] == 100
    assert o["repeated_draws"] == whole["pool_deal"].duplicated().sum() == 0
    assert o["distinct_deals"] == len(whole)
    # a pool too small for the games: repeats are counted, never hidden
    small = simulate("club", 6, seed=3, policy=pol, pool=_tiny_pool(12), draw="without", max_deals=40)
    o = small.attrs["outcomes"]
    assert o["fallback_draws"] == (small.groupby("game_id").size() - 2).clip(lower=0).sum()
    assert o["repeated_draws"] == small["pool_deal"].duplicated().sum() > 0
