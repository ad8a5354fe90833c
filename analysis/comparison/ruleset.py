"""The rule sets a comparison takes: names, files, changes, sweeps.

A rule set is written as a profile name or rules file followed by changes
in the ``--set`` vocabulary, separated by spaces or ``+``::

    club
    "club barrel_threshold=900 barrel_seats=1"
    club+barrel_seats=1          (the name a variant carries, RULES.md)
    house.json write_off_fixed=60

and a sweep of one field (``--vary field=v1,v2``) is the base followed by
the base changed to each value.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BadArgument
from ..rules import Rules, as_rules, rules_diff

__all__ = ["parse_rules", "vary", "display_names"]


def parse_rules(text) -> Rules:
    """One rule set from its command-line spelling (or a ``Rules``, returned as is).

    Parameters
    ----------
    text : str, path-like or Rules
        A profile name or rules file, then ``field=value`` changes separated
        by whitespace or ``+`` (a file whose own name holds ``+`` is read
        whole first).

    Returns
    -------
    Rules

    Raises
    ------
    BadArgument
        On an empty spelling, an unknown profile, field or value (named).

    Examples
    --------
    >>> parse_rules("club barrel_seats=1").name
    'club+barrel_seats=1'
    >>> parse_rules("club+barrel_seats=1") == parse_rules("club barrel_seats=1")
    True
    """
    if isinstance(text, Rules):
        return text
    s = str(text).strip()
    if not s:
        raise BadArgument("an empty rule set: give a profile name or rules file", parameter="rules")
    head, *changes = s.split()
    if "+" in head and not Path(head).is_file():
        head, *more = head.split("+")
        changes = more + changes
    if "=" in head:
        raise BadArgument(
            f"rule set {s!r} starts with a change: write the profile or file first, e.g. 'club {s}'",
            parameter="rules",
        )
    rules = as_rules(head)
    return rules.with_changes(*changes) if changes else rules


def vary(base, assignment: str) -> list[Rules]:
    """The base and the base changed to each value of one field.

    Parameters
    ----------
    base : str or Rules
        As :func:`parse_rules`.
    assignment : str
        ``field=v1,v2[,...]``.

    Returns
    -------
    list of Rules
        ``[base, base with field=v1, base with field=v2, ...]``.

    Raises
    ------
    BadArgument
        On a malformed assignment, no value, an unknown field or a bad value.

    Examples
    --------
    >>> [r.name for r in vary("club", "barrel_seats=1,2")]
    ['club', 'club+barrel_seats=1', 'club']
    """
    b = parse_rules(base)
    field, eq, values = assignment.partition("=")
    vals = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not field.strip() or not vals:
        raise BadArgument(
            f"--vary takes field=v1,v2[,...], got {assignment!r}", parameter="vary", got=assignment
        )
    return [b] + [b.with_changes(f"{field.strip()}={v}") for v in vals]


def display_names(rules_list) -> list[str]:
    """Unique display names: each rule set's name, numbered when repeated.

    A rule set that equals an earlier one under another spelling keeps its
    own name; two equal names get ``#2``, ``#3`` appended.
    """
    out: list[str] = []
    for r in rules_list:
        name = r.name
        k = 2
        while name in out:
            name = f"{r.name}#{k}"
            k += 1
        out.append(name)
    return out


def changed_fields(a: Rules, b: Rules) -> str:
    """``field a→b, ...`` of two rule sets, or ``no field`` (for messages)."""
    d = rules_diff(a, b)
    return ", ".join(f"{k} {x}→{y}" for k, x, y in d) if d else "no field"
