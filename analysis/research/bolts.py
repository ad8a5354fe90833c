"""Bolts (болт) from double-dummy solutions and from simulated games.

Two bolt definitions exist (RULES.md, "bolt means"): **zero points** (a
player ends the deal with 0 raw points, cards plus marriages; club,
classic) and **no trick** (he took no trick, even a trick worth 0 counts;
wiki, where the declarer can be bolted too).  From a solved pool,
:func:`deal_bolts` applies both definitions to the defenders of the deal's
declarer along the tie-broken line of DESIGN.md contract 3 (defenders avoid
bolts under the profile's own definition when it costs them nothing).  Who
declares is not in a solutions dataset; :func:`auction_declarer` takes the
seat whose double-dummy value is highest — the player who could bid
highest — as the declarer.

From games, :func:`game_figures` gives bolts and bolt penalties per 100
played deals and per game with the pool-aware intervals of the research
pages (:class:`analysis.research.uncertainty.PoolBootstrap`); every page
that prints bolts per 100 played deals reads them from
:func:`per_100_played`, so the same games give the same interval wherever
the figure is printed.  :func:`game_bolt_rates` gives Student-t intervals
over games (no pool deal repeated).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as _st

from ..game import players_in
from ..stats import bounded_mean_ci, proportion_ci

__all__ = [
    "auction_declarer",
    "deal_bolts",
    "bolt_table",
    "mean_ci",
    "game_bolt_rates",
    "per_100_played",
    "game_figures",
    "defender_gap",
    "GAME_FIGURES",
]

#: The figures of :func:`game_figures`, in display order: (label, unit).
GAME_FIGURES = (
    ("bolts per 100 played deals", "played deals"),
    ("bolt penalties per 100 played deals", "played deals"),
    ("bolts per 100 deals played out (no write-off)", "deals played out"),
    ("bolts per game", "games"),
    ("bolt penalties per game", "games"),
)


def auction_declarer(pool: pd.DataFrame) -> np.ndarray:
    """Seat with the highest double-dummy value in each pool deal.

    Parameters
    ----------
    pool : pandas.DataFrame
        One row per (deal, seat), all three seats of each deal, sorted by
        ``deal_id`` then ``seat`` (:func:`analysis.research.dd_pools.load_pool`).

    Returns
    -------
    ndarray of shape (n_deals,), int64
        Seat 0–2 (ties go to the earlier seat: the first hand bids first).

    Raises
    ------
    ValueError
        If the rows are not three seats per deal in order.
    """
    seat = pool["seat"].to_numpy()
    n = len(seat) // 3
    if len(seat) % 3 or not np.array_equal(seat, np.tile([0, 1, 2], n)):
        raise ValueError("the pool needs rows (deal, seat 0, 1, 2) sorted by deal and seat")
    return pool["value"].to_numpy(np.int64).reshape(n, 3).argmax(axis=1)


def deal_bolts(pool: pd.DataFrame, drop_redealt: bool = True) -> pd.DataFrame:
    """Bolts of the declarer's defenders (and of the declarer) per deal.

    Parameters
    ----------
    pool : pandas.DataFrame
        Solutions joined with deals, three sorted seats per deal, with the
        line columns ``left_points left_tricks right_points right_tricks
        declarer_tricks`` (≥ 0; −1 means the line was not computed).
    drop_redealt : bool
        Leave out deals the profile redeals before play (``redeal_forced``).

    Returns
    -------
    pandas.DataFrame
        One row per played deal: ``deal_id``, ``declarer`` (seat), ``value``
        (declarer's points), ``zero_points`` and ``no_trick`` (defenders
        bolted under each definition, 0–2, int64), ``declarer_no_trick``
        (bool: the declarer took no trick, a wiki bolt).

    Raises
    ------
    ValueError
        On a pool without lines or not sorted by deal and seat.
    """
    d = auction_declarer(pool)
    n = len(d)
    idx = np.arange(n) * 3 + d
    rows = pool.iloc[idx]
    cols = ["left_points", "left_tricks", "right_points", "right_tricks", "declarer_tricks"]
    arr = {c: rows[c].to_numpy(np.int64) for c in cols}
    if any((v < 0).any() for v in arr.values()):
        raise ValueError("the pool was solved without lines (points and tricks are -1)")
    out = pd.DataFrame(
        {
            "deal_id": rows["deal_id"].to_numpy(),
            "declarer": d,
            "value": rows["value"].to_numpy(np.int64),
            "zero_points": (arr["left_points"] == 0).astype(np.int64)
            + (arr["right_points"] == 0).astype(np.int64),
            "no_trick": (arr["left_tricks"] == 0).astype(np.int64)
            + (arr["right_tricks"] == 0).astype(np.int64),
            "declarer_no_trick": arr["declarer_tricks"] == 0,
        }
    )
    if drop_redealt and "redeal_forced" in rows:
        out = out[~rows["redeal_forced"].to_numpy()]
    return out.reset_index(drop=True)


def bolt_table(bolts: pd.DataFrame) -> pd.DataFrame:
    """P(a defender is bolted) under each definition, and bolts per 100 deals.

    Parameters
    ----------
    bolts : pandas.DataFrame
        :func:`deal_bolts` rows.

    Returns
    -------
    pandas.DataFrame
        Indexed by definition (``zero points``, ``no trick``, ``declarer:
        no trick``) with ``count`` (bolts), ``of`` (defender-deals, or
        deals for the declarer), ``deals`` (played deals), ``p`` with 95 % ``ci_low``/``ci_high``
        (Wilson; Clopper–Pearson near 0), and ``per_100_deals`` with its
        interval (``p`` times 200 defenders, or 100 declarers, per 100
        deals).

    Raises
    ------
    ValueError
        If there are no deals.
    """
    n = len(bolts)
    if n == 0:
        raise ValueError("no played deals to count bolts in")
    k = np.array(
        [bolts["zero_points"].sum(), bolts["no_trick"].sum(), bolts["declarer_no_trick"].sum()],
        dtype=np.int64,
    )
    of = np.array([2 * n, 2 * n, n], dtype=np.int64)
    lo, hi = proportion_ci(k, of)
    scale = 100 * of / n
    return pd.DataFrame(
        {
            "count": k,
            "of": of,
            "deals": np.full(3, n, dtype=np.int64),
            "p": k / of,
            "ci_low": lo,
            "ci_high": hi,
            "per_100_deals": k / of * scale,
            "per_100_low": lo * scale,
            "per_100_high": hi * scale,
        },
        index=pd.Index(["zero points", "no trick", "declarer: no trick"], name="bolt definition"),
    )


def mean_ci(x, alpha: float = 0.05) -> tuple[float, float, float]:
    """Mean of a sample with its Student-t interval.

    Parameters
    ----------
    x : array-like of float, shape (n,)

    Returns
    -------
    (mean, low, high) : floats (the interval is the mean itself when n = 1
        or the sample is constant)

    Raises
    ------
    ValueError
        On an empty sample.
    """
    x = np.asarray(x, dtype=np.float64)
    if x.size == 0:
        raise ValueError("mean_ci needs at least one value")
    if x.size == 1:
        return float(x[0]), float(x[0]), float(x[0])
    return bounded_mean_ci(x, -np.inf, np.inf, alpha=alpha)  # the t interval, unbounded


def _events_of(events: pd.Series, kind: str) -> np.ndarray:
    return events.str.count(rf"(?:^|;){kind}:").to_numpy(np.int64)


def game_bolt_rates(games: pd.DataFrame) -> pd.DataFrame:
    """Bolts and bolt penalties per 100 played deals and per game.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``bolt0..2``, ``bolt3`` at four, ``event``,
        ``redealt``, ``game_id``).

    Returns
    -------
    pandas.DataFrame
        Rows ``bolts`` and ``penalties`` (events ``bolt_penalty``), columns
        ``per_100_deals`` and ``per_game`` each with ``_low``/``_high``
        (95 % Student-t intervals over games: games are independent, the
        deals of one game are not), and ``games``, ``played_deals``.

    Raises
    ------
    ValueError
        On an empty table.
    """
    if games.empty:
        raise ValueError("the games table is empty")
    g = games.assign(
        _bolts=games[[f"bolt{p}" for p in range(players_in(games))]].sum(axis=1).astype(np.int64),
        _pen=_events_of(games["event"].fillna(""), "bolt_penalty"),
        _played=~games["redealt"].to_numpy(),
    )
    per = g.groupby("game_id")[["_bolts", "_pen", "_played"]].sum()
    deals = per["_played"].to_numpy(np.float64)
    out = {}
    for name, col in (("bolts", "_bolts"), ("penalties", "_pen")):
        k = per[col].to_numpy(np.float64)
        m, lo, hi = mean_ci(k)
        # ratio estimator per 100 deals with a delta-method (linearised) interval
        ratio = k.sum() / deals.sum()
        resid = k - ratio * deals
        se = np.sqrt((resid**2).sum() / max(len(k) - 1, 1) / len(k)) / deals.mean()
        h = float(_st.t.ppf(0.975, max(len(k) - 1, 1))) * se
        out[name] = {
            "per_100_deals": 100 * ratio,
            "per_100_deals_low": 100 * (ratio - h),
            "per_100_deals_high": 100 * (ratio + h),
            "per_game": m,
            "per_game_low": lo,
            "per_game_high": hi,
        }
    df = pd.DataFrame(out).T
    df["games"] = len(per)
    df["played_deals"] = int(deals.sum())
    return df


def _played_bolts(games: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Per row of a games table: played (1 or 0) and every player's bolts in the deal, float64."""
    played = (~games["redealt"].to_numpy(bool)).astype(np.float64)
    bolted = games[[f"bolt{q}" for q in range(players_in(games))]].to_numpy(bool).sum(axis=1) * played
    return played, bolted


def per_100_played(games: pd.DataFrame, boot) -> tuple[float, float, float]:
    """Bolts (every player's) per 100 played deals, with the page's interval.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``bolt0..2``, ``bolt3`` at
        four, ``redealt``, ``game_id``, ``pool_deal``).
    boot : analysis.research.uncertainty.PoolBootstrap
        Of the same games table: the ratio of row sums over its replicates
        (:meth:`~analysis.research.uncertainty.PoolBootstrap.ratio`).

    Returns
    -------
    (estimate, low, high) : floats
        Per 100 played deals, 95 % interval (or ``boot``'s level).

    Raises
    ------
    ValueError
        If no deal was played or ``boot`` is of another table (row count).
    """
    played, bolted = _played_bolts(games)
    m, lo, hi = boot.ratio(bolted, played)
    return 100 * m, 100 * lo, 100 * hi


def game_figures(games: pd.DataFrame, boot) -> pd.DataFrame:
    """The bolt figures of a games table (:data:`GAME_FIGURES`) with their intervals.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``bolt*``, ``event``,
        ``redealt``, ``written_off``, ``game_id``, ``pool_deal``).
    boot : analysis.research.uncertainty.PoolBootstrap
        Of the same games table.  Figures made of deals are ratios of row
        sums (game and deal weights); bolts per game is a mean over games
        and bolt penalties per game are means over games (widened where
        pool deals repeat).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``figure`` (the labels of :data:`GAME_FIGURES`) with
        ``value``, ``low``, ``high`` in the figure's unit (per 100 deals,
        per game), ``n`` (int64: played deals, deals played out or games)
        and ``of`` (what ``n`` counts).

    Raises
    ------
    ValueError
        If no deal was played or ``boot`` is of another table.
    """
    played, bolted = _played_bolts(games)
    out_ = played * (~games["written_off"].to_numpy(bool))
    pen = _events_of(games["event"].fillna(""), "bolt_penalty").astype(np.float64)
    gid = games["game_id"].to_numpy()
    per_game = pd.Series(bolted).groupby(gid).sum().reindex(boot.game_ids).to_numpy(np.float64)
    pen_game = pd.Series(pen * played).groupby(gid).sum().reindex(boot.game_ids).to_numpy(np.float64)
    cells = {
        "bolts per 100 played deals": per_100_played(games, boot),
        "bolt penalties per 100 played deals": [100 * v for v in boot.ratio(pen, played)],
        "bolts per 100 deals played out (no write-off)": [100 * v for v in boot.ratio(bolted * out_, out_)],
        "bolts per game": boot.game_mean(per_game),
        "bolt penalties per game": boot.game_mean(pen_game),
    }
    n = {"played deals": played.sum(), "deals played out": out_.sum(), "games": boot.games}
    rows = [(k, *cells[k], int(n[unit]), unit) for k, unit in GAME_FIGURES]
    out = pd.DataFrame(rows, columns=["figure", "value", "low", "high", "n", "of"])
    return out.astype({"n": np.int64}).set_index("figure")


def defender_gap(games: pd.DataFrame, p_dd: float, boot=None) -> pd.DataFrame:
    """From the double-dummy share of bolted defenders to the games' share, in two parts.

    Among the defender seats of the deals games play out (no redeal, no
    write-off), ``s_bar`` is the share whose player sat on the barrel when
    the deal began, ``p_free`` the share bolted among those not on the
    barrel, ``p_bar`` among those on it (0 unless the rules count barrel
    bolts, ``barrel_bolts``) and ``p_game`` among all:
    ``p_game = p_free (1 - s_bar) + p_bar s_bar``, so the gap to the
    double-dummy share ``p_dd`` splits exactly into

    - **play**: ``p_dd - p_free``, the contracts and the play of the games
      against the double-dummy line of the strongest hand;
    - **barrel**: ``(p_free - p_bar) s_bar``, the defenders the barrel
      keeps from a bolt (RULES.md, club, barrel: no bolts on the barrel).

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` in game and deal order
        (``bolt*``, ``barrel*``, ``declarer``, ``redealt``, ``written_off``).
    p_dd : float
        The double-dummy share of bolted defenders (:func:`bolt_table`).
    boot : analysis.research.uncertainty.PoolBootstrap, optional
        Of ``games``: adds ``low`` and ``high`` (95 % percentile intervals
        of each part over its replicates; ``p_dd`` held fixed).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``p_dd``, ``p_free``, ``play``, ``s_bar``, ``p_bar``,
        ``barrel``, ``p_game`` (shares 0–1; ``play`` + ``barrel`` =
        ``p_dd`` − ``p_game``), column ``value`` (and ``low``, ``high``),
        and ``attrs["defenders"]`` the defender seats counted.

    Raises
    ------
    ValueError
        If no deal was played out.
    """
    n = players_in(games)
    gid = games["game_id"].to_numpy()
    new = np.r_[True, gid[1:] != gid[:-1]] if len(gid) else np.zeros(0, bool)
    bar = games[[f"barrel{q}" for q in range(n)]].to_numpy(np.int64)
    before = np.vstack([np.full((1, n), -1), bar[:-1]]) if len(bar) else bar
    before[new] = -1  # a game starts with nobody on the barrel
    bolted = games[[f"bolt{q}" for q in range(n)]].to_numpy(bool)
    decl = games["declarer"].to_numpy(np.int64)
    out_ = ~games["redealt"].to_numpy(bool) & ~games["written_off"].to_numpy(bool)
    seat = np.arange(n)[None, :]
    resting = (seat == games["dealer"].to_numpy(np.int64)[:, None]) if n == 4 else np.zeros_like(bolted)
    defender = out_[:, None] & (seat != decl[:, None]) & ~resting  # (rows, players)
    on_bar = defender & (before >= 0)
    free = defender & ~on_bar
    if defender.sum() == 0:
        raise ValueError("no deal was played out: no defenders to count")
    # per row: defenders, on the barrel, bolted off / on the barrel
    cols = np.stack(
        [defender.sum(1), on_bar.sum(1), (bolted & free).sum(1), (bolted & on_bar).sum(1)], axis=1
    ).astype(np.float64)

    def parts(c):  # c: (..., 4) column sums
        d, b, bf, bb = (c[..., i] for i in range(4))
        with np.errstate(invalid="ignore", divide="ignore"):
            p_free = bf / (d - b)
            p_bar = np.where(b > 0, bb / np.where(b > 0, b, 1), 0.0)
            s_bar = b / d
            p_game = (bf + bb) / d
        return {
            "p_dd": np.full_like(d, p_dd),
            "p_free": p_free,
            "play": p_dd - p_free,
            "s_bar": s_bar,
            "p_bar": p_bar,
            "barrel": (p_free - p_bar) * s_bar,
            "p_game": p_game,
        }

    est = parts(cols.sum(0))
    frame = pd.DataFrame({"value": {k: float(v) for k, v in est.items()}})
    if boot is not None:
        rep = parts(boot.row_weights().astype(np.float64) @ cols)
        for k, r in rep.items():
            lo, hi = boot.interval(r)
            frame.loc[k, "low"], frame.loc[k, "high"] = float(lo), float(hi)
    frame.attrs["defenders"] = int(cols[:, 0].sum())
    return frame
