"""Paired comparisons of two conventions on the same random deals.

Game ``g`` of a root seed draws its first dealer and its deals from its own
stream (:func:`analysis.game.game_rng`), whatever the rules, so a baseline
and a variant simulated with the same seed and pool start every game from
the same cards: *common random numbers*.  The two games stay alike until
the convention makes a decision differ, so per-game differences vary far
less than two independent samples would, and the interval of the mean
difference (paired Student t) is narrower.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..game import players_in
from .bolts import mean_ci

__all__ = ["game_metrics", "paired_differences"]


def game_metrics(games: pd.DataFrame) -> pd.DataFrame:
    """One row of outcome measures per game.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate`.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``game_id``: ``deals`` (rows, redeals included),
        ``played`` (deals played), ``bolts`` (all players), ``penalties``
        (bolt penalties), ``barrel_entries``, ``finished`` (1.0 when someone
        won) and ``win_first_hand``, ``win_second``, ``win_dealer``
        (1.0 for the winner's position relative to the game's first dealer:
        the first hand of deal 0, the next seat, the first dealer), and at
        a table of four (player 3's columns) ``win_third``, the seat before
        the first dealer.
    """
    g = games
    n = players_in(g)
    ev = g["event"].fillna("")
    tmp = pd.DataFrame(
        {
            "game_id": g["game_id"].to_numpy(),
            "deals": 1,
            "played": (~g["redealt"]).astype(np.int64).to_numpy(),
            "bolts": g[[f"bolt{p}" for p in range(n)]].sum(axis=1).astype(np.int64).to_numpy(),
            "penalties": ev.str.count(r"(?:^|;)bolt_penalty:").to_numpy(),
            "barrel_entries": ev.str.count(r"(?:^|;)barrel_enter:").to_numpy(),
        }
    )
    per = tmp.groupby("game_id").sum().astype(np.float64)
    last = g.groupby("game_id").tail(1).set_index("game_id")
    first_dealer = g.groupby("game_id")["dealer"].first()
    winner = last["winner"].to_numpy()
    rel = (winner - first_dealer.reindex(last.index).to_numpy() - 1) % n
    per["finished"] = (winner >= 0).astype(np.float64)
    for j, name in zip((0, 1, n - 1), ("win_first_hand", "win_second", "win_dealer"), strict=True):
        per[name] = ((winner >= 0) & (rel == j)).astype(np.float64)
    if n == 4:
        per["win_third"] = ((winner >= 0) & (rel == 2)).astype(np.float64)
    return per


def paired_differences(
    base: pd.DataFrame, variant: pd.DataFrame, measures=None, alpha: float = 0.05
) -> pd.DataFrame:
    """Mean of each measure under both conventions and their paired difference.

    Parameters
    ----------
    base, variant : pandas.DataFrame
        :func:`game_metrics` of the same game ids (same seed and pool).
    measures : sequence of str, optional
        Columns to compare (default: all).
    alpha : float
        1 − confidence level.

    Returns
    -------
    pandas.DataFrame
        Indexed by measure: ``base``, ``variant`` (means per game),
        ``diff`` (variant − base) with ``diff_low``/``diff_high`` (paired
        Student-t interval over games), ``unpaired_half`` (the half-width an
        independent-samples comparison of the same sizes would have, to
        show what the pairing buys) and ``games``.

    Raises
    ------
    ValueError
        If the game ids differ or there are none.
    """
    if len(base) == 0 or not base.index.equals(variant.index):
        raise ValueError("paired comparison needs the same non-empty set of game ids")
    measures = list(measures or base.columns)
    rows = {}
    n = len(base)
    for m in measures:
        a = base[m].to_numpy(np.float64)
        b = variant[m].to_numpy(np.float64)
        d, lo, hi = mean_ci(b - a, alpha)
        ma, la, _ = mean_ci(a, alpha)
        mb, lb, _ = mean_ci(b, alpha)
        unpaired = np.hypot(ma - la, mb - lb)
        rows[m] = {
            "base": ma,
            "variant": mb,
            "diff": d,
            "diff_low": lo,
            "diff_high": hi,
            "unpaired_half": unpaired,
            "games": n,
        }
    return pd.DataFrame(rows).T.astype({"games": np.int64})
