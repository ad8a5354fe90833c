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

from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import BadArgument
from ..rules import PROFILES, as_rules
from ..scoring import TableState, check_state
from .choice import EquityChoice, choose_model
from .features import state_arrays
from .model import EquityModel, model_file
from .plot import check_plot_path, plot_curve

__all__ = [
    "win_chances",
    "win_interval",
    "equity_curve",
    "default_model",
    "model_choice",
    "load_model",
    "model_for",
    "model_source",
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


@lru_cache(maxsize=16)
def _load(path: str) -> EquityModel:
    return EquityModel.load(path)


@lru_cache(maxsize=1)
def _profiles_by_fingerprint() -> dict:
    out = {}
    for name, prof in PROFILES.items():
        out.setdefault(prof.fingerprint(), name)
    return out


@lru_cache(maxsize=64)
def _cached_fingerprint(rules) -> str:
    return rules.fingerprint()


def _fingerprint(rules) -> str:
    """``rules.fingerprint()``, remembered for hashable rules (a query per state
    would otherwise spend most of its time hashing the conventions)."""
    try:
        return _cached_fingerprint(rules)
    except TypeError:  # rules with an unhashable field
        return rules.fingerprint()


def model_choice(rules, outcomes=None, *, fallback: bool | None = None) -> EquityChoice:
    """Which shipped model answers for ``rules`` and ``outcomes``.

    Parameters
    ----------
    rules : str or Rules
        A profile, a rules file or :class:`~analysis.rules.Rules`; a model
        serves only rules with a profile's fingerprint (every convention
        equal, whatever the label).
    outcomes : {"dd", "pimc"} or None
        The games' kind of outcome; None: the games' default (own
        information where a built single-dummy pool serves the rules and the
        profile ships its model, else double-dummy, with a note).
    fallback : bool, optional
        A missing own-information model falls back to the double-dummy one
        (default: only for ``outcomes=None``; the equity policy passes True).

    Returns
    -------
    EquityChoice
        The profile, the outcomes the model was fitted on, its file, and a
        one-line ``note`` on a fallback.

    Raises
    ------
    BadArgument
        For rules that differ from every profile (the message names the
        command that fits a model for them), four players, unknown outcomes,
        or ``"pimc"`` without fallback where no such model is shipped.
    """
    r = as_rules(rules)
    if getattr(r, "players", 3) != 3:
        raise BadArgument("game equity is modelled for three players only", parameter="rules")
    name = _profiles_by_fingerprint().get(_fingerprint(r))
    if name is None:
        raise BadArgument(
            f"no equity model is shipped for rules {r.name!r} (they differ from every profile); "
            "fit one with `thousand equity-fit --rules R [--set FIELD=VALUE] --out MODEL.json` "
            "and give it as --equity-model MODEL.json (Python: analysis.equity.load_model)",
            parameter="rules",
        )
    return choose_model(name, outcomes, fallback=fallback)


def default_model(rules, outcomes=None, *, fallback: bool | None = None) -> EquityModel:
    """The shipped model of ``rules`` for ``outcomes``.

    Parameters
    ----------
    rules : str or Rules
        As :func:`model_choice`.
    outcomes : {"dd", "pimc"} or None
        As :func:`model_choice`: None reads the model of the games' default
        outcomes (a fallback to the double-dummy model is silent here:
        :func:`model_choice` gives its note).
    fallback : bool, optional
        As :func:`model_choice`.

    Raises
    ------
    BadArgument
        As :func:`model_choice`, or when the file of a profile is missing
        (the message names the fit command).
    ModelFileError
        If the shipped file is damaged.
    """
    c = model_choice(rules, outcomes, fallback=fallback)
    if not c.path.is_file():
        sd = " --outcomes pimc" if c.outcomes == "pimc" else ""
        raise BadArgument(
            f"the equity model of {c.profile} is not installed ({c.path}); fit it with "
            f"`python -m analysis.equity.build fit --rules {c.profile}{sd}`",
            parameter="rules",
        )
    return _load(str(c.path))


def load_model(path, rules) -> EquityModel:
    """An equity model file (fitted by ``thousand equity fit``) read for ``rules``.

    Parameters
    ----------
    path : str or Path
        A file written by :meth:`EquityModel.save`.
    rules : str or Rules
        The rules it must serve: the model answers only for rules with the
        fingerprint of the rules it was fitted under (every convention
        equal, whatever the label).

    Returns
    -------
    EquityModel

    Raises
    ------
    BadArgument
        If the file is missing, or its rules' fingerprint is not that of
        ``rules`` (``parameter="equity_model"``, ``expected`` and ``got``
        the two fingerprints).
    ModelFileError
        If the file is not an equity model this version reads.
    """
    r = as_rules(rules)
    p = Path(path)
    if not p.is_file():
        raise BadArgument(f"equity model file {p} does not exist", parameter="equity_model", path=p)
    m = _load_file(str(p.resolve()), p.stat().st_mtime_ns)
    want, got = r.fingerprint(), m.rules.fingerprint()
    if want != got:
        raise BadArgument(
            f"the equity model {p} was fitted for rules {m.rules.name!r} (fingerprint {got}), not for "
            f"{r.name!r} (fingerprint {want}): fit one for these rules with `thousand equity-fit`",
            parameter="equity_model",
            path=p,
            expected=want,
            got=got,
        )
    return m


@lru_cache(maxsize=16)
def _load_file(path: str, mtime_ns: int) -> EquityModel:
    return EquityModel.load(path)


def _paths(paths) -> tuple:
    if paths is None:
        return ()
    return (str(paths),) if isinstance(paths, (str, Path)) else tuple(str(p) for p in paths)


def model_for(rules, paths=None, outcomes=None, *, fallback: bool | None = None) -> EquityModel:
    """The equity model that serves ``rules``.

    Parameters
    ----------
    rules : str or Rules
    paths : str, Path or sequence of them, optional
        Model files (``thousand equity-fit``).  One file (a str or Path)
        must serve ``rules`` (:func:`load_model`); from a sequence (the
        files of the rule sets compared), the one fitted for rules with the
        fingerprint of ``rules`` is read, and rules none of them serves get
        the shipped model (:func:`default_model`).  None: the shipped model.
    outcomes : {"dd", "pimc"} or None
        Which shipped model (:func:`default_model`); files are read whatever
        games they were fitted on.
    fallback : bool, optional
        As :func:`model_choice`.

    Raises
    ------
    BadArgument
        As :func:`load_model` (one file) or :func:`default_model` (none serves).
    ModelFileError
        On a damaged file.
    """
    return _pick(rules, paths, outcomes, fallback)[0]


def model_source(rules, paths=None, outcomes=None, *, fallback: bool | None = None) -> Path:
    """The file :func:`model_for` reads with the same arguments (raising as it does)."""
    return _pick(rules, paths, outcomes, fallback)[1]


def _pick(rules, paths, outcomes, fallback) -> tuple:
    """(model, its file) of :func:`model_for`."""
    if isinstance(paths, (str, Path)):
        return load_model(paths, rules), Path(paths)
    r = as_rules(rules)
    for p in _paths(paths):
        try:
            return load_model(p, r), Path(p)
        except BadArgument as exc:
            if exc.parameter != "equity_model" or exc.expected is None:
                raise
    m = default_model(r, outcomes, fallback=fallback)
    return m, model_choice(r, outcomes, fallback=fallback).path


def check_model_files(paths, rules_list) -> None:
    """Check that every model file serves one of the rule sets in play.

    Raises
    ------
    BadArgument
        Naming the file, the rules it was fitted for and the fingerprints,
        when a file serves none of ``rules_list`` (``parameter="equity_model"``).
    ModelFileError
        On a damaged file.
    """
    rs = [as_rules(r) for r in rules_list]
    for p in _paths(paths):
        errors = []
        for r in rs:
            try:
                load_model(p, r)
                break
            except BadArgument as exc:
                if exc.parameter != "equity_model" or exc.expected is None:
                    raise
                errors.append(exc)
        else:
            if len(errors) == 1:
                raise errors[0]
            got = errors[0].got
            raise BadArgument(
                f"the equity model {p} (fingerprint {got}) was fitted for none of the rules compared "
                f"({', '.join(f'{r.name} {r.fingerprint()}' for r in rs)})",
                parameter="equity_model",
                path=p,
                expected=[r.fingerprint() for r in rs],
                got=got,
            )


def read_state(rules, state: TableState) -> TableState:
    """``state`` checked against ``rules``, a player at the threshold seated.

    A player whose score is the barrel threshold but whose ``barrel`` is −1
    (as in ``TableState(scores=(880, 0, 0))``, a fresh table) is read as
    having just arrived: 0 attempts used.

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
    if state.winner < 0 and any(s == t and a < 0 for s, a in zip(state.scores, state.barrel)):
        barrel = tuple(0 if (s == t and a < 0) else a for s, a in zip(state.scores, state.barrel))
        state = TableState(
            scores=state.scores,
            bolts=state.bolts,
            barrel=barrel,
            failed_stays=state.failed_stays,
            dealer=state.dealer,
            deals=state.deals,
            winner=state.winner,
        )
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
    states = []
    for s in np.asarray(scores, dtype=np.float64).reshape(-1):
        sc = list(state.scores)
        sc[player] = float(s)
        bar = list(state.barrel)
        if s < r.barrel_threshold:
            bar[player] = -1
        st = TableState(
            scores=tuple(sc),
            bolts=state.bolts,
            barrel=tuple(bar),
            failed_stays=state.failed_stays,
            dealer=state.dealer,
        )
        states.append(read_state(r, st))
    if not states:
        return np.zeros(0), np.zeros(0), np.zeros(0)
    win, low, high = m.interval(state_arrays(states))
    return win[:, player], low[:, player], high[:, player]
