"""Game equity: each player's chance to win the game from a table state.

``win_chances(rules, state)`` (DESIGN.md, contract 10) reads the model
shipped for ``rules`` (:class:`EquityModel`, small files per profile,
fitted on simulated games by ``python -m analysis.equity.build fit``) and
returns the three chances in player order; :func:`win_interval` adds their
95 % intervals.  A finished game (``state.winner >= 0``) is exact: the
winner's chance is 1.

Each profile ships a model fitted on double-dummy games and may ship one
fitted on own-information games; ``outcomes=None`` reads the one of the
games' default (own information where a built single-dummy pool serves the
rules and its model is shipped, else double-dummy:
:func:`analysis.equity.choice.choose_model`).  The policy and outcome model
behind each file are in its ``info`` and in ``docs/EQUITY.md``.

Examples
--------
>>> from analysis.scoring import TableState
>>> p = win_chances("club", TableState(scores=(860, 300, 500), dealer=2))
>>> p.shape, bool(abs(p.sum() - 1) < 1e-12), bool(p[0] > p[2] > p[1])
((3,), True, True)
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..errors import BadArgument
from ..rules import as_rules
from ..scoring import TableState, check_state
from .features import state_arrays
from .model import EquityModel, model_file
from .models import (
    check_model_files,
    default_model,
    load_model,
    model_choice,
    model_for,
    model_source,
    model_words,
)
from .plot import check_plot_path, plot_curve

__all__ = [
    "win_chances",
    "win_interval",
    "equity_curve",
    "standing_scores",
    "default_model",
    "model_choice",
    "load_model",
    "model_for",
    "model_source",
    "model_words",
    "check_model_files",
    "read_state",
    "EquityModel",
    "model_file",
    "SUM_TOLERANCE",
    "state_arrays",
    "check_plot_path",
    "plot_curve",
    "bidding",
    "build",
    "paired",
    "paired_store",
    "bolder",
    "states",
]

#: The chances of a state sum to 1 within this (softmax rounding).
SUM_TOLERANCE = 1e-12


def read_state(rules, state: TableState) -> TableState:
    """``state`` checked against ``rules``, a player at the threshold seated.

    A player whose score is the barrel threshold but whose ``barrel`` is −1
    (as in ``TableState(scores=(880, 0, 0))``, a fresh table) is read as
    having just arrived: 0 attempts used.  A player at or above
    ``rules.target`` in a state without a winner is read as its winner: the
    game is over and his chance is 1.

    Raises
    ------
    BadArgument
        If the state breaks a table invariant under ``rules``
        (:func:`analysis.scoring.check_state`: a score above the threshold,
        too many sitters, a bolt counter at the penalty count, ...).
    """
    if not isinstance(state, TableState):
        raise BadArgument(f"state must be an analysis.scoring.TableState, got {type(state).__name__}")
    t = rules.barrel_threshold
    if state.winner < 0:
        over = [p for p, s in enumerate(state.scores) if s >= rules.target]
        if len(over) > 1:
            who = " and ".join(map(str, over))
            raise BadArgument(
                f"not a table state of {rules.name}: players {who} reach the target "
                f"{rules.target}, and a game has one winner",
                parameter="state",
            )
        barrel = tuple(0 if (s == t and a < 0) else a for s, a in zip(state.scores, state.barrel))
        state = replace(state, barrel=barrel, winner=over[0] if over else -1)
    try:
        check_state(rules, state)
    except ValueError as exc:
        raise BadArgument(f"not a table state of {rules.name}: {exc}", parameter="state") from None
    return state


def win_interval(rules, state: TableState, model: EquityModel | None = None, *, outcomes=None):
    """Each player's chance to win with its 95 % interval.

    Parameters
    ----------
    rules : str or Rules
    state : TableState
        The table before a deal (:func:`read_state` reads it).
    model : EquityModel, optional
        Default :func:`default_model` of ``outcomes``.
    outcomes : {"dd", "pimc"} or None
        Without ``model``: the shipped model fitted on double-dummy or
        own-information games; None as the games' default
        (:func:`model_choice`).

    Returns
    -------
    (win, low, high) : three ndarrays of shape (3,), float64
        In player order; ``low <= win <= high``; ``win`` sums to 1 within
        :data:`SUM_TOLERANCE`.  For a finished game the winner's are 1 and
        the others' 0, exactly.

    Raises
    ------
    BadArgument
        From :func:`default_model` and :func:`read_state`.
    """
    r = as_rules(rules)
    m = default_model(r, outcomes) if model is None else model
    st = read_state(r, state)
    if st.winner >= 0:
        w = np.zeros(3)
        w[st.winner] = 1.0
        return w, w.copy(), w.copy()
    win, low, high = m.interval(state_arrays([st]))
    return win[0], low[0], high[0]


def win_chances(rules, state: TableState, model: EquityModel | None = None, *, outcomes=None) -> np.ndarray:
    """Each player's chance to win the game from ``state`` (contract 10).

    Parameters
    ----------
    rules : str or Rules
        A profile (or rules equal to one).
    state : TableState
        ``TableState(scores=(a, b, c), dealer=d)`` is a fresh table; the
        barrel attempts, bolt counters and failed stays count when given.
    model : EquityModel, optional
        Default: the model shipped for ``rules`` and ``outcomes``.
    outcomes : {"dd", "pimc"} or None
        Without ``model``: the shipped model fitted on double-dummy or
        own-information games; None as the games' default
        (:func:`model_choice`: own information where it is shipped).

    Returns
    -------
    ndarray of shape (3,), float64
        In player order, summing to 1 within :data:`SUM_TOLERANCE`; the
        winner's 1 in a finished game.

    Raises
    ------
    BadArgument
        On rules no model serves or a state impossible under them.
    """
    r = as_rules(rules)
    m = default_model(r, outcomes) if model is None else model
    st = read_state(r, state)
    if st.winner >= 0:
        w = np.zeros(3)
        w[st.winner] = 1.0
        return w
    return m.chances(state_arrays([st]))[0]


def equity_curve(
    rules, state: TableState, player: int, scores, model: EquityModel | None = None, *, outcomes=None
):
    """One player's chance against his score, everything else as in ``state``.

    Parameters
    ----------
    rules : str or Rules
    state : TableState
    player : int
        0..2, whose score varies.
    scores : array_like of shape (k,)
        His scores, points, at most the barrel threshold (at the threshold
        he is read as a sitter, :func:`read_state`).
    model : EquityModel, optional
        Default :func:`default_model` of ``outcomes``.
    outcomes : {"dd", "pimc"} or None
        As :func:`win_chances`.

    Returns
    -------
    (win, low, high) : three ndarrays of shape (k,), float64

    Raises
    ------
    BadArgument
        On a player outside 0..2 or a score above the threshold.
    """
    r = as_rules(rules)
    m = default_model(r, outcomes) if model is None else model
    if player not in (0, 1, 2):
        raise BadArgument(f"player must be 0, 1 or 2, got {player!r}", parameter="player")
    states = [read_state(r, _with_score(r, state, player, s)) for s in np.asarray(scores, float).reshape(-1)]
    if not states:
        return np.zeros(0), np.zeros(0), np.zeros(0)
    win, low, high = m.interval(state_arrays(states))
    return win[:, player], low[:, player], high[:, player]


def standing_scores(rules, state: TableState, player: int, scores) -> np.ndarray:
    """The scores of ``scores`` the table may leave ``player`` at, the rest as
    in ``state``: those :func:`equity_curve` answers for.

    Left out: a score the 555 reset sets to 0 (RULES.md, 555), the threshold
    when no barrel seat is free, a score above it (RULES.md, the barrel).

    Parameters
    ----------
    rules : str or Rules
    state : TableState
    player : int
        0..2, whose score varies.
    scores : array_like of shape (k,)
        Points.

    Returns
    -------
    ndarray of shape (m,), float64, m <= k
        In the order given.
    """
    r = as_rules(rules)
    xs = np.asarray(scores, float).reshape(-1)
    keep = np.ones(len(xs), dtype=bool)
    for i, s in enumerate(xs):
        try:
            read_state(r, _with_score(r, state, player, s))
        except BadArgument:
            keep[i] = False
    return xs[keep]


def _with_score(rules, state: TableState, player: int, score: float) -> TableState:
    """``state`` with ``player`` at ``score`` (off the barrel below the threshold)."""
    sc, bar = list(state.scores), list(state.barrel)
    sc[player] = float(score)
    if score < rules.barrel_threshold:
        bar[player] = -1
    return TableState(
        scores=tuple(sc),
        bolts=state.bolts,
        barrel=tuple(bar),
        failed_stays=state.failed_stays,
        dealer=state.dealer,
    )
