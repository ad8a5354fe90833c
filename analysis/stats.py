"""Confidence intervals and Monte Carlo summaries.

Intervals come from well-kept libraries: Wilson from
``statsmodels.stats.proportion.proportion_confint`` (vectorized),
Clopper–Pearson (exact, ``method="beta"``) for rare events.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import chi2
from statsmodels.stats.proportion import proportion_confint

from .errors import BadArgument

__all__ = ["exact_bounds", "proportion_ci", "proportion_table", "z_score"]


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


def exact_bounds(estimate, low, high, n, *, share: bool = True, alpha: float = 0.05):
    """Interval bounds that never collapse on a count of 0 (or of every trial).

    A bootstrap (or any resampling) of a sample without a single event
    gives the interval 0–0: every replicate is 0 too.  A reader takes that
    for certainty; the data only say the share is small.  Where the given
    interval has no width and the estimate is 0 (or, for a share, 1), the
    exact bounds of 0 (or ``n``) events in ``n`` trials replace it:
    Clopper–Pearson for a share (upper bound ``1 − (α/2)^(1/n)``, about
    3.7 / n, the "rule of three" at 97.5 %), the exact Poisson bound
    ``χ²(1 − α/2; 2) / (2 n)`` for a rate per trial.  Every other interval
    is returned unchanged.

    Parameters
    ----------
    estimate, low, high : float or array-like of float
        The figure and its interval (probabilities 0–1, or a rate per trial).
    n : float or array-like of float
        Independent trials behind the figure (an effective count where
        rows are clustered: rows over the design effect); at least 1.
    share : bool
        A share of trials (binomial) rather than a rate (Poisson).
    alpha : float
        1 − confidence level.

    Returns
    -------
    (low, high) : floats or ndarrays of float64

    Examples
    --------
    >>> [round(b, 4) for b in exact_bounds(0.0, 0.0, 0.0, 100)]
    [0.0, 0.0362]
    >>> [round(b, 4) for b in exact_bounds(1.0, 1.0, 1.0, 100)]
    [0.9638, 1.0]
    >>> exact_bounds(0.5, 0.4, 0.6, 100)
    (0.4, 0.6)
    """
    e, lo, hi = (np.asarray(a, dtype=np.float64) for a in (estimate, low, high))
    m = np.maximum(np.rint(np.broadcast_to(np.asarray(n, dtype=np.float64), e.shape)), 1.0)
    flat = np.isclose(lo, hi, rtol=0, atol=1e-12)
    # (a product of survival factors ends at 1e-17, not 0)
    zero, full = flat & (np.abs(e) < 1e-12), flat & (np.abs(e - 1) < 1e-12) & share
    if share:
        k = np.where(full, m, 0.0)
        cp_lo, cp_hi = proportion_ci(k, m, alpha=alpha, method="beta")
        new_lo = np.where(zero | full, cp_lo, lo)
        new_hi = np.where(zero | full, cp_hi, hi)
    else:
        new_lo = lo
        new_hi = np.where(zero, chi2.ppf(1 - alpha / 2, 2) / (2 * m), hi)
    if new_lo.ndim == 0:
        return float(new_lo), float(new_hi)
    return new_lo, new_hi
