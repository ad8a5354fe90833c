"""Fitting the equity model: a conditional logit with sign bounds.

Player ``i``'s utility in state ``r`` is ``u[r, i] = X[r, i] @ beta`` and
his chance to win is ``exp(u[r, i]) / sum_j exp(u[r, j])`` (McFadden's
conditional logit, one shared ``beta`` for the three players).  The fit
minimises the mean negative log-likelihood of the observed winners plus a
small ridge ``alpha / 2 * |beta|^2`` by L-BFGS-B with the bounds of
:func:`analysis.equity.features.sign_bounds`.

Uncertainty: the rows of one game are not independent (one winner for all
of them), so the covariance of ``beta`` is the cluster-robust sandwich
``H^-1 (sum_g S_g S_g^T) H^-1`` with the games as clusters (``H`` the
Hessian of the penalised log-likelihood, ``S_g`` a game's summed score),
over the coefficients not held at a bound; those at a bound get no
variance.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize

from ..errors import BadArgument

__all__ = ["softmax_chances", "fit_logit", "cluster_covariance"]


def softmax_chances(X: np.ndarray, beta: np.ndarray) -> np.ndarray:
    """Chances ``exp(u) / sum exp(u)`` with ``u = X @ beta``.

    Parameters
    ----------
    X : ndarray of shape (n, 3, p)
    beta : ndarray of shape (p,)

    Returns
    -------
    ndarray of shape (n, 3), float64
        Each row sums to 1 (up to rounding, about 1e-15).
    """
    u = X @ beta
    u -= u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def _objective(beta, X, y, w, alpha):
    p = softmax_chances(X, beta)
    n = w.sum()
    rows = np.arange(len(y))
    nll = -(w * np.log(np.maximum(p[rows, y], 1e-300))).sum() / n
    xbar = np.einsum("ri,rip->rp", p, X)
    grad = -(w[:, None] * (X[rows, y] - xbar)).sum(axis=0) / n
    return nll + 0.5 * alpha * beta @ beta, grad + alpha * beta


def fit_logit(X, y, bounds, *, weights=None, alpha: float = 1e-4, beta0=None) -> np.ndarray:
    """Maximum penalised likelihood ``beta``.

    Parameters
    ----------
    X : ndarray of shape (n, 3, p), float64
    y : ndarray of shape (n,), int
        The winner of each row, 0..2.
    bounds : list of p (low, high) pairs
        None for no bound.
    weights : ndarray of shape (n,), optional
        Row weights (default 1).
    alpha : float
        Ridge penalty on the mean log-likelihood's scale.
    beta0 : ndarray of shape (p,), optional
        Starting point (default 0, every player 1/3).

    Returns
    -------
    ndarray of shape (p,), float64

    Raises
    ------
    BadArgument
        On mismatched shapes, winners outside 0..2, or a fit that does not
        converge.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.int64)
    if X.ndim != 3 or X.shape[1] != 3 or y.shape != (X.shape[0],) or len(bounds) != X.shape[2]:
        raise BadArgument("X must be (n, 3, p), y (n,) and bounds p pairs")
    if y.size == 0 or y.min() < 0 or y.max() > 2:
        raise BadArgument("winners must be players 0..2, at least one row")
    w = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=np.float64)
    b0 = np.zeros(X.shape[2]) if beta0 is None else np.asarray(beta0, dtype=np.float64)
    b0 = np.array(
        [
            np.clip(v, lo if lo is not None else -np.inf, hi if hi is not None else np.inf)
            for v, (lo, hi) in zip(b0, bounds)
        ]
    )
    res = minimize(
        _objective,
        b0,
        args=(X, y, w, alpha),
        jac=True,
        method="L-BFGS-B",
        bounds=bounds,
        options={"maxiter": 2000, "gtol": 1e-8},
    )
    if not res.success and "ABNORMAL" not in str(res.message):
        raise BadArgument(f"the equity fit did not converge: {res.message}")
    return res.x


def cluster_covariance(X, y, groups, beta, bounds, alpha: float = 1e-4) -> np.ndarray:
    """Cluster-robust covariance of ``beta`` (games as clusters).

    Parameters
    ----------
    X, y : as :func:`fit_logit`
    groups : ndarray of shape (n,), int
        The game of each row.
    beta : ndarray of shape (p,)
        The fitted coefficients.
    bounds : list of p pairs
        Coefficients within 1e-8 of a bound get zero variance.
    alpha : float
        The fit's ridge penalty.

    Returns
    -------
    ndarray of shape (p, p), float64
        Symmetric, positive semi-definite.
    """
    X = np.asarray(X, dtype=np.float64)
    n, _, p = X.shape
    pr = softmax_chances(X, beta)
    xbar = np.einsum("ri,rip->rp", pr, X)
    rows = np.arange(n)
    score = X[rows, y] - xbar  # per-row gradient of the log-likelihood
    H = np.einsum("ri,rip,riq->pq", pr, X, X) - xbar.T @ xbar + alpha * n * np.eye(p)
    _, inv = np.unique(groups, return_inverse=True)
    S = np.zeros((inv.max() + 1, p))
    np.add.at(S, inv, score)
    meat = S.T @ S
    free = np.array(
        [
            not ((lo is not None and b - lo < 1e-8) or (hi is not None and hi - b < 1e-8))
            for b, (lo, hi) in zip(beta, bounds)
        ]
    )
    cov = np.zeros((p, p))
    if free.any():
        Hi = np.linalg.pinv(H[np.ix_(free, free)])
        cov[np.ix_(free, free)] = Hi @ meat[np.ix_(free, free)] @ Hi
    return 0.5 * (cov + cov.T)
