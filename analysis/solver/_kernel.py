"""The numba alpha-beta kernel of the double-dummy solver.

One function, :func:`search`, walks the game card by card with an explicit
stack (one row of ``S`` per depth; opening a node and writing its child are
written out inside the loop, because numba would otherwise reference-count
the arrays at every inlined call, which cost a tenth of the time).  A node
is a position: the three hands (int bit masks), the leader of the current
trick, how many cards are already on the table (``ply`` 0, 1, 2) and which
(``c0`` led by the leader, ``c1`` by the next seat), the trick's trump
(-1: none yet), the seat that declared it, the first-trick flag and, for the
tie-break objective, three "has scored" bits.

Two objectives share the code (``mode``):

* ``mode 0`` – the value: card points of the tricks the declarer wins plus
  the marriages he declares, from this node on (DESIGN.md, contract 3).
* ``mode 1`` – the tie-break objective ``J = 1000 * declarer points +
  300 * (bolted defenders - bolted declarer) - defenders' marriage points``
  (DESIGN.md, contract 3), from this node on, where the bolts are decided at
  the end of the deal from the "has scored" bits.

The declarer maximises, both defenders minimise.  A transposition table at
trick boundaries stores bounds on the objective still to come (marriage
bonuses and trick points already taken are added outside, so a stored
entry depends only on its key).  The mover keeps one card of each group of
cards that are equivalent for the rest of the deal (see :func:`_merge`), in
both modes.

Principal variation search: at a node searched with a window wider than
one point, the first move (the best by the move order) gets the whole
window and every later move first a null window at the bound to beat
(``F_SC`` marks it); only a move that beats it inside the window is
searched again, with the bound it proved kept.  With the move order right
at 95 % of the nodes, the null windows cut far more than the whole window
would: the value search of a position (``play_value``) searches 1.2x fewer
nodes (a fail-soft null-window result is a sound bound, so values and lines
are unchanged).

Quasi-equivalence: cards of one group that :func:`_merge` keeps whole
differ in play only by their points, so a searched card's fail-soft result,
moved by the point difference, bounds its group mates; a mate whose bound
cannot beat the node's best is not searched (:func:`_quasi_bound`).  On
random deals it settles 2-3 % of the moves and saves 5-7 % of the nodes,
CPU within noise (the check costs what the nodes save).

Near the leaves the general search's bookkeeping costs more than its move
ordering saves: a three-card trick boundary is probed in the table and
bounded like any other, then solved by the nested loops of
:func:`_three_tricks` over :func:`_two_tricks` (``stats[0]`` counts the
nodes of the general search only, so down to three-card boundaries).

Rule flags (``rf``) are the ``RF_*`` bits of :mod:`._bits`.

:func:`_merge` and the static bounds (:func:`._bounds.bounds` with
:func:`._bounds.sure_points` and :func:`._bounds.trump_masters`) are inlined
into :func:`search` by numba (``inline="always"``): numba compiles every
``njit`` function on its own and links the machine code, so a plain call
is never optimised together with its caller.  Inlined, the exchange and the
odds took 0.85-0.90x the time (paired in one process: random deals, two
seeds, and the odds of the README hand); it makes numba's first
compilation about 40 s longer.  Inlining the endgame solvers too was no
faster (1.00-1.09x) and compiled far longer still.

Maintenance note: numba's on-disk cache of a function is invalidated only
when *its own* source file changes, not when a callee changes; the drivers
would keep an old compiled copy of :func:`search`.  :mod:`analysis._jitcache`
clears the package's numba cache whenever any source file changed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._bits import (
    ACE_MARRIAGE_POINTS,
    KING,
    MVAL,
    POINTS,
    QUEEN,
    RF_BOLT_DECLARER,
    RF_BOLT_TRICK,
    RF_BOLT_ZERO,
    RF_EXACT_KEYS,
    RF_FIRST_MARRIAGE,
    RF_NO_QUASI,
    RF_OWNER_ONLY,
    RF_Q_ONLY,
    ace_holder,
    beats,
    follow_mask,
    highbit,
    lead_mask,
    lowbit,
    marriage_sum,
    marriages_of,
    mask_points,
    popcount,
    trick_winner,
)
from ._bits import (
    seat_hand as _hand,
)
from ._bounds import bounds, defenders_cash

INF = 1 << 40
DECLARE = 32  # move code: card | DECLARE when the lead declares a marriage
MOVE_SLOTS = 24  # moves per node: at most 8 cards + 8 declarations
N_LEVELS = 25
# fields of one node on the explicit stack (search is iterative: numba's
# cache cannot reload a recursive function reliably, numba issue #6061)
(
    F_H0,
    F_H1,
    F_H2,
    F_LEAD,
    F_PLY,
    F_C0,
    F_C1,
    F_TR,
    F_TO,
    F_FI,
    F_BI,
    F_AL,
    F_BE,
    F_BEST,
    F_BM,
    F_ADD,
    F_NI,
    F_NN,
    F_A0,
    F_B0,
    F_SLOT,
    F_K1,
    F_K2,
    F_OLO,
    F_OHI,
    F_MAXI,
    F_REM,
    F_SC,
    F_QM,
) = range(29)
N_FIELDS = 29


def new_table(log2_size: int = 20):
    """Allocate an empty transposition table.

    Parameters
    ----------
    log2_size : int
        The table holds ``2**log2_size`` entries of 32 bytes.

    Returns
    -------
    ndarray of shape (2**log2_size, 4), int64
        One row per entry, ``(key1, key2 | cards held << 25 | (best move +
        1) << 49, lower, upper)`` (:func:`_key`, :func:`_store`); an entry
        fits in half a cache line, so a probe costs one memory access.
        ``key1 == -1`` marks an empty row.
    """
    t = np.zeros((1 << log2_size, 4), dtype=np.int64)
    t[:, 0] = -1
    return t


def new_buffers():
    """Scratch arrays of the search: ``(moves, scores, node stack, stats)``.

    ``stats[0]`` counts the nodes searched, ``stats[1]`` the moves that
    quasi-equivalence settled without a search (:func:`_quasi_bound`).
    """
    return (
        np.zeros((N_LEVELS + 1, MOVE_SLOTS), dtype=np.int64),
        np.zeros((N_LEVELS + 1, MOVE_SLOTS), dtype=np.int64),
        np.zeros((N_LEVELS + 1, N_FIELDS), dtype=np.int64),
        np.zeros(4, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _bolt_range(bits, decl, rf):
    """How far the bolt terms of J can still fall below 0 and rise above it
    (at the end of the deal they are exactly ``up - down``).

    Returns ``(down, up)``: 300 down when the declarer has not scored yet
    and the rules bolt the declarer too; 300 up per defender who has not
    scored yet; both 0 when the rules know no bolts (DESIGN.md, contract 3).
    """
    if (rf & (RF_BOLT_ZERO | RF_BOLT_TRICK)) == 0:
        return 0, 0
    down = 0
    up = 0
    for p in range(3):
        if (bits >> p) & 1:
            continue
        if p != decl:
            up += 300
        elif rf & RF_BOLT_DECLARER:
            down += 300
    return down, up


@njit(cache=True)
def _terminal(bits, decl, rf, mode):
    """Objective of the empty position: bolts in mode 1 (300 per defender
    who never scored, -300 for a declarer who never scored under the
    declarer-bolt rule), nothing in mode 0."""
    if mode == 0:
        return 0
    down, up = _bolt_range(bits, decl, rf)
    return up - down


@njit(cache=True, inline="always")
def _score_bits(bits, seat, pts, rf):
    """Update the "has scored" bits after ``seat`` takes a trick of ``pts``."""
    if (rf & RF_BOLT_TRICK) or ((rf & RF_BOLT_ZERO) and pts > 0):
        return bits | (1 << seat)
    return bits


@njit(cache=True)
def _last_trick(h0, h1, h2, leader, trump, bits, decl, rf, mode):
    """Each hand holds one card: the play is forced (no marriage possible)."""
    a = _hand(h0, h1, h2, leader)
    b = _hand(h0, h1, h2, (leader + 1) % 3)
    c = _hand(h0, h1, h2, (leader + 2) % 3)
    ca = lowbit(a)
    cb = lowbit(b)
    cc = lowbit(c)
    ws = trick_winner(ca, cb, cc, leader, trump)
    pts = POINTS[ca] + POINTS[cb] + POINTS[cc]
    if mode == 0:
        return pts if ws == decl else 0
    v = 1000 * pts if ws == decl else 0
    return v + _terminal(_score_bits(bits, ws, pts, rf), decl, rf, mode)


@njit(cache=True)
def _two_tricks(h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf, alpha, beta):
    """Objective of a trick boundary where every hand holds two cards.

    Alpha-beta (fail-soft, window ``alpha``, ``beta``) over the leader's
    moves (each card, and each marriage declaration his two cards allow),
    both followers' legal cards, and the forced last trick; no table, no
    ordering: near the leaves this costs less than the general search's
    bookkeeping.
    """
    hl = _hand(h0, h1, h2, leader)
    f1 = (leader + 1) % 3
    f2 = (leader + 2) % 3
    ha = _hand(h0, h1, h2, f1)
    hb = _hand(h0, h1, h2, f2)
    maxl = leader == decl
    max1 = f1 == decl
    max2 = f2 == decl
    best0 = -INF if maxl else INF
    legal = lead_mask(hl, leader, trump, towner, rf)
    ms = 0
    if first == 0 or (rf & RF_FIRST_MARRIAGE):
        ms = marriages_of(hl)
    m = legal
    while m:
        c = lowbit(m)
        m &= m - 1
        s = c // 6
        r = c % 6
        ndec = 1
        if (ms >> s) & 1 and (r == QUEEN or (r == KING and not (rf & RF_Q_ONLY))):
            ndec = 2
        for dec in range(ndec):
            t = trump
            add = 0
            b = bits
            if dec == 1:
                t = s
                if mode == 0:
                    add = MVAL[s] if maxl else 0
                else:
                    add = 1000 * MVAL[s] if maxl else -MVAL[s]
                    if rf & RF_BOLT_ZERO:
                        b = bits | (1 << leader)
            a1 = alpha - add
            b1 = beta - add
            la = follow_mask(ha, s, t)
            best1 = -INF if max1 else INF
            while la:
                c1 = lowbit(la)
                la &= la - 1
                a2 = a1
                b2 = b1
                if max1:
                    if best1 > a2:
                        a2 = best1
                elif best1 < b2:
                    b2 = best1
                lb = follow_mask(hb, s, t)
                best2 = -INF if max2 else INF
                while lb:
                    c2 = lowbit(lb)
                    lb &= lb - 1
                    ws = trick_winner(c, c1, c2, leader, t)
                    pts = POINTS[c] + POINTS[c1] + POINTS[c2]
                    v = 0
                    bb = b
                    if ws == decl:
                        v = pts if mode == 0 else 1000 * pts
                    if mode != 0:
                        bb = _score_bits(b, ws, pts, rf)
                    rest = ~((1 << c) | (1 << c1) | (1 << c2))
                    v += _last_trick(h0 & rest, h1 & rest, h2 & rest, ws, t, bb, decl, rf, mode)
                    if max2:
                        if v > best2:
                            best2 = v
                            if best2 >= b2:
                                break
                    elif v < best2:
                        best2 = v
                        if best2 <= a2:
                            break
                if max1:
                    if best2 > best1:
                        best1 = best2
                        if best1 >= b1:
                            break
                elif best2 < best1:
                    best1 = best2
                    if best1 <= a1:
                        break
            v = add + best1
            if maxl:
                if v > best0:
                    best0 = v
                    if best0 > alpha:
                        alpha = best0
            elif v < best0:
                best0 = v
                if best0 < beta:
                    beta = best0
            if alpha >= beta:
                return best0
    return best0


@njit(cache=True)
def _three_tricks(h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf, alpha, beta):
    """Objective of a trick boundary where every hand holds three cards.

    Fail-soft alpha-beta (window ``alpha``, ``beta``) by nested loops over
    the leader's moves (cards and the marriage declarations they allow), the
    followers' legal cards, then :func:`_two_tricks` on the two tricks
    left, its window shifted by this trick's points.  No table and no move
    ordering: the caller probes and stores the table entry of this node.
    Replacing the general search here took 8% off the time of a play
    search (38% of its nodes were in the last three-card trick).
    """
    hl = _hand(h0, h1, h2, leader)
    f1 = (leader + 1) % 3
    f2 = (leader + 2) % 3
    ha = _hand(h0, h1, h2, f1)
    hb = _hand(h0, h1, h2, f2)
    maxl = leader == decl
    max1 = f1 == decl
    max2 = f2 == decl
    best0 = -INF if maxl else INF
    legal = lead_mask(hl, leader, trump, towner, rf)
    ms = 0
    if first == 0 or (rf & RF_FIRST_MARRIAGE):
        ms = marriages_of(hl)
    m = legal
    while m:
        c = lowbit(m)
        m &= m - 1
        s = c // 6
        r = c % 6
        ndec = 1
        if (ms >> s) & 1 and (r == QUEEN or (r == KING and not (rf & RF_Q_ONLY))):
            ndec = 2
        for dec in range(ndec):
            t = trump
            to = towner
            add = 0
            b = bits
            if dec == 1:
                t = s
                to = leader
                if mode == 0:
                    add = MVAL[s] if maxl else 0
                else:
                    add = 1000 * MVAL[s] if maxl else -MVAL[s]
                    if rf & RF_BOLT_ZERO:
                        b = bits | (1 << leader)
            a1 = alpha - add
            b1 = beta - add
            la = follow_mask(ha, s, t)
            best1 = -INF if max1 else INF
            while la:
                c1 = lowbit(la)
                la &= la - 1
                a2 = a1
                b2 = b1
                if max1:
                    if best1 > a2:
                        a2 = best1
                elif best1 < b2:
                    b2 = best1
                lb = follow_mask(hb, s, t)
                best2 = -INF if max2 else INF
                while lb:
                    c2 = lowbit(lb)
                    lb &= lb - 1
                    a3 = a2
                    b3 = b2
                    if max2:
                        if best2 > a3:
                            a3 = best2
                    elif best2 < b3:
                        b3 = best2
                    ws = trick_winner(c, c1, c2, leader, t)
                    pts = POINTS[c] + POINTS[c1] + POINTS[c2]
                    v = 0
                    bb = b
                    if ws == decl:
                        v = pts if mode == 0 else 1000 * pts
                    if mode != 0:
                        bb = _score_bits(b, ws, pts, rf)
                    rest = ~((1 << c) | (1 << c1) | (1 << c2))
                    v += _two_tricks(
                        h0 & rest, h1 & rest, h2 & rest, ws, t, to, 0, bb, decl, mode, rf, a3 - v, b3 - v
                    )
                    if max2:
                        if v > best2:
                            best2 = v
                            if best2 >= b2:
                                break
                    elif v < best2:
                        best2 = v
                        if best2 <= a2:
                            break
                if max1:
                    if best2 > best1:
                        best1 = best2
                        if best1 >= b1:
                            break
                elif best2 < best1:
                    best1 = best2
                    if best1 <= a1:
                        break
            v = add + best1
            if maxl:
                if v > best0:
                    best0 = v
                    if best0 > alpha:
                        alpha = best0
            elif v < best0:
                best0 = v
                if best0 < beta:
                    beta = best0
            if alpha >= beta:
                return best0
    return best0


#: Points of the six ranks of a suit (9 J Q K 10 A), by rank; int64 of shape (6,).
_RANK_PTS = POINTS[:6].copy()
#: ``_PACK[m, h]``: the bits of the 6-bit mask ``h`` at the set bits of ``m``,
#: packed down (bit ``k`` of the result is ``h`` at the ``k``-th set bit of
#: ``m``); int64 of shape (64, 64).
_PACK = np.array(
    [
        [
            sum(1 << k for k, r in enumerate(r for r in range(6) if m >> r & 1) if h >> r & 1)
            for h in range(64)
        ]
        for m in range(64)
    ],
    dtype=np.int64,
)
#: Bits of column 1 of a table row: the key's low part (``_K2_BITS``), then
#: the cards still held (24 bits), then the best move + 1 from bit 49.
_K2_BITS = 25
_K2_MASK = (1 << _K2_BITS) - 1
_REM_MASK = (1 << (_K2_BITS + 24)) - 1
#: Fields of ``k2`` (:func:`_key`) that the value objective's key at the
#: same position leaves at 0: the "has scored" bits and the objective bit.
_K2_MODE_BIT = 20
_K2_J_ONLY = 7 | (1 << _K2_MODE_BIT)
#: Rule flags in ``k2``: the seven low ones, not ``RF_NO_QUASI`` (it changes
#: no stored bound) nor ``RF_ACE_MARRIAGE`` (a position where no hand holds
#: the four aces has the same value with it or without it; where one does,
#: ``k1`` says so).
_K2_RF = 127


@njit(cache=True, inline="always")
def _shape(h0, h1, h2):
    """The position's cards by relative rank, 15 bits a suit (spades
    lowest): how many cards of the suit are still held (3 bits), then which
    of them, lowest first, seat 0 holds (6 bits) and which seat 1 holds (6
    bits).  Two positions of equal shape differ only in which cards of the
    same relative ranks are still held."""
    rem = h0 | h1 | h2
    code = 0
    for s in range(4):
        m = (rem >> (6 * s)) & 0x3F
        x = popcount(m) | (_PACK[m, (h0 >> (6 * s)) & 0x3F] << 3) | (_PACK[m, (h1 >> (6 * s)) & 0x3F] << 9)
        code |= x << (15 * s)
    return code


@njit(cache=True, inline="always")
def _key(h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf):
    """Table key of a trick-boundary position: ``(k1, k2, rem)``.

    ``k1`` is the relative-rank shape (:func:`_shape`); ``k2`` holds the
    "has scored" bits, the rule flags (7 bits: not ``RF_NO_QUASI``, which
    changes no stored bound), whose turn it is, the trump (and its
    declarer where it matters), the first-trick flag, the declarer, the
    objective and the suits in which a hand holds a marriage; ``rem`` is
    the set of cards still held, which with the shape gives back the
    position.  While a hand holds the four aces under the ace marriage,
    ``k1`` carries that seat + 1 at bit 60 (and the first-trick flag counts
    whatever the rules say of marriages), so such a position shares a row
    only with positions where the same seat holds them: those match their
    aces with each other, and a line of one declares the ace marriage where
    the matched line of the other does.  The slot depends on ``k1`` and ``k2`` only, so positions of
    equal shape share a row (see :func:`_probe`)."""
    to = towner if ((rf & RF_OWNER_ONLY) and trump >= 0) else 0
    ah = ace_holder(h0, h1, h2, rf)
    fi = 0 if ((rf & RF_FIRST_MARRIAGE) and ah < 0) else first
    mm = marriages_of(h0) | marriages_of(h1) | marriages_of(h2)
    k2 = (
        bits
        | ((rf & _K2_RF) << 3)
        | (leader << 10)
        | ((trump + 1) << 12)
        | (to << 15)
        | (fi << 17)
        | (decl << 18)
        | (mode << _K2_MODE_BIT)
        | (mm << 21)
    )
    return _shape(h0, h1, h2) | ((ah + 1) << 60), k2, h0 | h1 | h2


@njit(cache=True, inline="always")
def _shift(old, new, mm, keep9):
    """How far the value of a position can move when its cards ``old`` are
    replaced by ``new`` of the same relative ranks (same shape), or that the
    two may not be compared.

    Returns ``(ok, down, up)``: ``down`` and ``up`` are the sums of the
    negative and of the positive point differences of the cards matched
    rank by rank within each suit; ``ok`` is False when in a suit of ``mm``
    (a hand holds its marriage) the K and the Q of one position are not
    matched with the K and the Q of the other, or, with ``keep9``, when one
    position holds a suit's 9 and the other does not (a 9 would be matched
    with a card that has points)."""
    down = 0
    up = 0
    for s in range(4):
        a = (old >> (6 * s)) & 0x3F
        b = (new >> (6 * s)) & 0x3F
        if a == b:
            continue
        if (mm >> s) & 1 and popcount(a & 3) != popcount(b & 3):
            return False, 0, 0  # (both hold K and Q: same shape, same holder)
        if keep9 and (a & 1) != (b & 1):
            return False, 0, 0
        while a:
            x = _RANK_PTS[lowbit(b)] - _RANK_PTS[lowbit(a)]
            if x > 0:
                up += x
            else:
                down += x
            a &= a - 1
            b &= b - 1
    return True, down, up


@njit(cache=True, inline="always")
def _same_rank(move, old, new):
    """The card of ``new`` with the relative rank (within its suit) that the
    card of ``move`` has in ``old``; the flags above the card id kept."""
    c = move & 31
    s = c // 6
    a = (old >> (6 * s)) & 0x3F
    b = (new >> (6 * s)) & 0x3F
    k = popcount(a & ((1 << (c % 6)) - 1))
    for _ in range(k):
        b &= b - 1
    return (move & ~31) | (6 * s + lowbit(b))


@njit(cache=True, inline="always")
def _slot(k1, k2, n):
    """First row of the key's bucket (two rows: ``slot`` and ``slot + 1``)."""
    x = k1 * 0x9E3779B97F4A7C15 + k2 * 0x632BE59BD9B4E019
    x ^= (x >> 31) & 0x1FFFFFFFF
    x *= 0x94D049BB133111EB
    x ^= (x >> 29) & 0x7FFFFFFFF
    return x & (n - 2)


@njit(cache=True, inline="always")
def _probe_row(t, slot, k1, k2, rem, rf):
    """Bounds that row ``slot`` of table ``t`` gives on the position of key
    ``(k1, k2, rem)``: ``(found, exact, lo, hi, move)``.

    The very same position gives its stored bounds and best move.  A
    position of the same shape with other cards of the same relative ranks
    (the stored cards ``old``) gives its bounds moved by :func:`_shift`
    (times 1000 for the tie-break objective J) and its best move matched
    by rank (:func:`_same_rank`).  Why: a play of one position is a play of
    the other with the cards matched rank by rank; the rules compare only
    suits and ranks, so every trick has the same winner, the marriages
    (their K and Q are matched with each other) are the same, and each line's
    points differ only by the matched cards' point differences, at most
    ``up`` and at least ``down`` in all; J's bolt terms follow the trick
    winners, or under the zero-points bolt rule whether a trick has points,
    which the 9s decide (hence ``keep9``).  With ``RF_EXACT_KEYS`` in
    ``rf`` only the same position counts."""
    if t[slot, 0] != k1 or (t[slot, 1] & _K2_MASK) != k2:
        return False, False, 0, 0, -1
    old = (t[slot, 1] >> _K2_BITS) & 0xFFFFFF
    mv = (t[slot, 1] >> 49) - 1
    if old == rem:
        return True, True, t[slot, 2], t[slot, 3], mv
    if rf & RF_EXACT_KEYS:
        return False, False, 0, 0, -1
    mode = (k2 >> _K2_MODE_BIT) & 1
    ok, down, up = _shift(old, rem, (k2 >> 21) & 0xF, mode != 0 and (rf & RF_BOLT_ZERO) != 0)
    if not ok:
        return False, False, 0, 0, -1
    if mode != 0:
        down *= 1000
        up *= 1000
    if mv >= 0:
        mv = _same_rank(mv, old, rem)
    return True, False, t[slot, 2] + down, t[slot, 3] + up, mv


@njit(cache=True, inline="always")
def _probe(t, slot, k1, k2, rem, rf):
    """Bounds that the bucket at ``slot`` gives on the position of key
    ``(k1, k2, rem)``: ``(found, lo, hi, move)``; the row of the very same
    position if one holds it, else the tighter of the rows' moved bounds
    (:func:`_probe_row`)."""
    f0, e0, lo0, hi0, m0 = _probe_row(t, slot, k1, k2, rem, rf)
    if e0:
        return True, lo0, hi0, m0
    f1, e1, lo1, hi1, m1 = _probe_row(t, slot + 1, k1, k2, rem, rf)
    if e1:
        return True, lo1, hi1, m1
    if f0 and f1:
        return True, max(lo0, lo1), min(hi0, hi1), m0 if m0 >= 0 else m1
    if f0:
        return True, lo0, hi0, m0
    return f1, lo1, hi1, m1


@njit(cache=True, inline="always")
def _store(t, slot, k1, k2, rem, move, best, alpha, beta, old_lo, old_hi):
    """Write the entry of key ``(k1, k2, rem)`` after a fail-soft search of window
    ``(alpha, beta)`` returned ``best``: an upper bound when it failed low, a
    lower bound when it failed high (the other side kept from the old entry,
    ``old_lo``, ``old_hi``), exact inside; ``move`` is the best move (-1 none).
    The entry replaces the row of the same position in the bucket at
    ``slot``, else goes to its first row, the first row's entry moving to
    the second."""
    if best <= alpha:
        lo = old_lo
        hi = best
    elif best >= beta:
        lo = best
        hi = old_hi
    else:
        lo = best
        hi = best
    if lo < -2000000000:
        lo = -2000000000
    if hi > 2000000000:
        hi = 2000000000
    c1 = k2 | (rem << _K2_BITS)
    if t[slot + 1, 0] == k1 and (t[slot + 1, 1] & _REM_MASK) == c1:
        slot += 1
    elif t[slot, 0] != k1 or (t[slot, 1] & _REM_MASK) != c1:
        for j in range(4):
            t[slot + 1, j] = t[slot, j]
    t[slot, 0] = k1
    t[slot, 1] = c1 | ((move + 1) << 49)
    t[slot, 2] = lo
    t[slot, 3] = hi


@njit(cache=True, inline="always")
def _can_beat(hp, led, trump, x):
    """True when a later player with hand ``hp`` has a legal card beating ``x``."""
    lg = follow_mask(hp, led, trump)
    sx = x // 6
    if lg & (0x3F << (6 * sx)) & ~((2 << x) - 1):
        return True  # a higher card of x's suit
    return trump >= 0 and sx != trump and (lg & (0x3F << (6 * trump))) != 0


@njit(cache=True, inline="always")
def _merge(legal, h, others, ply, led, wcard, wside_now, trump, ha, hb, keep9):
    """Keep one card per group of equivalent cards of the mover.

    A group is the mover's legal cards of one suit that are adjacent among
    the cards still held (no other player's card between them) and that all
    beat, or all fail to beat, the winning card on the table (``wcard``; a
    lead beats nothing yet).  When the trick's winning *player* is then fixed
    whatever the later players ``ha``, ``hb`` play (nobody can beat the
    card that will be winning), the cards of a group differ only in points:
    the group's highest card dominates when the trick goes to the mover's
    side (its points are banked now instead of later), the lowest otherwise.
    Groups whose winner is not fixed are kept whole; a suit where the mover
    holds both K and Q is never merged (the marriage would be lost).

    The same holds for the tie-break objective J (mode 1), whose bolt terms
    depend on who wins tricks, except that under the zero-points bolt rule
    a trick's having points at all matters: with ``keep9`` a 9 (no points)
    is then never merged with the group's other cards, which all have
    points, so both tricks concerned have points whichever is played.

    Returns ``(kept, quasi)``: the legal cards kept, and those of them in
    groups kept whole with two cards or more (for :func:`_quasi_bound`).
    """
    out = 0
    quasi = 0
    for s in range(4):
        sm = legal & (0x3F << (6 * s))
        if sm == 0:
            continue
        if (sm & (sm - 1)) == 0 or (h >> (6 * s + 2)) & (h >> (6 * s + 3)) & 1:
            out |= sm
            continue
        lead_led = led if ply > 0 else s
        prev = -1
        glo = -1
        gbeat = False
        m = sm
        while True:
            c = -1
            bt = False
            if m:
                c = lowbit(m)
                m &= m - 1
                bt = True if ply == 0 else beats(c, wcard, trump)
                if prev >= 0 and bt == gbeat and (others & (((1 << c) - 1) ^ ((2 << prev) - 1))) == 0:
                    prev = c
                    continue
            if prev >= 0:
                if prev == glo:
                    out |= 1 << prev
                else:
                    x = glo if gbeat else wcard
                    if _can_beat(ha, lead_led, trump, x) or _can_beat(hb, lead_led, trump, x):
                        g = (((2 << prev) - 1) ^ ((1 << glo) - 1)) & sm
                        out |= g
                        quasi |= g
                    else:
                        win_mine = True if gbeat else wside_now
                        lo = glo
                        if keep9 and glo % 6 == 0:
                            out |= 1 << glo
                            lo = lowbit(sm & ~((2 << glo) - 1))
                        out |= (1 << prev) if win_mine else (1 << lo)
            if c < 0:
                break
            glo = c
            prev = c
            gbeat = bt
    return out, quasi


#: :func:`_quasi_bound`'s answer when no searched card bounds the move.
NO_BOUND = 1 << 50


@njit(cache=True, inline="always")
def _quasi_bound(S, d, mbuf, sbuf, i, mv, keep9, mode):
    """Bound on the objective after move ``mv`` (index ``i`` of node ``d``)
    from the cards of its group searched before it, or :data:`NO_BOUND`.

    ``mv`` belongs to a group that :func:`_merge` kept whole (the trick's
    winner is not fixed).  Two cards ``x < y`` of the group, one suit with
    no other player's card between them and both beating or both failing to
    beat the winning card on the table, are equivalent up to points: swap
    them in every later position and each trick of every line has the same
    winner, the same legal cards and the same marriages (no group holds a
    K and Q of the mover), so a line's objective moves only by the points
    of the two cards, by at most ``|points(x) - points(y)|`` (times 1000 in
    J; under the zero-points bolt rule a 9 is not paired with a card with
    points).  ``sbuf[d, k]`` holds what the search of the ``k``-th move
    returned: for the declarer (maximising) an upper bound on its objective
    while the node has not failed high (fail-soft), for a defender a lower
    bound.  So the declarer's move is bounded above by the smallest
    ``sbuf[d, k] + delta`` of its searched group mates, a defender's below
    by the largest ``sbuf[d, k] - delta``; when that bound cannot beat the
    node's best, the move needs no search (Kupferschmid and Helmert's
    quasi-equivalence in Skat, whose card points are the same).
    """
    h0 = S[d, F_H0]
    h1 = S[d, F_H1]
    h2 = S[d, F_H2]
    ply = S[d, F_PLY]
    trump = S[d, F_TR]
    h = _hand(h0, h1, h2, (S[d, F_LEAD] + ply) % 3)
    others = (h0 | h1 | h2) & ~h
    c = mv & 31
    wcard = -1
    bt = False
    if ply > 0:
        wcard = S[d, F_C0]
        if ply == 2 and beats(S[d, F_C1], wcard, trump):
            wcard = S[d, F_C1]
        bt = beats(c, wcard, trump)
    maxi = S[d, F_MAXI] != 0
    out = NO_BOUND
    for k in range(i):
        x = mbuf[d, k]
        if (x & DECLARE) != 0 or x // 6 != c // 6:
            continue
        if others & (((1 << max(x, c)) - 1) ^ ((2 << min(x, c)) - 1)):
            continue
        if (ply > 0 and beats(x, wcard, trump) != bt) or (keep9 and (x % 6 == 0) != (c % 6 == 0)):
            continue
        delta = abs(POINTS[x] - POINTS[c])
        if mode != 0:
            delta *= 1000
        if maxi:
            b = sbuf[d, k] + delta
            if out == NO_BOUND or b < out:
                out = b
        else:
            b = sbuf[d, k] - delta
            if out == NO_BOUND or b > out:
                out = b
    return out


@njit(cache=True)
def search(
    h0,
    h1,
    h2,
    leader,
    ply,
    c0,
    c1,
    trump,
    towner,
    first,
    bits,
    alpha,
    beta,
    decl,
    mode,
    rf,
    tt,
    vt,
    mbuf,
    sbuf,
    S,
    stats,
):
    """Alpha-beta value of a node (fail-soft), in the units of ``mode``.

    Parameters
    ----------
    h0, h1, h2 : int
        Hands of seats 0, 1, 2 (bit masks, cards on the table removed).
    leader : int
        Seat that led (or leads) the current trick.
    ply : int
        Cards already on the table in this trick (0, 1 or 2).
    c0, c1 : int
        Card ids on the table (-1 when absent), led by ``leader`` and
        ``leader + 1``.
    trump, towner : int
        Trump suit of this trick (-1: none) and the seat that declared it.
    first : int
        1 on the first trick of the deal (no marriage unless the rules allow).
    bits : int
        "Has scored" bits per seat (mode 1 only; bolts).
    alpha, beta : int
        Search window.
    decl, mode, rf : int
        Declarer seat, objective (0 value, 1 tie-break J), rule flags.
    tt : ndarray
        Transposition table of this objective (:func:`new_table`).
    vt : ndarray
        The value objective's table (mode 0; may be ``tt`` itself).  In
        mode 1 its bounds on the declarer's points still to come bound J
        too: the defenders can hold him to the value's upper bound whatever
        he plays, he can reach its lower bound whatever they play, and the
        bolt and marriage terms of J stay within :func:`_bolt_range` and the
        defenders' marriages.  Read only.
    mbuf, sbuf, S, stats : ndarray
        Scratch (:func:`new_buffers`); ``stats[0]`` counts nodes.

    Returns
    -------
    int
        Objective from this node on (points still to come for mode 0).
    """
    S[0, F_H0] = h0
    S[0, F_H1] = h1
    S[0, F_H2] = h2
    S[0, F_LEAD] = leader
    S[0, F_PLY] = ply
    S[0, F_C0] = c0
    S[0, F_C1] = c1
    S[0, F_TR] = trump
    S[0, F_TO] = towner
    S[0, F_FI] = first
    S[0, F_BI] = bits
    S[0, F_AL] = alpha
    S[0, F_BE] = beta
    S[0, F_ADD] = 0
    keep9 = mode != 0 and (rf & RF_BOLT_ZERO) != 0
    d = 0
    entering = True
    ret = 0
    while True:
        if entering:
            stats[0] += 1
            done = False
            for _once in range(1):
                h0 = S[d, F_H0]
                h1 = S[d, F_H1]
                h2 = S[d, F_H2]
                leader = S[d, F_LEAD]
                ply = S[d, F_PLY]
                trump = S[d, F_TR]
                towner = S[d, F_TO]
                first = S[d, F_FI]
                bits = S[d, F_BI]
                alpha = S[d, F_AL]
                beta = S[d, F_BE]
                rem = h0 | h1 | h2
                mover = (leader + ply) % 3
                maxi = mover == decl
                h = _hand(h0, h1, h2, mover)
                n = 0
                if ply == 0:
                    ncard = popcount(h0)
                    if ncard == 0:
                        ret = _terminal(bits, decl, rf, mode)
                        done = True
                        break
                    if ncard == 1:
                        ret = _last_trick(h0, h1, h2, leader, trump, bits, decl, rf, mode)
                        done = True
                        break
                    if ncard == 2:
                        ret = _two_tricks(
                            h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf, alpha, beta
                        )
                        done = True
                        break
                    lb, ub = bounds(h0, h1, h2, leader, trump, towner, first, decl, rf)
                    ah = ace_holder(h0, h1, h2, rf)
                    up = 0
                    if mode != 0:
                        down, up = _bolt_range(bits, decl, rf)
                        mar = marriage_sum(rem & ~_hand(h0, h1, h2, decl))
                        if ah >= 0 and ah != decl:
                            mar += ACE_MARRIAGE_POINTS
                        ub = 1000 * ub + up
                        lb = 1000 * lb - mar - down
                        # bounds on the points to come from the value table: the
                        # value's key is J's without its J-only fields
                        k1, k2, krem = _key(h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf)
                        o2 = k2 & ~_K2_J_ONLY
                        so = _slot(k1, o2, vt.shape[0])
                        found, vlo, vhi, _mv = _probe(vt, so, k1, o2, krem, rf)
                        if found:
                            x = 1000 * vhi + up
                            if x < ub:
                                ub = x
                            x = 1000 * vlo - mar - down
                            if x > lb:
                                lb = x
                    if ub <= alpha:
                        ret = ub
                        done = True
                        break
                    if lb >= beta:
                        ret = lb
                        done = True
                        break
                    best_move = -1
                    old_lo = -INF
                    old_hi = INF
                    if mode == 0:
                        k1, k2, krem = _key(h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf)
                    slot = _slot(k1, k2, tt.shape[0])
                    found, plo, phi, pmv = _probe(tt, slot, k1, k2, krem, rf)
                    if found:
                        old_lo = plo
                        old_hi = phi
                        if old_lo >= beta:
                            ret = old_lo
                            done = True
                            break
                        if old_hi <= alpha:
                            ret = old_hi
                            done = True
                            break
                        if old_lo == old_hi:
                            ret = old_lo
                            done = True
                            break
                        if old_lo > alpha:
                            alpha = old_lo
                        if old_hi < beta:
                            beta = old_hi
                        best_move = pmv
                    if leader != decl:
                        # the defenders' sure tricks passing the lead between them
                        u = mask_points(rem) + marriage_sum(_hand(h0, h1, h2, decl))
                        if ah == decl:
                            u += ACE_MARRIAGE_POINTS
                        need = u - (alpha if mode == 0 else (alpha - up) // 1000)
                        x = u - defenders_cash(h0, h1, h2, leader, trump, towner, decl, rf, need)
                        if mode != 0:
                            x = 1000 * x + up
                        if x <= alpha:
                            _store(tt, slot, k1, k2, krem, best_move, x, alpha, beta, old_lo, old_hi)
                            ret = x
                            done = True
                            break
                    if ncard == 3:
                        ret = _three_tricks(
                            h0, h1, h2, leader, trump, towner, first, bits, decl, mode, rf, alpha, beta
                        )
                        _store(tt, slot, k1, k2, krem, best_move, ret, alpha, beta, old_lo, old_hi)
                        done = True
                        break
                    S[d, F_SLOT] = slot
                    S[d, F_K1] = k1
                    S[d, F_K2] = k2
                    S[d, F_REM] = krem
                    S[d, F_OLO] = old_lo
                    S[d, F_OHI] = old_hi
                    others = rem & ~h
                    legal = lead_mask(h, leader, trump, towner, rf)
                    qm = 0
                    if ah != mover:  # the ace holder's cards are never merged
                        legal, qm = _merge(
                            legal,
                            h,
                            others,
                            0,
                            -1,
                            -1,
                            False,
                            trump,
                            _hand(h0, h1, h2, (leader + 1) % 3),
                            _hand(h0, h1, h2, (leader + 2) % 3),
                            keep9,
                        )
                    partner = 0  # a defender's partner: lead to his top card
                    if not maxi:
                        partner = _hand(h0, h1, h2, 3 - leader - decl)
                    m = legal
                    while m:
                        c = lowbit(m)
                        m &= m - 1
                        s = c // 6
                        higher = others & (0x3F << (6 * s)) & ~((2 << c) - 1)
                        mbuf[d, n] = c
                        if higher == 0:
                            sbuf[d, n] = 100 + POINTS[c]
                        else:
                            sbuf[d, n] = 50 - POINTS[c]
                            if (partner >> highbit(higher)) & 1:
                                sbuf[d, n] = 90 + POINTS[c]  # partner's top card wins
                        if c == best_move:
                            sbuf[d, n] = 10000
                        n += 1
                    if first == 0 or (rf & RF_FIRST_MARRIAGE):
                        ms = marriages_of(h)
                        for s in range(4):
                            if (ms >> s) & 1:
                                for r in range(2, 4):
                                    if r == 3 and (rf & RF_Q_ONLY):
                                        continue
                                    c = 6 * s + r
                                    mbuf[d, n] = c | DECLARE
                                    sbuf[d, n] = 500 + MVAL[s] + r
                                    if (c | DECLARE) == best_move:
                                        sbuf[d, n] = 10000
                                    n += 1
                else:
                    c0 = S[d, F_C0]
                    c1 = S[d, F_C1]
                    led = c0 // 6
                    legal = follow_mask(h, led, trump)
                    wcard = c0
                    wseat = leader
                    if ply == 2 and beats(c1, c0, trump):
                        wcard = c1
                        wseat = (leader + 1) % 3
                    wside_now = (wseat == decl) == maxi
                    ha = 0
                    if ply == 1:
                        ha = _hand(h0, h1, h2, (leader + 2) % 3)
                    qm = 0
                    if ace_holder(h0, h1, h2, rf) != mover:  # the ace holder's cards are never merged
                        legal, qm = _merge(
                            legal, h, rem & ~h, ply, led, wcard, wside_now, trump, ha, 0, keep9
                        )
                    # the third player, when he is an opponent of the mover
                    # and, in hp3, when both are defenders
                    h3 = 0
                    hp3 = 0
                    if ply == 1:
                        third = (leader + 2) % 3
                        if (third == decl) != maxi:
                            h3 = _hand(h0, h1, h2, third)
                        elif not maxi:
                            hp3 = _hand(h0, h1, h2, third)
                    m = legal
                    while m:
                        c = lowbit(m)
                        m &= m - 1
                        mbuf[d, n] = c
                        if beats(c, wcard, trump):
                            if h3 != 0 and _can_beat(h3, led, trump, c):
                                sbuf[d, n] = 50 - POINTS[c]  # may be overtaken
                            else:
                                sbuf[d, n] = 100 + POINTS[c]  # wins: bank points
                        elif wside_now and (h3 == 0 or not _can_beat(h3, led, trump, wcard)):
                            sbuf[d, n] = 100 + POINTS[c]  # partner wins: smear
                        elif hp3 != 0 and _can_beat(hp3, led, trump, wcard):
                            sbuf[d, n] = 80 + POINTS[c]  # partner may win: smear
                        else:
                            sbuf[d, n] = -POINTS[c]  # loses: cheapest
                        n += 1
                S[d, F_AL] = alpha
                S[d, F_BE] = beta
                S[d, F_A0] = alpha
                S[d, F_B0] = beta
                S[d, F_NN] = n
                S[d, F_NI] = 0
                S[d, F_MAXI] = 1 if maxi else 0
                S[d, F_BEST] = -INF if maxi else INF
                S[d, F_BM] = -1
                S[d, F_SC] = 0
                S[d, F_QM] = 0 if (rf & RF_NO_QUASI) else qm
            if done:
                if d == 0:
                    return ret
                d -= 1
                entering = False
                continue
        else:
            v = S[d + 1, F_ADD] + ret
            sbuf[d, S[d, F_NI] - 1] = v  # its order score, now its bound
            if S[d, F_SC]:
                # the last move was searched with a null window (PVS)
                S[d, F_SC] = 0
                if v > S[d, F_AL] and v < S[d, F_BE]:
                    # inside the window: search it again, the bound kept
                    e = d + 1
                    add = S[e, F_ADD]
                    if S[d, F_MAXI]:
                        S[e, F_AL] = v - add
                        S[e, F_BE] = S[d, F_BE] - add
                    else:
                        S[e, F_AL] = S[d, F_AL] - add
                        S[e, F_BE] = v - add
                    d = e
                    entering = True
                    continue
            if S[d, F_MAXI]:
                if v > S[d, F_BEST]:
                    S[d, F_BEST] = v
                    S[d, F_BM] = mbuf[d, S[d, F_NI] - 1]
                    if v > S[d, F_AL]:
                        S[d, F_AL] = v
            else:
                if v < S[d, F_BEST]:
                    S[d, F_BEST] = v
                    S[d, F_BM] = mbuf[d, S[d, F_NI] - 1]
                    if v < S[d, F_BE]:
                        S[d, F_BE] = v
        i = S[d, F_NI]
        n = S[d, F_NN]
        mvj = -1
        while i < n and S[d, F_AL] < S[d, F_BE]:
            j = i
            for k in range(i + 1, n):
                if sbuf[d, k] > sbuf[d, j]:
                    j = k
            mvj = mbuf[d, j]
            mbuf[d, j] = mbuf[d, i]
            mbuf[d, i] = mvj
            scj = sbuf[d, j]
            sbuf[d, j] = sbuf[d, i]
            sbuf[d, i] = scj
            S[d, F_NI] = i + 1
            if i == 0 or ((S[d, F_QM] >> (mvj & 31)) & 1) == 0 or (mvj & DECLARE) != 0:
                break
            # quasi-equivalence: a searched card of its group may bound this
            # one out of the window; the bound then stands for its search
            qb = _quasi_bound(S, d, mbuf, sbuf, i, mvj, keep9, mode)
            if qb == NO_BOUND:
                break
            if S[d, F_MAXI]:
                if qb > S[d, F_AL]:
                    break
                if qb > S[d, F_BEST]:
                    S[d, F_BEST] = qb
            else:
                if qb < S[d, F_BE]:
                    break
                if qb < S[d, F_BEST]:
                    S[d, F_BEST] = qb
            sbuf[d, i] = qb
            stats[1] += 1
            i += 1
            mvj = -1
        if mvj >= 0:
            # the child of node d (written out, not a helper taking S: see the
            # module docstring on reference counting)
            h0 = S[d, F_H0]
            h1 = S[d, F_H1]
            h2 = S[d, F_H2]
            leader = S[d, F_LEAD]
            ply = S[d, F_PLY]
            trump = S[d, F_TR]
            towner = S[d, F_TO]
            bits = S[d, F_BI]
            c = mvj & 31
            bit = 1 << c
            e = d + 1
            S[e, F_H0] = h0 & ~bit
            S[e, F_H1] = h1 & ~bit
            S[e, F_H2] = h2 & ~bit
            S[e, F_TR] = trump
            S[e, F_TO] = towner
            S[e, F_BI] = bits
            S[e, F_FI] = S[d, F_FI]
            add = 0
            if ply == 0:
                S[e, F_LEAD] = leader
                S[e, F_PLY] = 1
                S[e, F_C0] = c
                S[e, F_C1] = -1
                if mvj & DECLARE:
                    s = c // 6
                    S[e, F_TR] = s
                    S[e, F_TO] = leader
                    if mode == 0:
                        add = MVAL[s] if leader == decl else 0
                    else:
                        add = 1000 * MVAL[s] if leader == decl else -MVAL[s]
                        if rf & RF_BOLT_ZERO:
                            S[e, F_BI] = bits | (1 << leader)
                elif c % 6 == 5 and S[d, F_FI] == 0 and ace_holder(h0, h1, h2, rf) == leader:
                    # an ace led by the holder of the four aces declares them
                    if mode == 0:
                        add = ACE_MARRIAGE_POINTS if leader == decl else 0
                    else:
                        add = 1000 * ACE_MARRIAGE_POINTS if leader == decl else -ACE_MARRIAGE_POINTS
                        if rf & RF_BOLT_ZERO:
                            S[e, F_BI] = bits | (1 << leader)
            elif ply == 1:
                S[e, F_LEAD] = leader
                S[e, F_PLY] = 2
                S[e, F_C0] = S[d, F_C0]
                S[e, F_C1] = c
            else:
                c0 = S[d, F_C0]
                c1 = S[d, F_C1]
                ws = trick_winner(c0, c1, c, leader, trump)
                pts = POINTS[c0] + POINTS[c1] + POINTS[c]
                if ws == decl:
                    add = pts if mode == 0 else 1000 * pts
                if mode == 1:
                    S[e, F_BI] = _score_bits(bits, ws, pts, rf)
                S[e, F_LEAD] = ws
                S[e, F_PLY] = 0
                S[e, F_C0] = -1
                S[e, F_C1] = -1
                S[e, F_FI] = 0
            S[e, F_ADD] = add
            al = S[d, F_AL]
            be = S[d, F_BE]
            if i > 0 and be - al > 1:
                # principal variation search: the later moves first with a
                # null window at the bound to beat
                S[d, F_SC] = 1
                if S[d, F_MAXI]:
                    be = al + 1
                else:
                    al = be - 1
            S[e, F_AL] = al - add
            S[e, F_BE] = be - add
            d += 1
            entering = True
            continue
        best = S[d, F_BEST]
        if S[d, F_PLY] == 0:
            _store(
                tt,
                S[d, F_SLOT],
                S[d, F_K1],
                S[d, F_K2],
                S[d, F_REM],
                S[d, F_BM],
                best,
                S[d, F_A0],
                S[d, F_B0],
                S[d, F_OLO],
                S[d, F_OHI],
            )
        ret = best
        if d == 0:
            return ret
        d -= 1
        entering = False
