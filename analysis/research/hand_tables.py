"""The bidding-odds page's tables of hands: what a hand reaches, by class and around famous hands.

The cells a reader sees from :mod:`~analysis.research.contract_odds` and
:mod:`~analysis.research.bidding` frames (shares ``p`` with ``ci_low`` and
``ci_high``, 0–1; counts of hands and distinct deals) and from
:func:`analysis.odds.hand.hand_odds` tables: point bins named by the points
their hands can hold, hand classes as a grid, the calibration bins, the
famous hands' summary, and the words of the widow's steps.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..odds import delta_range
from ..rules import Rules
from .bidding import MIN_DEALS, point_range
from .tables import ci_table, fmt_ci, fmt_num_ci, fmt_pct

__all__ = [
    "point_bin",
    "class_grid",
    "widow_steps_words",
    "calibration_table",
    "famous_summary",
    "gain_held",
    "widest_interval",
]


def point_bin(i: pd.Interval, p=None) -> str:
    """A card-point bin of the 7-card hand, named by the points its hands can hold.

    Parameters
    ----------
    i : Interval
        A left-closed bin of card points (integer bounds).
    p : str, optional
        A profile: the bin is clipped to what its hands hold (club redeals
        hands under 14 points; a hand holds at most 74).  Without it the
        bin is named for every profile at once (the lowest "under 20").

    Returns
    -------
    str
        "a–b", or "a" where the bin holds one count.

    Examples
    --------
    >>> point_bin(pd.Interval(0, 20, closed="left"))
    'under 20'
    >>> point_bin(pd.Interval(50, 121, closed="left"))
    '50–74'
    """
    least, most = point_range(None if p is None else Rules.profile(p), 7)
    a, b = max(int(i.left), least), min(int(i.right) - 1, most)
    if p is None and int(i.left) == 0:
        return f"under {int(i.right)}"
    return f"{a}–{b}" if a < b else f"{a}"


def _class_key(v):
    """Numbers and bins by their lower bound, marriage sets by their total ("none": 0)."""
    v = str(v)
    if v[0].isdigit():
        return int(v.split("–")[0]), v
    return (int(v.rsplit("(", 1)[1].rstrip(")")) if "(" in v else 0), v


def class_grid(t: pd.DataFrame) -> pd.DataFrame:
    """Every class with hands: its share, or (on fewer than MIN_DEALS deals) its count alone.

    Parameters
    ----------
    t : DataFrame
        One table of :func:`~analysis.research.bidding.hand_classes`: a
        two-level index (row class, column class), shares ``p``,
        ``ci_low``, ``ci_high`` (0–1), int ``hands`` and ``deals``.

    Returns
    -------
    DataFrame
        The grid of cells (strings), classes in order of their number;
        "no hands" where no hand fell.
    """
    g = pd.Series(
        [
            f"no share: {n:,} hand{'s' if n != 1 else ''} ({d:,} deal{'s' if d != 1 else ''})"
            if d < MIN_DEALS
            else f"{fmt_ci(a, b, c)}, {n:,} hands ({d:,} deals)"
            for a, b, c, n, d in zip(t["p"], t["ci_low"], t["ci_high"], t["hands"], t["deals"])
        ],
        index=t.index,
    )
    rows_, cols_ = (sorted(set(t.index.get_level_values(i)), key=_class_key) for i in (0, 1))
    return g.unstack(t.index.names[1]).reindex(index=rows_, columns=cols_).fillna("no hands")


def widow_steps_words(steps: pd.DataFrame) -> tuple[str, str]:
    """What the steps between adjacent widow classes show, in words.

    Parameters
    ----------
    steps : DataFrame
        :func:`~analysis.research.contract_odds.adjacent_steps`: index
        (class, next class); ``diff``, ``low``, ``high`` (shares, 0–1) and
        bool ``beyond`` (the step's 95 % interval excludes 0).

    Returns
    -------
    (shape, rises) : str
        Where the share falls (and whether beyond the noise), and the rises
        beyond the noise; each a sentence or two.
    """

    def step(k):
        r = steps.loc[k]
        d = fmt_num_ci(100 * r["diff"], 100 * r["low"], 100 * r["high"], signed=True)
        return f"{k[0]} → {k[1]} by {d} points of %"

    falls = [k for k, d in steps["diff"].items() if d < 0]
    rises = [k for k, r in steps.iterrows() if r["beyond"] and r["diff"] > 0]
    real = [k for k in falls if steps.loc[k, "beyond"]]
    if not falls:
        shape = "It rises from every class to the next. "
    elif real:
        shape = (
            "It falls at "
            + "; ".join(map(step, falls))
            + ", beyond the noise from "
            + ", ".join(f"{a} to {b}" for a, b in real)
            + ". "
        )
    else:
        shape = (
            "It falls at " + "; ".join(map(step, falls)) + ", within the noise (the "
            "step's 95 % interval holds 0): the pattern is not monotone, but no class does "
            "measurably worse than the one below it. "
        )
    if not rises:
        return shape, "No rise from one class to the next exceeds its 95 % interval."
    return shape, "Rises beyond the noise (the step's 95 % interval excludes 0): " + "; ".join(
        map(step, rises)
    ) + "."


def calibration_table(cal: pd.DataFrame) -> pd.DataFrame:
    """Calibration bins as shown: the mean prediction and the observed share made.

    Parameters
    ----------
    cal : DataFrame
        :func:`~analysis.research.contract_odds.calibration` of several
        contracts, index level ``contract``; ``predicted``, ``p``,
        ``ci_low``, ``ci_high`` (0–1), int ``hands``, str ``bin``.

    Returns
    -------
    DataFrame
        Index (contract, predicted chance (bin)); cells as strings.
    """
    out = ci_table(cal, keep=("hands",), name="observed share made (95 % CI)")
    out.insert(0, "mean prediction", [fmt_pct(x) for x in cal["predicted"]])
    out.index = pd.MultiIndex.from_arrays(
        [cal.index.get_level_values("contract"), cal["bin"]], names=["contract", "predicted chance (bin)"]
    )
    return out


def famous_summary(odds: dict, hands: dict, samples: int) -> pd.DataFrame:
    """One row per famous hand: what ``thousand odds`` says of it.

    Parameters
    ----------
    odds : dict
        Name -> :func:`analysis.odds.hand.hand_odds` table (index contract
        in points; ``p_make``, ``ci_low``, ``ci_high`` 0–1;
        ``expected_delta``, ``delta_low``, ``delta_high`` in points; attrs
        ``kept``, ``expected_value``, ``best_contract``).
    hands : dict
        Name -> the hand as written.
    samples : int
        Deals dealt around each hand.

    Returns
    -------
    DataFrame
        Index the names; the cells as strings.
    """
    return pd.DataFrame(
        {
            name: {
                "hand": hands[name],
                f"deals kept around it (of {samples:,} dealt)": f"{t.attrs['kept']:,}",
                "mean value (points)": f"{t.attrs['expected_value']:.1f}",
                "value reaches 120 (95 % CI)": fmt_ci(*t.loc[120, ["p_make", "ci_low", "ci_high"]]),
                "highest contract it may bid": f"{t.index.max()}",
                "value reaches that (95 % CI)": fmt_ci(*t[["p_make", "ci_low", "ci_high"]].iloc[-1]),
                "best contract: expected gain over the opponents (95 % CI)": (
                    f"{t.attrs['best_contract']}: "
                    + fmt_num_ci(
                        *t.loc[t.attrs["best_contract"], ["expected_delta", "delta_low", "delta_high"]],
                        signed=True,
                    )
                    + " points"
                ),
            }
            for name, t in odds.items()
        }
    ).T


def gain_held(odds: dict, rules) -> list[str]:
    """The famous hands whose gain interval is held at what their best contract can give.

    Parameters
    ----------
    odds : dict
        Name -> :func:`analysis.odds.hand.hand_odds` table (``delta_low``,
        ``delta_high`` in points by contract; attrs ``best_contract``).
    rules : Rules
        The rules the hands were dealt under.

    Returns
    -------
    list of str
        One phrase per end held ("name" at ±bound (the most/least a
        contract of c can give)); empty where no interval reaches its bound.
    """
    held = []
    for name, t in odds.items():
        c = t.attrs["best_contract"]
        low, high = delta_range(rules, np.array([c]))
        for end, bound in (("low", low[0]), ("high", high[0])):
            if t.loc[c, f"delta_{end}"] == bound:
                held.append(
                    f'"{name}" at {"+" if end == "high" else "−"}{abs(bound):g} '
                    f"({'the most' if end == 'high' else 'the least'} a contract of {c} can give)"
                )
    return held


def widest_interval(odds: dict) -> tuple[tuple[str, int], float]:
    """The widest interval the famous hands' table shows (at 120 or at the highest contract).

    Parameters
    ----------
    odds : dict
        Name -> :func:`analysis.odds.hand.hand_odds` table (``ci_low``,
        ``ci_high``, 0–1, by contract in points).

    Returns
    -------
    ((name, contract), width) : tuple
        Where it is, and its width (0–1).
    """
    spans = {
        (name, c): t.loc[c, "ci_high"] - t.loc[c, "ci_low"]
        for name, t in odds.items()
        for c in (120, t.index.max())
    }
    return max(spans.items(), key=lambda kv: kv[1])
