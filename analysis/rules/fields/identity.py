"""Identity of a rules object: a free-text label and the profile it starts from.

Neither is a convention: both are left out of equality and the fingerprint."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["IdentityFields"]


@dataclass(frozen=True)
class IdentityFields:
    """Where a rules object comes from: its label and its profile (not conventions)."""

    label: str = field(
        default="",
        compare=False,
        metadata=doc(
            "A user's name for these rules, free text (empty: the name is derived "
            "from the profile and the changes). Not part of their identity."
        ),
    )
    base: str = field(
        default="club",
        compare=False,
        metadata=doc(
            "The profile these rules start from (club, classic, book, ua, wiki); "
            "their derived name lists the fields that differ from it."
        ),
    )
