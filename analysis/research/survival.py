"""Barrel stays from a games table: competing endings and survival.

A *stay* starts with the event ``barrel_enter:p`` and lasts a number of
played deals (redeals do not count; RULES.md, "attempts on the barrel")
until it ends with ``win``, ``barrel_fall`` (attempts used up),
``knocked_off`` (too many sitters), ``failed_contract`` or
``barrel_write_off`` (the sitter's own contract) or ``barrel_exit`` (taken
below the threshold otherwise, e.g. by a bolt penalty), or ``other_won``:
another player won the game while he sat, which ends the stay as surely
as the others do (a competing ending, not censoring).  Only a stay still
running when its game was cut off unfinished (``max_deals``) is
*censored*: we know only that it lasted at least that long.  The endings
*compete*: a stay ends in exactly one of them, so the curve of one ending
with the others censored (1 − Kaplan–Meier of "wins only") is the chance
of that ending in a world without the others, not a probability of
anything that happens.  :func:`aalen_johansen` gives the cumulative
incidence of each ending — P(the stay has ended with ending k by deal
t) — and S(t) = P(still on the barrel after t deals) = 1 − the sum of
the incidences, the one reading of S used in tables and plots;
:func:`competing_table` adds intervals from the games bootstrap
(:class:`analysis.research.uncertainty.PoolBootstrap`) and the chance of
each ending per attempt (the discrete hazard: of the stays still on the
barrel at deal t, the share that ends there with ending k); deal 0 carries
no interval where the rules let no stay end before its first deal
(:func:`analysis.research.barrel_rules.ends_before_first_deal`): S(0) = 1
there by the rules.
:func:`kaplan_meier` (every ending counted, so S is the same as above
without censoring by other endings) stays for comparison.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from scipy import stats as _st

from ..stats import exact_bounds, proportion_ci
from .barrel_rules import ends_before_first_deal, impossible_endings, longest_stay

__all__ = [
    "ENDINGS",
    "barrel_stays",
    "kaplan_meier",
    "ending_shares",
    "aalen_johansen",
    "competing_table",
]

#: How a stay ends, in display order: the scoring's events, then
#: ``other_won`` (another player won the game during the stay).
ENDINGS = (
    "win",
    "barrel_fall",
    "knocked_off",
    "failed_contract",
    "barrel_write_off",
    "barrel_exit",
    "other_won",
)


def barrel_stays(games: pd.DataFrame) -> pd.DataFrame:
    """Every barrel stay of a games table.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` in game and deal order
        (``game_id``, ``redealt``, ``event``; ``winner``, −1 but on a
        finished game's last row, tells a game won by another player from
        one cut off unfinished).

    Returns
    -------
    pandas.DataFrame
        One row per stay: ``game_id``, ``player`` (0–2, 0–3 at a table
        of four), ``start`` (the
        game's ``deal_no`` where the player arrived), ``deals`` (played
        deals spent on the barrel, int64, ≥ 0), ``ending`` (one of
        :data:`ENDINGS`, or ``open`` when censored: the game was cut
        off) and ``ended`` (bool).

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
    won = games["winner"].to_numpy(np.int64) if "winner" in games else np.full(len(gid), -1)
    last = np.r_[gid[1:] != gid[:-1], True] if len(gid) else np.zeros(0, bool)
    rows = []
    open_: dict = {}
    for i in range(len(gid)):
        if not red[i]:
            for s in open_.values():
                s["deals"] += 1
        if ev[i]:
            # events "kind:player"; a game's own events ("unfinished") name no player
            items = [e.split(":") for e in ev[i].split(";") if ":" in e]
            for kind, who in items:
                p = int(who)
                if kind in ENDINGS and p in open_:
                    s = open_.pop(p)
                    s.update(ending=kind, ended=True)
                    rows.append(s)
            for kind, who in items:
                if kind == "barrel_enter":
                    open_[int(who)] = {
                        "game_id": gid[i],
                        "player": int(who),
                        "start": int(dno[i]),
                        "deals": 0,
                    }
        if last[i]:
            for s in open_.values():  # the sitter's own win closed his stay above
                if won[i] >= 0:
                    s.update(ending="other_won", ended=True)
                else:
                    s.update(ending="open", ended=False)
                rows.append(s)
            open_ = {}
    cols = ["game_id", "player", "start", "deals", "ending", "ended"]
    out = pd.DataFrame(rows, columns=cols)
    return out.astype(
        {"game_id": "int64", "player": "int64", "start": "int64", "deals": "int64", "ended": "bool"}
    )


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
    with warnings.catch_warnings():  # undefined where S is 0 or 1; filled below
        warnings.simplefilter("ignore", RuntimeWarning)
        ci = sf.confidence_interval(1 - alpha, method="log-log")
    s = sf.probabilities
    lo = np.where(np.isnan(ci.low.probabilities), s, ci.low.probabilities)
    hi = np.where(np.isnan(ci.high.probabilities), s, ci.high.probabilities)
    return pd.DataFrame(
        {"survival": s, "ci_low": lo, "ci_high": hi, "n": len(t)},
        index=pd.Index(sf.quantiles.astype(np.int64), name="deals"),
    )


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
    return pd.DataFrame(
        {"count": k, "of": n, "p": k / n, "ci_low": lo, "ci_high": hi}, index=pd.Index(names, name="ending")
    )


def _aj_core(t, ending, w, causes, grid):
    """Aalen–Johansen on a grid of integer times, for weight rows ``w`` (B, n)."""
    at = np.stack([(t >= g) for g in grid], axis=1).astype(np.float64)  # (n, T)
    n_risk = w @ at  # (B, T)
    d = np.stack(
        [w @ np.stack([(t == g) & (ending == c) for g in grid], axis=1).astype(np.float64) for c in causes],
        axis=0,
    )  # (K, B, T)
    with np.errstate(invalid="ignore", divide="ignore"):
        h = np.where(n_risk > 0, d / np.where(n_risk > 0, n_risk, 1), 0.0)  # (K, B, T)
    total = h.sum(axis=0)
    surv = np.cumprod(1 - total, axis=1)  # S(t)
    before = np.concatenate([np.ones_like(surv[:, :1]), surv[:, :-1]], axis=1)  # S(t-)
    cif = np.cumsum(before[None] * h, axis=2)  # (K, B, T)
    return n_risk, h, cif, surv


def _followed(t, grid, w) -> np.ndarray:
    """Stays still observed after each deal of ``grid``: the weight of ``t > g``, float64."""
    return (np.asarray(w, dtype=np.float64) @ (np.asarray(t)[:, None] > np.asarray(grid)[None, :]))[0]


def aalen_johansen(stays: pd.DataFrame, causes=ENDINGS, weights=None) -> pd.DataFrame:
    """Cumulative incidence of each ending and S(t), Aalen–Johansen.

    With discrete times (played deals on the barrel, 0, 1, 2 …), at each
    time t: ``n(t)`` stays still on the barrel at its start (a stay open at
    the end of its game after t deals counts at t: it survived t deals),
    ``h_k(t) = d_k(t) / n(t)`` the share ending there with ending k,
    ``S(t) = prod_{s <= t} (1 - sum_k h_k(s))`` and
    ``F_k(t) = sum_{s <= t} S(s - 1) h_k(s)``, so
    ``S(t) + sum_k F_k(t) = 1`` at every t.

    Parameters
    ----------
    stays : pandas.DataFrame
        :func:`barrel_stays` rows (``deals``, ``ending``; ``open`` is censored).
    causes : sequence of str
        Endings kept as causes (every ending of a stay must be one of them
        or ``open``).
    weights : array-like of float, shape (len(stays),), optional
        Case weights (a bootstrap replicate); default 1.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``deals`` (0 … the longest stay) with ``at_risk`` (stays
        on the barrel at the start of deal t: lifelines' ``event_table``
        ``at_risk``), ``followed`` (stays still on the barrel and observed
        after deal t, ``at_risk`` less those that ended or were censored at
        t: the "at risk" row lifelines prints under a survival plot at t),
        ``survival`` and, per cause k, ``cif_<k>`` (probabilities 0–1) and
        ``hazard_<k>`` (share per attempt).

    Raises
    ------
    ValueError
        On no stays, or an ending that is neither a cause nor ``open``.

    Examples
    --------
    >>> st = pd.DataFrame({"deals": [1, 1, 2, 3, 3],
    ...                    "ending": ["win", "barrel_fall", "open", "barrel_fall", "win"]})
    >>> aj = aalen_johansen(st, causes=("win", "barrel_fall"))
    >>> aj.loc[3, ["survival", "cif_win", "cif_barrel_fall"]].tolist()
    [0.0, 0.5, 0.5]
    """
    if len(stays) == 0:
        raise ValueError("no barrel stays")
    causes = tuple(causes)
    ending = stays["ending"].to_numpy().astype(str)
    bad = set(ending) - set(causes) - {"open"}
    if bad:
        raise ValueError(f"stays end in {sorted(bad)}, which are not among the causes")
    t = stays["deals"].to_numpy(np.int64)
    w = np.ones((1, len(t))) if weights is None else np.asarray(weights, np.float64)[None]
    grid = np.arange(int(t.max()) + 1)
    n_risk, h, cif, surv = _aj_core(t, ending, w, causes, grid)
    out = {"at_risk": n_risk[0], "followed": _followed(t, grid, w), "survival": surv[0]}
    for k, c in enumerate(causes):
        out[f"cif_{c}"] = cif[k, 0]
    for k, c in enumerate(causes):
        out[f"hazard_{c}"] = h[k, 0]
    return pd.DataFrame(out, index=pd.Index(grid, name="deals"))


def competing_table(stays: pd.DataFrame, boot, causes=ENDINGS, rules=None) -> pd.DataFrame:
    """:func:`aalen_johansen` with 95 % intervals from the games bootstrap.

    Parameters
    ----------
    stays : pandas.DataFrame
        :func:`barrel_stays` rows of the games behind ``boot``.
    boot : analysis.research.uncertainty.PoolBootstrap
        Of the same games table; a stay weighs its game's weight, and where
        pool deals repeat the intervals are widened by the design effect.
    causes : sequence of str
        Endings kept as causes (:func:`aalen_johansen`).
    rules : str or Rules, optional
        The games' rules.  Where they let no stay end before its first
        deal (:func:`ends_before_first_deal` is false), deal 0 is where the
        curves start, not an estimate: S(0) = 1, every incidence and
        hazard 0, with no interval (``ci_low = ci_high = p``).  Otherwise,
        or without ``rules``, deal 0 is estimated like every other deal
        (no stay ending there: exact bounds on the stays).  With
        ``rules``, an ending they forbid
        (:func:`analysis.research.barrel_rules.impossible_endings`) has
        incidence and hazard 0 at every deal, and S is 0 from the longest
        stay they allow (:func:`analysis.research.barrel_rules.longest_stay`) on: fixed by the rules, with
        no interval.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``measure``, ``deals``): measures ``survival``,
        ``cif_<k>``, ``hazard_<k>`` with ``p``, ``ci_low``, ``ci_high``,
        ``at_risk`` (stays on the barrel at the start of that deal),
        ``followed`` (stays still on the barrel after it, the count beside
        S(t)); see :func:`aalen_johansen`) and ``by_rule`` (bool: the value
        is fixed by the rules, not estimated; ``ci_low = ci_high = p``).

    Raises
    ------
    ValueError
        If a stay did what ``rules`` do not allow: ended before its first
        deal, ended in a forbidden way, or lasted longer than they allow.
    """
    causes = tuple(causes)
    est = aalen_johansen(stays, causes)
    t = stays["deals"].to_numpy(np.int64)
    known_start = rules is not None and not ends_before_first_deal(rules)
    if known_start and bool(((t == 0) & (stays["ending"].to_numpy().astype(str) != "open")).any()):
        raise ValueError("a stay ended before its first deal, which these rules do not allow")
    ending = stays["ending"].to_numpy().astype(str)
    never = impossible_endings(rules) if rules is not None else {}
    longest = longest_stay(rules) if rules is not None else None
    seen = sorted(set(ending) & set(never))
    if seen:
        raise ValueError(f"stays ended in {seen}, which these rules do not allow: {never}")
    if longest is not None and bool((t > longest).any()):
        raise ValueError(f"a stay lasted more than the {longest} deals these rules allow")
    w = boot.weights_for(stays["game_id"].to_numpy(np.int64)).astype(np.float64)
    grid = est.index.to_numpy()
    _, h, cif, surv = _aj_core(t, ending, w, causes, grid)
    reps = {"survival": surv}
    for k, c in enumerate(causes):
        reps[f"cif_{c}"] = cif[k]
        reps[f"hazard_{c}"] = h[k]
    frames = {}
    for name, r in reps.items():
        lo, hi = boot.interval(r)
        p = est[name].to_numpy()
        lo, hi = boot.widen(p, lo, hi)
        # none (or all) ended this way: exact bounds, not the bootstrap's 0–0
        trials = est["at_risk"].to_numpy() if name.startswith("hazard_") else np.full(len(p), float(len(t)))
        lo, hi = exact_bounds(p, lo, hi, trials / boot.design_effect, alpha=boot.alpha)
        fixed = np.zeros(len(grid), bool)
        if known_start:  # deal 0: the start of every curve, the same in every replicate
            fixed |= grid == 0
        if name.split("_", 1)[-1] in never:  # a forbidden ending: 0 at every deal
            fixed[:] = True
        if name == "survival" and longest is not None:  # nobody sits longer than the rules allow
            fixed |= grid >= longest
        lo, hi = np.where(fixed, p, lo), np.where(fixed, p, hi)
        frames[name] = pd.DataFrame(
            {
                "p": p,
                "ci_low": np.clip(lo, 0, 1),
                "ci_high": np.clip(hi, 0, 1),
                "at_risk": est["at_risk"].to_numpy(),
                "followed": est["followed"].to_numpy(),
                "by_rule": fixed,
            },
            index=pd.Index(grid, name="deals"),
        )
    return pd.concat(frames, names=["measure"])
