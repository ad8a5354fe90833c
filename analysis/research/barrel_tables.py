"""The barrel page's tables: how stays end, S(t), wins, a table of four; its index rows.

The cells a reader sees from :func:`analysis.research.survival.competing_table`
(rows ``cif_<ending>``, ``survival`` and ``hazard_win`` by deal; shares
``p`` with ``ci_low`` and ``ci_high``, 0–1; ``by_rule`` where the rules fix
a value), from :func:`analysis.research.positions.table_figures` and (for the
index rows) from :func:`analysis.research.twoways.figures_both_ways`.  A value the rules fix
is printed without an interval ("none by rule", "by rule"); every other
share carries its interval, widened where deals repeat (the header says).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..rules import Rules
from .headline import not_applicable
from .tables import ci_table, fmt_ci, fmt_num_ci, fmt_pct
from .twoways import FIGURES, figure_cell, interval_kind
from .uncertainty import interval_label

__all__ = [
    "ends_table",
    "by_rule_words",
    "s_table",
    "win_table",
    "four_table",
    "index_rows",
]


def _last(t: pd.DataFrame) -> int:
    return t.index.get_level_values("deals").max()


def ends_table(tables: dict, stays: dict, outcomes: dict, causes, labels: dict, ci: str) -> pd.DataFrame:
    """The share of stays ending each way by the end of the stay, per rule set.

    Parameters
    ----------
    tables : dict
        Rule set -> :func:`~analysis.research.survival.competing_table`.
    stays : dict
        Rule set -> :func:`~analysis.research.survival.barrel_stays`
        (``ending`` "open" for a stay censored in an unfinished game).
    outcomes : dict
        Rule set -> how its games were played, in words.
    causes : sequence of str
        The endings, in display order.
    labels : dict
        Ending -> its column label.
    ci : str
        What the intervals are (the header).

    Returns
    -------
    DataFrame
        Index ``rules``; counts, then one "share (interval)" column per
        ending ("none by rule" where the rules forbid it).
    """
    last = {}
    for n, t in tables.items():
        row = {
            "outcomes": outcomes[n],
            "stays": f"{len(stays[n]):,}",
            "in games cut off unfinished (censored)": f"{(stays[n].ending == 'open').sum():,}",
        }
        for c in causes:
            r = t.loc[(f"cif_{c}", _last(t))]
            row[labels[c]] = "none by rule" if r["by_rule"] else fmt_ci(r["p"], r["ci_low"], r["ci_high"])
        last[n] = row
    ends = pd.DataFrame(last).T.rename_axis("rules")
    ends.columns = pd.MultiIndex.from_tuples(
        [
            ("", c) if c not in labels.values() else (f"share of stays ending so ({ci})", c)
            for c in ends.columns
        ]
    )
    return ends


def by_rule_words(never: dict, labels: dict) -> str:
    """The endings each rule set forbids, and why, grouped by reason.

    Parameters
    ----------
    never : dict
        Rule set -> {ending: reason}
        (:func:`~analysis.research.barrel_rules.impossible_endings`).
    labels : dict
        Ending -> its label.

    Returns
    -------
    str
        "label in set, set (reason); ..."

    Examples
    --------
    >>> by_rule_words({"a": {"win": "no"}, "b": {"win": "no"}}, {"win": "win"})
    'win in a, b (no)'
    """
    why = {}  # (ending, reason) -> the rule sets
    for n, forbidden in never.items():
        for c, reason in forbidden.items():
            why.setdefault((c, reason), []).append(n)
    return "; ".join(f"{labels[c]} in {', '.join(ns)} ({reason})" for (c, reason), ns in why.items())


def s_table(tabs: dict, bs: dict, label: str = "rules") -> pd.DataFrame:
    """S(t) and the stays still followed, one row per table; a value the rules fix without an interval.

    Parameters
    ----------
    tabs : dict
        Table -> :func:`~analysis.research.survival.competing_table`.
    bs : dict
        Table -> its :class:`~analysis.research.uncertainty.PoolBootstrap`.
    label : str
        The name of the index.

    Returns
    -------
    DataFrame
        Columns (figure, deals t); "no stay lasted this long" past a
        table's longest stay.
    """
    surv = pd.concat({n: t.loc["survival"] for n, t in tabs.items()}, names=[label])
    name = f"S(t) ({interval_label(bs[n] for n in tabs)})"
    st = ci_table(surv, keep=("followed",), name=name)
    fixed = surv["by_rule"].to_numpy()  # S(0) = 1 and S(longest) = 0: the rules, not an estimate
    st.loc[fixed, name] = [f"{fmt_pct(p)} by rule" for p in surv.loc[fixed, "p"]]
    st = st.rename(columns={"followed": "stays still on the barrel after t deals"}).unstack("deals")
    st.columns = st.columns.set_names(["", "after t deals"])
    return st.fillna("no stay lasted this long")


def win_table(tables: dict, ci: str) -> pd.DataFrame:
    """The chance of a win per stay and per attempt (of the sitters still there).

    Parameters
    ----------
    tables : dict
        Rule set -> :func:`~analysis.research.survival.competing_table`
        (``cif_win``; ``hazard_win`` with int ``at_risk``).
    ci : str
        What the intervals are (the header).

    Returns
    -------
    DataFrame
        Index ``rules``; "per stay" and "attempt 1" .. "attempt 4".
    """
    win = {}
    for n, t in tables.items():
        tmax = _last(t)
        r = t.loc[("cif_win", tmax)]
        row = {"per stay": fmt_ci(r["p"], r["ci_low"], r["ci_high"])}
        for d in range(1, min(tmax, 4) + 1):
            h = t.loc[("hazard_win", d)]
            row[f"attempt {d}"] = fmt_ci(h["p"], h["ci_low"], h["ci_high"]) + f" of {int(h['at_risk']):,}"
        win[n] = row
    wtab = pd.DataFrame(win).T.rename_axis("rules").fillna("no stay lasted this long")
    wtab.columns = pd.MultiIndex.from_product([[f"chance of a win ({ci})"], wtab.columns])
    return wtab


def four_table(figs: dict, wins: dict, rows: list, mark: str, mark_deals: str) -> pd.DataFrame:
    """Game figures at three and at four players, one column per table.

    Parameters
    ----------
    figs : dict
        "profile, n players" -> :func:`~analysis.research.positions.table_figures`
        (``value``, ``low``, ``high``, bool ``share``, int ``n`` by figure).
    wins : dict
        The same keys -> :func:`~analysis.research.positions.position_wins`
        (``par``: a fair seat's share, 0–1).
    rows : list of str
        The figures, in order.
    mark, mark_deals : str
        The interval label appended to a figure of games or stays, and to
        one of deals (bolts).

    Returns
    -------
    DataFrame
        Index ``figure``; cells as strings, with the counts behind them.
    """
    cells = {}
    for name, f in figs.items():
        col = {}
        for row in rows:
            if row not in f.index:
                col[row] = "no third hand at three" if "third" in row else "no barrel stay"
            elif row.startswith("bolts") and not Rules.profile(name.split(",")[0]).has_bolts:
                col[row] = "no bolts by rule"
            elif f.loc[row, "share"]:
                col[row] = fmt_ci(f.loc[row, "value"], f.loc[row, "low"], f.loc[row, "high"])
            else:  # bolts to one decimal as on the bolts page; entries per game (about 3) to two
                col[row] = fmt_num_ci(
                    f.loc[row, "value"],
                    f.loc[row, "low"],
                    f.loc[row, "high"],
                    1 if row.startswith("bolts") else 2,
                )
        col["a fair seat's share"] = fmt_pct(wins[name]["par"].iloc[0])
        for row, what in (
            ("won by the first hand", "finished games"),
            ("bolts per 100 played deals", "played deals"),
            ("barrel stays won", "barrel stays"),
        ):
            col[what] = f"{int(f.loc[row, 'n']):,}" if row in f.index else "0"
        cells[name] = col
    return (
        pd.DataFrame(cells)
        .rename(index=lambda r: r + (mark_deals if r.startswith("bolts") else mark if r in rows else ""))
        .rename_axis("figure")
    )


def index_rows(
    profiles, both: dict, tables: dict, stays: dict, boots: dict, out: dict, rules: dict, n_games: int
) -> list[dict]:
    """The barrel page's rows of the report's index: both ways, and the barrel.

    Parameters
    ----------
    profiles : iterable of str
        The profiles of the index, in order.
    both : dict
        Profile -> :func:`~analysis.research.twoways.figures_both_ways`
        (only the profiles a single-dummy pool serves).
    tables, stays, boots : dict
        Profile -> its competing table, barrel stays and bootstrap.
    out : dict
        Profile -> (``"pimc"`` or ``"dd"``, how its games were played in words).
    rules : dict
        Profile -> its :class:`~analysis.rules.Rules`.
    n_games : int
        Games per profile.

    Returns
    -------
    list of dict
        Rows of question ``both_ways`` then ``barrel``, one each per profile.
    """
    hl = []
    for n in profiles:
        if n not in both:
            hl.append(
                not_applicable(
                    n,
                    "both_ways",
                    "played double-dummy only: no single-dummy pool serves these rules",
                    f"{out[n][1]}",
                )
            )
            continue
        f = both[n]
        parts = []
        for fig in ("stays_won", "bolts_per_100", "deals_per_game"):
            if fig == "bolts_per_100" and not rules[n].has_bolts:
                continue
            r, pct = f.loc[fig], fig == "stays_won"
            d = "not measurable (no stay one way)" if np.isnan(r["diff"]) else figure_cell(r, "diff", pct)
            parts.append(
                f"{FIGURES[fig]} ({interval_kind(r)}): DD {figure_cell(r, 'dd', pct)}, "
                f"OI {figure_cell(r, 'pimc', pct)}, DD − OI {d}"
            )
        st = f.loc["stays_won"]
        hl.append(
            {
                "profile": n,
                "question": "both_ways",
                "figure": "; ".join(parts),
                "widened": bool(f[["widened_dd", "widened_pimc", "widened_diff"]].to_numpy().any()),
                "n": f"{n_games:,} paired games each way ("
                + (
                    f"{int(f.loc['bolts_per_100', 'n_dd']):,} and {int(f.loc['bolts_per_100', 'n_pimc']):,} "
                    "played deals; "
                    if rules[n].has_bolts
                    else ""
                )
                + f"{int(st['n_dd']):,} and {int(st['n_pimc']):,} barrel stays)",
            }
        )
    for n in profiles:
        if n not in tables:
            hl.append(
                not_applicable(
                    n,
                    "barrel",
                    f"no player reached the barrel in {n_games:,} games",
                    f"0 barrel stays in {n_games:,} games",
                )
            )
            continue
        t = tables[n]
        tmax = _last(t)
        r = t.loc[("cif_win", tmax)]
        s1 = t.loc[("survival", min(1, tmax))]
        hl.append(
            {
                "profile": n,
                "question": "barrel",
                "figure": f"{fmt_ci(r['p'], r['ci_low'], r['ci_high'])} of stays won; "
                f"S(1) {fmt_ci(s1['p'], s1['ci_low'], s1['ci_high'])} "
                f"({'own information' if out[n][0] == 'pimc' else out[n][1]}; "
                f"{boots[n].interval_name(of_games=True)}s)",
                "widened": boots[n].reuse,
                "n": f"{len(stays[n]):,} barrel stays in {boots[n].games:,} games",
            }
        )
    return hl
