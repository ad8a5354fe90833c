"""Volume checks of the dealer and the deals dataset (``make verify``)."""

import numpy as np
import pytest

from analysis import dataset
from analysis import probabilities as exact
from analysis.deal_summary import redeal_summary
from analysis.jobs.deals import run_deal
from analysis.rules import PROFILES


@pytest.mark.verify
@pytest.mark.parametrize("profile", ["club", "wiki", "book"])
def test_ten_million_deals_agree_with_exact(tmp_path, profile):
    rules = PROFILES[profile]
    out = tmp_path / profile
    run_deal(out, 10_000_000, 20261129, rules, chunk_size=1_000_000, workers=2, progress=False)
    table = redeal_summary(out)
    # every condition the profile has: within 4 standard errors of the exact value
    live = table[table["exact"] > 0]
    assert len(live) >= 2
    assert (live["z"].abs() < 4).all(), table
    df = dataset.read_frame(out, "deals", columns=["points0", "marriages0"])
    dist = exact.hand_points_distribution(7)
    counts = np.bincount(df["points0"].to_numpy(), minlength=121)
    n = len(df)
    for k, p in dist.items():
        p = float(p)
        se = np.sqrt(p * (1 - p) / n)
        if se > 0:
            assert abs(counts[k] / n - p) < 4 * se + 1e-12, (k, counts[k] / n, p)
