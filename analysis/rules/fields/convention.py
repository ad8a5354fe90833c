"""How a convention field is documented and marked (the metadata of a ``Rules`` field).

Every field of :class:`analysis.rules.Rules` carries ``metadata=doc(text)``:
the text ``thousand rules show --docs`` prints, citing the seed it comes
from and marking with † what RULES.md leaves to the table.

A convention added after fingerprints were published (datasets, pools and
rules files record them) is marked ``added=True``: while it holds its
default, which is off in every profile it was added to, it is left out of
:meth:`analysis.rules.Rules.fingerprint`, so every rule set made before it
keeps its fingerprint and a change to it still changes the fingerprint.
"""

from __future__ import annotations

__all__ = ["doc", "is_added"]


def doc(text: str, *, added: bool = False) -> dict:
    """The metadata of a convention field.

    Parameters
    ----------
    text : str
        What the field means, with its seed citation (shown to users).
    added : bool
        True for a convention added after fingerprints were published: left
        out of the fingerprint while it holds its default.
    """
    return {"doc": text, "added": added}


def is_added(f) -> bool:
    """Whether a :class:`dataclasses.Field` is a convention added after fingerprints were published."""
    return bool(f.metadata.get("added", False))
