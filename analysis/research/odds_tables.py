"""The bidding-odds page's tables of bids: shares made with their intervals, one rule for small classes.

Every table of the page shows a share with its 95 % interval only where the
class rests on at least :data:`~analysis.research.bidding.MIN_DEALS`
distinct deals; a smaller class says so in the cell (:data:`SMALL`).  The
functions here turn :func:`~analysis.research.bidding.bid_success` frames
(shares ``p`` with ``ci_low`` and ``ci_high``, 0–1, and the counts behind
them) into the cells a reader sees, and into the page's rows of the
report's index.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .bidding import FORCED, MIN_DEALS, bid_success, first_hand_label, interval_method
from .tables import ci_table, fmt_ci

__all__ = [
    "SMALL",
    "small_cells",
    "success_table",
    "won_and_forced",
    "made_ci",
    "bid_summary",
    "index_rows",
    "unpaired_gap",
]

#: What a cell on too few distinct deals says instead of a share (one rule for every table).
SMALL = f"fewer than {MIN_DEALS} distinct deals"


def small_cells(out: pd.DataFrame, t: pd.DataFrame, cols, deals: str = "deals") -> pd.DataFrame:
    """Blank the shares of classes on fewer than ``MIN_DEALS`` distinct deals.

    Parameters
    ----------
    out : DataFrame
        The shown table (strings), row for row with ``t``; changed in place.
    t : DataFrame
        The figures behind it, with an int column ``deals`` (distinct deals).
    cols : iterable of str
        The columns of ``out`` that hold shares.

    Returns
    -------
    DataFrame
        ``out``, its small classes' share cells reading :data:`SMALL`.
    """
    few = t[deals].to_numpy() < MIN_DEALS
    for c in cols:
        out.loc[few, c] = SMALL
    return out


def success_table(t: pd.DataFrame, label=None) -> pd.DataFrame:
    """Bids made, written off and failed in play, with their intervals.

    Parameters
    ----------
    t : DataFrame
        :func:`~analysis.research.bidding.bid_success` rows (shares 0–1:
        ``p``, ``written_off``, ``failed``, each with ``_low``/``_high``
        bounds; int ``auctions``, ``games``, ``deals``).
    label : callable, optional
        ``label(profile)`` names the first hand's 100 under that profile's
        rule (index levels profile and group); without it the index stays.

    Returns
    -------
    DataFrame
        One row per class: counts and three "share (95 % CI)" cells.
    """
    out = ci_table(t, keep=("auctions", "games", "deals"), name="made (95 % CI)")
    out = out.rename(columns={"deals": "distinct pool deals"})
    for col, name in (("written_off", "written off (95 % CI)"), ("failed", "failed in play (95 % CI)")):
        out[name] = [fmt_ci(a, b, c) for a, b, c in zip(t[col], t[f"{col}_low"], t[f"{col}_high"])]
    out = small_cells(out, t, ["made (95 % CI)", "written off (95 % CI)", "failed in play (95 % CI)"])
    if label is not None:  # the first hand's 100 under each profile's own rule
        out.index = pd.MultiIndex.from_tuples(
            [(p, label(p) if g == FORCED else g) for p, g in out.index], names=out.index.names
        )
    return out.rename_axis(index={"group": "winning bid", "position": "declarer's seat"})


def won_and_forced(auc: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Bids won above the forced 100, and the first hand's 100s kept.

    Parameters
    ----------
    auc : DataFrame
        :func:`~analysis.research.bidding.auctions` rows.

    Returns
    -------
    (won, forced) : Series
        One :func:`~analysis.research.bidding.bid_success` row each,
        computed on the whole table (so the 100's interval is the one of
        the tables by bid).
    """
    kind = np.where(auc["group"] == FORCED, "forced", "won")
    t = bid_success(auc.assign(kind=kind), by=("kind",))
    return t.loc["won"], t.loc["forced"]


def made_ci(r) -> str:
    """The share made with its interval, or :data:`SMALL` on too few distinct deals.

    Parameters
    ----------
    r : Series
        A bid_success row (``p``, ``ci_low``, ``ci_high`` 0–1; int ``deals``).

    Returns
    -------
    str
    """
    return SMALL if r["deals"] < MIN_DEALS else fmt_ci(r["p"], r["ci_low"], r["ci_high"])


def _n_words(r) -> str:
    return f"{int(r['auctions']):,} ({int(r['deals']):,})"


def bid_summary(totals: dict, totals_dd: dict, play: dict) -> pd.DataFrame:
    """Every profile's bids made, both kinds of games side by side.

    Parameters
    ----------
    totals, totals_dd : dict
        Profile -> :func:`won_and_forced` of its games played as the page
        plays them, and of its double-dummy games.
    play : dict
        Profile -> the words that say how its games were played.

    Returns
    -------
    DataFrame
        One row per profile (index ``profile``), shares with their
        intervals and "auctions (distinct pool deals)" counts.
    """
    rows = {}
    for p in totals:
        (w, f), (wd, fd) = totals[p], totals_dd[p]
        rows[p] = {
            "play": play[p],
            "bids above the first hand's 100: made (95 % CI)": made_ci(w),
            "bids (distinct pool deals)": _n_words(w),
            "first hand's 100 kept: made (95 % CI)": made_ci(f),
            "first hand's 100s (distinct pool deals)": _n_words(f),
            "double-dummy games: bids made (95 % CI)": made_ci(wd),
            "double-dummy games: bids (distinct pool deals)": _n_words(wd),
            "double-dummy games: first hand's 100 made (95 % CI)": made_ci(fd),
            "double-dummy games: first hand's 100s (distinct pool deals)": _n_words(fd),
        }
    return pd.DataFrame(rows).T.rename_axis("profile")


def index_rows(
    curves: pd.DataFrame,
    totals: dict,
    totals_dd: dict,
    auc: dict,
    auc_dd: dict,
    games_dd: dict,
    kinds: dict,
    n_games: int,
) -> list[dict]:
    """The bidding-odds page's rows of the report's index, two per profile.

    Parameters
    ----------
    curves : DataFrame
        :func:`~analysis.research.contract_odds.make_curve` by profile
        (index profile, contract in points; 120 and 140 among them).
    totals, totals_dd : dict
        Profile -> :func:`won_and_forced` of its games as the page plays
        them, and of its double-dummy games.
    auc, auc_dd : dict
        Profile -> :func:`~analysis.research.bidding.auctions` of the same
        games (for the words of their interval method).
    games_dd : dict
        Profile -> its double-dummy games (``attrs["outcomes"]``: ``pool``,
        ``pool_size``).
    kinds : dict
        Profile -> ``"pimc"`` or ``"dd"``: how its own games were played.
    n_games : int
        Games per profile, each way.

    Returns
    -------
    list of dict
        Rows of question ``reach`` (P(value ≥ 120) / P(≥ 140)) and
        ``bid_success`` (bids made, both ways, and the first hand's 100s).
    """
    hl = []
    for p in totals:
        c = curves.loc[p]
        hl.append(
            {
                "profile": p,
                "question": "reach",
                "figure": f"{fmt_ci(*c.loc[120, ['p', 'ci_low', 'ci_high']])} / "
                f"{fmt_ci(*c.loc[140, ['p', 'ci_low', 'ci_high']])}",
                "n": f"{int(c['deals'].iloc[0]):,} played deals ({int(c['hands'].iloc[0]):,} seats)",
            }
        )
        (w, f), wd = totals[p], totals_dd[p][0]
        kind = "OI" if kinds[p] == "pimc" else "DD"
        first = first_hand_label(p).removeprefix("first hand's ")  # forced 100 or opening 100
        hl.append(
            {
                "profile": p,
                "question": "bid_success",
                "figure": f"{kind} {made_ci(w)} made (DD {made_ci(wd)}); {first}: {made_ci(f)}",
                "n": f"{int(w['auctions']):,} bids and {int(f['auctions']):,} {first}s in "
                f"{n_games:,} games ({int(w['deals']):,} distinct pool deals behind the bids); DD: "
                f"{int(wd['auctions']):,} bids on {int(wd['deals']):,} distinct deals of the "
                f"{games_dd[p].attrs['outcomes']['pool']} double-dummy pool "
                f"({int(games_dd[p].attrs['outcomes']['pool_size']):,} deals) in {n_games:,} games "
                "of the same seeds, not the OI games' deals; intervals: "
                f"{kind} {interval_method(auc[p])}, DD {interval_method(auc_dd[p])}",
            }
        )
    return hl


def unpaired_gap(a, b, z: float = 1.959964) -> tuple[float, float]:
    """The difference of two shares from independent samples, and its interval's half-width.

    Parameters
    ----------
    a, b : Series
        Rows with ``p``, ``ci_low``, ``ci_high`` (0–1), each interval taken
        as normal: its standard error is its width over ``2 z``.
    z : float
        The normal quantile of the intervals (95 %).

    Returns
    -------
    (gap, half) : float
        ``a.p − b.p`` and ``z`` times the root of the summed variances.

    Examples
    --------
    >>> import pandas as pd
    >>> a = pd.Series({"p": 0.5, "ci_low": 0.4, "ci_high": 0.6})
    >>> b = pd.Series({"p": 0.2, "ci_low": 0.2, "ci_high": 0.2})
    >>> [round(float(v), 6) for v in unpaired_gap(a, b)]
    [0.3, 0.1]
    """
    half = z * np.hypot(*[(r["ci_high"] - r["ci_low"]) / (2 * z) for r in (a, b)])
    return a["p"] - b["p"], half
