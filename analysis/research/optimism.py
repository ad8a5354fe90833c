"""Double-dummy against single-dummy outcomes of the same deals and seats.

A single-dummy row (:mod:`analysis.single_dummy`, docs/DATA.md) is the deal
played by three PIMC players who see only their own cards; the double-dummy
row of the same ``(deal_id, seat)`` is the solver's value with every card
seen.  Both are paired on the same deals, so every comparison here is a
paired one, and every interval is clustered by deal (the three seats of one
deal share its cards).  Every table states the distinct deals behind it.
The paired rows of a profile's pools are
:func:`analysis.research.sd_pools.sd_paired`; :mod:`analysis.research.sd_play`
shows one row's play and plays pool rows again with other ``worlds``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as st

from ..errors import BadArgument
from ..single_dummy import has_play
from ..stats import exact_bounds
from .tables import and_list

__all__ = [
    "paired_outcomes",
    "stored_play",
    "cluster_mean_ci",
    "success_by_contract",
    "value_gap",
    "gap_histogram",
    "bolts_both",
    "bolts_one_declarer",
    "same_double_dummy",
    "enough_digits",
    "own_contracts",
    "gap_verdict",
]

_KEY = ["deal_id", "seat"]
_LINE = ["value", "left_points", "right_points", "declarer_tricks", "left_tricks", "right_tricks"]


def paired_outcomes(sd: pd.DataFrame, dd: pd.DataFrame) -> pd.DataFrame:
    """Join single-dummy rows with the double-dummy rows of the same deals and seats.

    Parameters
    ----------
    sd : pandas.DataFrame
        Single-dummy rows: ``deal_id``, ``seat`` and the outcome columns
        ``value left_points right_points declarer_tricks left_tricks
        right_tricks`` (after a write-off: 0), ``contract``, ``written_off``.
    dd : pandas.DataFrame
        Double-dummy solutions (or a reference pool's rows) with the same
        key and outcome columns.

    Returns
    -------
    pandas.DataFrame
        One row per key present in both: the key, every outcome column with
        the suffix ``_dd`` and ``_sd``, ``contract``, ``written_off``,
        ``played`` (the row holds its play: every row of a pool built now,
        only those not written off in an older one,
        :func:`analysis.single_dummy.has_play`) and ``gap`` (``value_dd −
        value_sd``, points).  Sorted by key.

    Raises
    ------
    BadArgument
        If a column is missing or no key is common to both.
    """
    needs = (("sd", sd, _KEY + _LINE + ["contract", "written_off"]), ("dd", dd, _KEY + _LINE))
    for name, frame, need in needs:
        missing = sorted(set(need) - set(frame.columns))
        if missing:
            raise BadArgument(f"the {name} rows lack columns {missing}", parameter=name)
    left = dd[_KEY + _LINE].rename(columns={c: f"{c}_dd" for c in _LINE})
    right = sd[_KEY + _LINE + ["contract", "written_off"]].rename(columns={c: f"{c}_sd" for c in _LINE})
    # rows holding their play: every row of a pool built now, written off or not
    right["played"] = has_play(sd) if "moves" in sd else ~sd["written_off"].to_numpy(bool)
    out = left.merge(right, on=_KEY, how="inner").sort_values(_KEY).reset_index(drop=True)
    if out.empty:
        raise BadArgument("no (deal_id, seat) is common to the single- and double-dummy rows")
    out["gap"] = out["value_dd"].astype(np.int64) - out["value_sd"].astype(np.int64)
    return out


def stored_play(paired: pd.DataFrame) -> np.ndarray:
    """Which rows have a single-dummy play to compare: a bool mask.

    A pool row written off by its single-dummy declarer has no play unless
    the pool stored it anyway (``moves`` not empty, as pools that store the
    play of every row do); every other row was played.  The comparisons of
    this module read the rows with a play, so on a pool that keeps the play
    of every row they cover every declarer seat.

    Parameters
    ----------
    paired : pandas.DataFrame
        :func:`paired_outcomes` rows (with ``moves`` when known).

    Returns
    -------
    ndarray of bool, shape (len(paired),)
    """
    played = ~paired["written_off"].to_numpy(bool)
    if "moves" not in paired:
        if "played" in paired:  # set by paired_outcomes from the pool's own rows
            return paired["played"].to_numpy(bool)
        return played
    kept = np.fromiter((m is not None and len(m) > 0 for m in paired["moves"]), bool, len(paired))
    return played | kept


def cluster_mean_ci(x, deal_id, alpha: float = 0.05):
    """Mean of ``x`` with a normal interval from the cluster-robust variance.

    Parameters
    ----------
    x : ndarray of shape (n,), float
    deal_id : ndarray of shape (n,)
        The cluster of each row.
    alpha : float
        1 − confidence level.

    Returns
    -------
    (mean, low, high, deals) : (float, float, float, int)
        ``deals`` is the number of distinct clusters; with fewer than two the
        interval is NaN.  Variance: ``c/(c−1) · Σ_clusters (Σ_i (x_i − mean))² / n²``.
        A share (``x`` of 0s and 1s) that is 0 or 1 on every row takes the
        exact bounds of :func:`analysis.stats.exact_bounds` on
        its ``deals`` (the normal interval would have no width).
    """
    x = np.asarray(x, dtype=np.float64)
    _, inv = np.unique(np.asarray(deal_id), return_inverse=True)
    c, n = int(inv.max()) + 1 if len(inv) else 0, len(x)
    if n == 0:
        return np.nan, np.nan, np.nan, 0
    m = x.mean()
    if c < 2:
        return float(m), np.nan, np.nan, c
    s = np.bincount(inv, weights=x - m)
    h = st.norm.ppf(1 - alpha / 2) * np.sqrt(c / (c - 1) * (s**2).sum() / n**2)
    lo, hi = float(m - h), float(m + h)
    if np.isin(x, (0.0, 1.0)).all():
        lo, hi = exact_bounds(m, lo, hi, c, alpha=alpha)
    return float(m), lo, hi, c


def success_by_contract(paired: pd.DataFrame, contracts=range(100, 205, 5)) -> pd.DataFrame:
    """P(value ≥ contract) double-dummy and single-dummy, and their paired difference.

    The declarer's value whatever contract he would name (the play does not
    depend on it, docs/SINGLE_DUMMY.md), on the rows with a single-dummy
    play (:func:`stored_play`); the double-dummy share of every row (the
    seats written off without a stored play included) stands beside it,
    so that a reader can tell the subset from the pool.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``contract`` (points): ``p_dd``, ``p_sd`` and
        ``diff`` (``p_dd − p_sd``), each with ``*_low``/``*_high``
        (clustered by deal), ``rows`` and ``deals`` (the rows with a play),
        ``p_dd_all`` with its interval, ``rows_all`` and ``deals_all``
        (every row).
    """
    keep = stored_play(paired)
    p = paired[keep]
    d = p["deal_id"].to_numpy()
    vd, vs = p["value_dd"].to_numpy(np.int64), p["value_sd"].to_numpy(np.int64)
    every = paired["value_dd"].to_numpy(np.int64)
    d_all = paired["deal_id"].to_numpy()
    out = []
    for c in contracts:
        a, b = (vd >= c).astype(float), (vs >= c).astype(float)
        row = {"contract": int(c), "rows": len(p), "rows_all": len(paired)}
        for name, x in (("p_dd", a), ("p_sd", b), ("diff", a - b)):
            m, lo, hi, row["deals"] = cluster_mean_ci(x, d)
            row.update({name: m, f"{name}_low": lo, f"{name}_high": hi})
        m, lo, hi, row["deals_all"] = cluster_mean_ci((every >= c).astype(float), d_all)
        row.update({"p_dd_all": m, "p_dd_all_low": lo, "p_dd_all_high": hi})
        out.append(row)
    return pd.DataFrame(out).set_index("contract")


def value_gap(paired: pd.DataFrame) -> pd.Series:
    """Mean and distribution of ``value_dd − value_sd`` over the rows with a play (:func:`stored_play`).

    Returns
    -------
    pandas.Series
        ``mean``, ``low``, ``high`` (points, clustered by deal), ``median``,
        ``q10``, ``q90``, ``share_sd_above`` (rows where single-dummy play
        gave the declarer more: defenders' errors) and ``share_equal``, each
        share with ``_low``/``_high`` (95 %, clustered by deal), ``rows``
        (the seats with a play), ``deals``.
    """
    p = paired[stored_play(paired)]
    g = p["gap"].to_numpy(np.float64)
    d = p["deal_id"].to_numpy()
    m, lo, hi, c = cluster_mean_ci(g, d)
    q = np.quantile(g, [0.1, 0.5, 0.9]) if len(g) else [np.nan] * 3
    out = {"mean": m, "low": lo, "high": hi, "median": q[1], "q10": q[0], "q90": q[2]}
    for name, x in (("share_sd_above", g < 0), ("share_equal", g == 0)):
        s, s_lo, s_hi, _ = cluster_mean_ci(x.astype(np.float64), d)
        out.update({name: s, f"{name}_low": s_lo, f"{name}_high": s_hi})
    return pd.Series({**out, "rows": len(g), "deals": c})


def gap_histogram(paired: pd.DataFrame, width: int = 10) -> pd.DataFrame:
    """Rows per bin of ``value_dd − value_sd`` (bins of ``width`` points).

    Returns
    -------
    pandas.DataFrame
        ``low`` (the bin's lowest gap, inclusive), ``rows``, ``share``.
    """
    if width < 1:
        raise BadArgument(f"width must be at least 1, got {width}", parameter="width")
    p = paired[stored_play(paired)]
    b = np.floor_divide(p["gap"].to_numpy(np.int64), width) * width
    vals, counts = np.unique(b, return_counts=True)
    return pd.DataFrame({"low": vals, "rows": counts, "share": counts / max(len(b), 1)})


def bolts_both(paired: pd.DataFrame) -> pd.DataFrame:
    """Share of defenders bolted under both kinds of play, by bolt definition.

    A defender is bolted "zero_points" when he takes no card point, "no_trick"
    when he takes no trick (RULES.md, bolts); which one counts is the
    profile's ``bolt_rule``, both are shown.  Two defenders per row.

    Returns
    -------
    pandas.DataFrame
        Indexed by definition: ``dd``, ``sd``, ``diff`` (``dd − sd``) with
        ``*_low``/``*_high`` (clustered by deal), ``defenders``, ``deals``.
    """
    p = paired[stored_play(paired)]
    d = np.repeat(p["deal_id"].to_numpy(), 2)
    out = {}
    for name, col in (("zero_points", "points"), ("no_trick", "tricks")):
        row = {}
        x = {}
        for k in ("dd", "sd"):
            x[k] = np.column_stack([p[f"left_{col}_{k}"], p[f"right_{col}_{k}"]]).ravel() == 0
        for k, v in (("dd", x["dd"]), ("sd", x["sd"]), ("diff", x["dd"].astype(float) - x["sd"])):
            m, lo, hi, row["deals"] = cluster_mean_ci(v.astype(float), d)
            row.update({k: m, f"{k}_low": lo, f"{k}_high": hi})
        row["defenders"] = len(d)
        out[name] = row
    return pd.DataFrame(out).T


def bolts_one_declarer(paired: pd.DataFrame) -> pd.Series:
    """Double-dummy share of bolted defenders with one declarer per deal.

    The bolts page's unit (:func:`analysis.research.bolts.auction_declarer`):
    the seat whose double-dummy value is highest declares (ties to the
    earlier seat), his two defenders are counted, every deal whose three
    seats are in ``paired`` (whether or not their single-dummy play was
    stored: the figure is double-dummy only).  :func:`bolts_both` instead
    counts the defenders of every declarer seat with a play.

    Returns
    -------
    pandas.Series
        ``zero_points`` (share of defenders with no card point, RULES.md,
        bolts) with ``low``/``high`` (95 %, clustered by deal),
        ``defenders``, ``deals``.
    """
    p = paired.sort_values(_KEY)
    full = p.groupby("deal_id")["seat"].transform("size").to_numpy() == 3
    p = p[full]
    n = len(p) // 3
    value = p["value_dd"].to_numpy(np.int64).reshape(n, 3)
    d = value.argmax(axis=1)
    pts = np.column_stack([p["left_points_dd"], p["right_points_dd"]]).reshape(n, 3, 2)[np.arange(n), d]
    x = (pts == 0).ravel().astype(float)
    m, lo, hi, deals = cluster_mean_ci(x, np.repeat(p["deal_id"].to_numpy()[::3], 2))
    return pd.Series({"zero_points": m, "low": lo, "high": hi, "defenders": len(x), "deals": deals})


def same_double_dummy(frames: dict) -> list[tuple[str, str]]:
    """Pairs of profiles whose paired rows hold the same double-dummy values.

    Parameters
    ----------
    frames : dict of str -> pandas.DataFrame
        :func:`paired_outcomes` rows per profile.

    Returns
    -------
    list of (str, str)
        ``(a, b)`` in the order of ``frames`` where both hold the same
        (deal, seat) keys and every ``value_dd`` is equal: their
        double-dummy columns over every seat cannot differ (the same deals
        of the same seed, solved under rules that give the declarer the
        same value).
    """
    names = list(frames)
    out = []
    for i, a in enumerate(names):
        fa = frames[a].sort_values(_KEY)
        for b in names[i + 1 :]:
            fb = frames[b].sort_values(_KEY)
            if len(fa) != len(fb):
                continue
            if (fa[_KEY].to_numpy() == fb[_KEY].to_numpy()).all() and np.array_equal(
                fa["value_dd"].to_numpy(), fb["value_dd"].to_numpy()
            ):
                out.append((a, b))
    return out


def enough_digits(*values, least: int = 1, most: int = 4) -> int:
    """Decimals that show every value as what it is: no non-zero value printed as 0.

    Parameters
    ----------
    *values : float or array_like
        The numbers of one column (estimates and interval bounds); NaN is
        ignored.
    least, most : int
        The range of decimals tried.

    Returns
    -------
    int
        The fewest decimals from ``least`` at which every non-zero value
        rounds to a non-zero figure, so that an interval prints as
        ``0.0–0.0`` only if it is one (``most`` if none suffices).

    Examples
    --------
    >>> enough_digits(1.3, 0.004, 2.6)
    3
    >>> enough_digits(1.3, 0.2, 2.6)
    1
    """
    x = np.concatenate([np.atleast_1d(np.asarray(v, dtype=np.float64)).ravel() for v in values] or [[]])
    x = np.abs(x[np.isfinite(x) & (x != 0)])
    for d in range(least, most + 1):
        if (np.round(x, d) > 0).all():
            return d
    return most


def own_contracts(paired: pd.DataFrame) -> pd.Series:
    """The single-dummy declarer's own decisions at the recorded bid.

    Returns
    -------
    pandas.Series
        ``write_off_share`` with ``write_off_low``/``write_off_high``
        (clustered by deal); over the rows played: ``made_share`` (his own
        contract made), ``mean_contract`` (points) and the double-dummy
        reading of the same rows, ``dd_made_share`` (the double-dummy value
        reaches his contract), each with ``_low``/``_high`` (95 %, clustered
        by deal: ``made_low``, ``mean_contract_low``, ``dd_made_low``, ...);
        ``rows``, ``played_rows``, ``deals``.
    """
    w = paired["written_off"].to_numpy(bool)
    p = paired[~w]
    d = p["deal_id"].to_numpy()
    c = p["contract"].to_numpy(np.int64)
    made = (p["value_sd"].to_numpy(np.int64) >= c).astype(float)
    m, lo, hi, _ = cluster_mean_ci(made, d)
    _, wlo, whi, _ = cluster_mean_ci(w.astype(float), paired["deal_id"].to_numpy())
    mc, mc_lo, mc_hi, _ = cluster_mean_ci(c.astype(float), d)
    dm, dm_lo, dm_hi, _ = cluster_mean_ci((p["value_dd"].to_numpy(np.int64) >= c).astype(float), d)
    return pd.Series(
        {
            "write_off_share": float(w.mean()) if len(w) else np.nan,
            "write_off_low": wlo,
            "write_off_high": whi,
            "made_share": m,
            "made_low": lo,
            "made_high": hi,
            "mean_contract": mc,
            "mean_contract_low": mc_lo,
            "mean_contract_high": mc_hi,
            "dd_made_share": dm,
            "dd_made_low": dm_lo,
            "dd_made_high": dm_hi,
            "rows": len(paired),
            "played_rows": int((~w).sum()),
            "deals": int(paired["deal_id"].nunique()),
        }
    )


def gap_verdict(gaps: pd.DataFrame) -> str:
    """What the mean value gaps of several profiles say, in one sentence that follows their intervals.

    Parameters
    ----------
    gaps : pandas.DataFrame
        One :func:`value_gap` per profile (rows indexed by profile), with
        ``mean``, ``low``, ``high`` (points).

    Returns
    -------
    str
        Names the profiles whose interval lies above zero (double-dummy
        helps the declarer more than the defence), below zero (it helps
        the defence more) and those within the noise; "about as much" is
        said only of the last.
    """
    above = [str(p) for p, r in gaps.iterrows() if r["low"] > 0]
    below = [str(p) for p, r in gaps.iterrows() if r["high"] < 0]
    noise = [str(p) for p in gaps.index if str(p) not in above + below]
    parts = []
    if above:
        parts.append(
            f"in {and_list(above)} seeing every card helps the declarer more than the defence "
            "(the mean gap is above zero beyond the noise)"
        )
    if below:
        parts.append(
            f"in {and_list(below)} it helps the defence more than the declarer "
            "(the mean gap is below zero beyond the noise)"
        )
    if noise:
        parts.append(
            f"in {and_list(noise)} it helps the defence about as much as the declarer "
            "(the mean gap is within the noise of zero)"
        )
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "." if text else ""
