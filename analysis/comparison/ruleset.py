"""The rule sets a comparison takes: names, files, changes, sweeps.

A rule set is written as :func:`analysis.rules.as_rules` (the one resolver
of every command) reads it: a profile name or rules file followed by
changes in the ``--set`` vocabulary, separated by spaces or ``+``::

    club
    "club barrel_threshold=900 barrel_seats=1"
    club+barrel_seats=1          (the name a variant carries, RULES.md)
    house.json write_off_fixed=60

and a sweep of one field (``--vary field=v1,v2``) is the base followed by
the base changed to each value.
"""

from __future__ import annotations

from ..errors import BadArgument
from ..rules import Rules, as_rules, change_words, rules_diff

__all__ = ["vary", "display_names"]


def vary(base, assignment: str, on_note=None) -> list[Rules]:
    """The base and the base changed to each value of one field.

    Parameters
    ----------
    base : str or Rules
        As :func:`analysis.rules.as_rules`.
    assignment : str
        ``field=v1,v2[,...]``.

    on_note : callable, optional
        Called with a note when a listed value is the base's own (it is
        dropped: the base is already the first rule set).

    Returns
    -------
    list of Rules
        ``[base, base with field=v1, base with field=v2, ...]``, without
        the value the base already has.

    Raises
    ------
    BadArgument
        On a malformed assignment, no value, an unknown field or a bad
        value, a value listed twice (``1,1`` or ``true,True``), or a list
        holding only the base's own value.

    Examples
    --------
    >>> [display_names([r])[0] for r in vary("club", "barrel_seats=1,2")]
    ['club', 'club+barrel_seats=1']
    """
    b = as_rules(base)
    field, eq, values = assignment.partition("=")
    field = field.strip()
    vals = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not field or not vals:
        raise BadArgument(
            f"--vary takes field=v1,v2[,...], got {assignment!r}", parameter="vary", got=assignment
        )
    out, seen = [b], {}
    for v in vals:
        r = b.with_changes(f"{field}={v}")
        value = getattr(r, field)
        if value in seen:
            raise BadArgument(
                f"--vary {assignment}: {seen[value]} and {v} are the same value of {field}; "
                "list each value once",
                parameter="vary",
                got=assignment,
            )
        seen[value] = v
        if value == getattr(b, field):
            if on_note:
                on_note(
                    f"note: {field}={v} is {display_names([b])[0]}'s own value, played once as "
                    "the baseline; left out of the sweep"
                )
            continue
        out.append(r)
    if len(out) < 2:
        raise BadArgument(
            f"--vary {assignment}: every value is {display_names([b])[0]}'s own; list another "
            f"value of {field}",
            parameter="vary",
            got=assignment,
        )
    return out


def display_names(rules_list) -> list[str]:
    """Unique display names: each rule set's name, numbered when repeated.

    A rule set that equals an earlier one under another spelling keeps its
    own name; two equal names get ``#2``, ``#3`` appended (the games
    folder carries the same name, :func:`analysis.comparison.games.arm_folder`).

    Examples
    --------
    >>> display_names([as_rules("club"), as_rules("club"), as_rules("club bolt_declarer=true")])
    ['club', 'club#2', 'club+bolt_declarer=true']
    """
    out: list[str] = []
    for r in rules_list:
        base = r.name  # its label, else the profile and its changes as typed
        name, k = base, 2
        while name in out:
            name = f"{base}#{k}"
            k += 1
        out.append(name)
    return out


def changed_fields(a: Rules, b: Rules) -> str:
    """What ``b`` changes from ``a``, in a player's words, or ``no field`` (for messages).

    Each changed field as :func:`analysis.rules.change_words` says it
    (``players on the barrel at once: 2 → 1``), joined by ``"; "``.

    Examples
    --------
    >>> changed_fields(as_rules("club"), as_rules("club redeal_four_jacks=true"))
    'redeal for four jacks in a dealt hand: no → yes'
    """
    d = rules_diff(a, b)
    return "; ".join(change_words(k, x, y) for k, x, y in d) if d else "no field"
