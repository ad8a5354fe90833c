"""Barrel stays from a games table, and their Kaplan–Meier survival.

A *stay* starts with the event ``barrel_enter:p`` and lasts a number of
played deals (redeals do not count; RULES.md, "attempts on the barrel")
until it ends with ``win``, ``barrel_fall`` (attempts used up),
``knocked_off`` (too many sitters), ``failed_contract`` or
``barrel_write_off`` (the sitter's own contract) or ``barrel_exit`` (taken
below the threshold otherwise, e.g. by a bolt penalty).  A stay still
running when the game ends — someone else won, or the game was cut off — is
*censored*: we know only that it lasted at least that long.  Survival is
estimated with ``scipy.stats.ecdf`` on ``scipy.stats.CensoredData``
(Kaplan–Meier), with its pointwise 95 % band.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from scipy import stats as _st

from ..stats import proportion_ci

__all__ = ["ENDINGS", "barrel_stays", "kaplan_meier", "ending_shares"]

#: Events that end a stay (scoring's names), in display order.
ENDINGS = ("win", "barrel_fall", "knocked_off", "failed_contract", "barrel_write_off",
           "barrel_exit")


def barrel_stays(games: pd.DataFrame) -> pd.DataFrame:
    """Every barrel stay of a games table.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` in game and deal order
        (``game_id``, ``redealt``, ``event``).

    Returns
    -------
    pandas.DataFrame
        One row per stay: ``game_id``, ``player`` (0–2), ``start`` (the
        game's ``deal_no`` where the player arrived), ``deals`` (played
        deals spent on the barrel, int64, ≥ 0), ``ending`` (one of
        :data:`ENDINGS`, or ``open`` when censored) and ``ended`` (bool).

    Raises
    ------
    ValueError
        If a required column is missing.
    """
    need = {"game_id", "deal_no", "redealt", "event"}
    if need - set(games.columns):
        raise ValueError(f"games table lacks {sorted(need - set(games.columns))}")
    gid = games["game_id"].to_numpy()
    dno = games["deal_no"].to_numpy()
    red = games["redealt"].to_numpy()
    ev = games["event"].fillna("").to_numpy()
    last = np.r_[gid[1:] != gid[:-1], True] if len(gid) else np.zeros(0, bool)
    rows = []
    open_: dict = {}
    for i in range(len(gid)):
        if not red[i]:
            for s in open_.values():
                s["deals"] += 1
        if ev[i]:
            items = [e.split(":") for e in ev[i].split(";")]
            for kind, who in items:
                p = int(who)
                if kind in ENDINGS and p in open_:
                    s = open_.pop(p)
                    s.update(ending=kind, ended=True)
                    rows.append(s)
            for kind, who in items:
                if kind == "barrel_enter":
                    open_[int(who)] = {"game_id": gid[i], "player": int(who),
                                       "start": int(dno[i]), "deals": 0}
        if last[i]:
            for s in open_.values():
                s.update(ending="open", ended=False)
                rows.append(s)
            open_ = {}
    cols = ["game_id", "player", "start", "deals", "ending", "ended"]
    out = pd.DataFrame(rows, columns=cols)
    return out.astype({"game_id": "int64", "player": "int64", "start": "int64",
                       "deals": "int64", "ended": "bool"})


def kaplan_meier(stays: pd.DataFrame, event=None, alpha: float = 0.05) -> pd.DataFrame:
    """Kaplan–Meier estimate of P(stay lasts more than t deals).

    Parameters
    ----------
    stays : pandas.DataFrame
        :func:`barrel_stays` rows.
    event : str or sequence of str, optional
        Endings counted as the event; other endings are censored at their
        time (cause-specific curve).  Default: every ending.
    alpha : float
        1 − confidence level of the pointwise band (log–log, scipy's
        ``confidence_interval(method="log-log")``).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``deals`` (the distinct observed times, censored ones
        included) with ``survival``,
        ``ci_low``, ``ci_high`` (probabilities 0–1; where the log–log band
        is undefined, at S = 0 or 1, both ends equal the estimate) and
        ``n`` (stays in the sample).

    Raises
    ------
    ValueError
        If there are no stays or no stay ends with the event.
    """
    if len(stays) == 0:
        raise ValueError("no barrel stays to estimate survival from")
    ended = stays["ended"].to_numpy()
    if event is not None:
        kinds = (event,) if isinstance(event, str) else tuple(event)
        ended = ended & stays["ending"].isin(kinds).to_numpy()
    t = stays["deals"].to_numpy(np.float64)
    if not ended.any():
        raise ValueError("no stay ends with the event; survival is not estimable")
    data = _st.CensoredData(uncensored=t[ended], right=t[~ended])
    sf = _st.ecdf(data).sf
    with warnings.catch_warnings():   # undefined where S is 0 or 1; filled below
        warnings.simplefilter("ignore", RuntimeWarning)
        ci = sf.confidence_interval(1 - alpha, method="log-log")
    s = sf.probabilities
    lo = np.where(np.isnan(ci.low.probabilities), s, ci.low.probabilities)
    hi = np.where(np.isnan(ci.high.probabilities), s, ci.high.probabilities)
    return pd.DataFrame({"survival": s, "ci_low": lo, "ci_high": hi, "n": len(t)},
                        index=pd.Index(sf.quantiles.astype(np.int64), name="deals"))


def ending_shares(stays: pd.DataFrame) -> pd.DataFrame:
    """How barrel stays end: share of each ending with a 95 % interval.

    Returns
    -------
    pandas.DataFrame
        Indexed by ending (:data:`ENDINGS` then ``open``) with ``count``,
        ``of`` (all stays), ``p``, ``ci_low``, ``ci_high`` (Wilson;
        Clopper–Pearson near 0 or 1).

    Raises
    ------
    ValueError
        If there are no stays.
    """
    n = len(stays)
    if n == 0:
        raise ValueError("no barrel stays")
    names = list(ENDINGS) + ["open"]
    k = np.array([(stays["ending"] == e).sum() for e in names], dtype=np.int64)
    lo, hi = proportion_ci(k, np.full(len(k), n))
    return pd.DataFrame({"count": k, "of": n, "p": k / n, "ci_low": lo, "ci_high": hi},
                        index=pd.Index(names, name="ending"))
