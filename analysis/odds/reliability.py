"""Calibration of a bidding-odds model on held-out deals.

:func:`calibration` bins the predicted P(make) of every (deal, seat,
contract) of the held-out deals of a reference pool and compares each
bin's mean prediction with the share of contracts the double-dummy value
actually made, with a confidence interval; beside it the Brier score and
the log loss of the model and of the card-points-only baseline on the same
rows.  Every table says how many distinct solved deals stand behind it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..stats import proportion_ci
from .build import held_out_deals
from .sample import solutions_long

__all__ = ["calibration"]

#: Predictions are clipped to [eps, 1 - eps] for the log loss (a model says
#: 0 above its highest threshold, and log 0 is infinite).
LOG_LOSS_EPS = 1e-6


@dataclass(frozen=True)
class Calibration:
    """Result of :func:`calibration`.

    Attributes
    ----------
    bins : pandas.DataFrame
        One row per non-empty bin of predicted P(make): ``lo``, ``hi``
        (bin edges), ``rows`` ((deal, seat, contract) predictions),
        ``deals`` (distinct deals among them), ``predicted`` (mean
        prediction), ``observed`` (share made), ``ci_low``, ``ci_high``
        (interval of the share, :func:`analysis.stats.proportion_ci`).
    scores : pandas.DataFrame
        Index ``model`` (and ``points_only`` with a baseline): ``brier``,
        ``log_loss``, ``rows``, ``deals``.
    by_contract : pandas.DataFrame
        Per contract: ``rows``, ``deals``, ``base_rate`` (share made),
        ``brier_model`` and, with a baseline, ``brier_points_only``.
    n_rows, n_deals : int
        (deal, seat) rows and distinct deals scored.
    held_out : bool
        Whether the rows were restricted to the model's held-out deals.
    """

    bins: pd.DataFrame
    scores: pd.DataFrame
    by_contract: pd.DataFrame
    n_rows: int
    n_deals: int
    held_out: bool

    def __str__(self) -> str:
        what = "held-out" if self.held_out else "given"
        return (
            f"calibration on {self.n_rows:,} {what} (deal, seat) rows of "
            f"{self.n_deals:,} distinct solved deals\n"
            f"{self.scores.round(4).to_string()}\n\n"
            f"{self.bins.round(3).to_string(index=False)}"
        )


def _scores(p, y) -> tuple[float, float]:
    q = np.clip(p, LOG_LOSS_EPS, 1 - LOG_LOSS_EPS)
    return float(np.mean((p - y) ** 2)), float(-np.mean(y * np.log(q) + (1 - y) * np.log1p(-q)))


def calibration(
    model,
    frame,
    *,
    contracts=range(100, 205, 10),
    bins=10,
    baseline=None,
    held_out: bool = True,
    drop_redealt: bool = True,
    alpha: float = 0.05,
) -> Calibration:
    """Reliability of ``model``'s P(make) on the held-out deals of ``frame``.

    Parameters
    ----------
    model : BidModel or object with ``p_make(hands7, seats, contract)``
        The model checked.
    frame : pandas.DataFrame or path
        Deals joined with solutions, one row per (deal, seat) with
        ``deal_id``, ``seat``, ``value``, ``hand0 hand1 hand2``
        (:func:`analysis.reference.load`).
    contracts : int or iterable of int
        Contracts scored for every row (points); the rows of all contracts
        are pooled in the bins.
    bins : int or sequence of float
        Equal-width bins on [0, 1], or increasing edges from 0 to 1.
    baseline : BidModel, optional
        The points-only baseline scored on the same rows
        (``BidModel.default(rules, points_only=True)`` for a shipped model).
    held_out : bool
        Keep only the deals the model's recorded split held out of its fit
        (:func:`analysis.odds.build.held_out_deals` with
        ``model.info["split"]``).  False scores every row given: only for
        a model fitted on other deals (its ``info`` then records no split).
    drop_redealt : bool
        Leave out deals the rules redeal by force (never played), as the
        fit does.
    alpha : float
        1 − confidence level of the intervals (0.05: 95 %).  The interval
        treats a bin's rows as independent trials; the rows of one deal
        (its seats, its contracts) are not, so with several contracts
        pooled it is narrower than the truth: ``deals`` says how many
        independent deals stand behind each bin.

    Returns
    -------
    Calibration

    Raises
    ------
    ValueError
        If ``held_out`` and the model records no split, no row is left,
        ``frame`` has no ``deal_id``, the contracts are empty or not whole
        points, or the bin edges are not increasing from 0 to 1.
    """
    f = solutions_long(frame)
    if "deal_id" not in f.columns:
        raise ValueError("the frame has no deal_id column (distinct deals are counted)")
    if held_out:
        split = (getattr(model, "info", None) or {}).get("split")
        if split is None:
            raise ValueError(
                "the model records no split of its training deals; give "
                "held_out=False only if the frame's deals are not the ones it "
                "was fitted on"
            )
        f = f[held_out_deals(f["deal_id"].to_numpy(), split)]
    if drop_redealt:
        f = f[~f["redeal_forced"].to_numpy(bool)]
    if f.empty:
        raise ValueError(
            "no (deal, seat) row to score"
            + (
                " among the held-out deals (a pool of fewer chunks than the split's period holds none)"
                if held_out
                else ""
            )
        )
    cs = np.atleast_1d(np.asarray(list(contracts) if np.ndim(contracts) else [contracts]))
    if cs.size == 0 or not np.issubdtype(cs.dtype, np.integer):
        raise ValueError(f"contracts must be whole points, at least one; got {contracts!r}")
    edges = np.linspace(0, 1, int(bins) + 1) if np.ndim(bins) == 0 else np.asarray(bins, float)
    if edges.size < 2 or edges[0] != 0 or edges[-1] != 1 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"bins must be a count >= 1 or increasing edges from 0 to 1; got {bins!r}")
    h = f["hand"].to_numpy(np.uint32)
    s = f["seat"].to_numpy().astype(np.int64)
    v = f["value"].to_numpy(np.float64)
    d = f["deal_id"].to_numpy(np.int64)
    p, pb, y, deal, con = [], [], [], [], []
    for c in cs:
        p.append(np.asarray(model.p_make(h, s, int(c)), dtype=np.float64))
        if baseline is not None:
            pb.append(np.asarray(baseline.p_make(h, s, int(c)), dtype=np.float64))
        y.append((v >= c).astype(np.float64))
        deal.append(d)
        con.append(np.full(d.size, int(c)))
    p, y, deal, con = map(np.concatenate, (p, y, deal, con))
    t = pd.DataFrame({"p": p, "y": y, "deal": deal, "contract": con})
    t["bin"] = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, edges.size - 2)
    g = t.groupby("bin").agg(
        rows=("y", "size"), deals=("deal", "nunique"), predicted=("p", "mean"), made=("y", "sum")
    )

    lo, hi = proportion_ci(g["made"].to_numpy(), g["rows"].to_numpy(), alpha=alpha)
    out = pd.DataFrame(
        {
            "lo": edges[g.index],
            "hi": edges[g.index + 1],
            "rows": g["rows"].to_numpy(),
            "deals": g["deals"].to_numpy(),
            "predicted": g["predicted"].to_numpy(),
            "observed": (g["made"] / g["rows"]).to_numpy(),
            "ci_low": lo,
            "ci_high": hi,
        }
    )
    n_deals = int(np.unique(d).size)
    sc = {"model": (*_scores(p, y), p.size, n_deals)}
    t["sq"] = (p - y) ** 2
    if baseline is not None:
        pb = np.concatenate(pb)
        sc["points_only"] = (*_scores(pb, y), pb.size, n_deals)
        t["sq_b"] = (pb - y) ** 2
    scores = pd.DataFrame.from_dict(sc, orient="index", columns=["brier", "log_loss", "rows", "deals"])
    agg = dict(
        rows=("y", "size"), deals=("deal", "nunique"), base_rate=("y", "mean"), brier_model=("sq", "mean")
    )
    if baseline is not None:
        agg["brier_points_only"] = ("sq_b", "mean")
    by_c = t.groupby("contract").agg(**agg).reset_index()
    return Calibration(out, scores, by_c, int(len(f)), n_deals, bool(held_out))
