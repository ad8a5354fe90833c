"""Per-game figures of a games table, and their paired comparison.

Every game metric is a ratio of two per-game sums, ``R = sum(num) /
sum(den)``: a mean per game has ``den = 1`` (deals per game), a share has
the count it is a share of (write-offs per played deal).  Its interval is
the delta method's: game ``g`` contributes ``z_g = (num_g - R den_g) /
mean(den)``, and ``R ± t * sd(z) / sqrt(n)`` (Student t, n - 1 degrees of
freedom).  Two rule sets that played the same game ids compare through the
per-game difference ``z_b - z_a`` (paired: common random numbers), and the
same two samples taken as independent give the unpaired interval
``sqrt(se_a² + se_b²)``.  The pooled value equals the figure
``thousand simulate`` prints for the same games (``analysis.game.summarize``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..game import repeat_counts

__all__ = ["GAME_METRICS", "per_game", "ratio_ci", "paired_ci", "pool_reuse"]

#: Barrel events that end a stay -> the metric's suffix (RULES.md, barrel;
#: the event names of :mod:`analysis.scoring`), ``open`` for a stay still
#: running when the game ended (censored).
STAY_ENDINGS = {
    "win": "win",
    "barrel_fall": "fall",
    "knocked_off": "knocked_off",
    "failed_contract": "failed_contract",
    "barrel_write_off": "write_off",
    "barrel_exit": "exit",
    "open": "open",
}

#: Redeal reasons of the games rows (``redeal_reason``, docs/DATA.md).
REDEAL_REASONS = ("bidding", "widow", "exchange", "gift")

#: Game metric -> (numerator column, denominator column, what it is) of :func:`per_game`.
GAME_METRICS: dict[str, tuple[str, str, str]] = {
    "deals_per_game": ("deals", "one", "deals dealt per game, redeals included"),
    "played_per_game": ("played", "one", "deals played per game (a declarer, not redealt)"),
    "finished_share": ("finished", "one", "games someone won (the rest hit the deal cut-off)"),
    "win_first_hand": ("win_first_hand", "one", "games won by the first hand of deal 0"),
    "win_second_hand": ("win_second_hand", "one", "games won by the player left of the first hand"),
    "win_third_hand": ("win_third_hand", "one", "games won by the third hand of deal 0 (a table of four)"),
    "win_first_dealer": ("win_first_dealer", "one", "games won by the first dealer"),
    "bolts_per_game": ("bolts", "one", "bolts collected per game, all players"),
    "bolt_penalties_per_game": ("penalties", "one", "bolt penalties per game, all players"),
    "barrel_entries_per_game": ("barrel_entries", "one", "barrel entries per game"),
    **{
        f"stay_end_{s}": (f"stay_{s}", "stays", f"barrel stays ending by {e} (competing risks)")
        for e, s in STAY_ENDINGS.items()
    },
    "write_offs_per_game": ("write_offs", "one", "contracts written off per game (crossings apart)"),
    "write_off_share": ("write_offs", "played", "write-offs per played deal (crossings apart)"),
    "crossings_per_game": ("crossings", "one", "contracts crossed per game (crossing, «крещусь»)"),
    "crossing_share": ("crossings", "played", "crossings per played deal (crossing, «крещусь»)"),
    "redeal_share": ("redealt", "deals", "deals redealt per deal dealt"),
    **{
        f"redeal_share_{r}": (f"redeal_{r}", "deals", f"deals redealt at the {r} stage per deal dealt")
        for r in REDEAL_REASONS
    },
    "made_share": ("made", "real", "contracts made per played deal not written off"),
    "mean_bid": ("bid_sum", "played", "mean winning bid of a played deal, points"),
    "mean_contract": ("contract_sum", "played", "mean final contract of a played deal, points"),
    "loser_mean_score": ("loser_sum", "losers", "mean final score of a finished game's losers, points"),
}


def _count(events: pd.Series, kind: str) -> np.ndarray:
    return events.str.count(rf"(?:^|;){kind}:").to_numpy(np.int64)


def per_game(games: pd.DataFrame) -> pd.DataFrame:
    """The per-game sums the game metrics are ratios of.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` or a ``games`` dataset
        (three players, or four with player 3's columns: the first dealer
        is then the position before the first hand, and the third hand the
        one before the first dealer).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``game_id`` (sorted), float64 columns: ``one``,
        ``deals``, ``played``, ``finished``, ``win_first_hand``,
        ``win_second_hand``, ``win_first_dealer`` and, at four only,
        ``win_third_hand`` (0/1), ``bolts``,
        ``penalties``, ``barrel_entries``, ``stays`` and ``stay_<ending>``
        (:data:`STAY_ENDINGS`, counted as ``thousand simulate`` counts
        them: an arrival knocked off at once for want of a seat is no stay,
        a 'win' by four marriages no barrel ending), ``write_offs`` (real
        write-offs), ``crossings`` (give-ups scored as a crossing, event
        ``crossed``, ``rules.crossing``),
        ``redealt``, ``redeal_<reason>``, ``real`` (played, not written
        off, with a value), ``made``, ``bid_sum``, ``contract_sum``
        (points), ``losers`` (2, at four 3, in a finished game, else 0) and
        ``loser_sum`` (their final scores, points).
    """
    g = games.sort_values(["game_id", "deal_no"], kind="stable").reset_index(drop=True)
    ev = g["event"].fillna("").astype(str)
    played = ~g["redealt"].to_numpy(bool)
    gave_up = g["written_off"].to_numpy(bool) & played
    # a give-up is a crossing where the rules allow one (event crossed:N), else a write-off
    crossed = gave_up & (_count(ev, "crossed") > 0)
    wo = gave_up & ~crossed
    real = played & ~gave_up & (g["value"].to_numpy() >= 0)
    made = real & (g["value"].to_numpy() >= g["contract"].to_numpy())
    gid = g["game_id"].to_numpy(np.int64)
    # arrivals knocked off without a seat: knocked_off:p while p was not sitting
    arrivals = np.zeros(len(g), np.int64)
    n = 4 if "score3" in g.columns else 3  # a table of four (contract 9)
    for p in range(n):
        hit = ev.str.contains(f"knocked_off:{p}", regex=False).to_numpy()
        before = g.groupby("game_id")[f"barrel{p}"].shift(1, fill_value=-1).to_numpy()
        arrivals += hit & (before < 0)
    cols = {
        "deals": np.ones(len(g)),
        "played": played,
        "bolts": g[[f"bolt{p}" for p in range(n)]].to_numpy(bool).sum(axis=1),
        "penalties": _count(ev, "bolt_penalty"),
        "barrel_entries": _count(ev, "barrel_enter"),
        "write_offs": wo,
        "crossings": crossed,
        "redealt": ~played,
        **{f"redeal_{r}": (g["redeal_reason"] == r).to_numpy() for r in REDEAL_REASONS},
        "real": real,
        "made": made,
        "bid_sum": np.where(played, g["bid"].to_numpy(np.float64), 0.0),
        "contract_sum": np.where(played, g["contract"].to_numpy(np.float64), 0.0),
    }
    for e, s in STAY_ENDINGS.items():
        if e != "open":
            cols[f"stay_{s}"] = _count(ev, e)
    cols["stay_knocked_off"] = cols["stay_knocked_off"] - arrivals
    cols["stay_win"] = cols["stay_win"] - _count(ev, "four_marriages")
    rows = pd.DataFrame({k: np.asarray(v, np.float64) for k, v in cols.items()})
    rows["game_id"] = gid
    per = rows.groupby("game_id").sum()
    last = g.groupby("game_id").tail(1).set_index("game_id").loc[per.index]
    winner = last["winner"].to_numpy(np.int64)
    fin = winner >= 0
    first_dealer = g.groupby("game_id")["dealer"].first().loc[per.index].to_numpy(np.int64)
    rel = (winner - first_dealer - 1) % n
    per["one"] = 1.0
    per["finished"] = fin.astype(np.float64)
    for j, name in zip((0, 1, n - 1), ("win_first_hand", "win_second_hand", "win_first_dealer"), strict=True):
        per[name] = (fin & (rel == j)).astype(np.float64)
    if n == 4:
        per["win_third_hand"] = (fin & (rel == 2)).astype(np.float64)
    sit = last[[f"barrel{p}" for p in range(n)]].to_numpy() >= 0
    sit[np.flatnonzero(fin), winner[fin]] = False  # the winner's stay ended with the win
    per["stay_open"] = sit.sum(axis=1).astype(np.float64)
    per["stays"] = per[[f"stay_{s}" for s in STAY_ENDINGS.values()]].sum(axis=1)
    scores = last[[f"score{p}" for p in range(n)]].to_numpy(np.float64)
    per["losers"] = np.where(fin, n - 1.0, 0.0)
    total = scores.sum(axis=1)
    won = np.where(fin, scores[np.arange(len(per)), np.clip(winner, 0, n - 1)], 0.0)
    per["loser_sum"] = np.where(fin, total - won, 0.0)
    return per


def _t(n: int, alpha: float) -> float:
    return float(stats.t.ppf(1 - alpha / 2, n - 1)) if n > 1 else np.nan


def ratio_ci(num, den, alpha: float = 0.05) -> tuple[float, float, float, np.ndarray]:
    """Ratio of sums with its delta-method interval.

    Parameters
    ----------
    num, den : array_like of shape (n,)
        Per-unit (game or deal) numerator and denominator.
    alpha : float
        1 − confidence level.

    Returns
    -------
    (value, low, high, z)
        ``value = sum(num) / sum(den)`` (NaN when ``sum(den)`` is 0), its
        interval, and the per-unit influence ``z`` (shape (n,)) whose mean
        standard error is the value's.

    Examples
    --------
    >>> v, lo, hi, _ = ratio_ci([1, 0, 1, 0], [1, 1, 1, 1])
    >>> v, round(hi - v, 3) == round(v - lo, 3)
    (0.5, True)
    """
    num = np.asarray(num, np.float64)
    den = np.asarray(den, np.float64)
    n = num.size
    d = den.sum()
    if n == 0 or d == 0:
        return np.nan, np.nan, np.nan, np.zeros(n)
    r = num.sum() / d
    z = (num - r * den) / (d / n)
    half = _t(n, alpha) * z.std(ddof=1) / np.sqrt(n) if n > 1 else np.nan
    return float(r), float(r - half), float(r + half), z


def paired_ci(z_base, z_other, alpha: float = 0.05) -> tuple[float, float]:
    """Half-widths of a difference of two ratios: paired, and as if unpaired.

    Parameters
    ----------
    z_base, z_other : ndarray of shape (n,)
        :func:`ratio_ci` influences of the same units (same game ids).

    Returns
    -------
    (paired_half, unpaired_half) : float
        ``t * sd(z_other - z_base) / sqrt(n)`` and ``t * sqrt(var(z_base) +
        var(z_other)) / sqrt(n)``; 0 and 0 for identical samples.
    """
    n = len(z_base)
    if n < 2:
        return np.nan, np.nan
    t = _t(n, alpha)
    paired = t * np.std(z_other - z_base, ddof=1) / np.sqrt(n)
    unpaired = t * np.sqrt(np.var(z_base, ddof=1) + np.var(z_other, ddof=1)) / np.sqrt(n)
    return float(paired), float(unpaired)


def pool_reuse(games: pd.DataFrame) -> tuple[float, float]:
    """How much a games table reuses its pool's deals.

    Parameters
    ----------
    games : pandas.DataFrame
        Games rows with ``redealt`` and ``pool_deal`` (−1 for a deal solved
        or played on the fly: never a repeat).

    Returns
    -------
    (repeat_share, design_effect) : float
        ``repeat_share``: played pool draws that repeat an earlier draw (as
        ``thousand simulate`` prints it, ``pool_repeat_share`` of
        :func:`analysis.game.summarize`); ``design_effect``: played draws
        per distinct deal (1 with no repeat).  Games that share a deal share
        its outcome, so a game figure's standard error is at most
        ``sqrt(design_effect)`` times the one that takes the games as
        independent (:mod:`analysis.research.uncertainty`, the bound it
        applies to whole-game figures).

    Examples
    --------
    >>> g = pd.DataFrame({"redealt": [False, False, False, True], "pool_deal": [5, 5, 7, 5]})
    >>> share, deff = pool_reuse(g)
    >>> round(share, 6), deff
    (0.333333, 1.5)
    """
    draws, distinct, _ = repeat_counts(
        games["pool_deal"].to_numpy(np.int64)[~games["redealt"].to_numpy(bool)]
    )
    if draws == 0:
        return 0.0, 1.0
    return float(1 - distinct / draws), float(draws / distinct)
