"""Bit helpers and constant tables shared by the numba kernels.

Cards follow DESIGN.md contract 1: card ``c = 6 * suit + rank``; a hand is
an integer bit mask (kept as int64 inside the kernels).  Within one suit a
higher card id is a higher card (9 < J < Q < K < 10 < A), so comparing ids
of one suit compares ranks.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from ..cards import CARD_POINTS as POINTS  # card points by card id, int64 of shape (24,)
from ..cards import KING as KING  # ranks within a suit, for the kernels
from ..cards import MARRIAGE_VALUES as MVAL  # marriage value by suit, int64 of shape (4,)
from ..cards import QUEEN as QUEEN
from ..scoring.points import ACE_MARRIAGE_POINTS as ACE_MARRIAGE_POINTS  # the four aces' points, 200
from ..scoring.points import ACES as ACES  # the four aces as a mask

_PT8 = np.zeros((3, 256), dtype=np.int64)
for _b in range(3):
    for _v in range(256):
        _PT8[_b, _v] = sum(POINTS[8 * _b + _i] for _i in range(8) if _v >> _i & 1)

#: Rule flag bits packed into one int by :func:`rule_flags`.
RF_Q_ONLY = 1
RF_OWNER_ONLY = 2
RF_FIRST_MARRIAGE = 4
RF_BOLT_ZERO = 8
RF_BOLT_TRICK = 16
RF_BOLT_DECLARER = 32
#: Not a rule: switches the relative-rank table hits of the kernel off (every
#: table hit must then be the very same position); for the tests that compare
#: the search with and without them.  :func:`rule_flags` never sets it.
RF_EXACT_KEYS = 64
#: Not a rule either: switches the kernel's quasi-equivalence off (every move
#: left after merging is searched); for the tests that compare the search
#: with and without it.  :func:`rule_flags` never sets it, and the table key
#: ignores it.
RF_NO_QUASI = 128
#: The ace marriage (``rules.ace_marriage``): a player holding the four aces
#: who leads an ace after the first trick declares it, +200 to his points.
RF_ACE_MARRIAGE = 256


def rule_flags(rules) -> int:
    """Pack the play conventions and bolt definition of ``rules`` into an int.

    Parameters
    ----------
    rules : analysis.rules.Rules

    Returns
    -------
    int
        Bit set of ``RF_*`` flags (RULES.md, play conventions rows and the
        bolt rows).
    """
    f = 0
    if rules.marriage_lead == "Q":
        f |= RF_Q_ONLY
    if rules.trump_lead_owner_only:
        f |= RF_OWNER_ONLY
    if rules.first_trick_marriage:
        f |= RF_FIRST_MARRIAGE
    if rules.bolt_rule == "zero_points":
        f |= RF_BOLT_ZERO
    elif rules.bolt_rule == "no_trick":
        f |= RF_BOLT_TRICK
    if rules.bolt_declarer:
        f |= RF_BOLT_DECLARER
    if rules.ace_marriage:
        f |= RF_ACE_MARRIAGE
    return f


@njit(cache=True, inline="always")
def ace_holder(h0, h1, h2, rf):
    """Seat whose hand holds the four aces while the ace marriage may still
    be declared (``RF_ACE_MARRIAGE`` in ``rf``), else -1.

    Every ace is then in that one hand, so it stays pending until he plays
    an ace: led after the first trick it declares the marriage (a
    declaration never costs its holder anything, so the kernels always
    make it), played otherwise it loses it."""
    if (rf & RF_ACE_MARRIAGE) == 0:
        return -1
    if (h0 & ACES) == ACES:
        return 0
    if (h1 & ACES) == ACES:
        return 1
    if (h2 & ACES) == ACES:
        return 2
    return -1


@njit(cache=True, inline="always")
def seat_hand(h0, h1, h2, p):
    """The hand of seat ``p`` among the three masks."""
    if p == 0:
        return h0
    if p == 1:
        return h1
    return h2


def _bit_intrinsic(op):
    """A numba intrinsic applying LLVM's ``op`` (``ctpop``, ``cttz`` or
    ``ctlz``) to an integer widened to 64 bits; ``cttz`` and ``ctlz`` give 64
    for 0."""

    @intrinsic
    def f(typingctx, x):
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            v = context.cast(builder, args[0], signature.args[0], types.int64)
            if op == "ctpop":
                return builder.ctpop(v)
            return getattr(builder, op)(v, ir.Constant(ir.IntType(1), 0))

        return types.int64(x), codegen

    return f


_ctpop = _bit_intrinsic("ctpop")
_cttz = _bit_intrinsic("cttz")
_ctlz = _bit_intrinsic("ctlz")


@njit(cache=True, inline="always")
def highbit(x):
    """Index of the highest set bit of a non-negative int (-1 for 0)."""
    return 63 - _ctlz(x)


@njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a non-negative int (one ``popcnt`` instruction
    where the CPU has it)."""
    return _ctpop(x)


@njit(cache=True, inline="always")
def lowbit(x):
    """Index of the lowest set bit (0 for 0; one ``tzcnt`` where the CPU
    has it)."""
    return _cttz(x) & 63


@njit(cache=True, inline="always")
def mask_points(m):
    """Card points in a mask (0–120)."""
    return _PT8[0, m & 0xFF] + _PT8[1, (m >> 8) & 0xFF] + _PT8[2, (m >> 16) & 0xFF]


_MSUM = np.array([sum(MVAL[s] for s in range(4) if m >> s & 1) for m in range(16)], dtype=np.int64)


@njit(cache=True, inline="always")
def marriages_of(h):
    """4-bit mask of the suits in which hand ``h`` holds both K and Q."""
    m = (h >> 2) & (h >> 3) & 0x41041  # bit 6 * s set for a K+Q of suit s
    return (m & 1) | ((m >> 5) & 2) | ((m >> 10) & 4) | ((m >> 15) & 8)


@njit(cache=True, inline="always")
def marriage_sum(h):
    """Total value of the marriages held in ``h`` (0–280)."""
    return _MSUM[marriages_of(h)]


@njit(cache=True, inline="always")
def beats(x, y, trump):
    """True when card ``x`` beats the currently winning card ``y``."""
    sx = x // 6
    sy = y // 6
    if sx == sy:
        return x > y
    return sx == trump


@njit(cache=True, inline="always")
def trick_winner(c0, c1, c2, leader, trump):
    """Seat that wins the trick ``c0, c1, c2`` (in play order) led by ``leader``."""
    w = c0
    ws = leader
    if beats(c1, w, trump):
        w = c1
        ws = (leader + 1) % 3
    if beats(c2, w, trump):
        ws = (leader + 2) % 3
    return ws


@njit(cache=True, inline="always")
def follow_mask(h, led_suit, trump):
    """Legal cards of hand ``h`` when a card of ``led_suit`` was led.

    Follow suit; if void and a trump is set and held, trump; else any card
    (RULES.md, common core, play).
    """
    sm = h & (0x3F << (6 * led_suit))
    if sm:
        return sm
    if trump >= 0:
        tm = h & (0x3F << (6 * trump))
        if tm:
            return tm
    return h


@njit(cache=True, inline="always")
def lead_mask(h, seat, trump, towner, rf):
    """Cards ``seat`` may lead, ignoring marriage declarations.

    Only under ``trump_lead_owner_only`` (wiki) is a lead restricted: a player
    other than the trump's declarer may not lead a trump unless he holds only
    trumps.
    """
    if (rf & RF_OWNER_ONLY) and trump >= 0 and seat != towner:
        nt = h & ~(0x3F << (6 * trump))
        if nt:
            return nt
    return h
