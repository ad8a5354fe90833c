"""The bidding-odds page's tables of bids (analysis.research.odds_tables)."""

import numpy as np
import pandas as pd
import pytest

from analysis.research import bidding, odds_tables


def test_small_cells_blank_the_classes_on_too_few_deals():
    t = pd.DataFrame({"deals": [29, 30]})
    out = pd.DataFrame({"share": ["1.0 %", "2.0 %"], "n": ["29", "30"]})
    odds_tables.small_cells(out, t, ["share"])
    assert out["share"].tolist() == ["fewer than 30 distinct deals", "2.0 %"]
    assert out["n"].tolist() == ["29", "30"]
    assert odds_tables.SMALL == f"fewer than {bidding.MIN_DEALS} distinct deals"


def test_won_and_forced_split_the_forced_100_from_the_raises(five_deals):
    won, forced = odds_tables.won_and_forced(bidding.auctions(five_deals))
    assert int(won["auctions"]) == 2 and won["p"] == 0.5  # the 120 made, the 140 failed
    assert int(forced["auctions"]) == 2 and forced["p"] == 0.5  # one made, one written off
    assert forced["written_off"] == 0.5 and won["failed"] == 0.5


def test_success_table_shows_no_share_on_few_deals_and_names_the_seat(five_deals):
    t = odds_tables.success_table(bidding.bid_success(bidding.auctions(five_deals)))
    assert t.index.names == ["winning bid", "declarer's seat"]
    assert set(t["made (95 % CI)"]) == {odds_tables.SMALL}  # two games: every class on fewer than 30 deals
    assert t.loc[(bidding.FORCED, "first hand"), "auctions"] == "2"


def test_made_ci_and_the_summary_read_each_row():
    r = pd.Series({"p": 0.5, "ci_low": 0.25, "ci_high": 0.75, "deals": 40, "auctions": 50})
    assert odds_tables.made_ci(r) == "50.0 % (25.0–75.0)"
    assert odds_tables.made_ci(r.copy().set_axis(r.index).where(r.index != "deals", 3)) == odds_tables.SMALL
    s = odds_tables.bid_summary({"club": (r, r)}, {"club": (r, r)}, {"club": "own information"})
    assert s.index.tolist() == ["club"] and s.index.name == "profile"
    assert s.loc["club", "play"] == "own information"
    assert s.loc["club", "bids (distinct pool deals)"] == "50 (40)"
    assert s.loc["club", "double-dummy games: bids made (95 % CI)"] == "50.0 % (25.0–75.0)"


def test_unpaired_gap_adds_the_variances_of_two_normal_intervals():
    a = pd.Series({"p": 0.6, "ci_low": 0.5, "ci_high": 0.7})
    b = pd.Series({"p": 0.3, "ci_low": 0.3 - 0.1 * np.sqrt(3), "ci_high": 0.3 + 0.1 * np.sqrt(3)})
    gap, half = odds_tables.unpaired_gap(a, b)
    assert gap == pytest.approx(0.3)
    assert half == pytest.approx(0.2)  # sqrt(0.1² + 0.3 · 0.1²)


def test_index_rows_give_reach_and_bid_success_per_profile(five_deals):
    curves = pd.DataFrame(
        {
            "p": [0.5, 0.25],
            "ci_low": [0.4, 0.2],
            "ci_high": [0.6, 0.3],
            "deals": [100, 100],
            "hands": [300, 300],
        },
        index=pd.MultiIndex.from_tuples([("club", 120), ("club", 140)], names=["profile", "contract"]),
    )
    auc = bidding.auctions(five_deals)
    tot = odds_tables.won_and_forced(auc)
    g = pd.DataFrame()
    g.attrs["outcomes"] = {"pool": "club-dd", "pool_size": 1000}
    games_dd = {"club": g}
    rows = odds_tables.index_rows(
        curves, {"club": tot}, {"club": tot}, {"club": auc}, {"club": auc}, games_dd, {"club": "pimc"}, 40
    )
    assert [r["question"] for r in rows] == ["reach", "bid_success"]
    assert rows[0]["figure"] == "50.0 % (40.0–60.0) / 25.0 % (20.0–30.0)"
    assert rows[0]["n"] == "100 played deals (300 seats)"
    assert rows[1]["figure"].startswith(f"OI {odds_tables.SMALL} made (DD {odds_tables.SMALL}); forced 100: ")
    assert "2 bids and 2 forced 100s in 40 games" in rows[1]["n"]
    assert "of the club-dd double-dummy pool (1,000 deals)" in rows[1]["n"]
