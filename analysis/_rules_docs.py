"""Describing ``Rules``: differences, field documentation, names safe in paths.

Kept apart from :mod:`analysis.rules` (the fields and the profiles) and
re-exported there: ``from analysis.rules import rules_diff`` keeps working.
These helpers read a rules object; none of them resolves a name.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from ._rules_io import IDENTITY_FIELDS
from .errors import BadArgument

__all__ = ["rules_diff", "field_doc", "folder_label", "conventions"]


def conventions(rules_type) -> tuple[str, ...]:
    """The convention fields of a rules class, in declaration order (all but
    the identity fields ``label`` and ``base``)."""
    return tuple(f.name for f in fields(rules_type) if f.name not in IDENTITY_FIELDS)


def rules_diff(a, b) -> list[tuple[str, Any, Any]]:
    """Fields whose values differ: a list of ``(field, value_in_a, value_in_b)``.

    Parameters
    ----------
    a, b : Rules
        The label and the profile (``base``) are not compared.
    """
    return [(k, getattr(a, k), getattr(b, k)) for k in conventions(type(a)) if getattr(a, k) != getattr(b, k)]


def field_doc(name: str) -> str:
    """The documentation of one field (its seed citation).

    Raises
    ------
    BadArgument
        A ValueError: ``name`` is not a field of ``Rules``.
    """
    from .rules import Rules

    for f in fields(Rules):
        if f.name == name:
            return f.metadata.get("doc", "")
    raise BadArgument(f"unknown rules field {name!r}")


def folder_label(name: str) -> str:
    """A rules name made safe as part of a file or folder name.

    Letters and digits of any script and ``_ . , = + -`` are kept; anything
    else (``/``, ``\\``, spaces, control characters) becomes ``_``, so a name
    such as ``x/../../elsewhere`` cannot lead a path out of its folder.
    """
    return re.sub(r"[^\w.,=+-]", "_", name) or "_"
