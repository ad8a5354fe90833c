"""The convention fields of :class:`analysis.rules.Rules`, one dataclass per concept.

``Rules`` inherits them all; their order (identity, bidding, play, write-off
and scoring, bolts, barrel, redeals, dark play, golden round) is the order ``thousand rules show``
prints.  Each field's ``metadata`` is made by :func:`.convention.doc`.
"""

from .barrel import BarrelFields
from .bidding import BiddingFields
from .bolts import BoltFields
from .convention import doc, is_added
from .dark import DarkFields
from .golden import GoldenFields
from .identity import IdentityFields
from .play import PlayFields
from .redeals import RedealFields
from .table import TableFields, check_table, is_four_only
from .write_off import WriteOffFields

__all__ = [
    "BarrelFields",
    "BiddingFields",
    "BoltFields",
    "DarkFields",
    "GoldenFields",
    "IdentityFields",
    "PlayFields",
    "RedealFields",
    "TableFields",
    "check_table",
    "is_four_only",
    "WriteOffFields",
    "doc",
    "is_added",
]
