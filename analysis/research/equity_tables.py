"""The score-and-bid page's tables: the two policies' limits, and the paired gains with their verdicts.

:func:`limit_rows` sets the bidding limit of the threshold policy beside the
equity policy's for the same random hands at each critical table state, as
the auction reads them (capped at the hand's bid cap; the first hand's
obligatory 100; a barrel sitter passing below his contract).  The other
functions read the shipped paired games
(:func:`analysis.equity.paired_store.shipped_summary`: shares 0–1 with their 95 %
bounds) into the cells a reader sees: the verdict of each gain, the
all-threshold seat's share, the bold-seat control, and how the verdicts
would read with the intervals widened for repeated pool deals;
:func:`own_information_table` sets the own-information paired games
beside the double-dummy ones.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..game.equity_policy import GRID
from ..stats import proportion_ci
from .tables import fmt_ci, fmt_num, fmt_num_ci, fmt_pct

__all__ = [
    "limit_rows",
    "limits_shown",
    "direction",
    "verdict",
    "result_columns",
    "bold_table",
    "own_information_table",
]


def limit_rows(policy, lim: np.ndarray, caps: np.ndarray, states: dict, rules) -> pd.DataFrame:
    """The two policies' limits on the same hands, per critical state.

    Parameters
    ----------
    policy : analysis.game.equity_policy.EquityPolicy
        The equity policy of player 0.
    lim : ndarray of shape (n_hands, 3, len(GRID))
        The threshold limits of the hands (points; seat 0 is player 0's
        hand) at each risk of ``GRID``.
    caps : ndarray of int, shape (n_hands,)
        Each hand's bid cap (points).
    states : dict
        Name -> :class:`analysis.scoring.TableState` (player 2 deals).
    rules : Rules
        The rules (``barrel_min_contract``).

    Returns
    -------
    DataFrame
        Index ``state``; shares of the hands (0–1) and mean limits
        (points; NaN where no hand bids), plus ``_sitting`` (bool),
        ``_sd`` (the two limits' standard deviations) and ``_bid`` (how
        many hands bid under each).
    """
    n = len(caps)
    cols = (GRID.index(0.5), GRID.index(0.5), GRID.index(0.35))
    rows = []
    for name, st in states.items():
        sitting = st.barrel[0] >= 0
        opp_sitting = any(a >= 0 for a in st.barrel[1:])
        # the threshold player's willingness, as the auction reads it
        slot = 1 if sitting else (2 if opp_sitting else 0)
        thr = lim[:, 0, cols[slot]].astype(int)
        eq = np.array([policy.table_limits(rules, st, lim[i])[0, slot] for i in range(n)])
        cut = eq > caps  # the equity policy's level above the hand's cap
        # as the auction reads the levels: capped, a sitter passing (no limit: NaN) below his contract
        if sitting:
            thr = np.where(thr >= rules.barrel_min_contract, np.minimum(thr, caps), np.nan)
            eq = np.where(eq >= rules.barrel_min_contract, np.minimum(eq, caps), np.nan)
        else:  # the first hand's obligatory opening
            thr, eq = (np.maximum(np.minimum(v, caps), 100).astype(float) for v in (thr, eq))
        t_pass, e_pass = np.isnan(thr), np.isnan(eq)
        rows.append(
            {
                "state": name,
                "_sitting": sitting,
                "differs": np.mean((eq != thr) & ~(t_pass & e_pass)),
                "equity bids higher": np.mean(np.nan_to_num(eq, nan=0) > np.nan_to_num(thr, nan=0)),
                "equity bids lower": np.mean(np.nan_to_num(eq, nan=0) < np.nan_to_num(thr, nan=0)),
                "threshold: passes": np.mean(t_pass),
                "equity: passes": np.mean(e_pass),
                "threshold: mean limit of the hands that bid": np.nanmean(thr) if (~t_pass).any() else np.nan,
                "equity: mean limit of the hands that bid": np.nanmean(eq) if (~e_pass).any() else np.nan,
                "threshold: stays at the opening 100": np.mean(thr == 100),
                "equity: stays at the opening 100": np.mean(eq == 100),
                "equity: its level cut by the cap": np.mean(cut),
                "_sd": (np.nanstd(thr, ddof=1), np.nanstd(eq, ddof=1)),
                "_bid": ((~t_pass).sum(), (~e_pass).sum()),
            }
        )
    return pd.DataFrame(rows).set_index("state")


def limits_shown(table: pd.DataFrame, spread, bidders, sitting, rules, n_hands: int) -> pd.DataFrame:
    """The limits table as shown: shares with their intervals, means with a normal interval.

    Parameters
    ----------
    table : DataFrame
        :func:`limit_rows` without its ``_`` columns.
    spread, bidders, sitting : Series
        Its ``_sd``, ``_bid`` and ``_sitting`` columns.
    rules : Rules
        The rules (``barrel_min_contract``).
    n_hands : int
        The hands behind every share (Wilson, Clopper–Pearson near 0 or 1).

    Returns
    -------
    DataFrame
        Cells as strings; a cell no hand can fill says "none by rule" and why.
    """
    why_not = {  # cells no hand can fill, and why
        "passes": "none by rule (the first hand must open 100)",
        "stays at the opening 100": "none by rule (on the barrel he bids at least "
        f"{rules.barrel_min_contract})",
    }
    shown = pd.DataFrame(index=table.index)
    for c in table.columns:
        if "limit" in c:
            j = 0 if c.startswith("threshold") else 1
            shown[c + " (points, 95 % CI)"] = [
                fmt_num_ci(m, m - 1.96 * sd[j] / np.sqrt(n[j]), m + 1.96 * sd[j] / np.sqrt(n[j]))
                if n[j] > 1
                else "no hand bids"
                for m, sd, n in zip(table[c], spread, bidders)
            ]
            continue
        k = np.rint(table[c].to_numpy() * n_hands).astype(int)
        lo, hi = proportion_ci(k, np.full(len(k), n_hands))
        cells = [fmt_ci(p, a, b) for p, a, b in zip(table[c], lo, hi)]
        for what, why in why_not.items():  # passes only on the barrel, the opening 100 only off it
            if c.endswith(what):
                cells = [why if (sit != (what == "passes")) else v for v, sit in zip(cells, sitting)]
        shown[c + " (95 % CI)"] = cells
    return shown


def direction(table: pd.DataFrame, sitting, key: str) -> str:
    """Which way the equity policy's limit parts from the threshold policy's at one state, in words.

    Parameters
    ----------
    table : DataFrame
        :func:`limit_rows` without its ``_`` columns.
    sitting : Series
        Bool by state: player 0 on the barrel.
    key : str
        The state.

    Returns
    -------
    str
    """
    r = table.loc[key]
    name = key[0].upper() + key[1:]
    hi_, lo_ = r["equity bids higher"], r["equity bids lower"]
    if r["differs"] == 0:
        return f"**{name}**: the two limits agree on every hand"
    way = "higher" if hi_ >= lo_ else "lower"
    t_m, e_m = r["threshold: mean limit of the hands that bid"], r["equity: mean limit of the hands that bid"]
    means = (
        f"mean limit of the hands that bid {fmt_num(t_m, 1)} → {fmt_num(e_m, 1)} points"
        if t_m == t_m and e_m == e_m
        else "no hand bids under one of them"
    )
    if sitting[key]:  # the two means are then over different hands: those each policy bids with
        means = (
            f"passes {fmt_pct(r['threshold: passes'])} → {fmt_pct(r['equity: passes'])} "
            f"of the hands, a bid where the other passes counting as higher; {means}, each over the hands "
            "its policy bids with"
        )
    return (
        f"**{name}**: the equity policy's limit differs on {fmt_pct(r['differs'])} of the hands, "
        f"{way} on {fmt_pct(max(hi_, lo_))} ({means})"
    )


def verdict(frame: pd.DataFrame) -> np.ndarray:
    """The paired gain's verdict, as ``python -m analysis.equity.paired show`` names it.

    Named only where the gain's 95 % interval excludes 0 and the equity
    seat's share's excludes a third (par).

    Parameters
    ----------
    frame : DataFrame
        ``gain_low``, ``gain_high``, ``share_low``, ``share_high`` (0–1).

    Returns
    -------
    ndarray of str
        "gain", "loss" or "no difference shown" per row.

    Examples
    --------
    >>> f = pd.DataFrame({"gain_low": [0.01, -0.2, -0.1], "gain_high": [0.1, -0.01, 0.1],
    ...                   "share_low": [0.34, 0.1, 0.3], "share_high": [0.5, 0.3, 0.4]})
    >>> [str(v) for v in verdict(f)]
    ['gain', 'loss', 'no difference shown']
    """
    gain = (frame.gain_low > 0) & (frame.share_low > 1 / 3)
    loss = (frame.gain_high < 0) & (frame.share_high < 1 / 3)
    return np.where(gain, "gain", np.where(loss, "loss", "no difference shown"))


def _base_ci(frame: pd.DataFrame) -> list[str]:
    """The all-threshold seat's win share with its 95 % interval (Wilson) over the paired games."""
    n = frame.games.to_numpy(int)
    k = np.rint(frame.base.to_numpy(float) * n).astype(int)
    lo, hi = proportion_ci(k, n)
    return [fmt_ci(a / b, c, d) for a, b, c, d in zip(k, n, lo, hi)]


def result_columns(frame: pd.DataFrame) -> dict:
    """The columns every table of paired results shows.

    Parameters
    ----------
    frame : DataFrame
        ``share``, ``base``, ``gain`` with their ``_low``/``_high`` bounds
        (0–1; ``base`` without bounds) and int ``games``.

    Returns
    -------
    dict
        Column -> cells: the equity seat's share, the same seat's
        all-threshold share, the gain (percentage points) and its verdict.
    """
    return {
        "equity seat's win share (95 % CI)": [
            fmt_ci(p, lo, hi) for p, lo, hi in zip(frame.share, frame.share_low, frame.share_high)
        ],
        "the same seat, all-threshold games (95 % CI)": _base_ci(frame),
        "gain (percentage points, 95 % CI)": [
            fmt_num_ci(100 * g, 100 * lo, 100 * hi, signed=True)
            for g, lo, hi in zip(frame.gain, frame.gain_low, frame.gain_high)
        ],
        "verdict": verdict(frame),
    }


def bold_table(bold: pd.DataFrame) -> pd.DataFrame:
    """The bold score-blind seat's games as shown.

    Parameters
    ----------
    bold : DataFrame
        :func:`analysis.equity.bolder.bold_summary` rows: ``profile``,
        ``risk``, int ``games``; ``share``, ``gain``, ``equity_minus_bold``
        with ``_low``/``_high`` bounds (0–1; the last None or NaN where no
        equity games ran on the same games).

    Returns
    -------
    DataFrame
        Index (profile, bold seat's risk); cells as strings.
    """
    return pd.DataFrame(
        {
            "profile": bold.profile,
            "bold seat's risk": bold.risk,
            "games": [fmt_num(int(g)) for g in bold.games],
            "bold seat's win share (95 % CI)": [
                fmt_ci(p, lo, hi) for p, lo, hi in zip(bold.share, bold.share_low, bold.share_high)
            ],
            "bold seat's gain (percentage points, 95 % CI)": [
                fmt_num_ci(100 * g, 100 * lo, 100 * hi, signed=True)
                for g, lo, hi in zip(bold.gain, bold.gain_low, bold.gain_high)
            ],
            "equity seat minus bold seat (percentage points, 95 % CI)": [
                "not measured: no equity games on the same games"
                if g is None or g != g
                else fmt_num_ci(100 * g, 100 * lo, 100 * hi, signed=True)
                for g, lo, hi in zip(
                    bold.equity_minus_bold, bold.equity_minus_bold_low, bold.equity_minus_bold_high
                )
            ],
        }
    ).set_index(["profile", "bold seat's risk"])


def own_information_table(oi: pd.DataFrame, dd: pd.DataFrame) -> pd.DataFrame:
    """The own-information paired games as shown, the double-dummy gain beside each.

    Parameters
    ----------
    oi : DataFrame
        The shipped ``own_information`` rows
        (:func:`analysis.equity.paired_store.step_summary` of games played with
        ``--outcomes pimc``): as :func:`result_columns` reads them, their
        intervals already widened for reused pool deals, with ``draws``,
        ``distinct`` and ``deff`` where recorded.
    dd : DataFrame
        The double-dummy rows of the same profiles (empty: none shipped).

    Returns
    -------
    DataFrame
        Index profile; the paired games, :func:`result_columns`, the pool
        draws behind them and the widening, and the double-dummy gain.

    Examples
    --------
    >>> oi = pd.DataFrame({"profile": ["club"], "games": [900], "share": [0.40], "share_low": [0.36],
    ...                    "share_high": [0.44], "base": [0.33], "gain": [0.07], "gain_low": [0.03],
    ...                    "gain_high": [0.11], "draws": [54000], "distinct": [30000], "deff": [1.8]})
    >>> own_information_table(oi, pd.DataFrame()).loc["club", "verdict"]
    'gain'
    """
    by_dd = {r.profile: r for r in dd.itertuples()} if len(dd) else {}
    reuse = [
        f"{fmt_num(int(n))} draws of {fmt_num(int(k))} distinct deals, intervals ×{fmt_num(np.sqrt(f), 2)}"
        if n is not None and n == n  # recorded, not NaN
        else "not recorded (not widened)"
        for n, k, f in zip(
            oi.get("draws", [None] * len(oi)),
            oi.get("distinct", [None] * len(oi)),
            oi.get("deff", [1] * len(oi)),
        )
    ]
    return pd.DataFrame(
        {
            "profile": oi.profile,
            "paired games": [fmt_num(int(g)) for g in oi.games],
            **result_columns(oi),
            "pool draws (both arms)": reuse,
            "double-dummy gain (percentage points, 95 % CI)": [
                fmt_num_ci(100 * r.gain, 100 * r.gain_low, 100 * r.gain_high, signed=True)
                if (r := by_dd.get(p)) is not None
                else "not shipped"
                for p in oi.profile
            ],
        }
    ).set_index("profile")
