"""Table states with known winners, from simulated games.

Every played deal of a finished game starts from a table state whose
winner is known: the game's.  The ``games`` rows (``docs/DATA.md``)
record the scores and barrel attempts *after* each deal but not the bolt
counters or failed stays, so :func:`game_states` replays each game through
:func:`analysis.scoring.apply_deal` from a fresh table and checks that the
replay gives the recorded scores and barrel attempts after every deal.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
import pandas as pd

from ..errors import BadArgument
from ..scoring import DealOutcome, TableState, apply_deal

__all__ = ["game_states"]


_Row = namedtuple(
    "_Row",
    "game_id deal_no dealer redealt declarer bid contract written_off raw0 raw1 raw2 "
    "tricks0 tricks1 tricks2 event winner score0 score1 score2 barrel0 barrel1 barrel2",
)


def _four_marriages(event: str) -> int:
    for part in event.split(";"):
        if part.startswith("four_marriages:"):
            return int(part.split(":")[1])
    return -1


def _outcome(row) -> DealOutcome:
    if row.redealt:
        return DealOutcome(redeal=True)
    return DealOutcome(
        declarer=int(row.declarer),
        contract=int(row.contract),
        bid=int(row.bid),
        written_off=bool(row.written_off),
        raw=(row.raw0, row.raw1, row.raw2),
        tricks=(row.tricks0, row.tricks1, row.tricks2),
        four_marriages=_four_marriages(row.event),
    )


def game_states(rules, games: pd.DataFrame) -> dict:
    """The state before every played deal of every finished game.

    Parameters
    ----------
    rules : Rules
        The rules the games were simulated under.
    games : pandas.DataFrame
        ``games`` rows (:func:`analysis.game.simulate` or a games dataset),
        all columns of :data:`analysis.game.GAME_COLUMNS`.

    Returns
    -------
    dict
        ``scores`` (n, 3) float64, ``barrel``, ``bolts``, ``failed_stays``
        (n, 3) int64, ``dealer`` (n,) int64 (as
        :func:`analysis.equity.features.state_arrays`), ``winner`` (n,)
        int64 (the game's winner, player 0..2), ``game_id`` (n,) int64 and
        ``deal_no`` (n,) int64, one entry per deal that was not redealt
        (a redeal leaves the state as it was, so its state would repeat).
        Games cut off unfinished are left out.

    Raises
    ------
    BadArgument
        If a replayed deal does not give the recorded scores or barrel
        attempts (the games were simulated under other rules).
    """
    need = ("game_id", "deal_no", "dealer", "redealt", "winner", "event", "score0", "barrel0")
    missing = [c for c in need if c not in games.columns]
    if missing:
        raise BadArgument(f"the games frame has no column {', '.join(missing)}", parameter="games")
    g = games.sort_values(["game_id", "deal_no"], kind="stable")
    cols = [
        "game_id",
        "deal_no",
        "dealer",
        "redealt",
        "declarer",
        "bid",
        "contract",
        "written_off",
        "raw0",
        "raw1",
        "raw2",
        "tricks0",
        "tricks1",
        "tricks2",
        "event",
        "winner",
        "score0",
        "score1",
        "score2",
        "barrel0",
        "barrel1",
        "barrel2",
    ]
    data = {c: g[c].tolist() for c in cols}
    gid = np.asarray(data["game_id"])
    starts = np.flatnonzero(np.r_[True, gid[1:] != gid[:-1]])
    ends = np.r_[starts[1:], len(gid)]
    out = {
        k: [] for k in ("scores", "barrel", "bolts", "failed_stays", "dealer", "winner", "game_id", "deal_no")
    }
    for a, b in zip(starts.tolist(), ends.tolist()):
        winner = int(data["winner"][b - 1])
        if winner < 0:
            continue  # unfinished: cut off at the simulator's max_deals
        state = TableState(dealer=int(data["dealer"][a]))
        for k in range(a, b):
            row = _Row(*(data[c][k] for c in cols))
            if row.dealer != state.dealer:
                raise BadArgument(
                    f"game {row.game_id} deal {row.deal_no}: dealer {row.dealer}, replay {state.dealer}"
                )
            if not row.redealt:
                out["scores"].append(state.scores)
                out["barrel"].append(state.barrel)
                out["bolts"].append(state.bolts)
                out["failed_stays"].append(state.failed_stays)
                out["dealer"].append(state.dealer)
                out["winner"].append(winner)
                out["game_id"].append(row.game_id)
                out["deal_no"].append(row.deal_no)
            if k == b - 1:
                break  # the deal that ended the game: nothing after it to check
            state = apply_deal(rules, state, _outcome(row)).state
            rec = (row.score0, row.score1, row.score2)
            if state.scores != rec or state.barrel != (row.barrel0, row.barrel1, row.barrel2):
                raise BadArgument(
                    f"game {row.game_id} deal {row.deal_no}: replaying it under {rules.name} gives scores "
                    f"{state.scores}, barrel {state.barrel}; the games record {rec}: were they "
                    "simulated under other rules?",
                    parameter="rules",
                )
    if not out["winner"]:
        raise BadArgument("no finished game in the games frame", parameter="games")
    res = {k: np.array(v, dtype=np.float64 if k == "scores" else np.int64) for k, v in out.items()}
    return res
