"""Confidence intervals and Monte Carlo summaries.

Intervals come from well-kept libraries: Wilson from
``statsmodels.stats.proportion.proportion_confint`` (vectorized),
Clopper–Pearson (exact, ``method="beta"``) for rare events.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from statsmodels.stats.proportion import proportion_confint

from .errors import BadArgument

__all__ = ["proportion_ci", "proportion_table", "z_score"]


def proportion_ci(successes, trials, *, alpha: float = 0.05, method: str = "auto"):
    """Confidence interval of a binomial proportion, vectorized.

    Parameters
    ----------
    successes, trials : int or array-like of int, same shape
    alpha : float
        1 − confidence level (0.05 for 95 %).
    method : {"auto", "wilson", "beta"}
        ``beta`` is Clopper–Pearson; ``auto`` uses Clopper–Pearson where
        fewer than 5 successes or failures were seen (near 0 or 1) and
        Wilson elsewhere.

    Returns
    -------
    (low, high) : two floats or ndarrays of float64, probabilities in [0, 1]

    Raises
    ------
    ValueError
        If a count is negative or exceeds its trials, or trials is 0.
    """
    k = np.asarray(successes, dtype=np.float64)
    n = np.asarray(trials, dtype=np.float64)
    if np.any(n <= 0) or np.any(k < 0) or np.any(k > n):
        raise BadArgument("proportion_ci needs 0 <= successes <= trials and trials > 0")
    if method == "auto":
        lo_w, hi_w = proportion_confint(k, n, alpha=alpha, method="wilson")
        lo_b, hi_b = proportion_confint(k, n, alpha=alpha, method="beta")
        rare = (k < 5) | (n - k < 5)
        lo, hi = np.where(rare, lo_b, lo_w), np.where(rare, hi_b, hi_w)
    elif method in ("wilson", "beta"):
        lo, hi = proportion_confint(k, n, alpha=alpha, method=method)
    else:
        raise BadArgument(f"unknown interval method {method!r}: auto, wilson or beta")
    lo, hi = np.clip(lo, 0, 1), np.clip(hi, 0, 1)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def proportion_table(
    counts: dict, trials: int, exact: dict | None = None, alpha: float = 0.05
) -> pd.DataFrame:
    """Monte Carlo frequencies with intervals, optionally beside exact values.

    Parameters
    ----------
    counts : dict of name -> int
        Events observed.
    trials : int
        Deals (or games) observed.
    exact : dict of name -> float or Fraction, optional
        Exact probabilities; adds columns ``exact`` and ``z`` (the Monte
        Carlo deviation in standard errors of the exact value).

    Returns
    -------
    pandas.DataFrame indexed by name with columns ``count``, ``p``,
    ``ci_low``, ``ci_high`` (and ``exact``, ``z``).
    """
    names = list(counts)
    k = np.array([counts[c] for c in names], dtype=np.int64)
    lo, hi = proportion_ci(k, np.full(len(k), trials), alpha=alpha)
    df = pd.DataFrame(
        {"count": k, "p": k / trials, "ci_low": lo, "ci_high": hi}, index=pd.Index(names, name="event")
    )
    if exact is not None:
        ex = np.array([float(exact[c]) if c in exact else np.nan for c in names])
        df["exact"] = ex
        df["z"] = z_score(k, trials, ex)
    return df


def z_score(successes, trials, p):
    """Deviation of ``successes / trials`` from ``p`` in binomial standard errors."""
    k = np.asarray(successes, dtype=np.float64)
    p = np.asarray(p, dtype=np.float64)
    se = np.sqrt(p * (1 - p) / trials)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, (k / trials - p) / se, 0.0)
    return z
