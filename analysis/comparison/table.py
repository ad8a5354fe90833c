"""The comparison table: game metrics, exact redeal rates, pool odds.

One row per (metric, rule set) with the columns of DESIGN.md, contract 8
(:data:`COLUMNS`), then ``sample`` (where the row comes from: ``games``,
``exact`` or ``pool dd`` / ``pool pimc``), ``n`` (games or pool deals it
rests on) and ``beyond_noise`` (the paired interval excludes 0).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..probabilities import redeal_probabilities
from .metrics import GAME_METRICS, paired_ci, per_game, ratio_ci

__all__ = ["COLUMNS", "EXACT_METRICS", "POOL_METRICS", "game_rows", "exact_rows", "pool_rows"]

#: The fixed columns of ``Comparison.table`` (DESIGN.md, contract 8).
COLUMNS = [
    "metric",
    "rules",
    "value",
    "low",
    "high",
    "diff",
    "diff_low",
    "diff_high",
    "unpaired_low",
    "unpaired_high",
    "games",
]

#: Exact metric -> key of :func:`analysis.probabilities.redeal_probabilities`.
EXACT_METRICS = {
    "exact_redeal_bidding": "redeal_bidding",
    "exact_redeal_widow": "redeal_widow",
    "exact_redeal_before_play": "redeal_before_play",
}

#: Pool metric -> (play, contract): P(the first hand, declaring, makes it).
POOL_METRICS = {
    "p_first_hand_120_dd": ("dd", 120),
    "p_first_hand_140_dd": ("dd", 140),
    "p_first_hand_120_pimc": ("pimc", 120),
    "p_first_hand_140_pimc": ("pimc", 140),
}


def _row(metric, name, v, lo, hi, d, dh, uh, games, sample, n):
    return {
        "metric": metric,
        "rules": name,
        "value": v,
        "low": lo,
        "high": hi,
        "diff": d,
        "diff_low": d - dh,
        "diff_high": d + dh,
        "unpaired_low": d - uh,
        "unpaired_high": d + uh,
        "games": games,
        "sample": sample,
        "n": n,
    }


def _compare_units(units: list, names: list[str], metric: str, sample: str, games: int, alpha: float):
    """Rows of one metric from per-unit (num, den) pairs of every rule set, paired on the units."""
    rows = []
    base = None
    for name, u in zip(names, units):
        if u is None:
            rows.append(_row(metric, name, *[np.nan] * 6, games, sample, 0))
            continue
        num, den = u
        v, lo, hi, z = ratio_ci(num, den, alpha)
        if base is None:
            base = (v, z)
            rows.append(_row(metric, name, v, lo, hi, 0.0, 0.0, 0.0, games, sample, len(num)))
            continue
        ph, uh = paired_ci(base[1], z, alpha)
        rows.append(_row(metric, name, v, lo, hi, v - base[0], ph, uh, games, sample, len(num)))
    return rows


def game_rows(frames: list[pd.DataFrame], names: list[str], alpha: float = 0.05) -> list[dict]:
    """Rows of every game metric (:data:`analysis.comparison.metrics.GAME_METRICS`).

    Parameters
    ----------
    frames : list of pandas.DataFrame
        Games rows of each rule set, the same game ids in each.
    names : list of str
        Display names, the first the baseline.

    Raises
    ------
    ValueError
        If the game ids differ (the games are not paired).
    """
    per = [per_game(f) for f in frames]
    for p, n in zip(per[1:], names[1:]):
        if not p.index.equals(per[0].index):
            raise ValueError(f"{n} did not play the game ids of {names[0]}: not a paired comparison")
    games = len(per[0])
    rows = []
    for metric, (num, den, _) in GAME_METRICS.items():
        units = [(p[num].to_numpy(), p[den].to_numpy()) for p in per]
        rows += _compare_units(units, names, metric, "games", games, alpha)
    return rows


def exact_rows(rules_list, names, games: int) -> list[dict]:
    """Exact redeal probabilities of each rule set (:func:`analysis.probabilities.redeal_probabilities`).

    Exact figures have no sampling noise: the intervals have zero width.
    """
    rows = []
    probs = [redeal_probabilities(r) for r in rules_list]
    for metric, key in EXACT_METRICS.items():
        v0 = float(probs[0][key])
        for name, p in zip(names, probs):
            v = float(p[key])
            rows.append(_row(metric, name, v, v, v, v - v0, 0.0, 0.0, games, "exact", 0))
    return rows


def _first_hand_values(path: str, kind: str, shared: int) -> pd.DataFrame:
    from .. import dataset

    cols = ["deal_id", "seat", "value"] + (["written_off"] if kind == "sd" else [])
    f = dataset.read_frame(path, kind, columns=cols)
    f = f[(f.seat == 0) & (f.deal_id < shared)].sort_values("deal_id")
    return f


def pool_rows(rules_list, names, games: int, alpha: float = 0.05) -> list[dict]:
    """P(a random first hand, declaring, makes 120 / 140) from each rule set's pools.

    Double-dummy (``_dd``): the first hand's value after the best gift
    reaches the contract (the reference pool of the rules' solver
    conventions, :func:`analysis.reference.pool_for`).  Single-dummy
    (``_pimc``): in the single-dummy pool (played at a bid of 100) the
    first hand did not write off and took at least the contract in card
    points and marriages.  Deals are those every rule set's pool holds
    (deal ``k`` is the same cards in every pool), so the differences are
    paired over deals; a rule set no pool serves gets NaN.
    """
    from .. import reference

    out = []
    for play in ("dd", "pimc"):
        pools = []
        for r in rules_list:
            p = reference.pool_for(r) if play == "dd" else reference.sd_pool_for(r)
            pools.append(None if p is None else (p.solutions_path if play == "dd" else p.sd_path, p.deals))
        sizes = [p[1] for p in pools if p is not None]
        if not sizes:
            continue
        shared = min(sizes)
        kind = "solutions" if play == "dd" else "sd"
        cache: dict = {}
        vals = []
        for p in pools:
            if p is None:
                vals.append(None)
                continue
            if p[0] not in cache:
                cache[p[0]] = _first_hand_values(p[0], kind, shared)
            vals.append(cache[p[0]])
        for metric, (mplay, contract) in POOL_METRICS.items():
            if mplay != play:
                continue
            units = []
            for f in vals:
                if f is None:
                    units.append(None)
                    continue
                made = f["value"].to_numpy() >= contract
                if play == "pimc":
                    made &= ~f["written_off"].to_numpy(bool)
                units.append((made.astype(np.float64), np.ones(len(f))))
            out += _compare_units(units, names, metric, f"pool {play}", games, alpha)
    return out
