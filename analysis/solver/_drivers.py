"""Numba drivers over :func:`._kernel.search`: best exchange, threshold
queries and the tie-broken line.

In these drivers the declarer always sits at seat 0, his left opponent at
seat 1 and his right at seat 2 (the game is symmetric under rotating the
seats, so the Python front rotates real seats into this frame).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._bits import (
    ACE_MARRIAGE_POINTS,
    ACES,
    KING,
    MVAL,
    POINTS,
    QUEEN,
    RF_ACE_MARRIAGE,
    RF_BOLT_ZERO,
    RF_FIRST_MARRIAGE,
    RF_Q_ONLY,
    ace_holder,
    follow_mask,
    lead_mask,
    lowbit,
    marriage_sum,
    marriages_of,
    popcount,
    trick_winner,
)
from ._bounds import sure_points
from ._kernel import DECLARE, _score_bits, search

BIG = 1 << 30
EXACT = 1 << 20  # flag in gift_ub: the value is exact, not only a bound


@njit(cache=True)
def gift_order(ten, left, right, rf):
    """The 90 ordered gifts of a 10-card hand, likeliest best first.

    Parameters
    ----------
    ten : int
        The declarer's 10 cards (hand plus widow), bit mask.
    left, right : int
        The 7 cards of his left and right opponents, bit masks.
    rf : int
        Rule flags (``RF_*`` of :mod:`._bits`).

    Returns
    -------
    ndarray of shape (90, 2), int64
        ``(give_left, give_right)`` card ids, ordered by a heuristic
        score, highest first, ties in card order: twice the points the
        declarer surely cashes after the gift (:func:`._bounds.sure_points`,
        leading the first trick), plus four times the marriages he keeps,
        minus the card points he gives away, plus 20 per suit the gift
        leaves him void in (he can ruff it once a marriage sets a trump),
        minus 20 per marriage the gift completes in a defender's hand, minus
        5 per card given from the suit of a marriage he keeps (a trump to
        be).  Finding the best gift early makes the null-window tests of the
        others cheaper.  The weights were fitted on the exact values of all
        90 gifts of 300 random deals and 300 deals around two marriage
        hands; against points, sure points and marriages alone the exchange
        searches 5% fewer nodes on random deals and 11-15% fewer when the
        declarer holds a marriage.
    """
    cards = np.empty(10, dtype=np.int64)
    n = 0
    m = ten
    while m:
        cards[n] = lowbit(m)
        m &= m - 1
        n += 1
    out = np.empty((n * (n - 1), 2), dtype=np.int64)
    key = np.empty(n * (n - 1), dtype=np.int64)
    k = 0
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            a = cards[i]
            b = cards[j]
            rest = ten & ~(1 << a) & ~(1 << b)
            h1 = left | (1 << a)
            h2 = right | (1 << b)
            q = sure_points(rest, h1, h2, 0, -1, 0, 1, 0, rf)
            voids = 0
            for s in range(4):
                if (ten >> (6 * s)) & 0x3F and not (rest >> (6 * s)) & 0x3F:
                    voids += 1
            dm = popcount(marriages_of(h1) & ~marriages_of(left)) + popcount(
                marriages_of(h2) & ~marriages_of(right)
            )
            ms = marriages_of(rest)
            tg = ((ms >> (a // 6)) & 1) + ((ms >> (b // 6)) & 1)
            score = 2 * q + 4 * marriage_sum(rest) - POINTS[a] - POINTS[b] + 20 * voids - 20 * dm - 5 * tg
            key[k] = -score * 10000 + k
            out[k, 0] = a
            out[k, 1] = b
            k += 1
    order = np.argsort(key)
    return out[order]


@njit(cache=True)
def exchange_best(ten, left, right, rf, tt, mbuf, sbuf, sk, stats, gift_ub, ties):
    """Best play value over the 90 gifts, sharing one table and the bound.

    Gifts are tried in :func:`gift_order`; after the first, each gift is
    first asked "can it beat the best so far?" by a null-window search and
    searched fully only when it can.

    Parameters
    ----------
    gift_ub : ndarray of shape (576,), int64
        Filled with an upper bound of each gift's value, at ``24 * give_left
        + give_right``, with the :data:`EXACT` bit set where the bound is the
        exact value (the gift was searched fully, or found to tie).
    ties : bool
        Test the gifts with the window ``(best - 1, best + 1)`` instead of a
        null window: a gift that ties the best so far is then known to reach
        it, and :func:`exchange_line_gift` needs no search to learn that
        (1.5% fewer nodes for an exchange with its line).

    Returns
    -------
    tuple of int
        ``(value, give_left, give_right)``; the gift is the first one found,
        in :func:`gift_order`, that reaches the value.
    """
    gifts = gift_order(ten, left, right, rf)
    best = -1
    ba = -1
    bb = -1
    for i in range(gifts.shape[0]):
        a = gifts[i, 0]
        b = gifts[i, 1]
        d = ten & ~(1 << a) & ~(1 << b)
        ub = 120 + marriage_sum(d) + (ACE_MARRIAGE_POINTS if ace_holder(d, 0, 0, rf) == 0 else 0)
        gift_ub[24 * a + b] = ub
        if ub <= best:
            continue
        h1 = left | (1 << a)
        h2 = right | (1 << b)
        if best >= 0:
            lo = best - 1 if ties else best
            v = search(
                d, h1, h2, 0, 0, -1, -1, -1, 0, 1, 0, lo, best + 1, 0, 0, rf, tt, tt, mbuf, sbuf, sk, stats
            )
            if v <= best:
                gift_ub[24 * a + b] = v | EXACT if ties and v == best else v
                continue
        v = search(
            d, h1, h2, 0, 0, -1, -1, -1, 0, 1, 0, best, ub + 1, 0, 0, rf, tt, tt, mbuf, sbuf, sk, stats
        )
        gift_ub[24 * a + b] = v | EXACT if v > best else v
        if v > best:
            best = v
            ba = a
            bb = b
    return best, ba, bb


@njit(cache=True)
def exchange_reaches(ten, left, right, target, rf, tt, mbuf, sbuf, sk, stats):
    """First gift (in :func:`gift_order`) after which the declarer reaches
    ``target`` points; ``(-1, -1)`` when none does."""
    gifts = gift_order(ten, left, right, rf)
    for i in range(gifts.shape[0]):
        a = gifts[i, 0]
        b = gifts[i, 1]
        d = ten & ~(1 << a) & ~(1 << b)
        if 120 + marriage_sum(d) + (ACE_MARRIAGE_POINTS if ace_holder(d, 0, 0, rf) == 0 else 0) < target:
            continue
        v = search(
            d,
            left | (1 << a),
            right | (1 << b),
            0,
            0,
            -1,
            -1,
            -1,
            0,
            1,
            0,
            target - 1,
            target,
            0,
            0,
            rf,
            tt,
            tt,
            mbuf,
            sbuf,
            sk,
            stats,
        )
        if v >= target:
            return a, b
    return -1, -1


@njit(cache=True)
def exchange_line_gift(ten, left, right, value, rf, vt, jt, mbuf, sbuf, sk, stats, gift_ub):
    """Among the gifts reaching ``value``, the one maximising J.

    Gifts are scanned in increasing ``(give_left, give_right)`` order, so the
    first of equal-J gifts is kept (deterministic).  Gifts whose upper bound
    from :func:`exchange_best` (``gift_ub``) is below ``value`` are skipped,
    and a gift whose exact value is known is not searched again for it;
    after the first gift reaching ``value``, a null-window test asks whether
    a gift beats the best J so far before it is searched in full.

    Returns
    -------
    tuple of int
        ``(J, give_left, give_right)``.
    """
    bestj = -BIG
    ba = -1
    bb = -1
    for a in range(24):
        if not (ten >> a) & 1:
            continue
        for b in range(24):
            if b == a or not (ten >> b) & 1:
                continue
            d = ten & ~(1 << a) & ~(1 << b)
            u = gift_ub[24 * a + b]
            if (u & ~EXACT) < value:
                continue
            h1 = left | (1 << a)
            h2 = right | (1 << b)
            if not u & EXACT:
                v = search(
                    d,
                    h1,
                    h2,
                    0,
                    0,
                    -1,
                    -1,
                    -1,
                    0,
                    1,
                    0,
                    value - 1,
                    value,
                    0,
                    0,
                    rf,
                    vt,
                    vt,
                    mbuf,
                    sbuf,
                    sk,
                    stats,
                )
                if v < value:
                    continue
            if bestj > -BIG:
                # only a strictly better J replaces the first gift found:
                # a null-window test settles most ties
                j = search(
                    d,
                    h1,
                    h2,
                    0,
                    0,
                    -1,
                    -1,
                    -1,
                    0,
                    1,
                    0,
                    bestj,
                    bestj + 1,
                    0,
                    1,
                    rf,
                    jt,
                    vt,
                    mbuf,
                    sbuf,
                    sk,
                    stats,
                )
                if j <= bestj:
                    continue
            lo = 1000 * value - 1000
            if bestj > lo:
                lo = bestj
            j = search(
                d,
                h1,
                h2,
                0,
                0,
                -1,
                -1,
                -1,
                0,
                1,
                0,
                lo,
                1000 * value + 1000,
                0,
                1,
                rf,
                jt,
                vt,
                mbuf,
                sbuf,
                sk,
                stats,
            )
            if j > bestj:
                bestj = j
                ba = a
                bb = b
    return bestj, ba, bb


@njit(cache=True)
def _moves(h, ply, leader, c0, trump, towner, first, rf, out):
    """Legal moves of the mover in canonical order (card id ascending, an
    undeclared lead before the same card declared); returns the count."""
    n = 0
    if ply == 0:
        legal = lead_mask(h, leader, trump, towner, rf)
        may = first == 0 or (rf & RF_FIRST_MARRIAGE) != 0
        ms = marriages_of(h) if may else 0
        m = legal
        for c in range(24):
            if (m >> c) & 1:
                out[n] = c
                n += 1
            s = c // 6
            r = c % 6
            if (ms >> s) & 1 and (r == QUEEN or (r == KING and not (rf & RF_Q_ONLY))):
                out[n] = c | DECLARE
                n += 1
    else:
        legal = follow_mask(h, c0 // 6, trump)
        for c in range(24):
            if (legal >> c) & 1:
                out[n] = c
                n += 1
    return n


@njit(cache=True)
def apply_move(move, h0, h1, h2, leader, ply, c0, c1, trump, towner, first, bits, decl, mode, rf):
    """The child of a node after ``move`` and the objective added on the way.

    Returns
    -------
    tuple of int
        ``(add, h0, h1, h2, leader, ply, c0, c1, trump, towner, first, bits)``
        of the child; ``add`` is the marriage (mode 0: the declarer's only)
        or the trick points the move banks, in the units of ``mode``.  An
        ace led after the first trick by the holder of the four aces
        declares the ace marriage under ``RF_ACE_MARRIAGE`` (RULES.md, "Ace
        marriage"): 200 for him, as a marriage.
    """
    c = move & 31
    ace = ply == 0 and c % 6 == 5 and first == 0 and ace_holder(h0, h1, h2, rf) == leader
    bit = 1 << c
    h0 &= ~bit
    h1 &= ~bit
    h2 &= ~bit
    add = 0
    if ply == 0:
        c0 = c
        ply = 1
        if move & DECLARE:
            s = c // 6
            trump = s
            towner = leader
            if mode == 0:
                add = MVAL[s] if leader == decl else 0
            else:
                add = 1000 * MVAL[s] if leader == decl else -MVAL[s]
                if rf & RF_BOLT_ZERO:
                    bits |= 1 << leader
        elif ace:
            if mode == 0:
                add = ACE_MARRIAGE_POINTS if leader == decl else 0
            else:
                add = 1000 * ACE_MARRIAGE_POINTS if leader == decl else -ACE_MARRIAGE_POINTS
                if rf & RF_BOLT_ZERO:
                    bits |= 1 << leader
    elif ply == 1:
        c1 = c
        ply = 2
    else:
        ws = trick_winner(c0, c1, c, leader, trump)
        pts = POINTS[c0] + POINTS[c1] + POINTS[c]
        if ws == decl:
            add = pts if mode == 0 else 1000 * pts
        if mode == 1:
            bits = _score_bits(bits, ws, pts, rf)
        leader = ws
        ply = 0
        c0 = -1
        c1 = -1
        first = 0
    return add, h0, h1, h2, leader, ply, c0, c1, trump, towner, first, bits


@njit(cache=True)
def move_values(
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
    decl,
    mode,
    rf,
    tt,
    vt,
    mbuf,
    sbuf,
    sk,
    stats,
    out_moves,
    out_vals,
):
    """Exact objective after each legal move of the mover (canonical order).

    Returns the number of moves written to ``out_moves`` / ``out_vals``.
    """
    mover = (leader + ply) % 3
    h = h0 if mover == 0 else (h1 if mover == 1 else h2)
    n = _moves(h, ply, leader, c0, trump, towner, first, rf, out_moves)
    for i in range(n):
        (add, n0, n1, n2, nl, nply, nc0, nc1, t2, o2, nf, b2) = apply_move(
            out_moves[i], h0, h1, h2, leader, ply, c0, c1, trump, towner, first, bits, decl, mode, rf
        )
        out_vals[i] = add + search(
            n0,
            n1,
            n2,
            nl,
            nply,
            nc0,
            nc1,
            t2,
            o2,
            nf,
            b2,
            -BIG,
            BIG,
            decl,
            mode,
            rf,
            tt,
            vt,
            mbuf,
            sbuf,
            sk,
            stats,
        )
    return n


@njit(cache=True)
def follow_line(
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
    decl,
    mode,
    rf,
    target,
    tt,
    vt,
    mbuf,
    sbuf,
    sk,
    stats,
    line,
):
    """Play out one optimal line from a node whose objective is ``target``.

    At each node the first move (canonical order) whose child reaches the
    node's objective is played.  ``line`` (int64, shape (>=24,)) receives the
    move codes; returns the number of moves, or ``-1 - k`` if no move
    reached the objective at move ``k`` (an inconsistency).
    """
    moves = np.empty(24, dtype=np.int64)
    k = 0
    while True:
        mover = (leader + ply) % 3
        h = h0 if mover == 0 else (h1 if mover == 1 else h2)
        if h == 0:
            return k
        n = _moves(h, ply, leader, c0, trump, towner, first, rf, moves)
        chosen = -1
        for i in range(n):
            (add, n0, n1, n2, nl, nply, nc0, nc1, t2, o2, nf, b2) = apply_move(
                moves[i], h0, h1, h2, leader, ply, c0, c1, trump, towner, first, bits, decl, mode, rf
            )
            need = target - add
            if mover == decl:
                v = search(
                    n0,
                    n1,
                    n2,
                    nl,
                    nply,
                    nc0,
                    nc1,
                    t2,
                    o2,
                    nf,
                    b2,
                    need - 1,
                    need,
                    decl,
                    mode,
                    rf,
                    tt,
                    vt,
                    mbuf,
                    sbuf,
                    sk,
                    stats,
                )
                ok = v >= need
            else:
                v = search(
                    n0,
                    n1,
                    n2,
                    nl,
                    nply,
                    nc0,
                    nc1,
                    t2,
                    o2,
                    nf,
                    b2,
                    need,
                    need + 1,
                    decl,
                    mode,
                    rf,
                    tt,
                    vt,
                    mbuf,
                    sbuf,
                    sk,
                    stats,
                )
                ok = v <= need
            if ok:
                chosen = i
                h0, h1, h2, leader, ply, c0, c1 = n0, n1, n2, nl, nply, nc0, nc1
                trump, towner, first, bits, target = t2, o2, nf, b2, need
                break
        if chosen < 0:
            return -1 - k
        line[k] = moves[chosen]
        k += 1


#: Columns of :func:`exchange_batch`'s output.
(
    B_VALUE,
    B_LEFT,
    B_RIGHT,
    B_OBJ,
    B_DTRICKS,
    B_LPOINTS,
    B_LTRICKS,
    B_RPOINTS,
    B_RTRICKS,
    B_DPOINTS,
    B_STATUS,
) = range(11)
N_BATCH = 11


@njit(cache=True)
def line_tally(h0, h1, h2, leader, trump, first, rf, moves, n, out):
    """Raw points and tricks of each seat along a line of ``n`` moves.

    The line starts at a trick boundary (hands ``h0, h1, h2``, ``leader``
    to lead, ``trump``; -1 none; ``first`` 1 on the deal's first trick) and
    is made of whole tricks; an ace led after the first trick by the holder
    of the four aces counts the ace marriage under ``RF_ACE_MARRIAGE`` in
    ``rf``.  ``out``
    (int64, shape (>= 6,)) receives the raw points (cards won plus own
    declared marriages) of seats 0, 1, 2, then their tricks.  Returns
    False when a move plays a card its seat does not hold.
    """
    for k in range(6):
        out[k] = 0
    hs = np.empty(3, dtype=np.int64)
    hs[0] = h0
    hs[1] = h1
    hs[2] = h2
    cs = np.empty(3, dtype=np.int64)
    for k in range(0, n - 2, 3):
        for i in range(3):
            seat = (leader + i) % 3
            mv = moves[k + i]
            c = mv & 31
            if not (hs[seat] >> c) & 1:
                return False
            hs[seat] &= ~(1 << c)
            if i == 0 and mv & DECLARE:
                trump = c // 6
                out[seat] += MVAL[trump]
            elif i == 0 and c % 6 == 5 and (k > 0 or first == 0) and (rf & RF_ACE_MARRIAGE) != 0:
                if ((hs[seat] | (1 << c)) & ACES) == ACES:
                    out[seat] += ACE_MARRIAGE_POINTS
            cs[i] = c
        w = trick_winner(cs[0], cs[1], cs[2], leader, trump)
        out[w] += POINTS[cs[0]] + POINTS[cs[1]] + POINTS[cs[2]]
        out[3 + w] += 1
        leader = w
    return True


@njit(cache=True)
def exchange_batch(tens, lefts, rights, rf, line, vt, jt, mbuf, sbuf, sk, stats, out):
    """:func:`exchange_best` (and the tie-broken line) of many deals.

    Row ``i`` solves the declarer's 10 cards ``tens[i]`` against
    ``lefts[i]`` and ``rights[i]`` (int64 masks, the declarer at kernel
    seat 0 leading the first trick), exactly as the Python front
    :func:`analysis.solver.api.exchange_value` does for one deal, and writes
    row ``i`` of ``out`` (int64, shape (n, :data:`N_BATCH`)): value, gift,
    J, each seat's tricks and points on the line (-1 without ``line``),
    and a status, 0 when the line is consistent (it exists and the
    declarer's points on it equal the value).  Returns nothing: a returned
    array would be boxed through a Python call that a pending Ctrl-C turns
    into a ``SystemError``.
    """
    gift_ub = np.empty(576, dtype=np.int64)
    moves = np.empty(24, dtype=np.int64)
    tally = np.empty(6, dtype=np.int64)
    for i in range(tens.shape[0]):
        ten = tens[i]
        left = lefts[i]
        right = rights[i]
        gift_ub[:] = 0
        value, a, b = exchange_best(ten, left, right, rf, vt, mbuf, sbuf, sk, stats, gift_ub, line)
        for k in range(N_BATCH):
            out[i, k] = -1
        out[i, B_VALUE] = value
        out[i, B_STATUS] = 0
        if line:
            obj, a, b = exchange_line_gift(
                ten, left, right, value, rf, vt, jt, mbuf, sbuf, sk, stats, gift_ub
            )
            out[i, B_OBJ] = obj
            d = ten & ~(1 << a) & ~(1 << b)
            h1 = left | (1 << a)
            h2 = right | (1 << b)
            n = follow_line(
                d, h1, h2, 0, 0, -1, -1, -1, 0, 1, 0, 0, 1, rf, obj, jt, vt, mbuf, sbuf, sk, stats, moves
            )
            if n != 24 or not line_tally(d, h1, h2, 0, -1, 1, rf, moves, n, tally):
                out[i, B_STATUS] = 1
            else:
                out[i, B_DPOINTS] = tally[0]
                out[i, B_LPOINTS] = tally[1]
                out[i, B_RPOINTS] = tally[2]
                out[i, B_DTRICKS] = tally[3]
                out[i, B_LTRICKS] = tally[4]
                out[i, B_RTRICKS] = tally[5]
                if tally[0] != value:
                    out[i, B_STATUS] = 2
        out[i, B_LEFT] = a
        out[i, B_RIGHT] = b
