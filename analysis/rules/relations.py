"""Relations between ``Rules`` fields: contradictions and settings with no effect.

One table, :data:`RELATIONS`, says which settings of one field contradict
or void the settings of others.  Each row is a :class:`Relation`:

- a *contradiction* (``write_off_limit=3`` with ``write_off_banned=true``:
  a limit on write-offs nobody may make) is refused when a ``Rules`` is
  built (:func:`check_relations`, called by :func:`~analysis.rules.checks.validate`),
  with a :class:`~analysis.errors.BadArgument` naming both fields;
- a setting with *no effect* (``write_off_fine_points=0`` while
  ``write_off_fine='none'``) is legal, and :func:`no_effect_notes` words it
  for the user when the field was changed from its profile; the resolver
  (:func:`~analysis.rules.as_rules`) issues each note once as a
  :class:`~analysis.errors.NoEffectWarning`, which the command line prints
  as one line.

The five profiles hold no contradiction and change nothing from
themselves, so they give no note.  There is no setting that takes the
barrel away (``barrel_threshold`` is below ``target`` in every rule set);
the barrel's switches that act only through another setting (bolts on the
barrel, crossing or writing off there) are rows here.

Examples
--------
>>> from analysis.rules import PROFILES
>>> no_effect_notes(PROFILES["wiki"].with_changes(reset_at=600, reset_555="none"), {"reset_at"})
["reset_at=600 has no effect: the 555 reset is off (reset_555='none')"]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..errors import BadArgument

__all__ = ["RELATIONS", "check_relations", "no_effect_notes"]


class Relation(NamedTuple):
    """One relation between a field and the others.

    Attributes
    ----------
    kind : str
        ``"contradiction"`` (refused) or ``"no_effect"`` (a note).
    field : str
        The field the relation is about (named first in the message).
    others : tuple of str
        The fields whose settings contradict or void it.
    holds : callable
        ``holds(rules) -> bool``: the relation applies (the field's setting
        and the others' settings meet).
    words : str
        Why, for the message; ``{...}`` is filled from the rules' fields.
    """

    kind: str
    field: str
    others: tuple
    holds: Callable
    words: str


def _contradiction(field, others, holds, words) -> Relation:
    return Relation("contradiction", field, tuple(others.split()), holds, words)


def _moot(field, others, holds, words) -> Relation:
    return Relation("no_effect", field, tuple(others.split()), holds, words)


def _no_bolts(r) -> bool:
    return r.bolt_rule == "none"


def _crossing_replaces(r) -> bool:
    """Every give-up is a crossing (where a sitter may not cross, he may not write off either)."""
    return r.crossing == "allowed"


RELATIONS: tuple[Relation, ...] = (
    # --- bolts --------------------------------------------------------------
    _contradiction(
        "crossing",
        "bolt_rule",
        lambda r: r.crossing != "none" and _no_bolts(r),
        "a crossing gives each opponent a bolt, and bolt_rule='none' counts none",
    ),
    _contradiction(
        "bolt_declarer",
        "bolt_rule",
        lambda r: r.bolt_declarer and _no_bolts(r),
        "bolt_rule='none' counts no bolts",
    ),
    _contradiction(
        "barrel_bolts",
        "bolt_rule",
        lambda r: r.barrel_bolts and _no_bolts(r),
        "bolt_rule='none' counts no bolts",
    ),
    *(
        _moot(f, "bolt_rule", _no_bolts, "bolt_rule='none' counts no bolts")
        for f in ("bolt_window", "bolt_count", "bolt_penalty")
    ),
    # --- write-offs ---------------------------------------------------------
    _contradiction(
        "write_off_fixed",
        "write_off_payment",
        lambda r: r.write_off_fixed != 0 and r.write_off_payment != "fixed",
        "a fixed payment needs write_off_payment='fixed' (it is {write_off_payment!r}); set it 0 otherwise",
    ),
    _contradiction(
        "write_off_limit",
        "write_off_banned",
        lambda r: r.write_off_limit > 0 and r.write_off_banned,
        "a limit on write-offs that write_off_banned forbids altogether",
    ),
    _contradiction(
        "write_off_fine",
        "write_off_banned",
        lambda r: r.write_off_fine != "none" and r.write_off_banned,
        "a fine for write-offs that write_off_banned forbids altogether",
    ),
    *(
        _moot(f, "write_off_banned", lambda r: r.write_off_banned, "write_off_banned forbids every write-off")
        for f in ("write_off_payment", "write_off_fixed", "write_off_no_barrel", "write_off_fine_points")
    ),
    _moot(
        "write_off_on_barrel",
        "write_off_banned crossing",
        lambda r: r.write_off_banned and r.crossing == "none",
        "write_off_banned forbids every write-off and there is no crossing",
    ),
    _moot(
        "write_off_on_barrel",
        "write_off_no_barrel crossing",
        lambda r: r.write_off_on_barrel and r.write_off_no_barrel and r.crossing != "allowed",
        "write_off_no_barrel forbids every write-off while anyone sits on the barrel",
    ),
    _moot(
        "write_off_fine_points",
        "write_off_fine",
        lambda r: r.write_off_fine == "none" and not r.write_off_banned,
        "there is no write-off fine (write_off_fine='none')",
    ),
    _moot(
        "write_off_fine",
        "write_off_limit",
        lambda r: r.write_off_fine != "none" and 0 < r.write_off_limit < 3 and not _crossing_replaces(r),
        "write_off_limit={write_off_limit} stops a player before his third write-off",
    ),
    *(
        _moot(
            f,
            "crossing",
            lambda r: _crossing_replaces(r) and not r.write_off_banned,
            "crossing='allowed' turns every give-up into a crossing, never a write-off",
        )
        for f in (
            "write_off_payment",
            "write_off_fixed",
            "write_off_no_barrel",
            "write_off_limit",
            "write_off_fine",
            "write_off_fine_points",
        )
    ),
    # --- four at the table --------------------------------------------------
    *(
        _moot(f, "players", lambda r, f=f: r.players == 4 and getattr(r, f) != "none", words)
        for f, words in (
            ("dark_play", "dark play is not modelled at a table of four (players=4)"),
            ("golden_round", "the golden round is not modelled at a table of four (players=4)"),
        )
    ),
    # --- redeals, 555 -------------------------------------------------------
    _moot(
        "redeal_claimer",
        "redeal_claim",
        lambda r: r.redeal_claimer != "any" and r.redeal_claim == "forced",
        "every redeal is forced (redeal_claim='forced'): nobody claims one",
    ),
    _moot(
        "reset_at",
        "reset_555",
        lambda r: r.reset_555 == "none",
        "the 555 reset is off (reset_555='none')",
    ),
)


def _word(r, rel: Relation) -> str:
    return rel.words.format(**{f: getattr(r, f) for f in (rel.field, *rel.others)})


def check_relations(r) -> None:
    """Refuse a ``Rules`` whose settings contradict one another (:data:`RELATIONS`).

    Raises
    ------
    BadArgument
        A ValueError naming the first contradiction's fields and why.
    """
    for rel in RELATIONS:
        if rel.kind == "contradiction" and rel.holds(r):
            fields = " and ".join(f"{f}={_value(getattr(r, f))}" for f in (rel.field, *rel.others))
            raise BadArgument(f"rules fields {fields} contradict each other: {_word(r, rel)}")


def no_effect_notes(r, changed) -> list[str]:
    """Notes on the fields set to something that has no effect under the others.

    Parameters
    ----------
    r : Rules
    changed : collection of str
        The fields the user set (those that differ from the profile
        ``r.base``, :func:`~analysis.rules.rules_diff`): only they are
        noted, so a profile's own values give no note.

    Returns
    -------
    list of str
        One line per field, in the order of :data:`RELATIONS` (each field
        once): ``"<field>=<value> has no effect: <why>"``.
    """
    out, seen = [], set()
    for rel in RELATIONS:
        if rel.kind == "no_effect" and rel.field in changed and rel.field not in seen and rel.holds(r):
            seen.add(rel.field)
            out.append(f"{rel.field}={_value(getattr(r, rel.field))} has no effect: {_word(r, rel)}")
    return out


def _value(v) -> str:
    """A value as ``--set`` spells it (booleans in lower case; the rules
    package's ``spell_value``, which this module cannot import: a cycle)."""
    return str(v).lower() if isinstance(v, bool) else str(v)
