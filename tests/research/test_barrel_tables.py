"""The barrel page's tables (analysis.research.barrel_tables) and the both-ways cells (twoways)."""

import numpy as np
import pandas as pd

from analysis.research import barrel_tables, twoways
from analysis.research.uncertainty import PoolBootstrap
from analysis.rules import Rules


def _table():
    """A competing table of stays lasting at most 2 deals: wins and falls, S and the win hazard."""
    rows = []
    for d, (w, f) in enumerate([(0.0, 0.0), (0.2, 0.0), (0.3, 0.1)]):
        rows.append(("cif_win", d, w, w - 0.1 if d else 0.0, w + 0.1 if d else 0.0, False, np.nan, np.nan))
        rows.append(("cif_barrel_fall", d, f, 0.0, f, True, np.nan, np.nan))
        s = 1 - w - f
        rows.append(("survival", d, s, s - 0.1, s + 0.1, d in (0, 2), 10 - 4 * d, np.nan))
        if d:
            rows.append(("hazard_win", d, 0.2 * d, 0.1, 0.5, False, np.nan, 10 - 4 * (d - 1)))
    t = pd.DataFrame(
        rows, columns=["row", "deals", "p", "ci_low", "ci_high", "by_rule", "followed", "at_risk"]
    )
    return t.set_index(["row", "deals"])


def _stays(n_open=1):
    return pd.DataFrame({"ending": ["win", "win", "barrel_fall"] + ["open"] * n_open})


def test_ends_table_shows_each_ending_by_the_end_none_where_the_rules_forbid_it():
    e = barrel_tables.ends_table(
        {"club": _table()},
        {"club": _stays()},
        {"club": "own information"},
        ["barrel_fall", "win"],
        {"win": "win", "barrel_fall": "fall"},
        "95 % interval",
    )
    assert e.index.tolist() == ["club"] and e.index.name == "rules"
    assert e.columns.tolist() == [
        ("", "outcomes"),
        ("", "stays"),
        ("", "in games cut off unfinished (censored)"),
        ("share of stays ending so (95 % interval)", "fall"),
        ("share of stays ending so (95 % interval)", "win"),
    ]
    assert e.iloc[0].tolist() == ["own information", "4", "1", "none by rule", "30.0 % (20.0–40.0)"]


def test_by_rule_words_group_the_rule_sets_by_reason():
    never = {"club": {"knocked_off": "no knock-off"}, "wiki": {"knocked_off": "no knock-off", "win": "x"}}
    assert barrel_tables.by_rule_words(never, {"knocked_off": "knocked off", "win": "win"}) == (
        "knocked off in club, wiki (no knock-off); win in wiki (x)"
    )


def test_s_table_prints_what_the_rules_fix_without_an_interval():
    boot = PoolBootstrap(pd.DataFrame({"game_id": [0, 1], "pool_deal": [3, 4]}), n_boot=20)
    s = barrel_tables.s_table({"club": _table()}, {"club": boot})
    name = "S(t) (95 % interval)"
    assert s.loc["club", (name, 0)] == "100.0 % by rule"
    assert s.loc["club", (name, 1)] == "80.0 % (70.0–90.0)"
    assert s.loc["club", (name, 2)] == "60.0 % by rule"  # marked by_rule in the fixture
    assert s.loc["club", ("stays still on the barrel after t deals", 1)] == "6"


def test_win_table_reads_per_stay_and_per_attempt():
    w = barrel_tables.win_table({"club": _table()}, "95 % interval")
    head = "chance of a win (95 % interval)"
    assert w.columns.tolist() == [(head, "per stay"), (head, "attempt 1"), (head, "attempt 2")]
    assert w.loc["club"].tolist() == [
        "30.0 % (20.0–40.0)",
        "20.0 % (10.0–50.0) of 10",
        "40.0 % (10.0–50.0) of 6",
    ]


def test_four_table_says_what_cannot_be_and_keeps_the_counts():
    f = pd.DataFrame(
        {
            "value": [0.3, 2.5, 3.25],
            "low": [0.2, 1.5, 3.0],
            "high": [0.4, 3.5, 3.5],
            "share": [True, False, False],
            "n": [40, 400, 0],
        },
        index=["won by the first hand", "bolts per 100 played deals", "barrel entries per game"],
    )
    wins = {"book, three players": pd.DataFrame({"par": [1 / 3]})}
    rows = [
        "won by the first hand",
        "won by the third hand",
        "bolts per 100 played deals",
        "barrel entries per game",
        "barrel stays won",
    ]
    t = barrel_tables.four_table({"book, three players": f}, wins, rows, " (A)", " (B)")
    col = t["book, three players"]
    assert t.index.name == "figure"
    assert col["won by the first hand (A)"] == "30.0 % (20.0–40.0)"
    assert col["won by the third hand (A)"] == "no third hand at three"
    assert col["bolts per 100 played deals (B)"] == "no bolts by rule"  # book has no bolts
    assert col["barrel entries per game (A)"] == "3.25 (3.00–3.50)"
    assert col["barrel stays won (A)"] == "no barrel stay"
    assert col["a fair seat's share"] == "33.3 %"
    assert (col["finished games"], col["played deals"], col["barrel stays"]) == ("40", "400", "0")


def _both(widened=(False, False, False), stays_diff=0.05):
    f = pd.DataFrame(
        {
            "dd": [30.0, 2.0, 0.4],
            "dd_low": [28.0, 1.0, 0.3],
            "dd_high": [32.0, 3.0, 0.5],
            "pimc": [31.0, 1.5, 0.35],
            "pimc_low": [29.0, 1.0, 0.25],
            "pimc_high": [33.0, 2.0, 0.45],
            "diff": [-1.0, 0.5, stays_diff],
            "diff_low": [-2.0, -0.5, 0.01],
            "diff_high": [0.0, 1.5, 0.09],
            "n_dd": [40, 900, 20],
            "n_pimc": [40, 950, 22],
            "widened_dd": [widened[0]] * 3,
            "widened_pimc": [widened[1]] * 3,
            "widened_diff": [widened[2]] * 3,
        },
        index=list(twoways.FIGURES),
    )
    return f


def test_figure_cells_and_their_interval_kind():
    r = _both().loc["stays_won"]
    assert twoways.figure_cell(r, "dd", True) == "40.0 % (30.0–50.0)"
    assert twoways.figure_cell(r, "diff", True) == "+5.0 (+1.0 to +9.0) points of %"
    assert twoways.figure_cell(_both().loc["deals_per_game"], "diff", False) == "−1.0 (−2.0 to 0.0)"
    assert twoways.interval_kind(r) == "95 % intervals"
    assert twoways.interval_kind(_both((True, True, True)).loc["stays_won"]) == "widened 95 % intervals"
    nan = _both(stays_diff=np.nan).loc["stays_won"]
    assert twoways.figure_cell(nan, "diff", True) == "no barrel stay"


def test_both_ways_rows_leave_out_bolts_where_the_rules_have_none():
    rows = twoways.both_ways_rows({"book": _both()}, {"book": Rules.profile("book")})
    assert [r["figure"] for r in rows] == [
        "played deals per game (95 % intervals)",
        "barrel stays won (95 % intervals)",
    ]
    assert rows[1]["n (DD; OI)"] == "20; 22 barrel stays"
    assert rows[1]["DD − OI (paired)"] == "+5.0 (+1.0 to +9.0) points of %"


def test_index_rows_say_why_a_profile_has_no_figure():
    boot = PoolBootstrap(pd.DataFrame({"game_id": [0, 1], "pool_deal": [3, 4]}), n_boot=20)
    out = {"club": ("pimc", "own information"), "ua": ("dd", "double-dummy: no pool")}
    rules = {"club": Rules.profile("club"), "ua": Rules.profile("ua")}
    hl = barrel_tables.index_rows(
        ["club", "ua"],
        {"club": _both()},
        {"club": _table()},
        {"club": _stays()},
        {"club": boot},
        out,
        rules,
        40,
    )
    assert [(r["profile"], r["question"], r.get("applies", True)) for r in hl] == [
        ("club", "both_ways", True),
        ("ua", "both_ways", False),
        ("club", "barrel", True),
        ("ua", "barrel", False),
    ]
    assert hl[1]["n"] == "double-dummy: no pool"
    assert hl[2]["figure"] == (
        "30.0 % (20.0–40.0) of stays won; S(1) 80.0 % (70.0–90.0) (own information; 95 % intervals)"
    )
    assert hl[2]["n"] == "4 barrel stays in 2 games"
    assert hl[3]["figure"] == "no player reached the barrel in 40 games"
    assert hl[0]["n"] == "40 paired games each way (900 and 950 played deals; 20 and 22 barrel stays)"
