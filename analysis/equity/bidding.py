"""The equity of declaring a contract: what a bid is worth at this score.

A player who ends up declaring contract ``c`` moves the table to a new
state; the equity model (:class:`~analysis.equity.model.EquityModel`) gives
his chance to win from it.  Averaged over the deal's outcomes, that is the
equity of declaring ``c``; minus his equity now, its expected change.  Two
forms of the outcomes:

- :func:`declare_equity`: a sample of deals around his hand (the
  double-dummy values and the defenders' points on the played line, as
  ``thousand odds`` solves them); every sampled outcome goes through
  :func:`analysis.scoring.apply_deal` (RULES.md, "Deal score", bolts, the
  barrel, the 555 reset, the win), and where he fails he writes off when
  the rules let him and the write-off leaves him the higher equity;
- :func:`level_equity`: two outcomes per contract, made or failed, with
  the defenders taking a fixed number of points each, beside the equity of
  passing, for a policy that knows only the chance of making each level
  (:class:`analysis.game.equity_policy.EquityPolicy`).

Outcomes that give the same table state are evaluated once, so a sample of
1,000 deals over twenty contracts costs a few thousand transitions and one
batch of the model (``benchmarks/bench_equity.py``).
"""

from __future__ import annotations

import numpy as np

from ..errors import BadArgument
from ..rules import as_rules
from ..scoring import DealOutcome, TableState, apply_deal, round_defender_points, write_off_allowed
from . import default_model, read_state
from .features import state_arrays

__all__ = ["PASS_OUTCOME", "declare_equity", "level_equity", "state_equities"]

#: Each defender's raw points in :func:`level_equity`'s outcomes, three
#: equally likely values when the declarer makes his contract and three when
#: he fails: the 1/6, 1/2 and 5/6 quantiles of a defender's points on the
#: double-dummy lines of the club reference pool (300,000 solved seats; where
#: the declarer's value is 120 to 160, mean 25.0; where it is 90 to 115,
#: mean 32.7).
DEFENCE_POINTS = ((0, 18, 46), (0, 23, 57))
#: What :func:`level_equity` assumes when he passes: an opponent declares
#: 120 (the contract a barrel sitter needs) and makes it with chance 0.69,
#: the share of played contracts made in games of the threshold policy
#: (club, 150 games, 3,700 played deals, 2026-12-03).
PASS_OUTCOME = (120, 0.69)


def state_equities(model, states, player: int) -> np.ndarray:
    """``player``'s chance to win from each state (1 or 0 in a finished game).

    Parameters
    ----------
    model : EquityModel
    states : sequence of TableState
    player : int
        0..2.

    Returns
    -------
    ndarray of shape (len(states),), float64
    """
    out = np.empty(len(states))
    open_ = [i for i, s in enumerate(states) if s.winner < 0]
    for i, s in enumerate(states):
        if s.winner >= 0:
            out[i] = 1.0 if s.winner == player else 0.0
    if open_:
        out[open_] = model.chances(state_arrays([states[i] for i in open_]))[:, player]
    return out


def _by_player(player: int, mine, left, right) -> tuple:
    out = [0, 0, 0]
    out[player], out[(player + 1) % 3], out[(player + 2) % 3] = int(mine), int(left), int(right)
    return tuple(out)


def _tricks(player, dt, lt, rt, lp, rp) -> tuple:
    """Tricks per player; without the solver's, one for a defender with points."""
    if dt is not None:
        return _by_player(player, dt, lt, rt)
    a, b = int(lp > 0), int(rp > 0)
    return _by_player(player, 8 - a - b, a, b)


def _checked(rules, state, player, model):
    r = as_rules(rules)
    m = default_model(r) if model is None else model
    if player not in (0, 1, 2):
        raise BadArgument(f"player must be 0, 1 or 2, got {player!r}", parameter="player")
    st = read_state(r, state)
    if st.winner >= 0:
        raise BadArgument("the game is over: no deal follows", parameter="state")
    return r, m, st


def declare_equity(
    rules,
    state: TableState,
    player: int,
    contracts,
    values,
    left_points,
    right_points,
    tricks=None,
    *,
    model=None,
    write_offs: bool = True,
) -> dict:
    """Expected equity of ``player`` declaring each contract, over sampled deals.

    Parameters
    ----------
    rules : str or Rules
        A profile (or rules equal to one: the equity model's).
    state : TableState
        The table before the deal (:func:`analysis.equity.read_state`).
    player : int
        The declarer, 0..2; his left is ``(player + 1) % 3``.
    contracts : array_like of shape (k,), int
        Contracts, points (multiples of 5).
    values : array_like of shape (n,), int
        His raw points in each sampled deal (cards plus marriages, after
        the best exchange): ``c`` is made where ``values >= c``.
    left_points, right_points : array_like of shape (n,), int
        The defenders' raw points on the played line.
    tricks : tuple of three array_like of shape (n,), optional
        Declarer's, left's and right's tricks (bolts under
        ``bolt_rule='no_trick'``); None gives a defender with points one
        trick and one without none.
    model : EquityModel, optional
        Default: the model shipped for ``rules`` and the games' default
        outcomes (:func:`analysis.equity.model_choice`: own information
        where that model ships).
    write_offs : bool
        Let him write off a failed contract (where the rules allow it at
        this table) when that leaves him the higher equity (ties: play).

    Returns
    -------
    dict
        ``now`` float: his equity before the deal; per contract, arrays of
        shape (k,), float64: ``equity`` (mean over the deals), ``equity_se``
        (its standard error; NaN for one deal), ``change`` (``equity -
        now``), ``p_write_off`` (share of deals he writes off),
        ``p_game_win`` (share of deals after which he has won the game).

    Raises
    ------
    BadArgument
        On rules no model serves, an impossible or finished state, a player
        outside 0..2, or arrays of different lengths.
    """
    r, m, st = _checked(rules, state, player, model)
    c = np.asarray(contracts, dtype=np.int64).reshape(-1)
    v = np.asarray(values, dtype=np.int64).reshape(-1)
    lp = np.asarray(left_points, dtype=np.int64).reshape(-1)
    rp = np.asarray(right_points, dtype=np.int64).reshape(-1)
    n = v.size
    if n == 0 or lp.size != n or rp.size != n:
        raise BadArgument("values, left_points and right_points must be non-empty and equally long")
    tr = None if tricks is None else [np.asarray(t, dtype=np.int64).reshape(-1) for t in tricks]
    if tr is not None and any(t.size != n for t in tr):
        raise BadArgument("tricks must be three arrays as long as values")
    now = float(state_equities(m, [st], player)[0])
    may_write_off = write_offs and write_off_allowed(r, st, player)
    rl, rr = round_defender_points(r, lp), round_defender_points(r, rp)
    zeros = tr if tr is not None else [np.zeros(n, dtype=np.int64)] * 3
    # everything apply_deal reads of a played deal, besides the contract and made/failed
    base = np.stack([rl, rr, v == 0, lp == 0, rp == 0, zeros[0] == 0, zeros[1] == 0, zeros[2] == 0], 1)
    keys, rows, states = {}, [], []
    index = np.empty((c.size, n), dtype=np.int64)
    for j, cj in enumerate(c.tolist()):
        made = v >= cj
        k = np.column_stack([made, base]).astype(np.int64)
        uniq, first, inv = np.unique(k, axis=0, return_index=True, return_inverse=True)
        for u, i in zip(map(tuple, uniq), first.tolist()):
            if (cj, u) in keys:
                continue
            keys[(cj, u)] = len(states)
            t = _tricks(
                player, *(None, None, None) if tr is None else (tr[0][i], tr[1][i], tr[2][i]), lp[i], rp[i]
            )
            out = DealOutcome(
                declarer=player, contract=cj, bid=cj, raw=_by_player(player, v[i], lp[i], rp[i]), tricks=t
            )
            states.append(apply_deal(r, st, out).state)
        index[j] = [keys[(cj, tuple(u))] for u in uniq[inv.reshape(-1)]]
        rows.append(cj)
    wo_index = {}
    if may_write_off:
        for cj in c.tolist():
            wo_index[cj] = len(states)
            states.append(
                apply_deal(r, st, DealOutcome(declarer=player, contract=cj, written_off=True)).state
            )
    eq = state_equities(m, states, player)
    won = np.array([s.winner == player for s in states])
    e = eq[index]  # (k, n)
    w = won[index]
    wo = np.zeros(e.shape, dtype=bool)
    if may_write_off:
        weq = np.array([eq[wo_index[cj]] for cj in c.tolist()])[:, None]
        failed = v[None, :] < c[:, None]
        wo = failed & (weq > e)
        e = np.where(wo, weq, e)
        w = w & ~wo
    mean = e.mean(axis=1)
    se = e.std(axis=1, ddof=1) / np.sqrt(n) if n > 1 else np.full(c.size, np.nan)
    return {
        "now": now,
        "equity": mean,
        "equity_se": se,
        "change": mean - now,
        "p_write_off": wo.mean(axis=1),
        "p_game_win": w.mean(axis=1),
    }


def level_equity(
    rules,
    state: TableState,
    player: int,
    levels,
    *,
    model=None,
    defence=DEFENCE_POINTS,
    passing=PASS_OUTCOME,
    write_offs: bool = True,
):
    """His equity after declaring each level, made and failed, and after passing.

    The two outcomes of his contract ``c``: made (he scores ``c``; the
    defenders each take one of the points of ``defence[0]``, equally
    likely) or failed (he plays, taking ``c - 5`` points, loses ``c`` and
    the defenders each take one of ``defence[1]``; or he writes off where
    the rules allow it here and that leaves him the higher equity than
    playing on average).  A defender with points has one trick, one without
    none (a bolt where the rules count them).  Passing: one of his opponents, either with chance 1/2, declares
    ``passing[0]`` and makes it with chance ``passing[1]``, he and the
    other defender taking the ``defence`` points as above (so an opponent
    on the barrel who declares may win the game, and a defender near the
    threshold may reach it on his points).

    Parameters
    ----------
    rules : str or Rules
    state : TableState
    player : int
        0..2.
    levels : array_like of shape (k,), int
        Contracts, points.
    model : EquityModel, optional
    defence : (sequence of int, sequence of int)
        Each defender's raw points when the contract is made and when it
        fails, equally likely values 0..120 (default
        :data:`DEFENCE_POINTS`).
    passing : (int, float)
        The opponent's contract (points) and his chance to make it
        (default :data:`PASS_OUTCOME`).
    write_offs : bool
        The failed branch may write off.

    Returns
    -------
    (passed, made, failed) : float, ndarray (k,), ndarray (k,)
        His equity after passing and after each outcome of declaring.
        Declaring ``c`` with chance ``p`` of making it is worth
        ``p * made + (1 - p) * failed``: worth bidding when that is at
        least ``passed``.

    Raises
    ------
    BadArgument
        As :func:`declare_equity`, a ``defence`` outside 0..120 or a
        ``passing`` chance outside [0, 1].
    """
    dm, df = (tuple(int(x) for x in d) for d in defence)
    if not (dm and df and all(0 <= x <= 120 for x in dm + df)):
        raise BadArgument(f"defence must be two lists of points 0..120, got {defence!r}", parameter="defence")
    pc, pq = int(passing[0]), float(passing[1])
    if not 0 <= pq <= 1:
        raise BadArgument(f"the passing chance must be in [0, 1], got {pq!r}", parameter="passing")
    r, m, st = _checked(rules, state, player, model)
    lv = [int(x) for x in np.asarray(levels, dtype=np.int64).reshape(-1)]
    k = len(lv)
    states = []
    for o in ((player + 1) % 3, (player + 2) % 3):
        states += [_played(r, st, o, pc, d, True) for d in dm]
        states += [_played(r, st, o, pc, d, False) for d in df]
    for c in lv:
        states += [_played(r, st, player, c, d, True) for d in dm]
        states += [_played(r, st, player, c, d, False) for d in df]
    can_wo = write_offs and write_off_allowed(r, st, player)
    if can_wo:
        for c in lv:
            states.append(apply_deal(r, st, DealOutcome(declarer=player, contract=c, written_off=True)).state)
    eq = state_equities(m, states, player)
    a, b = len(dm), len(df)
    pas = eq[: 2 * (a + b)].reshape(2, a + b)
    passed = float(np.mean(pq * pas[:, :a].mean(axis=1) + (1 - pq) * pas[:, a:].mean(axis=1)))
    mine = eq[2 * (a + b) : 2 * (a + b) + k * (a + b)].reshape(k, a + b)
    made, failed = mine[:, :a].mean(axis=1), mine[:, a:].mean(axis=1)
    if can_wo:
        failed = np.maximum(failed, eq[2 * (a + b) + k * (a + b) :])
    return passed, made, failed


def _played(rules, state, declarer: int, contract: int, defence: int, made: bool) -> TableState:
    """The table after ``declarer`` plays ``contract``, making it or falling 5 short."""
    t = _tricks(declarer, None, None, None, defence, defence)
    raw = _by_player(declarer, contract if made else contract - 5, defence, defence)
    return apply_deal(
        rules, state, DealOutcome(declarer=declarer, contract=contract, raw=raw, tricks=t)
    ).state
