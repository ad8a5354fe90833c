"""The bidding-odds page's plots: shares made with their 95 % intervals.

Each function draws on a matplotlib ``Axes`` the page made, from the frames
of :mod:`~analysis.research.bidding` and
:mod:`~analysis.research.contract_odds` (shares ``p``, ``ci_low``,
``ci_high``, 0–1; drawn in percent), so the page keeps its figure sizes,
titles and prose.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .bidding import BID_GROUPS, FORCED, MIN_DEALS, POSITIONS
from .plots import interval_lines

__all__ = ["bids_by_seat", "make_curves", "marriage_dots", "calibration_dots", "points_lines", "famous_lines"]


def bids_by_seat(ax, by_seat: pd.DataFrame) -> None:
    """Bids made by winning bid, one series of dots per declarer's seat.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    by_seat : DataFrame
        :func:`~analysis.research.bidding.bid_success` by group and
        position; classes on fewer than ``MIN_DEALS`` distinct deals are
        not drawn (as the tables show no share for them).
    """
    groups = [FORCED] + [b[0] for b in BID_GROUPS]
    for j, pos in enumerate(POSITIONS):
        s = by_seat.xs(pos, level="position").reindex(groups).dropna(subset=["p"])
        s = s[s["deals"] >= MIN_DEALS]
        x = np.array([groups.index(g) for g in s.index]) + (j - 1) * 0.15
        ax.errorbar(
            x,
            100 * s["p"],
            yerr=[100 * (s["p"] - s["ci_low"]), 100 * (s["ci_high"] - s["p"])],
            fmt="o",
            capsize=3,
            label=pos,
        )
    ax.set_xticks(range(len(groups)), [g.replace("first hand's ", "") for g in groups])
    ax.set_xlabel("winning bid (points)")
    ax.set_ylabel("bids made (%)")
    ax.legend(title="declarer", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def make_curves(ax, curves: pd.DataFrame) -> None:
    """Each profile's chance to reach each contract, curves kept apart.

    Curves that nearly coincide must all stay visible: one hollow marker
    and one line style per profile, and each profile's points drawn half a
    point apart along the contract axis (contracts are 5 apart).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    curves : DataFrame
        :func:`~analysis.research.contract_odds.make_curve` of up to five
        profiles, index (profile, contract in points); int ``deals``.
    """
    profiles = list(dict.fromkeys(curves.index.get_level_values("profile")))
    styles = zip(profiles, ["o", "s", "^", "D", "v"], ["-", "--", "-.", ":", (0, (5, 1))])
    for j, (p, mk, ls) in enumerate(styles):
        c = curves.loc[p]
        interval_lines(
            ax,
            c.index + (j - 2) * 0.5,
            c["p"],
            c["ci_low"],
            c["ci_high"],
            label=f"{p} ({c['deals'].iloc[0]:,} deals)",
            xlabel="contract (points)",
            ylabel="P(double-dummy value ≥ contract) (%)",
            marker=mk,
        )
        ax.get_lines()[-1].set_markerfacecolor("none")
        ax.get_lines()[-1].set_linestyle(ls)
    ax.legend(loc="upper right", frameon=False, fontsize="small")  # the curves fall away from that corner


def marriage_dots(ax, mar: pd.DataFrame, contracts) -> None:
    """P(make) by marriage held, one series of dots per contract.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    mar : DataFrame
        :func:`~analysis.research.contract_odds.marriage_effect`, index
        (holding, contract).
    contracts : sequence of int
        The contracts to draw (points), at most three.
    """
    holdings = list(dict.fromkeys(mar.index.get_level_values("holding")))
    for j, c in enumerate(contracts):
        s = mar.xs(c, level="contract").reindex(holdings)
        y = np.arange(len(holdings))[::-1] + (1 - j) * 0.22
        ax.errorbar(
            100 * s["p"],
            y,
            xerr=[100 * (s["p"] - s["ci_low"]), 100 * (s["ci_high"] - s["p"])],
            fmt="o",
            capsize=3,
            label=f"contract {c}",
        )
    ax.set_yticks(np.arange(len(holdings))[::-1], holdings)
    ax.set_xlabel("P(make) (%)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def calibration_dots(ax, cals: dict) -> None:
    """Observed share made against the model's predicted chance, by bin.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    cals : dict
        Contract (points) -> :func:`~analysis.research.contract_odds.calibration`
        (``predicted``, ``p``, ``ci_low``, ``ci_high``, 0–1).
    """
    for c, cal in cals.items():
        ax.errorbar(
            100 * cal["predicted"],
            100 * cal["p"],
            yerr=[100 * (cal["p"] - cal["ci_low"]), 100 * (cal["ci_high"] - cal["p"])],
            fmt="o",
            capsize=3,
            label=f"contract {c}",
        )
    ax.plot([0, 100], [0, 100], "k--", lw=0.8, label="perfect calibration")
    ax.set_xlabel("the bidding model's predicted chance (%)")
    ax.set_ylabel("observed share made (%)")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def points_lines(ax, by_points: pd.DataFrame, label, contract: int = 120) -> None:
    """P(make) by the 7-card hand's card points, one line per profile.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    by_points : DataFrame
        :func:`~analysis.research.contract_odds.make_by` by profile, index
        (profile, point bin, contract in points).
    label : callable
        ``label(bin)``: the tick label of a point bin.
    contract : int
        The contract drawn (points).
    """
    for p in dict.fromkeys(by_points.index.get_level_values("profile")):
        s = by_points.loc[p].xs(contract, level="contract")
        x = [label(i) for i in s.index]
        interval_lines(
            ax,
            np.arange(len(x)),
            s["p"],
            s["ci_low"],
            s["ci_high"],
            label=p,
            xlabel="card points in the 7-card hand",
            ylabel=f"P(make {contract}) (%)",
        )
        ax.set_xticks(np.arange(len(x)), x)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def famous_lines(ax, odds: dict, hands: dict) -> None:
    """P(make) by contract around each famous hand, with its 95 % band.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    odds : dict
        Name -> :func:`analysis.odds.hand.hand_odds` table (``p_make``,
        ``ci_low``, ``ci_high``, 0–1, by contract in points).
    hands : dict
        Name -> the hand as written.
    """
    for name, t in odds.items():
        interval_lines(
            ax,
            t.index,
            t["p_make"],
            t["ci_low"],
            t["ci_high"],
            label=f"{name}: {hands[name]}",
            xlabel="contract (points)",
            ylabel="P(make) (%)",
            marker=".",
        )
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=9)
