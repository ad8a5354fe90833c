"""Which equity model answers: the shipped files, a user's files, and their checks.

A model answers only for rules with the fingerprint of the rules it was
fitted under (every convention equal, whatever the label): a shipped file
for its profile as the profile is now, a user's file (``thousand
equity-fit``) for the rules it names.  The files are read once per process
(cached by path and modification time).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import BadArgument, ModelFileError
from ..rules import PROFILES, as_rules
from .choice import EquityChoice, choose_model
from .model import EquityModel

__all__ = [
    "check_model_files",
    "default_model",
    "load_model",
    "model_choice",
    "model_for",
    "model_source",
    "model_words",
]


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
        If the shipped file is damaged, or was fitted under conventions that
        are no longer its profile's (a field added to the profile since: the
        message names the fit command).
    """
    c = model_choice(rules, outcomes, fallback=fallback)
    if not c.path.is_file():
        sd = " --outcomes pimc" if c.outcomes == "pimc" else ""
        raise BadArgument(
            f"the equity model of {c.profile} is not installed ({c.path}); fit it with "
            f"`python -m analysis.equity.build fit --rules {c.profile}{sd}`",
            parameter="rules",
        )
    return _shipped(str(c.path), c.profile, c.outcomes)


@lru_cache(maxsize=16)
def _shipped(path: str, profile: str, outcomes: str) -> EquityModel:
    """A shipped model, checked once to serve its profile as the profile is now."""
    m = EquityModel.load(path)
    want, got = PROFILES[profile].fingerprint(), m.rules.fingerprint()
    if want != got:
        sd = " --outcomes pimc" if outcomes == "pimc" else ""
        raise ModelFileError(
            f"the shipped equity model {Path(path).name} was fitted for {profile} as it was (fingerprint "
            f"{got}), not as it is now ({want}); refit it with "
            f"`python -m analysis.equity.build fit --rules {profile}{sd}`",
            path=path,
            expected=want,
            got=got,
        )
    return m


def model_words(model: EquityModel, name=None) -> dict:
    """What a report says of the equity model that answered.

    Parameters
    ----------
    model : EquityModel
    name : str or Path, optional
        How to name its file (default: the name of the file it was read
        from, ``"in memory"`` for a model never saved).

    Returns
    -------
    dict
        ``outcomes`` (``"pimc"``: fitted on own-information games, ``"dd"``:
        double-dummy), ``model`` (``name`` as a str), ``games`` and
        ``states`` (fitted plus held out) from its ``info``.
    """
    info = model.info
    return {
        "outcomes": ((info.get("outcomes") or {}).get("play")) or "dd",
        "model": str(name or (model.source.name if model.source is not None else "in memory")),
        "games": info.get("games"),
        "states": (info.get("states_fit") or 0) + (info.get("states_held_out") or 0),
    }


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
