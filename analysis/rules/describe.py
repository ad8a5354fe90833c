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

__all__ = ["rules_diff", "folder_label", "conventions", "fields_without_figure", "NO_FIGURE"]

#: The words a field's documentation uses to say why no simulated figure can
#: show it (the test that flips every field reads them).
NO_FIGURE = "No simulated figure can show it"


def conventions(rules_type) -> tuple[str, ...]:
    """The convention fields of a rules class, in declaration order (all but
    the identity fields ``label`` and ``base``)."""
    return tuple(f.name for f in fields(rules_type) if f.name not in IDENTITY_FIELDS)


def fields_without_figure(rules_type=None) -> tuple[str, ...]:
    """The convention fields whose documentation says why no simulated figure
    can show them (they contain :data:`NO_FIGURE`), in declaration order.

    Every other field moves a figure it governs when flipped (a test checks
    each field of each profile).
    """
    if rules_type is None:
        from .model import Rules as rules_type
    return tuple(
        f.name
        for f in fields(rules_type)
        if f.name not in IDENTITY_FIELDS and NO_FIGURE in f.metadata.get("doc", "")
    )


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
