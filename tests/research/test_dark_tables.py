"""The dark-play and golden-round page's tables (analysis.research.dark_tables)."""

from types import SimpleNamespace

import pandas as pd

from analysis.research import dark_tables
from analysis.research.dark_golden import Drawn
from analysis.rules import PROFILES

LABELS = {
    "deals_per_game": "deals per game",
    "made_share": "contracts made",
    "bolts_per_game": "bolts per game",
}
COLS = {"as": "as played", "dark": "with dark play", "diff": "difference"}


def _compare(rules_names=("book", "book dark")):
    rows = []
    for name, off in zip(rules_names, (0.0, 1.0)):
        for m, v in (("deals_per_game", 20.0), ("made_share", 0.6), ("bolts_per_game", 0.5), ("other", 9.0)):
            d = (
                0.0
                if off == 0
                else {"deals_per_game": 1.5, "made_share": -0.02, "bolts_per_game": 0.1}.get(m, 0)
            )
            lo, hi = (0.0, 0.0) if off == 0 else (d - 0.5 if m == "deals_per_game" else d - 0.03, d + 0.5)
            rows.append(
                {
                    "rules": name,
                    "metric": m,
                    "value": v + d,
                    "low": v + d - 0.1,
                    "high": v + d + 0.1,
                    "diff": d,
                    "diff_low": lo,
                    "diff_high": hi,
                    "games": 12,
                }
            )
    return SimpleNamespace(table=pd.DataFrame(rows), names=list(rules_names))


def test_fmt_diff_reads_shares_in_percentage_points():
    assert dark_tables.fmt_diff("made_share", -0.02, -0.05, 0.01) == "−2.0 (−5.0 to +1.0) percentage points"
    assert dark_tables.fmt_diff("deals_per_game", 1.5, 1.0, 2.0) == "+1.5 (+1.0 to +2.0)"


def test_play_table_levels_differences_and_no_bolts_by_rule():
    arms = {"book": [Drawn(12, 100, 90, 100 / 90), Drawn(12, 110, 95, 110 / 95)]}
    t = dark_tables.play_table({"book": _compare()}, arms, LABELS, COLS, PROFILES)
    assert t.index.tolist() == [
        ("book", "deals per game"),
        ("book", "contracts made"),
        ("book", "bolts per game"),
    ]
    assert t.loc[("book", "deals per game")].tolist() == [
        "20.0 (19.9–20.1)",
        "21.5 (21.4–21.6)",
        "+1.5 (+1.0 to +2.0)",
        "90 / 95",
    ]
    assert t.loc[("book", "contracts made"), "with dark play"] == "58.0 % (48.0–68.0)"
    assert t.loc[("book", "bolts per game"), "difference"] == "none by rule (no bolts)"  # book has no bolts


def test_play_verdicts_and_panels_leave_out_what_the_rules_forbid():
    beyond, still = dark_tables.play_verdicts({"book": _compare()}, LABELS, PROFILES)
    assert beyond == ["deals per game rise in book (+1.5 (+1.0 to +2.0))"]
    assert still == ["contracts made in book"]
    panels = dark_tables.diff_panels({"book": _compare()}, LABELS, PROFILES)
    assert panels[False] == [("book: deals per game", 1.5, 1.0, 2.0)]
    ((label, d, lo, hi),) = panels[True]
    assert (
        label == "book: contracts made"
        and round(d, 9) == -2.0
        and round(lo, 9) == -5.0
        and round(hi, 9) == 48.0
    )


def test_name_alike_marks_rule_sets_that_play_alike():
    f = pd.DataFrame(
        {"x": [1, 1, 1]},
        index=pd.MultiIndex.from_tuples(
            [("club", "a"), ("club", "b"), ("ua", "c")], names=["profile", "rule set"]
        ),
    )
    assert list(dark_tables.name_alike(f).index) == [
        ("club", "a"),
        ("club", "b (same figures as a)"),
        ("ua", "c"),
    ]


def test_metric_rows_carry_the_design_effect_and_the_reason_by_rule():
    runs = {"book": _compare(("book", "book golden"))}
    sets = {"book": ["book", "book golden"]}
    drawn = {("book", "book"): Drawn(12, 100, 80, 1.25), ("book", "book golden"): Drawn(12, 100, 50, 2.0)}
    m = dark_tables.metric_rows(
        runs, sets, drawn, lambda s, p: s.upper(), lambda s: None if "golden" in s else "no", "deals_per_game"
    )
    assert m["rule set"].tolist() == ["BOOK", "BOOK GOLDEN"]
    assert m["deff"].tolist() == [1.25, 2.0]
    assert m["by rule"].iloc[0] == "no" and pd.isna(m["by rule"].iloc[1])
    assert m["diff"].tolist() == [0.0, 1.5] and m["games"].tolist() == [12, 12]


def test_odds_table_sets_the_dark_odds_beside_the_bound():
    t = pd.DataFrame({"normal": [10.0, 30.0, 20.0, 40.0], "deal_id": [0, 1, 2, 3]})
    t.attrs.update(
        dark_play="wiki",
        dark_pool="club-dd",
        dark_samples=4,
        dark_p_make=0.5,
        dark_p_low=0.2,
        dark_p_high=0.8,
        dark_change=-12.0,
        dark_change_low=-20.0,
        dark_change_high=-4.0,
        dark_gain=-37.0,
        dark_gain_low=-50.0,
        dark_gain_high=-24.0,
    )
    o = dark_tables.odds_table({"club": t}, {"wiki": "wiki's"})
    row = o.loc["club"]
    assert row["dark play"] == "wiki's" and row["distinct deals (90 gifts each)"] == "4"
    assert row["P(make) (95 % CI)"] == "50.0 % (20.0–80.0)"
    assert row["score change going dark (95 % CI)"] == "−12.0 (−20.0 to −4.0)"
    assert row["bidding normally, upper bound (95 % CI)"].startswith("+25.0 (")  # the mean of 10, 30, 20, 40
    assert row["gain of going dark over that bound (95 % CI)"] == "−37.0 (−50.0 to −24.0)"
