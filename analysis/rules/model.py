"""The ``Rules`` object: one field per convention of RULES.md, five profiles.

Profiles (RULES.md, table of profiles; seed texts in ``shared/seeds/``):

``club`` (default, seed 000)
    modern club rules, fully specified, two may sit on the barrel.
``classic`` (seed 001)
    online-server rules, one barrel seat, 555 reset.
``book`` (seed 002)
    "Тысяча с бочкой": barrel at 900, write-off pays 40 each, double penalty.
``ua`` (seed 003)
    Ukrainian "Тисяча" base rules: no rounding, write-off pays 60.
``wiki`` (seed 004)
    the encyclopedia's main rules: target 1001, only the trump's declarer
    leads trumps.

House variants are made with :func:`dataclasses.replace` or
:meth:`Rules.with_changes` (which accepts ``"field=value"`` strings as the
command line's ``--set`` does); every construction is validated.

Identity.  A rules object is a profile plus the conventions it changes.
Its :attr:`Rules.name` is derived from those (``club+barrel_seats=1``)
unless the user gave a ``label``, which is free text and never checked
against the values.  What identifies rules is :meth:`Rules.fingerprint`, a
hash of the conventions alone: two objects with the same conventions are
equal (``==``) and have the same fingerprint whatever their labels, and
datasets compare their conventions, never their names.

One convention row of RULES.md is deliberately *not* a field: whether the
exchange cards are passed face up or down.  The toolkit's analyses are
double-dummy (every player sees every card), so that row cannot change any
number the toolkit computes; a field for it would be decorative.  Nor is
"write-off payment to an opponent sitting on the barrel" (none in every
profile, † the seeds are silent): a sitter's score is capped at the
threshold after the deal, so a payment could never change it.

Resolution.  A rules *name* (a profile or a ``.json`` file) is turned into a
``Rules`` once, at the edge: the command line (:func:`load_rules`, which
also applies ``--set``), a notebook, or a public entry point such as
``play_value(..., rules="club")`` or ``hand_odds``, which calls
:func:`as_rules` -- the one resolver -- on its first line.  Everything below
an entry point takes a ``Rules`` object and never resolves again.

Layout of :mod:`analysis.rules`: the fields, one dataclass per concept, are
:mod:`analysis.rules.fields` (bidding, play, write-off and scoring, bolts,
barrel, redeals), combined here into ``Rules`` with the profiles
(``model``); the profiles' values are the table
:data:`analysis.rules.profiles.PROFILE_CHANGES`; the checks are
:mod:`~analysis.rules.checks`; parsing and serialisation (``with_changes``,
``from_json``, ``fingerprint``) :mod:`~analysis.rules.serial`; the resolver
:mod:`~analysis.rules.resolve`; :func:`rules_diff` and :func:`folder_label`
:mod:`~analysis.rules.describe`; the redeal-condition table
:mod:`~analysis.rules.redeal_conditions`.  Every public name is importable
from :mod:`analysis.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import BadArgument
from .checks import PROFILE_NAMES, validate
from .describe import conventions, rules_diff, spell_value
from .fields import (
    BarrelFields,
    BiddingFields,
    BoltFields,
    DarkFields,
    GoldenFields,
    IdentityFields,
    PlayFields,
    RedealFields,
    TableFields,
    WriteOffFields,
)
from .profiles import PROFILE_CHANGES
from .serial import RulesIO

__all__ = ["Rules", "PROFILES", "CONVENTIONS", "field_doc", "fields_without_figure"]

#: The words a field's documentation uses to say why no simulated figure can
#: show it (the test that flips every field reads them).
NO_FIGURE = "No simulated figure can show it"


@dataclass(frozen=True)
class Rules(
    TableFields,
    DarkFields,
    GoldenFields,
    RedealFields,
    BarrelFields,
    BoltFields,
    WriteOffFields,
    PlayFields,
    BiddingFields,
    IdentityFields,
    RulesIO,
):
    """A complete set of conventions for one table.

    Every field is one convention row of RULES.md ("Conventions that
    differ" and "Redeals").  Each field's metadata ``doc`` (shown by
    ``thousand rules show``) cites the seed text it comes from and says where
    RULES.md marks the value as a choice (†).

    The fields are declared by concept in :mod:`analysis.rules.fields`
    (bidding, play, write-off and scoring, bolts, barrel, redeals); a
    dataclass lists the fields of its last base first, hence the reversed
    order of the bases.

    Raises
    ------
    ValueError
        On construction with an impossible value, naming the field.
    """

    def __post_init__(self) -> None:
        validate(self)

    # --- derived -----------------------------------------------------
    @property
    def name(self) -> str:
        """The display name: the ``label`` if one was given, else the profile
        (``base``) followed by the fields that differ from it, sorted, booleans
        in lower case as ``--set`` spells them (``club+barrel_seats=1,target=1001``,
        ``club+ace_marriage=true``; the profile alone when none do).
        """
        if self.label.strip():
            return self.label
        diff = rules_diff(PROFILES[self.base], self)
        changes = ",".join(f"{k}={spell_value(v)}" for k, _, v in sorted(diff))
        return self.base + ("+" + changes if changes else "")

    @property
    def barrel_min_contract(self) -> int:
        """Smallest contract that takes a sitter from the threshold to the
        target: ``target - barrel_threshold`` rounded up to a multiple of 5,
        and at least 100 (club 120, book 100, wiki 125)."""
        need = self.target - self.barrel_threshold
        return max(100, -(-need // 5) * 5)

    @property
    def has_bolts(self) -> bool:
        """True when the profile counts bolts at all."""
        return self.bolt_rule != "none"

    # --- constructors --------------------------------------------------
    @classmethod
    def profile(cls, name: str) -> Rules:
        """Return the named profile.

        Raises
        ------
        ValueError
            If ``name`` is not one of ``club classic book ua wiki``.
        """
        try:
            return PROFILES[name]
        except (KeyError, TypeError):
            raise BadArgument(
                f"unknown rules profile {name!r}; choose one of {', '.join(PROFILES)}"
            ) from None


#: The convention fields, in declaration order.
CONVENTIONS = conventions(Rules)

#: The five profiles by name, default first (values: :data:`PROFILE_CHANGES`).
PROFILES: dict[str, Rules] = {name: Rules(base=name, **changes) for name, changes in PROFILE_CHANGES.items()}


def profile_names() -> list[str]:
    """Names of the built-in profiles, default first."""
    return list(PROFILE_NAMES)


def field_doc(name: str) -> str:
    """The documentation of one field (its seed citation).

    Raises
    ------
    BadArgument
        A ValueError: ``name`` is not a field of ``Rules``.
    """
    for f in fields(Rules):
        if f.name == name:
            return f.metadata.get("doc", "")
    raise BadArgument(f"unknown rules field {name!r}")


def fields_without_figure() -> tuple[str, ...]:
    """The convention fields whose documentation says why no simulated figure
    can show them (they contain :data:`NO_FIGURE`), in declaration order.

    Every other field moves a figure it governs when flipped (a test checks
    each field of each profile).
    """
    return tuple(
        f.name for f in fields(Rules) if f.name in CONVENTIONS and NO_FIGURE in f.metadata.get("doc", "")
    )
