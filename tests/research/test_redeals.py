"""Deals dealt per deal played with the after-exchange redeals, and the distinct rows."""

import numpy as np
import pytest

from analysis.deal import deal
from analysis.gift_redeals import gift_redeal_probabilities
from analysis.probabilities import redeal_probabilities
from analysis.research import redeals


def test_played_bounds_without_after_exchange_conditions_are_one():
    b = redeals.played_bounds("classic")
    assert b["low"] == b["high"] == b["before_exchange"] == 1.0
    assert not b["after_exchange"]


def test_played_bounds_club_bracket_the_deal_only_figure():
    b = redeals.played_bounds("club")
    p = float(redeal_probabilities("club")["redeal_before_play"])
    g = gift_redeal_probabilities("club")
    assert b["after_exchange"]
    assert b["before_exchange"] == pytest.approx(1 / (1 - p))
    # a defender's four 9s redeal before bidding: no gift is forced into one
    assert b["q_low"] == 0.0 and b["low"] == pytest.approx(b["before_exchange"])
    assert b["q_high"] == pytest.approx(float(g["possible_played"]))
    assert b["high"] == pytest.approx(1 / ((1 - p) * (1 - float(g["possible_played"]))))
    assert 1.087 < b["low"] < 1.088 and 1.17 < b["high"] < 1.18


def test_distinct_rows_drop_repeated_conditions():
    table = redeals.profile_redeals(deal(np.random.default_rng(3), 5_000), ["club", "classic", "wiki"])
    d = redeals.distinct_rows(table)
    assert (d["exact"] > 0).all()
    assert not d.duplicated(["count", "exact"]).any()
    # club's four 9s reappear in wiki; wiki's "any widow condition" repeats its two 9s
    assert ("wiki", "four_nines_any") not in d.index and ("club", "four_nines_any") in d.index
    assert ("wiki", "redeal_widow") not in d.index and ("wiki", "widow_two_nines") in d.index


def test_the_direction_of_the_deviations_follows_their_signs():
    # the quick page's widow-stage z-scores are all negative: the sample runs low, not high
    assert redeals.direction([-0.29, -1.47, -0.89]) == "low"
    assert redeals.direction([0.3, 2.1]) == "high"
    assert redeals.direction([0.4, -0.2]) is None and redeals.direction([0.0, 1.0]) is None
    assert redeals.direction([]) is None
