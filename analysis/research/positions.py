"""Win shares by position, and a table's game figures, at three or four players.

A games table seats three players, or four when it has player 3's columns
(``score3``; DESIGN.md, contract 9): at four the dealer rests on the widow
and the other three play the deal (RULES.md, "Four players").  The deal
moves one seat after every completed deal, so a game's *positions* are
counted from its first dealer: the **first hand** of deal 0 (the player
after the dealer), the **second hand**, at four the **third hand**, and the
**first dealer** himself.  Over many games a fair table gives each
position ``1 / players`` of the wins: a third at three, a quarter at four.

:func:`position_wins` gives those shares with intervals;
:func:`table_figures` puts them beside the table's other game figures
(bolts per 100 played deals, barrel entries per game, the share of barrel
stays won), so a table of three and one of four read side by side.  Every
interval comes from :class:`analysis.research.uncertainty.PoolBootstrap`,
as on the other research pages.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..game import players_in
from .bolts import per_100_played
from .survival import ENDINGS, barrel_stays, competing_table

__all__ = ["POSITIONS", "position_wins", "table_figures"]

#: Positions relative to a game's first dealer, by players at the table.
POSITIONS = {
    3: ("first hand", "second hand", "first dealer"),
    4: ("first hand", "second hand", "third hand", "first dealer"),
}


def _per_game(games: pd.DataFrame, boot) -> pd.DataFrame:
    """Winner's position and the game's figures, one row per game in ``boot``'s order."""
    g = games.sort_values(["game_id", "deal_no"], kind="stable")
    last = g.groupby("game_id").tail(1).set_index("game_id")
    first_dealer = g.groupby("game_id")["dealer"].first()
    if not np.array_equal(last.index.to_numpy(np.int64), boot.game_ids):
        raise ValueError("the bootstrap was made of another games table (its game ids differ)")
    winner = last["winner"].to_numpy(np.int64)
    n = players_in(games)
    return pd.DataFrame(
        {
            "finished": winner >= 0,
            "position": np.where(winner >= 0, (winner - first_dealer.loc[last.index].to_numpy() - 1) % n, -1),
        },
        index=last.index,
    )


def position_wins(games: pd.DataFrame, boot) -> pd.DataFrame:
    """Share of the finished games each position wins, with its interval.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` or a ``games`` dataset
        (``game_id``, ``deal_no``, ``dealer``, ``winner``; three players, or
        four with player 3's columns).
    boot : analysis.research.uncertainty.PoolBootstrap
        Of the same games table; its ``alpha`` sets the interval's level.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``position`` (:data:`POSITIONS` of the table's players)
        with ``wins`` (int64), ``of`` (finished games, int64), ``p`` (share
        0–1), ``ci_low``, ``ci_high`` (bootstrap over games, widened where
        pool deals repeat; exact bounds at 0 wins) and ``par`` (1 /
        players: the share of a fair table).

    Raises
    ------
    ValueError
        If no game finished, or ``boot`` is of other games.

    Examples
    --------
    >>> from analysis.research.uncertainty import PoolBootstrap
    >>> g = pd.DataFrame({"game_id": [0, 0, 1, 2], "deal_no": [0, 1, 0, 0],
    ...                   "dealer": [2, 0, 0, 1], "winner": [-1, 0, 1, 1],
    ...                   "pool_deal": [5, 6, 7, 8]})
    >>> t = position_wins(g, PoolBootstrap(g, n_boot=50))
    >>> t["wins"].tolist(), int(t["of"].iloc[0]), t["par"].round(4).tolist()
    ([2, 0, 1], 3, [0.3333, 0.3333, 0.3333])
    """
    per = _per_game(games, boot)
    fin = per["finished"].to_numpy(np.float64)
    if fin.sum() == 0:
        raise ValueError("no game finished: win shares need a winner")
    names = POSITIONS[players_in(games)]
    rows = []
    for j, name in enumerate(names):
        won = ((per["position"] == j) & per["finished"]).to_numpy(np.float64)
        p, lo, hi = boot.game_mean(won, fin)
        rows.append(
            {
                "position": name,
                "wins": int(won.sum()),
                "of": int(fin.sum()),
                "p": p,
                "ci_low": lo,
                "ci_high": hi,
                "par": 1 / len(names),
            }
        )
    return pd.DataFrame(rows).set_index("position")


def table_figures(games: pd.DataFrame, boot) -> pd.DataFrame:
    """The game figures of one table, for three and four players side by side.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``bolt0..2``, ``bolt3`` and
        ``barrel3`` at four, ``event``, ``redealt``, ``pool_deal``).
    boot : analysis.research.uncertainty.PoolBootstrap
        Of the same games table; its ``alpha`` sets the intervals' level.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``figure``: ``won by the <position>`` (one row per
        position of :data:`POSITIONS`, a share of finished games), ``bolts
        per 100 played deals`` (all players), ``barrel entries per game``
        and ``barrel stays won`` (the cumulative incidence of a win by the
        longest stay, Aalen–Johansen: :func:`analysis.research.survival.competing_table`);
        columns ``value`` (shares 0–1, rates as named), ``low``, ``high``,
        ``share`` (bool: a share rather than a rate), ``n`` (int64: finished
        games, played deals, games or stays behind the figure) and ``of``
        (what ``n`` counts).  A table where nobody reached the barrel has no
        stays row.

    Raises
    ------
    ValueError
        If no game finished, or ``boot`` is of other games.
    """
    rows = []
    wins = position_wins(games, boot)
    for name, r in wins.iterrows():
        rows.append((f"won by the {name}", r.p, r.ci_low, r.ci_high, True, r.of, "finished games"))
    m, lo, hi = per_100_played(games, boot)  # as the bolts page computes it
    played = int((~games["redealt"].to_numpy(bool)).sum())
    rows.append(("bolts per 100 played deals", m, lo, hi, False, played, "played deals"))
    entries = games["event"].fillna("").str.count(r"(?:^|;)barrel_enter:").to_numpy(np.float64)
    per_game = pd.Series(entries).groupby(games["game_id"].to_numpy()).sum().reindex(boot.game_ids)
    m, lo, hi = boot.game_mean(per_game.to_numpy(np.float64))
    rows.append(("barrel entries per game", m, lo, hi, False, boot.games, "games"))
    stays = barrel_stays(games)
    if len(stays):
        t = competing_table(stays, boot, ENDINGS)
        win = t.loc["cif_win"].iloc[-1]
        rows.append(("barrel stays won", win.p, win.ci_low, win.ci_high, True, len(stays), "barrel stays"))
    out = pd.DataFrame(rows, columns=["figure", "value", "low", "high", "share", "n", "of"])
    return out.astype({"n": np.int64}).set_index("figure")
