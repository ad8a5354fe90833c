"""The pool draws of the paired games' all-threshold arm (``analysis.equity.draws``)."""

import numpy as np

from analysis import reference
from analysis.equity import draws, paired_store
from analysis.game import PoolSource, ThresholdPolicy, simulate
from analysis.rules import PROFILES


def test_threshold_draws_count_the_arms_own_pool_deals():
    # the arm's first 4 games, replayed: every deal drawn (redeals included), its
    # distinct pool deals and the draws that repeat one, as the games table holds them
    rules = PROFILES["club"]
    src = PoolSource(reference.pool_for(rules).solutions_path, rules)
    ids = simulate(rules, 4, paired_store.SEED, ThresholdPolicy(), pool=src, start=0)["pool_deal"].to_numpy()
    got = draws.threshold_draws("club", 4)
    assert got["draws"] == len(ids) and got["distinct"] == len(np.unique(ids))
    assert got["repeats"] == got["draws"] - got["distinct"]
    assert got["pool_size"] == src.size and got["games"] == 4


def test_the_shipped_draws_match_the_shipped_games():
    doc = paired_store.shipped_summary()
    games = {r["profile"]: r["games"] for r in doc["rows"]}
    for r in doc["draws"]:
        assert r["games"] == games[r["profile"]]
        assert r["repeats"] == r["draws"] - r["distinct"] and 0 < r["distinct"] <= r["pool_size"]
