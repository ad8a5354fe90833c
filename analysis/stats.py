"""Confidence intervals and Monte Carlo summaries.

Intervals come from well-kept libraries: Wilson from
``statsmodels.stats.proportion.proportion_confint`` (vectorized),
Clopper–Pearson (exact, ``method="beta"``) for rare events; a share of
correlated trials (gifts of one deal, games that share pool deals) takes
Clopper–Pearson on its effective sample size (:func:`share_ci`,
:func:`clustered_share_ci`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import beta, chi2, norm, t
from statsmodels.stats.proportion import proportion_confint

from .errors import BadArgument

__all__ = [
    "bounded_mean_ci",
    "clustered_share_ci",
    "exact_bounds",
    "mean_ci",
    "proportion_ci",
    "proportion_table",
    "share_ci",
    "widen",
    "z_score",
]


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


def widen(estimate, low, high, factor, *, clip=None):
    """An interval scaled about its estimate by ``factor``, each side apart.

    Where a figure rests on draws of a finite pool that repeat, its
    interval computed as if the draws were independent is too narrow: the
    variance is at most the design effect (draws per distinct deal) times
    larger, so the interval is widened by its root (an upper bound).

    Parameters
    ----------
    estimate, low, high : float, ndarray or Series of float, one shape
        The figure and its interval.
    factor : float or array-like of float
        The scale of each side, at least 1 to widen (``sqrt(deff)``).
    clip : (float, float), optional
        Bounds the widened interval cannot cross (``(0, 1)`` for a share).

    Returns
    -------
    (low, high)
        Of the inputs' type (a Series stays a Series).

    Examples
    --------
    >>> widen(0.2, 0.1, 0.4, 2.0)
    (0.0, 0.6000000000000001)
    >>> widen(0.9, 0.8, 0.95, 3.0, clip=(0.0, 1.0))
    (0.6000000000000001, 1.0)
    """
    lo, hi = estimate - factor * (estimate - low), estimate + factor * (high - estimate)
    if clip is not None:
        lo, hi = np.clip(lo, *clip), np.clip(hi, *clip)
        if np.ndim(lo) == 0:
            lo, hi = float(lo), float(hi)
    return lo, hi


def mean_ci(x, *, alpha: float = 0.05, factor: float = 1.0):
    """Mean of a large sample with its normal interval.

    For means of many independent values (the per-game differences of
    paired games, the per-deal gains of a choice), where the central limit
    theorem holds and Student's t would differ in the third digit.

    Parameters
    ----------
    x : array-like of float, shape (n,)
        The sample.
    alpha : float
        1 − confidence level.
    factor : float
        Scale of the half-width, at least 1 to widen it (``sqrt(deff)``
        where the values share finite-pool draws, as :func:`widen`).

    Returns
    -------
    (mean, low, high) : floats
        ``low`` and ``high`` NaN with fewer than two values.

    Examples
    --------
    >>> m, lo, hi = mean_ci([1.0, 0.0, 1.0, 0.0])
    >>> m, round(lo, 3), round(hi, 3)
    (0.5, -0.066, 1.066)
    """
    a = np.asarray(x, dtype=np.float64)
    m = float(a.mean()) if a.size else float("nan")
    if a.size < 2:
        return m, float("nan"), float("nan")
    h = factor * float(norm.ppf(1 - alpha / 2)) * float(a.std(ddof=1)) / a.size**0.5
    return m, m - h, m + h


def share_ci(successes, trials, deff=1.0, *, alpha: float = 0.05):
    """Clopper–Pearson interval of a share, on the effective sample size.

    ``trials`` correlated trials carry the information of ``trials / deff``
    independent ones (Kish's design effect): the exact binomial interval is
    taken at ``n* = trials / deff`` trials and ``p · n*`` successes, the
    beta quantiles of fractional counts (Korn and Graubard, 1998, *Survey
    Methodology* 24(2)).  With ``deff = 1`` it is
    ``proportion_ci(..., method="beta")``.  Its bounds lie within [0, 1]
    and never collapse on a share of 0 or 1.

    Parameters
    ----------
    successes, trials : float or array-like of float, same shape
        Events and trials (games, gifts), ``0 <= successes <= trials``.
    deff : float or array-like of float
        Design effect, at least 1 (1: independent trials).
    alpha : float
        1 − confidence level.

    Returns
    -------
    (low, high) : floats or ndarrays of float64

    Raises
    ------
    BadArgument
        If a count is negative or exceeds its trials, trials is 0 or a
        design effect is below 1.

    Examples
    --------
    >>> [round(b, 4) for b in share_ci(1, 12)]
    [0.0021, 0.3848]
    >>> [round(b, 4) for b in share_ci(2, 24, deff=2.0)]
    [0.0021, 0.3848]
    """
    k = np.asarray(successes, dtype=np.float64)
    n = np.asarray(trials, dtype=np.float64)
    f = np.asarray(deff, dtype=np.float64)
    if np.any(n <= 0) or np.any(k < 0) or np.any(k > n) or np.any(f < 1):
        raise BadArgument("share_ci needs 0 <= successes <= trials, trials > 0 and deff >= 1")
    m = n / f
    x = k / f
    with np.errstate(invalid="ignore", divide="ignore"):
        lo = np.where(x > 0, beta.ppf(alpha / 2, x, m - x + 1), 0.0)
        hi = np.where(x < m, beta.ppf(1 - alpha / 2, x + 1, m - x), 1.0)
    lo, hi = np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def clustered_share_ci(successes, trials, *, alpha: float = 0.05):
    """A share pooled over clusters of trials, with an interval that respects them.

    The share is ``sum(successes) / sum(trials)``; its variance is the
    cluster-robust one of a ratio (``c / (c − 1) · Σ (k_i − p n_i)² /
    N²`` over ``c`` clusters of ``N`` trials), turned into an effective
    sample size ``p (1 − p) / var`` (at most ``N``), shrunk by
    ``(z / t_{c−1})²`` for the few clusters that estimate the variance, and
    given to the Clopper–Pearson interval of :func:`share_ci` (Korn and
    Graubard, 1998).  Where the variance cannot be estimated (a share of 0
    or 1, every cluster alike) the effective size is the clusters' count:
    the clusters are the independent units.

    Parameters
    ----------
    successes, trials : array-like of shape (c,)
        Events and trials of each cluster (e.g. gifts of 90 that make, per
        deal).
    alpha : float
        1 − confidence level.

    Returns
    -------
    (share, low, high, effective) : floats
        ``effective`` is the effective number of independent trials the
        interval rests on.

    Raises
    ------
    BadArgument
        Fewer than two clusters, or a count outside ``0 .. trials``.

    Examples
    --------
    Two deals of four make after every gift, two after none: the 360
    gifts weigh as about one independent trial.

    >>> p, lo, hi, m = clustered_share_ci([0, 90, 0, 90], [90, 90, 90, 90])
    >>> p, round(m, 2), round(lo, 3), round(hi, 3)
    (0.5, 1.14, 0.001, 0.999)
    """
    k = np.asarray(successes, dtype=np.float64)
    n = np.broadcast_to(np.asarray(trials, dtype=np.float64), k.shape)
    c = k.size
    if c < 2 or np.any(n <= 0) or np.any(k < 0) or np.any(k > n):
        raise BadArgument("clustered_share_ci needs two clusters or more, each 0 <= successes <= trials > 0")
    total = float(n.sum())
    p = float(k.sum()) / total
    var = c / (c - 1) * float(((k - p * n) ** 2).sum()) / total**2
    if var > 0 and 0 < p < 1:
        shrink = (norm.ppf(1 - alpha / 2) / t.ppf(1 - alpha / 2, c - 1)) ** 2
        m = min(p * (1 - p) / var, total) * shrink
    else:
        m = float(c)
    lo, hi = share_ci(p * m, m, alpha=alpha)
    return p, lo, hi, float(m)


def bounded_mean_ci(x, least, most, *, alpha: float = 0.05):
    """Mean of a sample with its Student t interval, held within the range the figure can take.

    With few values (a handful of deals) the t interval reaches past what
    the figure can be (a mean value above the most a declarer can take, a
    score change above the contract): each end is held at ``least`` and
    ``most``.  Several samples of one size are summarised at once, one per
    row of a 2-D ``x``.

    Parameters
    ----------
    x : array-like of float, shape (n,) or (k, n)
        The sample (one per row).
    least, most : float or array-like of float, shape (k,)
        The smallest and largest value the mean can take (each row's).
    alpha : float
        1 − confidence level.

    Returns
    -------
    (mean, low, high) : floats, or ndarrays of shape (k,)
        ``low`` and ``high`` NaN with fewer than two values (the mean NaN
        with none); of no width where the sample is constant.

    Examples
    --------
    Three deals of a 100 contract (made twice, written off once): the t
    interval, about −342 to +375 points, is held at −150 and +100.

    >>> m, lo, hi = bounded_mean_ci([100, 100, -150], -150, 100)
    >>> round(m, 1), lo, hi
    (16.7, -150.0, 100.0)
    """
    a = np.asarray(x, dtype=np.float64)
    rows = np.atleast_2d(a)
    n = rows.shape[1]
    with np.errstate(invalid="ignore", divide="ignore"):
        m = rows.mean(axis=1) if n else np.full(rows.shape[0], np.nan)
    if n < 2:
        lo = hi = np.full(rows.shape[0], np.nan)
    else:
        h = float(t.ppf(1 - alpha / 2, n - 1)) * rows.std(axis=1, ddof=1) / np.sqrt(n)
        lo = np.maximum(m - h, np.asarray(least, dtype=np.float64))
        hi = np.minimum(m + h, np.asarray(most, dtype=np.float64))
    if a.ndim < 2:
        return float(m[0]), float(lo[0]), float(hi[0])
    return m, lo, hi
