"""The rules of the table: the ``Rules`` model, its five profiles, the one resolver.

A ``Rules`` object holds one field per convention of RULES.md; the five
profiles (``club`` the default, ``classic``, ``book``, ``ua``, ``wiki``) are
:data:`PROFILES`.  A profile name or a ``.json`` file becomes a ``Rules``
once, at an entry point, through :func:`as_rules` (:func:`load_rules` on the
command line, with ``--set`` changes); below the entry points functions take
the object (:func:`takes_rules`).

Modules: :mod:`~analysis.rules.model` (the fields, the profiles, field
documentation), :mod:`~analysis.rules.profiles` (the profiles' values),
:mod:`~analysis.rules.checks` (the values each field may take),
:mod:`~analysis.rules.serial` (``field=value`` changes, JSON, fingerprint),
:mod:`~analysis.rules.resolve` (the resolver), :mod:`~analysis.rules.describe`
(differences, names safe in paths), :mod:`~analysis.rules.redeal_conditions`
(the redeal conditions as one table), :mod:`~analysis.rules.words` (fields and
values in a player's words).

Examples
--------
>>> from analysis.rules import PROFILES, as_rules
>>> as_rules("wiki").target, PROFILES["book"].barrel_threshold
(1001, 900)
>>> as_rules("club").with_changes("barrel_seats=1").name
'club+barrel_seats=1'
"""

from .describe import folder_label, rules_diff
from .fields import is_four_only
from .model import CONVENTIONS, PROFILES, Rules, field_doc, fields_without_figure
from .resolve import as_rules, entry_point, load_rules, takes_rules
from .serial import INFORMATION_FIELDS
from .words import change_words, field_words, value_words

__all__ = [
    "Rules",
    "PROFILES",
    "CONVENTIONS",
    "INFORMATION_FIELDS",
    "as_rules",
    "load_rules",
    "takes_rules",
    "entry_point",
    "rules_diff",
    "field_doc",
    "folder_label",
    "redeal_conditions",
    "fields_without_figure",
    "change_words",
    "field_words",
    "value_words",
    "is_four_only",
]
