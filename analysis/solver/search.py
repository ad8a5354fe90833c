"""The solver's per-process tables and the checked search of one position.

The fronts of :mod:`.api`, :mod:`.queries`, :mod:`.position`, :mod:`.batch`
and :mod:`.line` share these: :data:`STATE` (the transposition tables and
scratch buffers, one per process, kept between calls: an entry's key holds
the whole position, the declarer and the rule flags, so old entries stay
valid), the argument checks (:func:`card_mask`, :func:`check_seat`,
:func:`check_flag`, :func:`check_position`) and :func:`position_search`,
the kernel search of a checked position.  Every function here takes a
``Rules`` object: the fronts resolve names.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from ..cards import check_parts
from ..errors import BadArgument
from ..rules import Rules
from ._bits import rule_flags
from ._kernel import new_buffers, new_table, search

__all__ = [
    "STATE",
    "card_mask",
    "deal_masks",
    "check_seat",
    "check_flag",
    "check_position",
    "position_search",
]

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


def card_mask(x, what: str) -> int:
    """``x`` as a 24-card bit mask, checked.

    Parameters
    ----------
    x : int-like
        A card mask (numpy integers accepted).
    what : str
        The argument's name, for the message.

    Returns
    -------
    int

    Raises
    ------
    BadArgument
        When ``x`` is not an integer in 0 .. 2**24 - 1.
    """
    try:
        m = int(x)
    except (TypeError, ValueError):
        raise BadArgument(f"{what} is not a card mask: {x!r}") from None
    if m != x or m < 0 or m > _FULL:
        raise BadArgument(f"{what} is not a 24-card bit mask: {x!r}")
    return m


def deal_masks(hand, widow, left, right) -> tuple[int, int, int, int]:
    """A declarer's deal as four checked masks (DESIGN.md contract 7).

    Parameters
    ----------
    hand, widow, left, right : int-like
        The declarer's 7 cards, the widow's 3 and each defender's 7.

    Returns
    -------
    (hand, widow, left, right) : tuple of int

    Raises
    ------
    BadArgument
        When a mask is not a card mask (:func:`card_mask`), or on wrong card
        counts or overlapping hands (:func:`analysis.cards.check_parts`).
    """
    parts = [
        ("hand", card_mask(hand, "hand"), 7),
        ("widow", card_mask(widow, "widow"), 3),
        ("left", card_mask(left, "left"), 7),
        ("right", card_mask(right, "right"), 7),
    ]
    check_parts(parts)
    return tuple(m for _, m, _ in parts)


def check_seat(x, what: str) -> int:
    """``x`` as a seat 0, 1 or 2 (numpy integers accepted; not bools).

    Raises
    ------
    BadArgument
        On anything else, naming ``what``.
    """
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x <= 2:
        raise BadArgument(f"{what} must be a seat 0, 1 or 2, got {x!r}")
    return int(x)


def check_flag(x, what: str) -> bool:
    """A yes/no argument: ``True``/``False`` (numpy's too) or 0/1; anything
    else (``"no"`` is truthy) is refused rather than guessed."""
    if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and x in (0, 1)):
        return bool(x)
    raise BadArgument(f"{what} must be True or False, got {x!r}")


def check_position(hands, declarer, leader, trump, trump_owner, first_trick, rules: Rules):
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
        hs = [card_mask(h, f"hand {i}") for i, h in enumerate(hands)]
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
    declarer = check_seat(declarer, "declarer")
    leader = declarer if leader is None else check_seat(leader, "leader")
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
        owner = check_seat(trump_owner, "trump_owner")
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


def position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules: Rules):
    """The fronts' preamble: check a position (:func:`check_position`) and
    return its search (the rules already resolved).

    Returns
    -------
    callable
        ``search(alpha, beta, mode=0, bits=0, stats=None) -> int``:
        :func:`_search` of the checked position for ``declarer`` under the
        rules' flags (:func:`~._bits.rule_flags`).

    Raises
    ------
    ValueError
        As :func:`check_position`.
    """
    hs, leader, t, owner, first, rules = check_position(
        hands, declarer, leader, trump, trump_owner, first_trick, rules
    )
    return partial(_search, hs, leader, t, owner, first, declarer, rule_flags(rules))
