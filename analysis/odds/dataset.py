"""Success rates over a solutions dataset, by visible hand features."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import BadArgument
from ._common import interval
from .features import FEATURES, hand_features
from .sample import solutions_long

__all__ = ["dataset_odds"]

#: Grouping keys of :func:`dataset_odds`: the features, ``points_bin`` (card
#: points in bins of 10: "30-39"), ``marriages`` (suits of the marriages held,
#: e.g. "♦♥", "-" for none) and ``seat``.
GROUPS = FEATURES + ("points_bin", "marriages", "seat")


def _marriage_names(f: np.ndarray) -> np.ndarray:
    cols = [FEATURES.index(c) for c in ("marriage_s", "marriage_c", "marriage_d", "marriage_h")]
    sym = "♠♣♦♥"
    out = ["".join(sym[j] for j in range(4) if row[cols[j]]) or "-" for row in f]
    return np.array(out, dtype=object)


def dataset_odds(
    data, by=("points_bin",), contracts=range(100, 205, 5), *, drop_redealt: bool = True
) -> pd.DataFrame:
    """Share of hands making each contract, grouped by visible features.

    Parameters
    ----------
    data : pandas.DataFrame or path
        Deals joined with solutions, one row per (deal, seat) with ``seat``,
        ``value``, ``hand0 hand1 hand2`` (:func:`analysis.dataset.load` of a
        solutions dataset, or :func:`analysis.odds.sample.make_sample`); a
        path is read as in :func:`analysis.odds.sample.solutions_long`.
    by : str or sequence of str
        Grouping keys from :data:`GROUPS`.
    contracts : int or iterable of int
        Contracts (whole points, 0 to 1000, each once).
    drop_redealt : bool
        Leave out deals with a forced redeal before play (column
        ``redeal_forced`` if present).

    Returns
    -------
    pandas.DataFrame
        Tidy: the ``by`` columns, ``contract``, ``n`` (hands in the group),
        ``made`` (double-dummy value after the best exchange reaching the
        contract), ``p_make``, ``ci_low``, ``ci_high`` (95 % Wilson,
        Clopper–Pearson near 0 or 1).

    Raises
    ------
    ValueError
        On an unknown or repeated grouping key, missing columns, no
        contracts, or a contract repeated or not whole points from 0 to 1000.

    Examples
    --------
    >>> import pandas as pd
    >>> from analysis.cards import parse
    >>> h = parse("A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣")
    >>> f = pd.DataFrame({"seat": [0, 0], "value": [150, 90], "hand0": [h, h],
    ...                   "hand1": [0, 0], "hand2": [0, 0]})
    >>> dataset_odds(f, by=["marriages"], contracts=[120])[["marriages", "n", "p_make"]]
      marriages  n  p_make
    0         ♥  2     0.5
    """
    if by is None:
        by = []
    by = [by] if isinstance(by, str) else list(by)  # one key may be given alone
    if len(set(by)) != len(by):
        raise BadArgument(f"a grouping key is given twice: {by}")
    bad = [b for b in by if b not in GROUPS]
    if bad:
        raise BadArgument(f"unknown grouping keys {bad}; use any of {GROUPS}")
    given = [contracts] if np.ndim(contracts) == 0 else list(contracts)
    if not given:
        raise BadArgument("no contracts given")
    odd = [
        c
        for c in given
        if not isinstance(c, (int, float, np.integer, np.floating))
        or isinstance(c, (bool, np.bool_))
        or not float(c).is_integer()
    ]
    if odd:
        raise BadArgument(f"contracts are whole points; got {odd}")
    if len(set(given)) != len(given):
        raise BadArgument(f"a contract is given twice: {given}")
    if min(given) < 0 or max(given) > 1000:
        raise BadArgument(f"contracts are points from 0 to 1000; got {min(given)}..{max(given)}")
    contracts = np.asarray(given, dtype=np.int64)
    f = solutions_long(data)
    if drop_redealt:
        f = f[~f["redeal_forced"].to_numpy(bool)]
    seats = f["seat"].to_numpy().astype(np.int64)
    feats = hand_features(f["hand"].to_numpy(np.uint32), seats)
    keys = {}
    for b in by:
        if b == "points_bin":
            lo = (feats[:, 0] // 10 * 10).astype(np.int64)
            keys[b] = np.array([f"{x}-{x + 9}" for x in lo], dtype=object)
        elif b == "marriages":
            keys[b] = _marriage_names(feats)
        elif b == "seat":
            keys[b] = seats
        else:
            keys[b] = feats[:, FEATURES.index(b)].astype(np.int64)
    if f["value"].isna().any():
        raise BadArgument(f"{int(f['value'].isna().sum())} rows have no value (unsolved?); drop them first")
    v = f["value"].to_numpy(np.int64)
    frame = pd.DataFrame(keys)
    for c in contracts:
        frame[f"m{c}"] = v >= c
    grouped = frame.groupby(by, sort=True) if by else frame.assign(_all=0).groupby("_all")
    made = grouped[[f"m{c}" for c in contracts]].sum()
    n = grouped.size()
    rows = []
    for key, row in made.iterrows():
        key = key if isinstance(key, tuple) else (key,)
        for c in contracts:
            rows.append((*key, int(c), int(n.loc[row.name]), int(row[f"m{c}"])))
    out = pd.DataFrame(rows, columns=[*(by or ["_all"]), "contract", "n", "made"])
    if not by:
        out = out.drop(columns="_all")
    out["p_make"] = out["made"] / out["n"]
    lo, hi = interval(out["made"].to_numpy(), out["n"].to_numpy())
    out["ci_low"], out["ci_high"] = lo, hi
    return out
