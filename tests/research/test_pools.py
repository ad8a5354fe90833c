"""The reference pools' deals beside exact combinatorics (analysis.probabilities).

Marriage sums of the first hand and the redeal rates of every profile in the
pool's deals must sit within 4 standard errors of their exact values (a
check of the pools and of the pages that read them). Skipped where the club
pool is not built (``thousand reference build club``).
"""

import numpy as np
import pytest

from analysis import cards, reference
from analysis import probabilities as exact
from analysis.research import dd_pools, redeals


@pytest.fixture(scope="module")
def masks():
    if reference.pool_for("club") is None:
        pytest.skip("the club reference pool is not built (thousand reference build club)")
    return dd_pools.pool_masks("club")


def test_marriage_sums_of_the_first_hand_match_exact(masks):
    dist = exact.marriage_sum_distribution(7)
    suits = cards.marriage_suits(masks[:, 0]).astype(np.int64)
    vals = np.zeros(len(suits), np.int64)
    for s in range(4):
        vals += ((suits >> s) & 1) * int(cards.MARRIAGE_VALUES[s])
    n = len(vals)
    for v, p in dist.items():
        p = float(p)
        k = int((vals == v).sum())
        se = np.sqrt(p * (1 - p) / n)
        assert abs(k / n - p) <= 4 * se + 1e-12, (v, k / n, p)


def test_redeal_rates_in_the_pool_match_exact(masks):
    table = redeals.profile_redeals(masks, ("club", "classic", "book", "ua", "wiki"))
    assert (table["z"].abs() < 4).all(), table[["p", "exact", "z"]]
