"""Success probabilities of contracts from a solved pool, grouped by what a bidder sees.

A pool row is one (deal, declarer seat) with the double-dummy value after
the best exchange (DESIGN.md, contract 3).  "The contract ``c`` is made"
means ``value >= c``.  Deals the profile redeals by force before play are
left out (they are never played).  Every probability carries a 95 %
interval.  Rows of one deal (its three seats) share a widow and are not
independent of each other, so where the rows carry ``deal_id`` the interval
is cluster-robust over deals (:func:`cluster_ci`: the ratio estimator's
linearised variance with the deal as the cluster; Clopper–Pearson of the
distinct deals near 0 or 1), and every table states ``deals``, the number
of distinct solved deals behind it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as st

from .. import cards
from ..redeal import features, flags_from_features
from ..rules import Rules
from ..stats import proportion_ci

__all__ = [
    "played_rows",
    "profile_rows",
    "make_curve",
    "make_by",
    "marriage_effect",
    "widow_effect",
    "calibration",
    "cut_decimals",
    "adjacent_steps",
    "cluster_ci",
    "POINT_BINS",
    "WIDOW_BINS",
]

#: Bins of the 7-card hand's card points used by :func:`make_by` tables
#: (left-closed; the last holds every hand up to the maximum 120).
POINT_BINS = (0, 20, 30, 40, 50, 121)
#: Bins of the widow's card points (left-closed): 0–4, 5–9, 10–14, 15–19,
#: 20–24, 25–33; a widow holds at most 33 card points (three aces).
WIDOW_BINS = (0, 5, 10, 15, 20, 25, 34)


def cluster_ci(made, deal_id, alpha: float = 0.05):
    """A share of rows made, with its interval clustered by deal.

    Parameters
    ----------
    made : ndarray of bool, shape (n,)
    deal_id : ndarray of int, shape (n,)
        The cluster of each row.

    Returns
    -------
    (k, n, deals, p, low, high)
        Rows made, rows, distinct deals, share and 95 % interval: normal
        with the cluster-robust (linearised ratio) variance, clipped to
        [0, 1]; where fewer than 5 rows are made or missed, Clopper–Pearson
        on the distinct deals' share (conservative).
    """
    made = np.asarray(made, dtype=np.float64)
    _, inv = np.unique(np.asarray(deal_id), return_inverse=True)
    m = np.bincount(inv).astype(np.float64)
    k_d = np.bincount(inv, weights=made)
    n, k, c = len(made), float(made.sum()), len(m)
    if n == 0:
        return 0, 0, 0, np.nan, np.nan, np.nan
    p = k / n
    if k < 5 or n - k < 5 or c < 2:
        lo, hi = proportion_ci(int(round(p * c)), c, method="beta")
        return int(k), n, c, p, min(lo, p), max(hi, p)
    var = c / (c - 1) * ((k_d - p * m) ** 2).sum() / n**2
    z = st.norm.ppf(1 - alpha / 2)
    h = z * np.sqrt(var)
    return int(k), n, c, p, max(0.0, p - h), min(1.0, p + h)


_SUIT = "♠♣♦♥"


def played_rows(pool: pd.DataFrame) -> pd.DataFrame:
    """Pool rows of played deals with the declarer's visible features.

    Parameters
    ----------
    pool : pandas.DataFrame
        Solutions joined with deals (``seat``, ``value``, ``hand0..2``,
        ``widow``, optionally ``redeal_forced``).

    Returns
    -------
    pandas.DataFrame
        The rows kept, plus ``hand`` (uint32 mask of the declarer's 7
        cards), ``hand_points`` (card points 0–120), ``marriages`` (4-bit
        suit mask, ♠ bit 0 … ♥ bit 3), ``widow_points`` and
        ``widow_completes`` (bool: the widow holds the missing K or Q of a
        half marriage in the hand).

    Raises
    ------
    ValueError
        If a column is missing.
    """
    need = {"seat", "value", "hand0", "hand1", "hand2", "widow"}
    if need - set(pool.columns):
        raise ValueError(f"pool lacks columns {sorted(need - set(pool.columns))}")
    f = pool
    if "redeal_forced" in f:
        f = f[~f["redeal_forced"].to_numpy()]
    seat = f["seat"].to_numpy(np.int64)
    hands = f[["hand0", "hand1", "hand2"]].to_numpy(np.uint32)
    hand = hands[np.arange(len(f)), seat]
    widow = f["widow"].to_numpy(np.uint32)
    out = f.copy()
    out["hand"] = hand
    out["hand_points"] = cards.card_points(hand).astype(np.int64)
    out["marriages"] = cards.marriage_suits(hand).astype(np.int64)
    out["widow_points"] = cards.card_points(widow).astype(np.int64)
    ten = cards.marriage_suits(hand | widow).astype(np.int64)
    out["widow_completes"] = (ten & ~out["marriages"].to_numpy()) != 0
    return out.reset_index(drop=True)


def profile_rows(profile, pool: pd.DataFrame, n_deals: int) -> pd.DataFrame:
    """A profile's played rows of a pool: its first deals, its own forced redeals left out.

    Parameters
    ----------
    profile : str or Rules
        The rule set whose forced redeals (``redeal_claim == "forced"``)
        drop deals before play.
    pool : pandas.DataFrame
        Whole deals of a solved pool, three rows (seats) per deal in order
        (``hand0..2``, ``widow`` uint32 masks, ``seat``, ``value``).
    n_deals : int
        At most this many deals are read (the first ``3 * n_deals`` rows).

    Returns
    -------
    pandas.DataFrame
        :func:`played_rows` of those deals, with ``redeal_forced`` (bool,
        one flag per deal repeated over its three rows).
    """
    f = pool.iloc[: 3 * n_deals].copy()
    r = Rules.profile(profile) if isinstance(profile, str) else profile
    fl = flags_from_features(features(f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)[::3]), r)
    if r.redeal_claim == "forced":
        forced = np.asarray(fl["redeal_bidding"]) | np.asarray(fl["redeal_widow"])
    else:
        forced = np.zeros(len(f) // 3, bool)
    f["redeal_forced"] = np.repeat(forced, 3)
    return played_rows(f)


def _ci_frame(k, n, index) -> pd.DataFrame:
    k = np.asarray(k, dtype=np.int64)
    n = np.asarray(n, dtype=np.int64)
    p = np.where(n > 0, k / np.maximum(n, 1), np.nan)
    lo, hi = np.full(k.shape, np.nan), np.full(k.shape, np.nan)
    ok = n > 0
    if ok.any():
        lo[ok], hi[ok] = proportion_ci(k[ok], n[ok])
    return pd.DataFrame({"made": k, "hands": n, "p": p, "ci_low": lo, "ci_high": hi}, index=index)


def make_curve(rows: pd.DataFrame, contracts=range(100, 205, 5)) -> pd.DataFrame:
    """P(value ≥ contract) over all rows, one row per contract.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``contract`` (points) with ``made``, ``hands``, ``p``,
        ``ci_low``, ``ci_high``, and ``deals`` (distinct deals; the
        interval is then clustered by deal, :func:`cluster_ci`) when the
        rows carry ``deal_id``.

    Raises
    ------
    ValueError
        If there are no rows.
    """
    if len(rows) == 0:
        raise ValueError("no hands")
    c = np.asarray(list(contracts), dtype=np.int64)
    v = rows["value"].to_numpy(np.int64)
    if "deal_id" in rows:
        d = rows["deal_id"].to_numpy()
        out = [cluster_ci(v >= x, d) for x in c]
        return pd.DataFrame(
            out,
            columns=["made", "hands", "deals", "p", "ci_low", "ci_high"],
            index=pd.Index(c, name="contract"),
        )
    k = (v[None, :] >= c[:, None]).sum(axis=1)
    return _ci_frame(k, np.full(len(c), len(v)), pd.Index(c, name="contract"))


def make_by(rows: pd.DataFrame, by, contracts=(100, 120, 140, 160)) -> pd.DataFrame:
    """P(value ≥ contract) per group of hands and per contract.

    Parameters
    ----------
    rows : pandas.DataFrame
        :func:`played_rows`.
    by : str or pandas.Series
        A column name of ``rows`` or a Series aligned with it (e.g.
        ``pd.cut(rows.hand_points, POINT_BINS, right=False)``).
    contracts : sequence of int

    Returns
    -------
    pandas.DataFrame
        Indexed by (group, ``contract``) with ``made``, ``hands``, ``p``,
        ``ci_low``, ``ci_high`` (NaN for empty groups).
    """
    key = rows[by] if isinstance(by, str) else pd.Series(by, index=rows.index)
    if key.isna().any():
        raise ValueError(f"{int(key.isna().sum())} hands fall in no group (check the bins)")
    frames = {}
    for g, sub in rows.groupby(key, observed=True, sort=True):
        frames[g] = make_curve(sub, contracts)
    name = by if isinstance(by, str) else (key.name or "group")
    return pd.concat(frames, names=[name])


def marriage_effect(rows: pd.DataFrame, contracts=(120, 160, 200)) -> pd.DataFrame:
    """P(make) with a marriage of each suit in the 7 cards, against none at all.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``holding``, ``contract``): ``no marriage`` then
        ``♠ marriage (40)`` … ``♥ marriage (100)`` (the hand holds that pair,
        possibly others), with the columns of :func:`make_curve`.
    """
    m = rows["marriages"].to_numpy(np.int64)
    groups = {"no marriage": rows[m == 0]}
    for s in range(4):
        groups[f"{_SUIT[s]} marriage ({int(cards.MARRIAGE_VALUES[s])})"] = rows[(m >> s) & 1 == 1]
    frames = {k: make_curve(v, contracts) for k, v in groups.items() if len(v)}
    return pd.concat(frames, names=["holding"])


def widow_effect(rows: pd.DataFrame, contract: int = 120, bins=WIDOW_BINS) -> pd.DataFrame:
    """How much the widow helps: P(make ``contract``) by what the widow holds.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``widow``, label) — ``card points`` bins of the widow,
        then ``completes a marriage`` yes/no — with the columns of
        :func:`make_curve` for the one contract.
    """
    wp = pd.cut(rows["widow_points"], list(bins), right=False)
    if wp.isna().any():
        raise ValueError(
            f"{int(wp.isna().sum())} widows fall outside the bins {bins} (a widow holds 0-33 card points)"
        )
    out = {}
    for g, sub in rows.groupby(wp, observed=True):
        out[("card points", f"{int(g.left)}–{int(g.right) - 1}")] = make_curve(sub, [contract])
    for flag, label in ((True, "yes"), (False, "no")):
        sub = rows[rows["widow_completes"].to_numpy() == flag]
        if len(sub):
            out[("completes a marriage", label)] = make_curve(sub, [contract])
    df = pd.concat(out, names=["widow", "holds"])
    return df.droplevel("contract")


def adjacent_steps(table: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """The step from each group of a share table to the next, with its interval.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows in their reading order (e.g. the ``card points`` rows of
        :func:`widow_effect`: widow classes by points) with ``p``,
        ``ci_low``, ``ci_high`` (shares 0–1, 95 % intervals).  The groups
        must hold disjoint sets of deals (a deal's widow lies in one
        class, with its three seats), so that they are independent.
    alpha : float
        1 − confidence level of the steps' intervals (that of the table's).

    Returns
    -------
    pandas.DataFrame
        One row per pair of adjacent groups, indexed by (``from``, ``to``):
        ``diff`` (the later share minus the earlier, 0–1), ``low``,
        ``high`` (normal interval, each share's standard error read from
        its interval's width) and ``beyond`` (bool: the interval excludes
        0, the step is beyond the noise).

    Raises
    ------
    ValueError
        With fewer than two groups.

    Examples
    --------
    >>> t = pd.DataFrame({"p": [0.35, 0.33, 0.44], "ci_low": [0.30, 0.29, 0.41],
    ...                   "ci_high": [0.40, 0.37, 0.47]}, index=["5–9", "10–14", "15–19"])
    >>> adjacent_steps(t)["beyond"].tolist()
    [False, True]
    """
    if len(table) < 2:
        raise ValueError("adjacent steps need at least two groups")
    z = st.norm.ppf(1 - alpha / 2)
    p = table["p"].to_numpy(np.float64)
    se = (table["ci_high"] - table["ci_low"]).to_numpy(np.float64) / (2 * z)
    d = p[1:] - p[:-1]
    h = z * np.sqrt(se[1:] ** 2 + se[:-1] ** 2)
    labels = [str(x) for x in table.index]
    return pd.DataFrame(
        {"diff": d, "low": d - h, "high": d + h, "beyond": (d - h > 0) | (d + h < 0)},
        index=pd.MultiIndex.from_arrays([labels[:-1], labels[1:]], names=["from", "to"]),
    )


def calibration(
    rows: pd.DataFrame, predicted, contract: int, bins: int = 8, decimals: int | None = None
) -> pd.DataFrame:
    """Observed success share against a model's predicted probability.

    Parameters
    ----------
    rows : pandas.DataFrame
        :func:`played_rows`.
    predicted : array-like of float, shape (len(rows),)
        The model's P(value ≥ contract) for each row (e.g.
        ``BidModel.p_make(rows.hand, rows.seat, contract)``).
    contract : int
        Points.
    bins : int
        Groups of nearly equal size by predicted probability: cut at the
        predictions' quantiles rounded to ``decimals`` decimals of a
        percent (:func:`cut_decimals`), so a group's size moves a little
        from the quantile's; hands with the same prediction stay in one
        group, and a cut that would leave a group empty is dropped (there
        may be fewer).
    decimals : int, optional
        Decimals of the cut points, in percent (default
        :func:`cut_decimals`: the fewest that keep every group apart); give
        one value to several tables that are printed together.

    Returns
    -------
    pandas.DataFrame
        One row per group, in increasing order of prediction: ``bin`` (its
        label, ``'23.0–31.5 %'``: the hands predicted from the first figure
        up to, not including, the second, the last group including its end;
        the cut points are printed with ``decimals`` decimals, so that
        neighbours share an end and no prediction falls between two groups),
        ``pred_low``, ``pred_high`` (the smallest and largest prediction in
        the group, 0–1), ``predicted`` (mean prediction), ``made``,
        ``hands``, ``p`` (observed share) with 95 % ``ci_low``/``ci_high``.
        A calibrated model has ``predicted`` inside the interval about 95 %
        of the time.

    Raises
    ------
    ValueError
        If ``predicted`` does not have one value per row or leaves [0, 1].
    """
    pr = np.asarray(predicted, dtype=np.float64)
    if pr.shape != (len(rows),) or np.any((pr < 0) | (pr > 1)):
        raise ValueError("predicted needs one probability in [0, 1] per row")
    made = rows["value"].to_numpy(np.int64) >= contract
    d = cut_decimals(pr, bins) if decimals is None else int(decimals)
    cuts = _cuts(pr, bins, d)
    which = np.searchsorted(cuts, 100 * pr, side="right")  # a prediction on a cut opens the next group
    groups = [np.flatnonzero(which == j) for j in range(len(cuts) + 1)]
    k = np.array([made[g].sum() for g in groups], dtype=np.int64)
    n = np.array([len(g) for g in groups], dtype=np.int64)
    out = _ci_frame(k, n, pd.RangeIndex(len(groups), name="group"))
    step = 10.0**-d
    ends = [np.floor(100 * pr.min() / step) * step, *cuts, np.ceil(100 * pr.max() / step) * step]
    out.insert(0, "bin", [f"{a:.{d}f}–{b:.{d}f} %" for a, b in zip(ends[:-1], ends[1:])])
    out.insert(1, "pred_low", [float(pr[g].min()) for g in groups])
    out.insert(2, "pred_high", [float(pr[g].max()) for g in groups])
    out.insert(3, "predicted", [float(pr[g].mean()) for g in groups])
    return out


def _cuts(pr: np.ndarray, bins: int, d: int) -> np.ndarray:
    """The quantile cut points of ``pr`` in percent, rounded to ``d`` decimals, each leaving a
    prediction below it that the previous cut does not (so no group is empty)."""
    s = np.sort(100 * pr)
    if len(s) == 0:
        return np.array([])
    sizes = [len(g) for g in np.array_split(s, min(bins, len(s)))]
    kept = []
    for c in np.round(s[np.cumsum(sizes)[:-1]], d):
        below = s[s < c]
        if len(below) and (not kept or below[-1] >= kept[-1]) and c <= s[-1]:
            kept.append(float(c))
    return np.array(kept)


def cut_decimals(predicted, bins: int, least: int = 1, most: int = 3) -> int:
    """The fewest decimals (of a percent, ``least`` to ``most``) at which the rounded quantile
    cuts of :func:`calibration` keep the groups of the unrounded cuts, each group's size moved
    by at most a tenth of an equal share (``most`` where none does).

    Examples
    --------
    >>> pred = np.r_[np.full(40, 0.1), np.linspace(0.3332, 0.3338, 40), np.full(40, 0.6)]
    >>> cut_decimals(pred, 3), cut_decimals(pred[:-20], 2)
    (1, 2)
    """
    pr = np.asarray(predicted, dtype=np.float64)
    exact = _cuts(pr, bins, 12)
    size = np.bincount(np.searchsorted(exact, 100 * pr, side="right"), minlength=len(exact) + 1)
    for d in range(least, most + 1):
        cuts = _cuts(pr, bins, d)
        if len(cuts) == len(exact):
            moved = np.abs(
                np.bincount(np.searchsorted(cuts, 100 * pr, side="right"), minlength=len(cuts) + 1) - size
            )
            if moved.max() <= 0.1 * len(pr) / max(min(bins, len(pr)), 1):
                return d
    return most
