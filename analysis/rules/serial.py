"""Reading and writing ``Rules``: ``field=value`` changes, dicts, JSON, the fingerprint.

:class:`RulesIO` is a mixin of :class:`analysis.rules.Rules` (it has no
fields of its own), so ``Rules.from_json``, ``rules.with_changes`` and the
rest are called on ``Rules``.  Turning a *name* or a file into ``Rules`` is
:mod:`analysis.rules.resolve`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any, Self

from ..errors import BadArgument
from .checks import PROFILE_NAMES
from .fields import is_added, is_four_only

__all__ = ["RulesIO", "IDENTITY_FIELDS", "INFORMATION_FIELDS"]
__all__ = [
    "RulesIO",
    "IDENTITY_FIELDS",
    "STORED_DEFAULTS",
    "INFORMATION_FIELDS",
    "SPLIT_FIELDS",
    "fields_of",
    "parse_value",
]

#: Fields that describe where rules come from, not how the game is played:
#: left out of the fingerprint, of equality and of :func:`analysis.rules.rules_diff`.
IDENTITY_FIELDS = ("label", "base")

#: Values that fields added after datasets were first written take when a
#: stored rules dict lacks them: the behaviour the data was made under
#: (see :meth:`RulesIO.from_stored`).
STORED_DEFAULTS = {"barrel_arrivals": "all"}
#: A former field split in two: a stored ``barrel_defender_scores`` sets both
#: (a sitter's defence points and his bolts), and while the two agree the
#: fingerprint hashes them under the former name, so rule sets made before keep theirs.
SPLIT_FIELDS = {"barrel_defender_scores": ("barrel_defence_points", "barrel_bolts")}
#: What the players see; added after double-dummy datasets, whose content
#: does not depend on them: a stored dict without them takes its profile's.
INFORMATION_FIELDS = ("exchange_face_up", "widow_shown_at_100")


class RulesIO:
    """Parsing and serialisation methods of :class:`analysis.rules.Rules`."""

    __slots__ = ()

    def with_changes(self, *assignments: str, **changes: Any) -> Self:
        """A house variant: ``rules.with_changes("barrel_seats=1", target=1001)``.

        String assignments ``field=value`` are parsed by the field's type
        (``true``/``false`` for booleans), as ``--set`` does; ``label=...``
        (or ``name=...``) sets the free-text label.  The profile (``base``)
        and the label are kept, so the derived name lists every change from the profile.

        Raises
        ------
        BadArgument
            A ValueError: an unknown field, an unparsable value or an
            impossible value (the field named).
        """
        parsed = dict(changes)
        for a in assignments:
            if "=" not in a:
                raise BadArgument(
                    f"expected field=value, got {a!r}", parameter="sets", expected="field=value", got=a
                )
            key, _, raw = a.partition("=")
            key = key.strip()
            parsed[key] = parse_value(type(self), key, raw.strip())
        return dataclasses.replace(self, **fields_of(type(self), parsed))

    def to_dict(self) -> dict:
        """All fields as a JSON-ready dict."""
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        """JSON text of all fields (sorted keys); :meth:`from_json` inverts it."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict) -> Self:
        """Build from a dict; missing fields take the ``club`` defaults.

        A ``name`` (as files and datasets written before labels were
        separate from names record it) is read as the label.

        Raises
        ------
        BadArgument
            A ValueError: an unknown field (named) or an impossible value.
        """
        if not isinstance(data, dict):
            raise BadArgument("rules JSON must be an object", parameter="rules")
        return cls(**fields_of(cls, data))

    @classmethod
    def from_stored(cls, data: dict) -> Self:
        """Build from a rules dict a dataset stored (its ``rules`` parameter).

        Unlike :meth:`from_dict`, a field added after the dict was written
        takes the value that reproduces the behaviour the data was made
        under (``STORED_DEFAULTS``: ``barrel_arrivals='all'``; the fields of
        what players see, ``INFORMATION_FIELDS``, from the stored profile), not club's
        default, so that a dataset written before reads, and is resumed,
        under its own conventions.  The stored name is kept.

        Raises
        ------
        ValueError
            As :meth:`from_dict`.
        """
        if not isinstance(data, dict):
            raise BadArgument("rules JSON must be an object", parameter="rules")
        base = cls.profile(data["base"] if data.get("base") in PROFILE_NAMES else "club")
        seen = {k: getattr(base, k) for k in INFORMATION_FIELDS if k not in data}
        return cls.from_dict({**STORED_DEFAULTS, **seen, **data})

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Inverse of :meth:`to_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadArgument(f"rules file is not valid JSON: {e}") from None
        return cls.from_dict(data)

    def fingerprint(self, names: tuple[str, ...] | None = None) -> str:
        """Short stable hash (12 hex digits) of the conventions.

        The identity of rules: the label and the profile are left out, so
        rules with the same conventions have the same fingerprint however
        they were made or named.  A convention added after fingerprints were
        published (:func:`analysis.rules.fields.is_added`) counts only when
        it differs from its default, so older rule sets keep theirs; a field of the
        table of four (:func:`analysis.rules.fields.is_four_only`) counts only
        when ``players`` is 4.  ``names`` restricts the hash to some
        fields (the solver uses the play conventions and the bolt
        definition).
        """
        d = self.to_dict()
        for k in IDENTITY_FIELDS:
            d.pop(k)
        for old, new in SPLIT_FIELDS.items():
            if len({d[k] for k in new}) == 1:
                d[old] = d[new[0]]
                for k in new:
                    d.pop(k)
        for f in dataclasses.fields(self):
            if is_added(f) and f.name in d and d[f.name] == f.default:
                d.pop(f.name)
            elif is_four_only(f) and self.players == 3:  # they change nothing at three
                d.pop(f.name, None)
        if names is not None:
            d = {k: d[k] for k in names if k in d}  # an added field at its default is out
        blob = json.dumps(d, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:12]


def fields_of(cls, data: dict) -> dict:
    """Constructor arguments of ``cls`` from a dict of fields, ``name`` read as the label.

    Raises
    ------
    BadArgument
        On unknown fields (named).
    """
    data = dict(data)
    for old, new in SPLIT_FIELDS.items():
        if old in data:
            value = data.pop(old)
            for k in new:
                data.setdefault(k, value)
    if "name" in data:
        name = data.pop("name")
        data.setdefault("label", name)
    unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
    if unknown:
        raise BadArgument(
            f"unknown rules field(s): {', '.join(sorted(unknown))}", parameter="rules", got=sorted(unknown)
        )
    return data


def parse_value(cls, key: str, raw: str):
    """The value of the text ``raw`` for the field ``key`` of ``cls``, parsed by its type.

    Raises
    ------
    BadArgument
        On an unknown field or a value its type cannot take.
    """
    types = {f.name: f.type for f in dataclasses.fields(cls)} | {"name": "str"}
    types |= {old: "bool" for old in SPLIT_FIELDS}
    if key not in types:
        raise BadArgument(f"unknown rules field {key!r}")
    typ = types[key]
    if typ in ("bool", bool):
        low = raw.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise BadArgument(f"rules field {key!r} takes true or false, got {raw!r}")
    if typ in ("int", int):
        try:
            return int(raw)
        except ValueError:
            raise BadArgument(f"rules field {key!r} takes an integer, got {raw!r}") from None
    return raw
