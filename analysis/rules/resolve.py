"""The one resolver of a rules name, and the guard of the functions below it.

A rules *name* (a profile or a ``.json`` file) is turned into ``Rules`` once,
at the edge: :func:`as_rules` in a public entry point, :func:`load_rules` on
the command line (which also applies ``--set``).  Everything below takes a
``Rules`` object; :func:`takes_rules` marks such a function, so that a name
passed to it by mistake fails with a ``TypeError`` that says what to pass
instead of an ``AttributeError`` deep inside.
"""

from __future__ import annotations

import functools
import inspect
import os
from pathlib import Path

from ..errors import BadArgument
from .model import PROFILES, Rules

__all__ = ["as_rules", "load_rules", "takes_rules"]


def as_rules(rules: str | os.PathLike | Rules | None = "club") -> Rules:
    """The one resolver: a profile name, a ``.json`` rules file or a ``Rules``.

    Public entry points call it once on their ``rules`` argument and hand the
    result down; functions below them take a ``Rules`` (:func:`takes_rules`)
    and do not call it.

    Parameters
    ----------
    rules : str, path-like, Rules or None
        A profile name (``club classic book ua wiki``; ``club`` when None),
        a path to a ``.json`` file written by :meth:`Rules.to_json`, or a
        ``Rules`` object, returned as it is.

    Returns
    -------
    Rules

    Raises
    ------
    BadArgument
        A ValueError: an unknown profile, a missing or malformed file, an
        unknown field in it, or an argument of another type.

    Examples
    --------
    >>> as_rules("wiki").target
    1001
    >>> from analysis.rules import PROFILES
    >>> as_rules(PROFILES["book"]) is PROFILES["book"]
    True
    """
    if isinstance(rules, Rules):
        return rules
    if rules is None:
        return PROFILES["club"]
    if isinstance(rules, str) and rules in PROFILES:
        return PROFILES[rules]
    if isinstance(rules, (str, os.PathLike)) and str(rules).endswith(".json"):
        p = Path(rules)
        if not p.is_file():
            raise BadArgument(f"rules file not found: {p}")
        return Rules.from_json(p.read_text(encoding="utf-8"))
    if not isinstance(rules, (str, os.PathLike)):
        raise BadArgument(
            f"rules must be a profile name, a .json file or Rules, got {type(rules).__name__}",
            parameter="rules",
        )
    raise BadArgument(f"unknown rules {rules!r}: give a profile ({', '.join(PROFILES)}) or a .json file")


def load_rules(
    spec: str | os.PathLike | Rules | None = None, sets: list[str] | tuple[str, ...] = ()
) -> Rules:
    """The command line's rules: :func:`as_rules` of ``spec``, then its ``--set`` changes.

    Parameters
    ----------
    spec : str, path-like, Rules or None
        As :func:`as_rules` (``club`` when None).
    sets : sequence of str
        ``field=value`` changes applied in order.

    Raises
    ------
    ValueError
        On an unknown profile, a missing or malformed file, or an unknown
        field.
    """
    rules = as_rules(spec)
    if sets:
        rules = rules.with_changes(*sets)
    return rules


def takes_rules(func):
    """Mark a function whose ``rules`` argument must already be a ``Rules``.

    The decorated function refuses anything else (a profile name, a path)
    with a ``TypeError`` naming the function and the fix, before it runs.
    Used by the building blocks below the entry points, which never resolve
    a name themselves.

    Parameters
    ----------
    func : callable
        A function with a parameter named ``rules``.

    Returns
    -------
    callable
        ``func`` wrapped (:func:`functools.wraps`), same signature.

    Raises
    ------
    TypeError
        When called with a ``rules`` argument that is not a ``Rules``.

    Examples
    --------
    >>> @takes_rules
    ... def target(rules):
    ...     return rules.target
    >>> target(PROFILES["wiki"])
    1001
    >>> target("wiki")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: target() takes a Rules object as rules, got str 'wiki': resolve a name once ...
    """
    names = list(inspect.signature(func).parameters)
    if "rules" not in names:
        raise ValueError(f"{func.__qualname__} has no parameter named rules")
    pos = names.index("rules")

    @functools.wraps(func)
    def checked(*args, **kwargs):
        rules = args[pos] if len(args) > pos else kwargs.get("rules", PROFILES["club"])
        if not isinstance(rules, Rules):
            raise TypeError(
                f"{func.__name__}() takes a Rules object as rules, got {type(rules).__name__} {rules!r}: "
                f"resolve a name once with analysis.rules.as_rules({rules!r})"
            )
        return func(*args, **kwargs)

    return checked
