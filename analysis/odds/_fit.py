"""Fitting a ``BidModel``: per-threshold ridge logistic regressions.

Kept apart from :mod:`analysis.odds.model`, which holds the model's
queries and files; :meth:`analysis.odds.model.BidModel.fit` calls
:func:`fit_arrays` and documents its parameters.
"""

from __future__ import annotations

import datetime as _dt

import numpy as np

from ..errors import BadArgument
from .features import FEATURES, hand_features
from .ridge import ridge_logistic
from .sample import solutions_long

__all__ = ["fit_arrays", "check_features"]


def check_features(features) -> tuple:
    """The features as a tuple; at least one, each a distinct name of
    :data:`~analysis.odds.features.FEATURES` (a repeated one skews the fit
    and the predictions)."""
    features = tuple(features)
    if not features or len(set(features)) != len(features) or any(x not in FEATURES for x in features):
        raise BadArgument(f"features must be distinct names from {FEATURES}, at least one; got {features}")
    return features


def fit_arrays(frame, features, grid, alpha: float, min_count: int, drop_redealt: bool, info) -> tuple:
    """The arrays of a fitted model (the work of :meth:`BidModel.fit`).

    Parameters
    ----------
    frame, features, grid, alpha, min_count, drop_redealt, info
        As :meth:`analysis.odds.model.BidModel.fit`.

    Returns
    -------
    tuple
        ``(features, grid, coef, mean, scale, info)``, the arguments of
        the ``BidModel`` constructor: ``grid`` int64 of shape (k,), ``coef``
        float64 of shape (k, len(features) + 1) rounded to 4 decimals,
        ``mean`` and ``scale`` float64 of shape (len(features),).

    Raises
    ------
    ValueError
        As :meth:`analysis.odds.model.BidModel.fit`.
    """
    features = check_features(features)
    if not (isinstance(alpha, (int, float)) and np.isfinite(alpha) and alpha >= 0):
        raise BadArgument(f"alpha is a ridge penalty, a number >= 0; got {alpha!r}")
    if isinstance(min_count, bool) or not isinstance(min_count, (int, np.integer)) or min_count < 1:
        raise BadArgument(f"min_count must be a whole number >= 1; got {min_count!r}")

    f = solutions_long(frame)
    if drop_redealt:
        f = f[~f["redeal_forced"].to_numpy(bool)]
    if len(f) < 50:
        raise BadArgument(f"need at least 50 solved (deal, seat) rows, got {len(f)}")
    X_all = hand_features(f["hand"].to_numpy(np.uint32), f["seat"].to_numpy())
    cols = [FEATURES.index(c) for c in features]
    X = X_all[:, cols]
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale == 0] = 1.0
    Z = np.column_stack([np.ones(len(X)), (X - mean) / scale])
    v = f["value"].to_numpy(np.int64)
    if grid is None:
        g, hi = [], 50
        while True:
            k = int((v >= hi).sum())
            if k < min_count or len(v) - k < min_count:
                break
            g.append(hi)
            hi += 5
        grid = g
    grid = np.asarray(grid, dtype=np.int64)
    if grid.size == 0:
        raise BadArgument("no threshold has enough values on both sides to fit")
    pen = np.full(Z.shape[1], float(alpha))
    pen[0] = 0.0
    coef = np.empty((grid.size, Z.shape[1]))
    start = np.zeros(Z.shape[1])
    for i, t in enumerate(grid):
        coef[i] = ridge_logistic(Z, v >= t, pen, start)
        start = coef[i]
    # Rounded so that the saved file is small and reloads exactly.
    coef = np.round(coef, 4)
    mean = np.round(mean, 6)
    scale = np.round(scale, 6)
    meta = {
        "n_rows": int(len(f)),
        "n_deals": int(f["deal_id"].nunique()) if "deal_id" in f.columns else None,
        "alpha": alpha,
        "min_count": min_count,
        "drop_redealt": drop_redealt,
        "fitted": _dt.date.today().isoformat(),
        "method": "per-threshold ridge logistic (the objective of statsmodels' GLM "
        "Binomial fit_regularized L1_wt=0, minimised by Newton's method), "
        "running minimum over thresholds",
    }
    src = f.attrs.get("solutions") or {}
    meta.update(
        {k: src[k] for k in ("rules", "solver_fingerprint", "solver_version") if src.get(k) is not None}
    )
    meta.update(info or {})
    return features, grid, coef, mean, scale, meta
