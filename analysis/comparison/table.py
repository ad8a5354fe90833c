"""The comparison table: game metrics, exact redeal rates, pool odds (per deal played).

One row per (metric, rule set) with the columns of DESIGN.md, contract 8
(:data:`COLUMNS`), then ``sample`` (where the row comes from: ``games``,
``exact`` or ``pool dd`` / ``pool pimc``), ``n`` (games or pool deals it
rests on), ``beyond_noise`` (the paired interval excludes 0) and
``pool_repeat_share`` (added by :func:`analysis.comparison.compare`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import dataset, reference
from ..probabilities import redeal_probabilities
from ..redeal import redeal_flags
from ..stats import exact_bounds
from .games import _deal_masks
from .metrics import GAME_METRICS, _t, paired_ci, per_game, ratio_ci

__all__ = [
    "COLUMNS",
    "compare_units",
    "game_rows",
    "exact_rows",
    "pool_rows",
    "played_deals",
]

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

#: Pool metric -> (play, contract): P(the first hand, declaring, makes it),
#: per deal the rule set plays (not redealt before bidding or at the widow).
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


def compare_units(
    units: list, names: list[str], metric: str, sample: str, games: int, alpha: float, deff=None
):
    """Rows of one metric from per-unit (num, den) pairs of every rule set, paired on the units.

    ``deff``: each rule set's design effect (:func:`~analysis.comparison.metrics.pool_reuse`,
    default 1): its value's half-width is widened by ``sqrt(deff)``, a
    paired difference's by the root of the larger of the two, an unpaired
    one's per sample.  A share (every unit's count within its total) has
    its value's interval kept within [0, 1], the range of a share (the
    delta method's symmetric interval can pass it on few games), and its
    paired and unpaired differences within [-1, 1]; a count is never below
    0.  A value of 0 (or a share of 1) with an interval of no width gets
    the exact bounds of :func:`analysis.stats.exact_bounds` over the units'
    total (the effective one under ``deff``).  A unit of
    ``None`` (the rule set has no such figure) gives NaN; when the baseline
    has none, the others keep their value and interval with a NaN
    difference (nothing to pair with).
    """
    rows = []
    base = None
    deff = deff or [1.0] * len(names)
    for i, (name, u, f) in enumerate(zip(names, units, deff)):
        if u is None:
            rows.append(_row(metric, name, *[np.nan] * 6, games, sample, 0))
            continue
        num, den = u
        v, lo, hi, z = ratio_ci(num, den, alpha)
        w = np.sqrt(f)
        lo, hi = v - (v - lo) * w, v + (hi - v) * w
        share = bool(len(num)) and bool(np.all((num >= 0) & (num <= den)))
        if len(num) and np.all(num >= 0):  # a share or a count: never below 0
            lo, hi = max(lo, 0.0), min(hi, 1.0) if share else hi
            lo, hi = exact_bounds(v, lo, hi, max(float(np.sum(den)) / f, 1.0), share=share, alpha=alpha)
        if i == 0:
            base = (v, z, f, share)
            rows.append(_row(metric, name, v, lo, hi, 0.0, 0.0, 0.0, games, sample, len(num)))
            continue
        if base is None:
            rows.append(_row(metric, name, v, lo, hi, *[np.nan] * 3, games, sample, len(num)))
            continue
        ph, uh = paired_ci(base[1], z, alpha)
        ph *= np.sqrt(max(f, base[2]))
        uh = _unpaired(base[1], z, base[2], f, alpha, uh)
        row = _row(metric, name, v, lo, hi, v - base[0], ph, uh, games, sample, len(num))
        if share and base[3]:  # a difference of two shares lies within [-1, 1]
            for k in ("diff_low", "diff_high", "unpaired_low", "unpaired_high"):
                row[k] = float(np.clip(row[k], -1.0, 1.0))
        rows.append(row)
    return rows


def _unpaired(z0, z1, f0: float, f1: float, alpha: float, plain: float) -> float:
    """The unpaired half-width with each sample's variance times its design effect."""
    if f0 == 1.0 and f1 == 1.0:
        return plain
    n = len(z0)
    v = f0 * np.var(z0, ddof=1) + f1 * np.var(z1, ddof=1)
    return float(_t(n, alpha) * np.sqrt(v) / np.sqrt(n))


def game_rows(
    frames: list[pd.DataFrame], names: list[str], alpha: float = 0.05, deff=None, on_note=None
) -> list[dict]:
    """Rows of every game metric (:data:`analysis.comparison.metrics.GAME_METRICS`).

    A metric that only a table of four has (``win_third_hand``) is shown
    when some rule set seats four, NaN for the rule sets of three (and
    ``on_note`` hears why); with every rule set at three it has no row.

    Parameters
    ----------
    frames : list of pandas.DataFrame
        Games rows of each rule set, the same game ids in each.
    names : list of str
        Display names, the first the baseline.
    deff : list of float, optional
        Each rule set's design effect of pool reuse
        (:func:`analysis.comparison.metrics.pool_reuse`); the intervals are
        widened by its root (default: none).

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
        units = [(p[num].to_numpy(), p[den].to_numpy()) if num in p else None for p in per]
        if all(u is None for u in units):
            continue
        missing = [n for n, u in zip(names, units) if u is None]
        if missing and on_note:
            on_note(
                f"note: {metric} is n/a for {', '.join(missing)}: a table of three has no third hand "
                "(its third position is the dealer, win_first_dealer)"
            )
        rows += compare_units(units, names, metric, "games", games, alpha, deff)
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
    cols = ["deal_id", "seat", "value"] + (["written_off"] if kind == "sd" else [])
    f = dataset.read_frame(path, kind, columns=cols)
    f = f[(f.seat == 0) & (f.deal_id < shared)].sort_values("deal_id")
    return f


def played_deals(masks: np.ndarray, rules, claim: bool = True) -> np.ndarray:
    """Which deals ``rules`` play: not redealt before bidding or at the widow.

    Parameters
    ----------
    masks : ndarray of shape (n, 4), uint32
        hand0, hand1, hand2, widow.
    rules : Rules
    claim : bool
        Whether claimable redeals are claimed (the simulated holder's
        default, ``ThresholdPolicy.claim_redeals``); forced ones always are
        (RULES.md, "Redeals").

    Returns
    -------
    ndarray of shape (n,), bool
        True for a deal played.  The after-exchange redeal depends on the
        exchange, not on the deal alone, and is not counted here.

    Examples
    --------
    >>> import numpy as np
    >>> from analysis.deal import deal
    >>> from analysis.rules import PROFILES
    >>> m = deal(np.random.default_rng(1), 2000)
    >>> bool(played_deals(m, PROFILES["classic"]).all())
    True
    >>> bool(0.85 < played_deals(m, PROFILES["club"]).mean() < 0.97)
    True
    """
    f = redeal_flags(masks, rules)
    redealt = f["redeal_forced"] | (f["redeal_claimable"] if claim else False)
    return ~np.asarray(redealt, bool)


def pool_rows(
    rules_list, names, games: int, alpha: float = 0.05, claim: bool = True, on_note=None
) -> list[dict]:
    """P(the first hand, declaring, makes 120 / 140) per deal each rule set plays.

    Double-dummy (``_dd``): the first hand's value after the best gift
    reaches the contract (the reference pool of the rules' solver
    conventions, :func:`analysis.reference.pool_for`).  Single-dummy
    (``_pimc``): in the single-dummy pool (played at a bid of 100) the
    first hand did not write off and took at least the contract in card
    points and marriages.  The share is over the deals the rule set plays
    (:func:`played_deals`: the deals its redeal conditions redeal before
    bidding or at the widow are left out, claimable ones too when
    ``claim``), so two rule sets that differ only in their redeals differ
    here.  Deals are those every rule set's pool holds (deal ``k`` is the
    same cards in every pool), so the differences are paired over deals; a
    rule set no pool serves gets NaN, and ``on_note`` hears why.
    """
    out = []
    for play in ("dd", "pimc"):
        pools = []
        for r in rules_list:
            p = reference.pool_for(r) if play == "dd" else reference.sd_pool_for(r)
            pools.append(
                None
                if p is None
                else (p.solutions_path if play == "dd" else p.sd_path, p.deals, p.deals_path)
            )
        sizes = [p[1] for p in pools if p is not None]
        missing = [n for n, p in zip(names, pools) if p is None]
        if missing and on_note:
            kind = "solved (double-dummy)" if play == "dd" else "single-dummy"
            on_note(
                f"note: p_first_hand_*_{play} is n/a for {', '.join(missing)}: no {kind} reference "
                "pool plays as it does, and these odds are read from a pool"
            )
        if not sizes:
            continue
        shared = min(sizes)
        if max(sizes) > shared and on_note:
            on_note(
                f"note: p_first_hand_*_{play} are read over the first {shared:,} deals, which every "
                f"rule set's {'solved' if play == 'dd' else 'single-dummy'} pool holds (the largest "
                f"holds {max(sizes):,}), so they depend on the rule sets compared"
            )
        kind = "solutions" if play == "dd" else "sd"
        cache: dict = {}
        vals = []
        masks = _deal_masks(next(p[2] for p in pools if p is not None), shared)
        for p in pools:
            if p is None:
                vals.append(None)
                continue
            if p[0] not in cache:
                cache[p[0]] = _first_hand_values(p[0], kind, shared)
            vals.append(cache[p[0]])
        keep = [
            None if f is None else played_deals(masks, r, claim)[f["deal_id"].to_numpy()]
            for f, r in zip(vals, rules_list)
        ]
        for metric, (mplay, contract) in POOL_METRICS.items():
            if mplay != play:
                continue
            units = []
            for f, k in zip(vals, keep):
                if f is None:
                    units.append(None)
                    continue
                made = f["value"].to_numpy() >= contract
                if play == "pimc":
                    made &= ~f["written_off"].to_numpy(bool)
                units.append(((made & k).astype(np.float64), k.astype(np.float64)))
            out += compare_units(units, names, metric, f"pool {play}", games, alpha)
    return out
