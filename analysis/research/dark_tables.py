"""The dark-play and golden-round page's tables: dark odds, paired games, golden rule sets.

The cells a reader sees from :func:`analysis.odds.dark_odds` tables and from
:func:`analysis.comparison.compare` results (one row per rule set and
metric: ``value``, ``low``, ``high``, the paired ``diff`` against the first
rule set with ``diff_low``, ``diff_high``, int ``games``).  Shares of deals
(:data:`SHARES`) read in percent and their differences in percentage
points; the other figures are counts per game.
"""

from __future__ import annotations

import pandas as pd

from .optimism import cluster_mean_ci
from .tables import fmt_ci, fmt_num_ci

__all__ = [
    "odds_table",
    "fmt_diff",
    "play_table",
    "play_verdicts",
    "diff_panels",
    "name_alike",
    "metric_rows",
]

#: The metrics that are shares of deals (percentages); the rest are counts per game.
SHARES = {"made_share", "write_off_share"}


def odds_table(odds: dict, versions: dict) -> pd.DataFrame:
    """Each profile's dark odds beside the upper bound of bidding normally.

    Parameters
    ----------
    odds : dict
        Profile -> :func:`analysis.odds.dark_odds` table (columns
        ``normal`` in points and ``deal_id``; attrs ``dark_play``,
        ``dark_pool``, ``dark_samples``, ``dark_p_make`` with
        ``dark_p_low``/``dark_p_high`` (0–1), ``dark_change`` and
        ``dark_gain`` with their ``_low``/``_high`` bounds, in points).
    versions : dict
        Dark-play version -> its words.

    Returns
    -------
    DataFrame
        Index ``profile``; cells as strings.
    """
    rows = []
    for p, t in odds.items():
        a = t.attrs
        rows.append(
            {
                "profile": p,
                "dark play": versions[a["dark_play"]],
                "pool": a["dark_pool"],
                "distinct deals (90 gifts each)": f"{a['dark_samples']:,}",
                "P(make) (95 % CI)": fmt_ci(a["dark_p_make"], a["dark_p_low"], a["dark_p_high"]),
                "score change going dark (95 % CI)": fmt_num_ci(
                    a["dark_change"], a["dark_change_low"], a["dark_change_high"], signed=True
                ),
                "bidding normally, upper bound (95 % CI)": fmt_num_ci(
                    *cluster_mean_ci(t["normal"], t["deal_id"])[:3], signed=True
                ),
                "gain of going dark over that bound (95 % CI)": fmt_num_ci(
                    a["dark_gain"], a["dark_gain_low"], a["dark_gain_high"], signed=True
                ),
            }
        )
    return pd.DataFrame(rows).set_index("profile")


def fmt_diff(metric: str, d, lo, hi) -> str:
    """A paired difference with its interval: percentage points for a share of deals.

    Parameters
    ----------
    metric : str
        The metric (shares are those of :data:`SHARES`).
    d, lo, hi : float
        The difference and its bounds (0–1 for a share).

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_diff("made_share", 0.02, -0.01, 0.05)
    '+2.0 (\u22121.0 to +5.0) percentage points'
    >>> fmt_diff("deals_per_game", 1.25, 0.5, 2.0)
    '+1.2 (+0.5 to +2.0)'
    """
    if metric in SHARES:
        return fmt_num_ci(100 * d, 100 * lo, 100 * hi, 1, signed=True) + " percentage points"
    return fmt_num_ci(d, lo, hi, 1, signed=True)


def _level(metric: str, v, lo, hi) -> str:
    return fmt_ci(v, lo, hi) if metric in SHARES else fmt_num_ci(v, lo, hi, 1)


def play_table(games: dict, arms: dict, labels: dict, cols: dict, rules: dict) -> pd.DataFrame:
    """Dark play against the profile as played: both levels and the paired difference.

    Parameters
    ----------
    games : dict
        Profile -> :func:`analysis.comparison.compare` result of the profile
        as played and with dark play (``table``, ``names``).
    arms : dict
        Profile -> the two arms' :class:`~analysis.research.dark_golden.Drawn`.
    labels : dict
        Metric -> its label, in display order of the metrics shown.
    cols : dict
        ``"as"``, ``"dark"``, ``"diff"`` -> the column names.
    rules : dict
        Profile -> its :class:`~analysis.rules.Rules` (bolts by rule).

    Returns
    -------
    DataFrame
        Index (profile, figure); "none by rule (no bolts)" where bolts are
        not played.
    """
    rows = []
    for p, c in games.items():
        t = c.table[c.table.metric.isin(list(labels))]
        base, dark = (t[t.rules == name].set_index("metric") for name in (c.names[0], c.names[-1]))
        n = f"{arms[p][0].distinct:,} / {arms[p][1].distinct:,}"
        for m in dark.index:
            if m == "bolts_per_game" and not rules[p].has_bolts:
                why = "none by rule (no bolts)"
                rows.append(
                    {
                        "profile": p,
                        "figure": labels[m],
                        cols["as"]: why,
                        cols["dark"]: why,
                        cols["diff"]: why,
                        "distinct solved deals (as played / dark)": n,
                    }
                )
                continue
            b, r = base.loc[m], dark.loc[m]
            rows.append(
                {
                    "profile": p,
                    "figure": labels[m],
                    cols["as"]: _level(m, b.value, b.low, b.high),
                    cols["dark"]: _level(m, r.value, r.low, r.high),
                    cols["diff"]: fmt_diff(m, r["diff"], r.diff_low, r.diff_high),
                    "distinct solved deals (as played / dark)": n,
                }
            )
    return pd.DataFrame(rows).set_index(["profile", "figure"])


def play_verdicts(games: dict, labels: dict, rules: dict) -> tuple[list[str], list[str]]:
    """The dark arm's differences beyond the noise, and those within it, in words.

    Parameters
    ----------
    games, labels, rules : dict
        As for :func:`play_table`.

    Returns
    -------
    (beyond, within) : list of str
        "label rise/fall in profile (difference)" where the paired interval
        excludes 0; "label in profile" where it holds 0.
    """
    beyond, still = [], []
    for p, m in _dark_rows(games, labels, rules):
        if m.diff_low > 0 or m.diff_high < 0:
            beyond.append(
                f"{labels[m.metric]} {'rise' if m['diff'] > 0 else 'fall'} in {p} "
                f"({fmt_diff(m.metric, m['diff'], m.diff_low, m.diff_high)})"
            )
        else:
            still.append(f"{labels[m.metric]} in {p}")
    return beyond, still


def diff_panels(games: dict, labels: dict, rules: dict) -> dict:
    """The dark arm's paired differences to plot, counts per game apart from shares of deals.

    Parameters
    ----------
    games, labels, rules : dict
        As for :func:`play_table`.

    Returns
    -------
    dict
        ``False`` (counts per game) and ``True`` (shares, in percentage
        points) -> list of (label, difference, low, high).
    """
    panels = {False: [], True: []}
    for p, m in _dark_rows(games, labels, rules):
        k = 100 if m.metric in SHARES else 1
        panels[m.metric in SHARES].append(
            (f"{p}: {labels[m.metric]}", k * m["diff"], k * m.diff_low, k * m.diff_high)
        )
    return panels


def _dark_rows(games: dict, labels: dict, rules: dict):
    """(profile, row) of each labelled metric of the dark arm against play as usual.

    The dark arm is a comparison's last rule set; a profile that counts no
    bolts by rule has no bolts row (its difference is 0 by rule, not a
    finding).
    """
    for p, c in games.items():
        t = c.table
        t = t[(t.rules == c.names[-1]) & t.metric.isin(list(labels))]
        for _, m in t.iterrows():
            if rules[p].has_bolts or m.metric != "bolts_per_game":
                yield p, m


def name_alike(frame: pd.DataFrame) -> pd.DataFrame:
    """Say so where a rule set's figures equal an earlier one's of the same profile.

    Small samples: two agreements may play every game alike.

    Parameters
    ----------
    frame : DataFrame
        Index (profile, rule set); changed in place.

    Returns
    -------
    DataFrame
        ``frame``, a repeated row's rule set named "(same figures as ...)".

    Examples
    --------
    >>> f = pd.DataFrame({"x": [1, 1, 2]}, index=pd.MultiIndex.from_tuples(
    ...     [("club", "a"), ("club", "b"), ("club", "c")], names=["profile", "rule set"]))
    >>> list(name_alike(f).index.get_level_values(1))
    ['a', 'b (same figures as a)', 'c']
    """
    first, names = {}, []
    for (prof, rs), row in zip(frame.index, map(tuple, frame.to_numpy())):
        f = first.setdefault((prof, row), rs)
        names.append(rs if f == rs else f"{rs} (same figures as {f})")
    frame.index = pd.MultiIndex.from_arrays([frame.index.get_level_values(0), names], names=frame.index.names)
    return frame


def metric_rows(runs: dict, sets: dict, drawn: dict, label, by_rule, metric: str) -> pd.DataFrame:
    """One metric of the golden-round comparisons, a row per profile and rule set.

    Parameters
    ----------
    runs : dict
        Profile -> :func:`analysis.comparison.compare` result.
    sets : dict
        Profile -> its rule sets as spelled, in the comparison's order.
    drawn : dict
        (profile, spelled) -> :class:`~analysis.research.dark_golden.Drawn`.
    label : callable
        ``label(spelled, profile)``: the rule set's name for a reader.
    by_rule : callable
        ``by_rule(spelled)``: why the rule set has no reset, or None.
    metric : str

    Returns
    -------
    DataFrame
        ``profile``, ``rule set``, ``value``, ``low``, ``high``, ``diff``,
        ``diff_low``, ``diff_high``, int ``games``, ``deff`` (the design
        effect of the repeated deals) and ``by rule``.
    """
    out = []
    for p, c in runs.items():
        t = c.table[c.table.metric == metric]
        for spelled, (_, r) in zip(sets[p], t.iterrows(), strict=True):
            out.append(
                {
                    "profile": p,
                    "rule set": label(spelled, p),
                    "value": r.value,
                    "low": r.low,
                    "high": r.high,
                    "diff": r["diff"],
                    "diff_low": r.diff_low,
                    "diff_high": r.diff_high,
                    "games": int(r.games),
                    "deff": drawn[p, spelled].deff,
                    "by rule": by_rule(spelled),
                }
            )
    return pd.DataFrame(out)
