"""Python front of the solver: validation, play value, threshold queries and
the best exchange (DESIGN.md, contract 3).

The numba kernels (:mod:`._kernel`, :mod:`._drivers`) see only ints and
arrays; this module checks the input, resolves the rules, rotates seats so
that the declarer sits at kernel seat 0 where that helps, and owns the
transposition tables (one per process, kept between calls: an entry's key
holds the whole position, the declarer and the rule flags, so old entries
stay valid).
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

import numpy as np

from ..cards import check_parts, marriage_points
from ..errors import BadArgument
from ..redeal import redeal_after, redeal_after_many  # noqa: F401  (imported from here)
from ..rules import Rules, as_rules
from . import _drivers
from ._bits import rule_flags
from ._kernel import new_buffers, new_table, search

__all__ = [
    "play_value",
    "play_objective",
    "makes",
    "exchange_value",
    "exchange_makes",
    "ExchangeResult",
    "ExchangeMakes",
    "SOLVER_VERSION",
    "SOLVER_FIELDS",
    "solver_fingerprint",
    "resolve_rules",
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
)

_FULL = (1 << 24) - 1


class _State:
    """Per-process tables and scratch buffers (created on first use)."""

    def __init__(self):
        self.vt = None
        self.jt = None
        self.buf = None

    def tables(self):
        if self.vt is None:
            self.vt = new_table(16)
            self.jt = new_table(15)
            self.buf = new_buffers()
        return self.vt, self.jt, self.buf


STATE = _State()


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
    return as_rules(rules).fingerprint(SOLVER_FIELDS)


#: The former name of :func:`analysis.rules.as_rules` (the same function), kept
#: for callers that import it from here.
resolve_rules = as_rules


def _mask(x, what: str) -> int:
    try:
        m = int(x)
    except (TypeError, ValueError):
        raise BadArgument(f"{what} is not a card mask: {x!r}") from None
    if m != x or m < 0 or m > _FULL:
        raise BadArgument(f"{what} is not a 24-card bit mask: {x!r}")
    return m


def _seat(x, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x <= 2:
        raise BadArgument(f"{what} must be a seat 0, 1 or 2, got {x!r}")
    return int(x)


def _flag(x, what: str) -> bool:
    """A yes/no argument: ``True``/``False`` (numpy's too) or 0/1; anything
    else (``"no"`` is truthy) is refused rather than guessed."""
    if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and x in (0, 1)):
        return bool(x)
    raise BadArgument(f"{what} must be True or False, got {x!r}")


def _prepare(hands, declarer, leader, trump, trump_owner, first_trick, rules):
    """The fronts' check: resolve ``rules`` (:func:`~analysis.rules.as_rules`),
    then :func:`_check_position`."""
    return _check_position(hands, declarer, leader, trump, trump_owner, first_trick, as_rules(rules))


def _check_position(hands, declarer, leader, trump, trump_owner, first_trick, rules: Rules):
    """Validate a trick-boundary position; return kernel-ready values.

    Returns
    -------
    tuple
        ``(hands as 3 ints, leader, trump (-1 none), trump owner, first (0/1), Rules)``.

    Raises
    ------
    ValueError
        Overlapping or unequal hands, bad seats or suits.
    """
    try:
        hs = [_mask(h, f"hand {i}") for i, h in enumerate(hands)]
    except TypeError:
        raise BadArgument("hands must be a sequence of three card masks") from None
    if len(hs) != 3:
        raise BadArgument(f"hands must hold three masks, got {len(hs)}")
    if hs[0] & hs[1] or hs[0] & hs[2] or hs[1] & hs[2]:
        raise BadArgument("hands overlap: a card is in two hands")
    counts = [bin(h).count("1") for h in hs]
    if len(set(counts)) != 1:
        raise BadArgument(f"hands hold unequal numbers of cards: {counts}")
    if not 1 <= counts[0] <= 8:
        raise BadArgument(f"each hand must hold 1..8 cards, got {counts[0]}")
    declarer = _seat(declarer, "declarer")
    leader = declarer if leader is None else _seat(leader, "leader")
    if trump is None:
        t = -1
    elif isinstance(trump, bool) or not isinstance(trump, (int, np.integer)) or not 0 <= trump <= 3:
        raise BadArgument(f"trump must be a suit 0..3 or None, got {trump!r}")
    else:
        t = int(trump)
    if trump_owner is None:
        if t >= 0 and rules.trump_lead_owner_only:
            raise BadArgument(
                "trump_owner is needed when a trump is set and only the trump's declarer may lead trumps"
            )
        owner = 0
    else:
        owner = _seat(trump_owner, "trump_owner")
    if first_trick is None:
        first = int(counts[0] == 8)
    else:
        first = int(bool(first_trick))
    return hs, leader, t, owner, first, rules


def _search(hs, leader, trump, owner, first, declarer, rf, alpha, beta, mode=0, bits=0, stats=None):
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    tt = vt if mode == 0 else jt
    v = search(
        hs[0],
        hs[1],
        hs[2],
        leader,
        0,
        -1,
        -1,
        trump,
        owner,
        first,
        bits,
        alpha,
        beta,
        declarer,
        mode,
        rf,
        tt,
        vt,
        mbuf,
        sbuf,
        sk,
        st,
    )
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    return int(v)


def _position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules: Rules):
    """The fronts' preamble: check a position (:func:`_check_position`) and
    return its search.

    Returns
    -------
    callable
        ``search(alpha, beta, mode=0, bits=0, stats=None) -> int``:
        :func:`_search` of the checked position for ``declarer`` under the
        rules' flags (:func:`~._bits.rule_flags`).

    Raises
    ------
    ValueError
        As :func:`_check_position`.
    """
    hs, leader, t, owner, first, rules = _check_position(
        hands, declarer, leader, trump, trump_owner, first_trick, rules
    )
    return partial(_search, hs, leader, t, owner, first, declarer, rule_flags(rules))


def _front_search(hands, declarer, leader, trump, trump_owner, first_trick, rules):
    """:func:`_position_search` after resolving ``rules`` (:func:`_prepare`):
    the preamble of the entry points (:func:`play_value`,
    :func:`~.queries.play_objective`, :func:`~.queries.makes`)."""
    return _position_search(hands, declarer, leader, trump, trump_owner, first_trick, as_rules(rules))


def _play_value(
    hands,
    rules: Rules,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    stats=None,
) -> int:
    """:func:`play_value` under a ``Rules`` object, for callers below an entry point
    (the rules are not resolved again)."""
    search = _position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules)
    return search(-1, 1000, stats=stats)


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
    search = _front_search(hands, declarer, leader, trump, trump_owner, first_trick, rules)
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
    parts = [
        ("hand", _mask(hand, "hand"), 7),
        ("widow", _mask(widow, "widow"), 3),
        ("left", _mask(left, "left"), 7),
        ("right", _mask(right, "right"), 7),
    ]
    check_parts(parts)
    return parts[0][1] | parts[1][1], parts[2][1], parts[3][1]


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
    return _exchange_value(hand, widow, left, right, as_rules(rules), line, stats)


def _exchange_value(hand, widow, left, right, rules: Rules, line=True, stats=None) -> ExchangeResult:
    """:func:`exchange_value` under a ``Rules`` object, for callers below an entry
    point (the rules are not resolved again)."""
    ten, lm, rm = _check_exchange(hand, widow, left, right)
    line = _flag(line, "line")
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
        from .line import play_line

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
    rules = as_rules(rules)
    ten, lm, rm = _check_exchange(hand, widow, left, right)
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    a, b = _drivers.exchange_reaches(
        ten, lm, rm, max(int(contract), 0), rule_flags(rules), vt, mbuf, sbuf, sk, st
    )
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    return ExchangeMakes(a >= 0, int(a), int(b))


# the objective and threshold queries live in .queries (module size); importable from here too
from .queries import makes, play_objective  # noqa: E402
