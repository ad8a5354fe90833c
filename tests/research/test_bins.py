"""No hand is dropped by any binning of the research tables; deal-clustered intervals."""

import itertools

import numpy as np
import pandas as pd
import pytest

from analysis import cards
from analysis.research import contract_odds


def test_widow_bins_cover_every_widow_0_to_33():
    pts = sorted(
        {
            int(cards.card_points(np.uint32(sum(1 << c for c in w))))
            for w in itertools.combinations(range(24), 3)
        }
    )
    assert pts[0] == 0 and pts[-1] == 33
    cut = pd.cut(pd.Series(pts), list(contract_odds.WIDOW_BINS), right=False)
    assert not cut.isna().any()


def test_point_bins_cover_every_hand():
    cut = pd.cut(pd.Series(np.arange(0, 121)), list(contract_odds.POINT_BINS), right=False)
    assert not cut.isna().any()


def _rows(n, seed=0):
    from analysis.deal import deal

    m = deal(np.random.default_rng(seed), n)
    rng = np.random.default_rng(seed + 1)
    f = pd.DataFrame(
        {
            "deal_id": np.repeat(np.arange(n), 3),
            "seat": np.tile([0, 1, 2], n),
            "hand0": np.repeat(m[:, 0], 3),
            "hand1": np.repeat(m[:, 1], 3),
            "hand2": np.repeat(m[:, 2], 3),
            "widow": np.repeat(m[:, 3], 3),
            "value": rng.integers(40, 200, 3 * n),
        }
    )
    return contract_odds.played_rows(f)


def test_no_hand_is_dropped_by_the_research_tables():
    rows = _rows(3000)
    wid = contract_odds.widow_effect(rows, 120)
    assert wid.xs("card points", level="widow")["hands"].sum() == len(rows)
    assert wid.xs("completes a marriage", level="widow")["hands"].sum() == len(rows)
    by = contract_odds.make_by(rows, pd.cut(rows.hand_points, contract_odds.POINT_BINS, right=False))
    assert by.xs(120, level="contract")["hands"].sum() == len(rows)
    with pytest.raises(ValueError, match="fall in no group"):
        contract_odds.make_by(rows, pd.cut(rows.hand_points, [0, 20, 30], right=False))
    with pytest.raises(ValueError, match="outside the bins"):
        contract_odds.widow_effect(rows, 120, bins=(0, 5, 10, 15, 20, 31))


def test_cluster_interval_counts_deals_not_seats():
    rng = np.random.default_rng(4)
    made = np.repeat(rng.random(2000) < 0.4, 3)  # three seats alike: one draw per deal
    deal = np.repeat(np.arange(2000), 3)
    k, n, c, p, lo, hi = contract_odds.cluster_ci(made, deal)
    assert (n, c) == (6000, 2000)
    from analysis.stats import proportion_ci

    blo, bhi = proportion_ci(int(made[::3].sum()), 2000, method="wilson")
    assert hi - lo == pytest.approx(bhi - blo, rel=0.05)  # as wide as 2,000 deals, not 6,000
    _, _, _, _, lo1, hi1 = contract_odds.cluster_ci(made, np.arange(6000))
    assert hi1 - lo1 < 0.7 * (hi - lo)


def _pool(n, seed=0):
    from analysis.deal import deal

    m = deal(np.random.default_rng(seed), n)
    return pd.DataFrame(
        {
            "deal_id": np.repeat(np.arange(n), 3),
            "seat": np.tile([0, 1, 2], n),
            "hand0": np.repeat(m[:, 0], 3),
            "hand1": np.repeat(m[:, 1], 3),
            "hand2": np.repeat(m[:, 2], 3),
            "widow": np.repeat(m[:, 3], 3),
            "value": 120,
        }
    )


def test_profile_rows_drop_the_profiles_forced_redeals_of_its_first_deals():
    pool = _pool(400)
    assert len(contract_odds.profile_rows("book", pool, 250)) == 750  # book's redeals are claimed, not forced
    club = contract_odds.profile_rows("club", pool, 400)
    first = pool.iloc[::3]
    pts = np.stack([cards.card_points(first[h].to_numpy(np.uint32)) for h in ("hand0", "hand1", "hand2")], 1)
    nines = np.stack(
        [[cards.format(int(x)).count("9") for x in first[h]] for h in ("hand0", "hand1", "hand2")], 1
    )
    # club redeals by force a hand under 14 points, a widow under 5 and four nines in one hand
    redealt = (
        (pts < 14).any(1) | (cards.card_points(first["widow"].to_numpy(np.uint32)) < 5) | (nines == 4).any(1)
    )
    assert redealt.any() and not redealt.all()
    assert sorted(set(club["deal_id"])) == sorted(first["deal_id"][~redealt])
    assert len(club) == 3 * int((~redealt).sum())
