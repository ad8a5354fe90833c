"""Describing ``Rules``: differences, field documentation, names safe in paths.

Exported by :mod:`analysis.rules` (``from analysis.rules import rules_diff``).
These helpers read a rules object; none of them resolves a name.  The
documentation of one field is :func:`analysis.rules.field_doc`, beside the
fields in :mod:`analysis.rules.model`.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from .serial import IDENTITY_FIELDS

__all__ = ["rules_diff", "folder_label", "conventions", "spell_value"]


def conventions(rules_type) -> tuple[str, ...]:
    """The convention fields of a rules class, in declaration order (all but
    the identity fields ``label`` and ``base``)."""
    return tuple(f.name for f in fields(rules_type) if f.name not in IDENTITY_FIELDS)


def spell_value(v) -> str:
    """A field value as ``--set`` spells it: ``true``/``false`` for booleans,
    ``str(v)`` otherwise.

    Examples
    --------
    >>> spell_value(True), spell_value(1001), spell_value("zero_points")
    ('true', '1001', 'zero_points')
    """
    return str(v).lower() if isinstance(v, bool) else str(v)


def rules_diff(a, b) -> list[tuple[str, Any, Any]]:
    """Fields whose values differ: a list of ``(field, value_in_a, value_in_b)``.

    Parameters
    ----------
    a, b : Rules
        The label and the profile (``base``) are not compared.
    """
    return [(k, getattr(a, k), getattr(b, k)) for k in conventions(type(a)) if getattr(a, k) != getattr(b, k)]


def folder_label(name: str) -> str:
    """A rules name made safe as part of a file or folder name.

    Letters and digits of any script and ``_ . , = + -`` are kept; anything
    else (``/``, ``\\``, spaces, control characters) becomes ``_``, so a name
    such as ``x/../../elsewhere`` cannot lead a path out of its folder.
    """
    return re.sub(r"[^\w.,=+-]", "_", name) or "_"
