"""Calibration of equity chances on held-out games.

Every held-out state is scored against its game's winner.  The Brier score
of a state is ``sum_i (p_i - [i won])^2`` (0 perfect, 2/3 for the constant
1/3), the log loss ``-log p_winner``.  The model and the scores-only
baseline are scored on the same states, so their difference is paired; its
standard error treats each game's states as one cluster (the states of a
game share its winner).  The reliability curve bins every (state, player)
chance and sets the share of those players who won beside the mean chance,
with a Wilson interval.
"""

from __future__ import annotations

import numpy as np
from statsmodels.stats.proportion import proportion_confint

__all__ = ["brier", "compare", "reliability"]


def brier(p: np.ndarray, winner: np.ndarray) -> np.ndarray:
    """Per-state Brier scores.

    Parameters
    ----------
    p : ndarray of shape (n, 3)
        Chances per state and player.
    winner : ndarray of shape (n,), int
        The player who won, 0..2.

    Returns
    -------
    ndarray of shape (n,), float64, in [0, 2]
    """
    y = np.zeros_like(p)
    y[np.arange(len(winner)), winner] = 1.0
    return ((p - y) ** 2).sum(axis=1)


def _cluster_mean(x: np.ndarray, groups: np.ndarray) -> tuple[float, float]:
    """Mean of ``x`` and its standard error with ``groups`` as clusters."""
    _, inv = np.unique(groups, return_inverse=True)
    g = inv.max() + 1
    n = len(x)
    m = x.mean()
    s = np.bincount(inv, weights=x - m, minlength=g)
    se = np.sqrt(g / max(g - 1, 1) * (s**2).sum()) / n
    return float(m), float(se)


def compare(p_model, p_base, winner, groups) -> dict:
    """Brier score and log loss of the model and the baseline, paired.

    Parameters
    ----------
    p_model, p_base : ndarray of shape (n, 3)
    winner : ndarray of shape (n,), int
    groups : ndarray of shape (n,), int
        The game of each state.

    Returns
    -------
    dict
        ``states``, ``games``; ``brier_model``, ``brier_baseline``,
        ``log_loss_model``, ``log_loss_baseline``; ``brier_gain`` (baseline
        minus model: positive when the model is better) with
        ``brier_gain_se`` (cluster-robust), and the same for ``log_loss``;
        ``brier_constant``: the score of 1/3 each (2/3).
    """
    rows = np.arange(len(winner))
    bm, bb = brier(p_model, winner), brier(p_base, winner)
    lm = -np.log(np.maximum(p_model[rows, winner], 1e-300))
    lb = -np.log(np.maximum(p_base[rows, winner], 1e-300))
    out = {"states": int(len(winner)), "games": int(len(np.unique(groups)))}
    for name, a, b in (("brier", bm, bb), ("log_loss", lm, lb)):
        out[f"{name}_model"] = float(a.mean())
        out[f"{name}_baseline"] = float(b.mean())
        gain, se = _cluster_mean(b - a, groups)
        out[f"{name}_gain"] = gain
        out[f"{name}_gain_se"] = se
    out["brier_constant"] = 2.0 / 3.0
    return out


def reliability(p: np.ndarray, winner: np.ndarray, bins: int = 10) -> list:
    """The reliability curve: binned chances against win frequencies.

    Parameters
    ----------
    p : ndarray of shape (n, 3)
    winner : ndarray of shape (n,), int
    bins : int
        Equal-width bins of the chance on [0, 1].

    Returns
    -------
    list of dict
        One per non-empty bin: ``low``, ``high`` (the bin's edges),
        ``count`` (state-player pairs), ``mean_chance``, ``won`` (share who
        won) and ``won_low``, ``won_high`` (95 % Wilson interval; the pairs
        of one game are not independent, so it is a little narrow).
    """
    y = np.zeros_like(p)
    y[np.arange(len(winner)), winner] = 1.0
    pf, yf = p.ravel(), y.ravel()
    k = np.minimum((pf * bins).astype(np.int64), bins - 1)
    out = []
    for b in range(bins):
        sel = k == b
        c = int(sel.sum())
        if c == 0:
            continue
        w = int(yf[sel].sum())
        lo, hi = proportion_confint(w, c, alpha=0.05, method="wilson")
        out.append(
            {
                "low": b / bins,
                "high": (b + 1) / bins,
                "count": c,
                "mean_chance": float(pf[sel].mean()),
                "won": w / c,
                "won_low": float(lo),
                "won_high": float(hi),
            }
        )
    return out
