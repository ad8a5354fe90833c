"""Python front of the solver: play value and the best exchange (DESIGN.md,
contract 3).

The numba kernels (:mod:`._kernel`, :mod:`._drivers`) see only ints and
arrays; these fronts resolve the rules (:func:`analysis.rules.entry_point`),
check the input and rotate seats so that the declarer sits at kernel seat 0
where that helps.  The per-process tables and the position checks are
:mod:`.search`; the objective and threshold queries of a position are
:mod:`.queries`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..cards import marriage_points
from ..errors import BadArgument
from ..redeal import redeal_after, redeal_after_many  # noqa: F401  (imported from here)
from ..rules import entry_point
from . import _drivers
from ._bits import rule_flags
from .line import play_line
from .search import STATE, card_mask, check_flag, deal_masks, position_search  # noqa: F401  (STATE: imported from here)

__all__ = [
    "play_value",
    "exchange_value",
    "exchange_makes",
    "ExchangeResult",
    "SOLVER_VERSION",
    "SOLVER_FIELDS",
    "solver_fingerprint",
]

#: Version of the solver's results; bump when a change can alter any value or line.
SOLVER_VERSION = "1.0"
#: The Rules fields the solver depends on: play conventions plus the bolt definition.
SOLVER_FIELDS = (
    "first_trick_marriage",
    "marriage_lead",
    "trump_lead_owner_only",
    "bolt_rule",
    "bolt_declarer",
    "ace_marriage",
)


@entry_point
def solver_fingerprint(rules="club") -> str:
    """Fingerprint of the conventions that change solver results.

    Parameters
    ----------
    rules : str or Rules
        Profile name or rules object.

    Returns
    -------
    str
        ``rules.fingerprint(SOLVER_FIELDS)``, 12 hex digits.
    """
    return rules.fingerprint(SOLVER_FIELDS)


@entry_point
def play_value(
    hands,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    stats=None,
) -> int:
    """Double-dummy value of a position at a trick boundary for the declarer.

    Parameters
    ----------
    hands : sequence of 3 int
        Bit masks (uint32 ok) of the hands of seats 0, 1, 2: disjoint, equal
        counts 1..8.
    declarer : int
        Seat whose points are counted (maximised); both others minimise.
    leader : int, optional
        Seat to lead the next trick (default: the declarer).
    trump : int, optional
        Current trump suit 0..3 (♠ ♣ ♦ ♥), None before any marriage.
    trump_owner : int, optional
        Seat that declared the trump; needed only under
        ``trump_lead_owner_only`` (wiki).
    first_trick : bool, optional
        The next trick is the deal's first (no marriage unless
        ``rules.first_trick_marriage``); default: every hand holds 8 cards.
    rules : str or Rules
        Profile name (``club classic book ua wiki``) or rules object.
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes searched.

    Returns
    -------
    int
        Card points of the tricks the declarer wins plus the marriages he
        declares, from here on (0–400), under optimal play by all three
        with full information (RULES.md, common core: play, marriages).

    Raises
    ------
    ValueError
        On overlapping hands, unequal counts, bad seats or suits, unknown rules.

    Examples
    --------
    >>> from analysis.cards import parse
    >>> play_value([parse("A♠"), parse("9♠"), parse("10♠")])
    21
    """
    search = position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules)
    return search(-1, 1000, stats=stats)


class ExchangeResult(NamedTuple):
    """Best exchange and the tie-broken line (DESIGN.md, contract 3).

    Points are card points plus own declared marriages; ``-1`` in the line
    fields when the line was not computed (``line=False``).
    """

    value: int  #: declarer's double-dummy total after the best gift
    give_left: int  #: card id given to the left opponent
    give_right: int  #: card id given to the right opponent
    marriage_cap: int  #: 120 + marriages in the declarer's 8 cards
    declarer_tricks: int  #: tricks the declarer takes on the line
    left_points: int  #: left opponent's raw points on the line
    left_tricks: int
    right_points: int  #: right opponent's raw points on the line
    right_tricks: int
    redeal_after_gift: bool  #: the gift leaves an after-exchange redeal condition
    objective: int  #: J of the line (-1 without the line)
    line: tuple = ()  #: move codes of the line (card | 32 when declared)


def _check_exchange(hand, widow, left, right):
    h, w, lm, rm = deal_masks(hand, widow, left, right)
    return h | w, lm, rm


@entry_point
def exchange_value(hand, widow, left, right, *, rules="club", line=True, stats=None) -> ExchangeResult:
    """Best gift of two cards and the double-dummy value after it.

    Parameters
    ----------
    hand, widow, left, right : int
        Bit masks: the declarer's 7 cards, the 3-card widow, and the 7 cards
        of his left and right opponents; disjoint.
    rules : str or Rules
    line : bool
        Also compute the tie-broken line (gift and play maximising J);
        without it the line fields are -1 and the gift is the first found
        reaching the value.
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes searched.

    Returns
    -------
    ExchangeResult
        ``value`` equals the maximum of :func:`play_value` over the 90
        ordered gifts, the declarer leading the first trick.

    Raises
    ------
    ValueError
        On wrong sizes, overlaps, unknown rules or a ``line`` that is not
        True or False.
    """
    ten, lm, rm = _check_exchange(hand, widow, left, right)
    line = check_flag(line, "line")
    rf = rule_flags(rules)
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    gift_ub = np.zeros(576, dtype=np.int64)
    value, a, b = _drivers.exchange_best(ten, lm, rm, rf, vt, mbuf, sbuf, sk, st, gift_ub, line)
    value = int(value)
    obj = -1
    moves: tuple = ()
    if line:
        obj, a, b = _drivers.exchange_line_gift(ten, lm, rm, value, rf, vt, jt, mbuf, sbuf, sk, st, gift_ub)
        obj = int(obj)
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    a = int(a)
    b = int(b)
    d = ten & ~(1 << a) & ~(1 << b)
    h8 = (d, lm | (1 << a), rm | (1 << b))
    fields = dict(declarer_tricks=-1, left_points=-1, left_tricks=-1, right_points=-1, right_tricks=-1)
    if line:
        tricks, moves = play_line(
            h8, declarer=0, leader=0, trump=-1, owner=0, first=1, rf=rf, target=obj, mode=1
        )
        pts, ntr = tricks[-1]["raw"], tricks[-1]["tricks"]
        if pts[0] != value:
            raise RuntimeError("solver line disagrees with the value")
        fields = dict(
            declarer_tricks=ntr[0],
            left_points=pts[1],
            left_tricks=ntr[1],
            right_points=pts[2],
            right_tricks=ntr[2],
        )
    return ExchangeResult(
        value=value,
        give_left=a,
        give_right=b,
        marriage_cap=120 + int(marriage_points(d)),
        redeal_after_gift=redeal_after(h8, rules),
        objective=obj,
        line=tuple(moves),
        **fields,
    )


class ExchangeMakes(NamedTuple):
    """Answer of :func:`exchange_makes`; ``bool(result)`` is the answer."""

    makes: bool
    give_left: int  #: a gift reaching the contract (-1 when none)
    give_right: int

    def __bool__(self) -> bool:
        return bool(self.makes)


@entry_point
def exchange_makes(hand, widow, left, right, contract, *, rules="club", stats=None) -> ExchangeMakes:
    """Is there a gift after which the declarer reaches ``contract``?

    Parameters
    ----------
    hand, widow, left, right : int
        As :func:`exchange_value`.
    contract : int
        Points needed (card points plus the declarer's marriages).

    Returns
    -------
    ExchangeMakes
        Truthy when some gift reaches the contract; carries that gift.

    Raises
    ------
    ValueError
        As :func:`exchange_value`, or a non-integer contract.
    """
    if isinstance(contract, bool) or not isinstance(contract, (int, np.integer)):
        raise BadArgument(f"contract must be an integer, got {contract!r}")
    ten, lm, rm = _check_exchange(hand, widow, left, right)
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    a, b = _drivers.exchange_reaches(
        ten, lm, rm, max(int(contract), 0), rule_flags(rules), vt, mbuf, sbuf, sk, st
    )
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    return ExchangeMakes(a >= 0, int(a), int(b))
