"""Tables that summarise datasets, with intervals, for the CLI and notebooks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from . import dataset
from .errors import BadArgument
from .probabilities import redeal_probabilities
from .rules import Rules
from .stats import proportion_table

__all__ = ["redeal_summary", "value_summary", "format_table"]

#: Deal-only redeal columns of the deals dataset summarised by :func:`redeal_summary`.
REDEAL_EVENTS = (
    "four_nines_any",
    "hand_under_any",
    "redeal_bidding",
    "widow_under",
    "widow_two_nines",
    "redeal_widow",
)


def redeal_summary(deals, rules: Rules | None = None, alpha: float = 0.05) -> pd.DataFrame:
    """How often each redeal condition fires, beside its exact probability.

    Parameters
    ----------
    deals : path or pandas.DataFrame
        A deals dataset (folder) or its frame; its flags were computed for
        the profile recorded in its metadata.
    rules : Rules, optional
        The profile of those flags (read from the dataset's parameters when
        ``deals`` is a path).

    Returns
    -------
    pandas.DataFrame
        Indexed by event (``four_nines_any``, ``hand_under_any``,
        ``redeal_bidding``, ``widow_under``, ``widow_two_nines``,
        ``redeal_widow``, ``redeal_before_play``) with ``count``, ``p``,
        ``ci_low``, ``ci_high`` (Wilson, Clopper–Pearson near 0 or 1),
        ``exact`` (:func:`analysis.probabilities.redeal_probabilities`) and ``z``
        (deviation in standard errors). Probabilities are per deal dealt.
    """

    if isinstance(deals, (str, Path)):
        params = dataset.read_params(deals)
        rules = rules or Rules.from_stored(params["rules"])
        deals = dataset.read_frame(deals, "deals", columns=list(REDEAL_EVENTS))
    if rules is None:
        raise BadArgument("redeal_summary needs the rules of a deals frame")
    counts = {e: int(np.count_nonzero(deals[e].to_numpy())) for e in REDEAL_EVENTS}
    counts["redeal_before_play"] = int(
        np.count_nonzero(deals["redeal_bidding"].to_numpy() | deals["redeal_widow"].to_numpy())
    )
    exact = redeal_probabilities(rules)
    return proportion_table(counts, len(deals), exact, alpha=alpha)


def format_table(
    df: pd.DataFrame, pct: tuple[str, ...] = ("p", "ci_low", "ci_high", "exact"), digits: int = 3
) -> str:
    """Render a summary frame as fixed-width text, probabilities in percent."""
    out = df.copy()
    for c in pct:
        if c in out:
            out[c] = (100 * out[c]).map(lambda v: f"{v:.{digits}f}%")
    if "z" in out:
        out["z"] = out["z"].map(lambda v: f"{v:+.2f}")
    return out.to_string()


def value_summary(solutions, contracts=(100, 120, 140, 160, 180, 200), alpha: float = 0.05) -> pd.DataFrame:
    """Share of deals whose double-dummy value reaches each contract, by seat.

    Parameters
    ----------
    solutions : path or pandas.DataFrame
        A solutions dataset (read with its deals), or a frame with ``seat``
        and ``value`` (and ``redeal_forced``, if deals are to be left out).
    contracts : sequence of int
        Contract levels, points.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``seat``, ``contract``) with ``count``, ``p``,
        ``ci_low``, ``ci_high``: the declarer (seat 0 first hand … 2 dealer)
        reaches the contract after the best exchange with perfect play by
        all, a double-dummy upper bound on real success rates.  Deals the
        solutions' rules redeal by force before play are left out, as
        :func:`analysis.odds.dataset_odds` leaves them out (RULES.md,
        "Redeals").
    """
    if isinstance(solutions, (str, Path)):
        solutions = dataset.load(solutions)
    if "redeal_forced" in solutions.columns:
        solutions = solutions[~solutions["redeal_forced"].to_numpy(bool)]
    frames = []
    for seat, g in solutions.groupby("seat"):
        v = g["value"].to_numpy()
        counts = {c: int(np.count_nonzero(v >= c)) for c in contracts}
        t = proportion_table(counts, len(v), alpha=alpha)
        t.index = pd.MultiIndex.from_product([[int(seat)], list(contracts)], names=["seat", "contract"])
        frames.append(t)
    return pd.concat(frames)
