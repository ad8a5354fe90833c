"""The bidding-odds page's tables of hands (analysis.research.hand_tables)."""

import numpy as np
import pandas as pd

from analysis.research import hand_tables
from analysis.rules import Rules


def test_point_bin_names_what_the_hands_can_hold():
    lowest = pd.Interval(0, 20, closed="left")
    assert hand_tables.point_bin(lowest) == "under 20"
    assert hand_tables.point_bin(lowest, "club") == "14–19"  # club redeals hands under 14 points
    assert (
        hand_tables.point_bin(pd.Interval(50, 121, closed="left"), "club") == "50–74"
    )  # at most 74 in 7 cards
    assert hand_tables.point_bin(pd.Interval(30, 40, closed="left"), "wiki") == "30–39"


def test_class_grid_shows_shares_on_enough_deals_and_counts_below():
    t = pd.DataFrame(
        {
            "p": [0.5, 1.0, 0.25],
            "ci_low": [0.4, 0.2, 0.2],
            "ci_high": [0.6, 1.0, 0.3],
            "hands": [90, 1, 60],
            "deals": [30, 1, 40],
        },
        index=pd.MultiIndex.from_tuples(
            [("10–19", "none"), ("2", "♥ (100)"), ("2", "none")], names=["a", "b"]
        ),
    )
    g = hand_tables.class_grid(t)
    assert g.index.tolist() == ["2", "10–19"]  # by number, not as text
    assert g.columns.tolist() == ["none", "♥ (100)"]  # "none" counts as 0
    assert g.loc["10–19", "none"] == "50.0 % (40.0–60.0), 90 hands (30 deals)"
    assert g.loc["2", "♥ (100)"] == "no share: 1 hand (1 deal)"
    assert g.loc["10–19", "♥ (100)"] == "no hands"


def test_calibration_table_indexes_bins_by_contract():
    cal = pd.DataFrame(
        {
            "predicted": [0.2, 0.7],
            "p": [0.25, 0.75],
            "ci_low": [0.1, 0.6],
            "ci_high": [0.4, 0.9],
            "hands": [40, 40],
            "bin": ["0.0–50.0 %", "50.0–100.0 %"],
        },
        index=pd.MultiIndex.from_tuples([(120, 0), (120, 1)], names=["contract", "i"]),
    )
    t = hand_tables.calibration_table(cal)
    assert t.index.names == ["contract", "predicted chance (bin)"]
    assert t.index.tolist() == [(120, "0.0–50.0 %"), (120, "50.0–100.0 %")]
    assert t["mean prediction"].tolist() == ["20.0 %", "70.0 %"]
    assert t.loc[(120, "50.0–100.0 %"), "observed share made (95 % CI)"] == "75.0 % (60.0–90.0)"


def _steps(diffs, beyond):
    lo = [d - 0.05 for d in diffs]
    return pd.DataFrame(
        {"diff": diffs, "low": lo, "high": [d + 0.05 for d in diffs], "beyond": beyond},
        index=pd.MultiIndex.from_tuples([("0–4", "5–9"), ("5–9", "10–14")]),
    )


def test_widow_steps_words_say_where_the_share_falls_and_rises():
    shape, rises = hand_tables.widow_steps_words(_steps([0.1, 0.2], [True, True]))
    assert shape == "It rises from every class to the next. "
    assert rises == (
        "Rises beyond the noise (the step's 95 % interval excludes 0): 0–4 → 5–9 by +10.0 (+5.0 to +15.0) "
        "points of %; 5–9 → 10–14 by +20.0 (+15.0 to +25.0) points of %."
    )
    shape, rises = hand_tables.widow_steps_words(_steps([-0.02, 0.01], [False, False]))
    assert shape.startswith("It falls at 0–4 → 5–9 by −2.0 (−7.0 to +3.0) points of %, within the noise")
    assert rises == "No rise from one class to the next exceeds its 95 % interval."
    shape, _ = hand_tables.widow_steps_words(_steps([-0.2, 0.01], [True, False]))
    assert shape.endswith(", beyond the noise from 0–4 to 5–9. ")


def _odds(best=120, delta=(5.0, -30.0, 40.0)):
    t = pd.DataFrame(
        {
            "p_make": [0.8, 0.4],
            "ci_low": [0.6, 0.1],
            "ci_high": [0.9, 0.7],
            "expected_delta": [delta[0], 1.0],
            "delta_low": [delta[1], 0.0],
            "delta_high": [delta[2], 2.0],
        },
        index=pd.Index([120, 140], name="contract"),
    )
    t.attrs.update(kept=5, expected_value=101.25, best_contract=best)
    return t


def test_famous_summary_reads_each_hand_table():
    s = hand_tables.famous_summary({"h": _odds()}, {"h": "A♥ K♥"}, 6)
    row = s.loc["h"]
    assert row["hand"] == "A♥ K♥"
    assert row["deals kept around it (of 6 dealt)"] == "5"
    assert row["mean value (points)"] == "101.2"
    assert row["value reaches 120 (95 % CI)"] == "80.0 % (60.0–90.0)"
    assert row["highest contract it may bid"] == "140"
    assert row["value reaches that (95 % CI)"] == "40.0 % (10.0–70.0)"
    assert (
        row["best contract: expected gain over the opponents (95 % CI)"]
        == "120: +5.0 (−30.0 to +40.0) points"
    )


def test_gain_held_names_the_ends_at_what_the_contract_can_give():
    from analysis.odds import delta_range

    club = Rules.profile("club")
    low, high = delta_range(club, np.array([120]))
    held = hand_tables.gain_held({"h": _odds(delta=(5.0, float(low[0]), 40.0))}, club)
    assert held == [f'"h" at −{abs(float(low[0])):g} (the least a contract of 120 can give)']
    assert hand_tables.gain_held({"h": _odds()}, club) == []
    assert float(high[0]) == 120  # at most the contract


def test_widest_interval_looks_at_120_and_the_highest_contract():
    (name, at), span = hand_tables.widest_interval({"h": _odds()})
    assert (name, at) == ("h", 140)
    assert np.isclose(span, 0.6)
