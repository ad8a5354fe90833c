"""The one resolver of a rules name, and the guard of the functions below it.

A rules *name* (a profile or a ``.json`` file) is turned into ``Rules`` once,
at the edge: :func:`as_rules` in a public entry point, :func:`load_rules` on
the command line (which also applies ``--set``).  Everything below takes a
``Rules`` object; :func:`takes_rules` marks such a function, so that a name
passed to it by mistake fails with a ``TypeError`` that says what to pass
instead of an ``AttributeError`` deep inside.

A function that is both (a documented front users call with a name, and a
step other modules call with the ``Rules`` they hold) is written once, taking
``Rules``, and decorated with :func:`entry_point`: called as itself it
resolves its ``rules`` argument (one :func:`as_rules` call); its
``given_rules`` attribute is the same function without that step, guarded by
:func:`takes_rules`, for callers below an entry point.
"""

from __future__ import annotations

import functools
import inspect
import os
import warnings
from pathlib import Path

from ..errors import BadArgument, NoEffectWarning
from .describe import rules_diff
from .model import PROFILES, Rules
from .relations import no_effect_notes

__all__ = ["as_rules", "load_rules", "takes_rules", "entry_point"]


def as_rules(rules: str | os.PathLike | Rules | None = "club") -> Rules:
    """The one resolver: a profile name, a ``.json`` rules file, a variant's name or a ``Rules``.

    Public entry points and every command call it once on their ``rules``
    argument and hand the result down; functions below them take a
    ``Rules`` (:func:`takes_rules`) and do not call it.

    Parameters
    ----------
    rules : str, path-like, Rules or None
        A profile name (``club classic book ua wiki``; ``club`` when None),
        a path to a ``.json`` file written by :meth:`Rules.to_json`, a
        ``Rules`` object (returned as it is), or either name followed by
        ``field=value`` changes in the ``--set`` vocabulary, separated by
        ``+`` or whitespace: the name a variant carries
        (``club+crossing=allowed``, ``club+barrel_seats=1,target=1001``,
        ``wiki+reverse_barrel=-760``) or ``"club barrel_seats=1"``.  Within
        a ``+`` part, commas separate further changes (a value never holds
        a comma).  A file whose own name holds ``+`` is read whole.

    Returns
    -------
    Rules

    Raises
    ------
    BadArgument
        A ValueError: an unknown profile, a missing or malformed file, an
        unknown field or value, a field set twice, a spelling that starts
        with a change, settings that contradict one another
        (:mod:`~analysis.rules.relations`), or an argument of another type.

    Warns
    -----
    NoEffectWarning
        For each field of a variant or file set to something that has no
        effect under its other settings (``reset_at`` with ``reset_555='none'``),
        once per note.

    Examples
    --------
    >>> as_rules("wiki").target
    1001
    >>> from analysis.rules import PROFILES
    >>> as_rules(PROFILES["book"]) is PROFILES["book"]
    True
    >>> as_rules("club+barrel_seats=1,target=1001").name
    'club+barrel_seats=1,target=1001'
    >>> as_rules("club barrel_seats=1") == as_rules("club+barrel_seats=1")
    True
    """
    if isinstance(rules, Rules) or rules is None or (isinstance(rules, str) and rules in PROFILES):
        return _resolve(rules)
    return _noted(_resolve(rules))


def _resolve(rules) -> Rules:
    """:func:`as_rules` without the notes."""
    if isinstance(rules, Rules):
        return rules
    if rules is None:
        return PROFILES["club"]
    if isinstance(rules, str) and rules in PROFILES:
        return PROFILES[rules]
    if not isinstance(rules, (str, os.PathLike)):
        raise BadArgument(
            f"rules must be a profile name, a .json file or Rules, got {type(rules).__name__}",
            parameter="rules",
        )
    text = str(rules).strip()
    if isinstance(rules, os.PathLike) or (text.endswith(".json") and Path(text).is_file()):
        return _from_file(text)
    if not text:
        raise BadArgument("an empty rules name: give a profile name or rules file", parameter="rules")
    head, changes = _split(text)
    if head in PROFILES:
        base = PROFILES[head]
    elif head.endswith(".json"):
        base = _from_file(head)
    else:
        raise BadArgument(
            f"unknown rules {head!r}: give a profile ({', '.join(PROFILES)}) or a .json file",
            parameter="rules",
            got=text,
        )
    return base.with_changes(*changes) if changes else base


def _from_file(path: str) -> Rules:
    p = Path(path)
    if not p.is_file():
        raise BadArgument(f"rules file not found: {p}", parameter="rules", got=str(p))
    return Rules.from_json(p.read_text(encoding="utf-8"))


def _split(text: str) -> tuple[str, list[str]]:
    """A variant's spelling split into its profile or file and its
    ``field=value`` changes (``+``, whitespace and, inside a ``+`` part,
    commas separate them).

    Raises
    ------
    BadArgument
        When the spelling starts with a change or sets a field twice.
    """
    head, *rest = text.split()
    head, *more = head.split("+")
    changes = [c for part in more + rest for c in _commas(part)]
    if "=" in head:
        raise BadArgument(
            f"rules {text!r} start with a change: write the profile or file first, e.g. 'club+{text}'",
            parameter="rules",
            got=text,
        )
    seen: dict[str, str] = {}
    for c in changes:
        key = c.partition("=")[0].strip()
        if key in seen:
            raise BadArgument(
                f"rules {text!r} set {key} twice ({seen[key]} and {c}): give each field once",
                parameter="rules",
                got=text,
            )
        seen[key] = c
    return head, changes


def _commas(part: str) -> list[str]:
    """``a=1,b=2`` -> ``["a=1", "b=2"]``: a comma starts a new change only
    when what follows it holds an ``=`` (no field's value holds a comma)."""
    out: list[str] = []
    for piece in part.split(","):
        if out and "=" not in piece:
            out[-1] += "," + piece
        elif piece:
            out.append(piece)
    return out


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
    return _noted(rules.with_changes(*sets)) if sets else rules


def _noted(rules: Rules) -> Rules:
    """``rules``, after a :class:`~analysis.errors.NoEffectWarning` for each
    field the user set to something that has no effect
    (:func:`~analysis.rules.relations.no_effect_notes`)."""
    changed = {k for k, _, _ in rules_diff(PROFILES[rules.base], rules)}
    for note in no_effect_notes(rules, changed):
        # one location and registry: a note is shown once however often it is resolved
        warnings.warn_explicit(note, NoEffectWarning, "analysis/rules/resolve.py", 0, registry=_SHOWN)
    return rules


#: The notes shown so far (the registry of :func:`warnings.warn_explicit`).
_SHOWN: dict = {}


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
    pos, positional, default = _rules_parameter(func)

    @functools.wraps(func)
    def checked(*args, **kwargs):
        if "rules" in kwargs:
            rules = kwargs["rules"]
        elif positional and len(args) > pos:
            rules = args[pos]
        else:
            rules = default
        if not isinstance(rules, Rules):
            raise TypeError(
                f"{func.__name__}() takes a Rules object as rules, got {type(rules).__name__} {rules!r}: "
                f"resolve a name once with analysis.rules.as_rules({rules!r})"
            )
        return func(*args, **kwargs)

    return checked


def entry_point(func):
    """Make a function that takes ``Rules`` a public front that also takes a name.

    Called as itself, the decorated function resolves its ``rules``
    argument (a profile name, a ``.json`` file, a ``Rules`` or, when left
    out, the function's default) with one :func:`as_rules` call and runs
    ``func``.  ``front.given_rules`` runs ``func`` without resolving, for
    callers that already hold a ``Rules`` (:func:`takes_rules` refuses a
    name there).

    Parameters
    ----------
    func : callable
        A function with a parameter named ``rules``.

    Returns
    -------
    callable
        The front (:func:`functools.wraps` of ``func``), with the attribute
        ``given_rules``.

    Raises
    ------
    BadArgument
        From the front, as :func:`as_rules`, on a name that is no profile or
        rules file.

    Examples
    --------
    >>> @entry_point
    ... def target(rules="club"):
    ...     return rules.target
    >>> target("wiki"), target(), target.given_rules(PROFILES["book"])
    (1001, 1000, 1000)
    """
    pos, positional, default = _rules_parameter(func)

    @functools.wraps(func)
    def front(*args, **kwargs):
        if "rules" in kwargs:
            kwargs["rules"] = as_rules(kwargs["rules"])
        elif positional and len(args) > pos:
            args = (*args[:pos], as_rules(args[pos]), *args[pos + 1 :])
        else:
            kwargs["rules"] = as_rules(default)
        return func(*args, **kwargs)

    front.given_rules = takes_rules(func)
    return front


def _rules_parameter(func) -> tuple[int, bool, object]:
    """Position of ``func``'s ``rules`` parameter, whether it can be passed
    by position, and its default (None when it has none).

    Raises
    ------
    ValueError
        When ``func`` has no parameter named ``rules`` (a programming error).
    """
    params = inspect.signature(func).parameters
    if "rules" not in params:
        raise ValueError(f"{func.__qualname__} has no parameter named rules")
    p = params["rules"]
    positional = p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    default = None if p.default is p.empty else p.default
    return list(params).index("rules"), positional, default
