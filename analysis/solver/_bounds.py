"""Static bounds on the points still to come, for the kernel's cut-offs.

At a trick boundary the search cuts a node off without expanding it when a
cheap bound already decides it against the window: :func:`bounds` gives a
lower and an upper bound on the declarer's card points plus marriages from
here on (mode 0 units).  Two arguments feed it, a third the kernel itself:

* :func:`sure_points`, the leader's chain of cashed winners (the leader's
  side surely wins these tricks);
* :func:`trump_masters`, the top trumps once no marriage can change the
  trump: each wins the trick it falls in, whoever leads;
* :func:`defenders_cash`, when a defender leads: the defenders' sure tricks
  with the lead passing between them (the kernel asks for it only when the
  two cheaper bounds and the table leave a node undecided).

A bound that is too strong makes the search wrong only in rare positions, so
``tests/solver/test_bounds.py`` checks :func:`bounds` and :func:`defenders_cash` against the plain
reference minimax on random endgames under every set of play conventions.
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
    RF_FIRST_MARRIAGE,
    RF_OWNER_ONLY,
    ace_holder,
    follow_mask,
    highbit,
    lead_mask,
    lowbit,
    marriage_sum,
    marriages_of,
    mask_points,
    popcount,
    seat_hand,
)

_RANK_POINTS = [int(x) for x in POINTS[:6]]  # 9 J Q K 10 A
#: Points of the ``t`` lowest (``_LOWSUM``) or highest (``_HIGHSUM``) ranks of a
#: 6-bit rank mask, all of them when it holds fewer; int64 of shape (64, 9).
_LOWSUM = np.array(
    [[sum(sorted(_RANK_POINTS[r] for r in range(6) if m >> r & 1)[:t]) for t in range(9)] for m in range(64)],
    dtype=np.int64,
)
_HIGHSUM = np.array(
    [
        [sum(sorted((_RANK_POINTS[r] for r in range(6) if m >> r & 1), reverse=True)[:t]) for t in range(9)]
        for m in range(64)
    ],
    dtype=np.int64,
)
#: Cards of one rank in every suit, by rank; int64 of shape (6,).
_RANK_MASK = np.array([sum(1 << (6 * s + r) for s in range(4)) for r in range(6)], dtype=np.int64)


@njit(cache=True)
def lowest_points(h, k):
    """Card points of the ``k`` lowest-point cards of a hand.

    Parameters
    ----------
    h : int
        Hand, bit mask of card ids.
    k : int
        How many cards (all of them when the hand holds fewer).

    Returns
    -------
    int
        Card points (0–120), marriages excluded.
    """
    tot = 0
    for r in range(6):
        if k <= 0:
            break
        n = popcount(h & _RANK_MASK[r])
        if n > k:
            n = k
        tot += n * POINTS[r]
        k -= n
    return tot


@njit(cache=True, inline="always")
def sure_points(h0, h1, h2, leader, trump, towner, first, decl, rf):
    """Card points the leader's side surely wins by cashing its winners.

    In each suit, the leader's *winners* are his cards above every card of
    that suit held by the two other players.  He leads them one after
    another and keeps the lead: while a follower still follows suit (or
    cannot ruff: no trump set, the suit is trumps, or he holds no trump) he
    cannot win the trick, so ``t`` tricks are sure, ``t`` the number of
    winners capped by the suit length of each follower able to ruff.  The
    leader's partner counts as a follower like an opponent: were he to win a
    trick, the lead would pass to him and break the chain.  Each trick holds the
    leader's winner and, from each follower, a card; the followers' lowest
    ``t`` cards of the suit (0 once void) are counted.  Suits are cashed one
    after another: their cards are disjoint, and a discard goes to the
    leader's side too.  When the declarer leads he then declares his best
    marriage (RULES.md, common core, marriages), keeping its K and Q out of
    the cashing; on the deal's first trick only after a cashed trick,
    unless the rules allow first-trick marriages.  A trump lead the rules
    forbid (wiki: only the trump's declarer leads trumps) is not cashed.

    Parameters
    ----------
    h0, h1, h2 : int
        Hands of seats 0, 1, 2 (bit masks, equal counts).
    leader, trump, towner, first, decl, rf : int
        Seat to lead, trump suit (-1 none), the trump's declarer, first-trick
        flag, declarer seat and rule flags (``RF_*`` of :mod:`._bits`).

    Returns
    -------
    int
        A lower bound on the declarer's points to come when he leads; when a
        defender leads, a lower bound on the card points the declarer loses.
    """
    hl = seat_hand(h0, h1, h2, leader)
    ha = seat_hand(h0, h1, h2, (leader + 1) % 3)
    hb = seat_hand(h0, h1, h2, (leader + 2) % 3)
    opp = ha | hb
    ms = marriages_of(hl) if leader == decl else 0
    tm = (0x3F << (6 * trump)) if trump >= 0 else 0
    total = 0
    tricks = 0
    for s in range(4):
        sh = 6 * s
        sm = 0x3F << sh
        mine = hl & sm
        if mine == 0:
            continue
        if s == trump and (rf & RF_OWNER_ONLY) and leader != towner:
            continue
        if (ms >> s) & 1:
            mine &= ~((1 << (sh + QUEEN)) | (1 << (sh + KING)))
        os_ = opp & sm
        if os_:
            win = mine & ~((2 << highbit(os_)) - 1)  # above their top card
        else:
            win = mine
        if win == 0:
            continue
        t = popcount(win)
        if trump >= 0 and s != trump:
            if ha & tm:
                t = min(t, popcount(ha & sm))
            if hb & tm:
                t = min(t, popcount(hb & sm))
        if t == 0:
            continue
        tricks += t
        # the leader's t highest winners, each follower's t lowest cards
        total += (
            _HIGHSUM[(win >> sh) & 0x3F, t] + _LOWSUM[(ha >> sh) & 0x3F, t] + _LOWSUM[(hb >> sh) & 0x3F, t]
        )
    if ms and (tricks > 0 or first == 0 or (rf & RF_FIRST_MARRIAGE)):
        best = 0
        for s in range(4):
            if (ms >> s) & 1 and MVAL[s] > best:
                best = MVAL[s]
        total += best
    return total


@njit(cache=True, inline="always")
def trump_masters(h0, h1, h2, trump, decl):
    """Sure card points from the top trumps once the trump cannot change.

    With a trump set and no hand holding a K and Q outside the trump suit,
    no marriage can change the trump again (RULES.md, common core,
    marriages; a marriage in the trump suit keeps it).  Every card is played
    by the end of the deal, and the highest trump still out wins whichever
    trick it falls in, whoever leads.  So when the declarer holds the top
    ``k`` trumps he wins ``k`` tricks, each also holding a card of each
    defender (at least their ``k`` lowest); when the defenders hold the top
    ``k`` trumps between them, each lands in a trick a defender wins, at
    least ``max(k1, k2)`` tricks that each hold a card of the declarer.

    Parameters
    ----------
    h0, h1, h2 : int
        Hands of seats 0, 1, 2 (bit masks, equal counts).
    trump, decl : int
        Trump suit (-1: none, no bound) and declarer seat.

    Returns
    -------
    tuple of int
        ``(declarer's sure points, defenders' sure points)``, card points.
    """
    if trump < 0:
        return 0, 0
    if ((marriages_of(h0) | marriages_of(h1) | marriages_of(h2)) & ~(1 << trump)) != 0:
        return 0, 0
    hd = seat_hand(h0, h1, h2, decl)
    ha = seat_hand(h0, h1, h2, (decl + 1) % 3)
    hb = seat_hand(h0, h1, h2, (decl + 2) % 3)
    kd = 0
    pd = 0
    ka = 0
    kb = 0
    pf = 0
    for r in range(5, -1, -1):
        bit = 1 << (6 * trump + r)
        if hd & bit:
            if ka + kb:
                break
            kd += 1
            pd += POINTS[r]
        elif ha & bit or hb & bit:
            if kd:
                break
            if ha & bit:
                ka += 1
            else:
                kb += 1
            pf += POINTS[r]
    if kd:
        pd += lowest_points(ha, kd) + lowest_points(hb, kd)
    if ka + kb:
        pf += lowest_points(hd, max(ka, kb))
    return pd, pf


@njit(cache=True, inline="always")
def _sure_trick(hx, hy, hd, x, s, trump, towner, tm, exact, rf):
    """A sure defenders' trick in suit ``s`` led by ``x`` (hand ``hx``), his
    partner holding ``hy`` and the declarer (at most) ``hd``, for
    :func:`defenders_cash`: ``(found, x's card, partner's card, partner
    wins)``."""
    sm = 0x3F << (6 * s)
    lx = lead_mask(hx, x, trump, towner, rf) & sm
    if lx == 0:
        return False, 0, 0, False
    ds = hd & sm
    if ds == 0 and exact and (hd & tm) != 0 and s != trump:
        return False, 0, 0, False  # he must ruff
    dtop = highbit(ds) if ds else 6 * s - 1
    ly = follow_mask(hy, s, trump)
    ys = ly & sm
    xc = highbit(lx)
    if xc > dtop:
        if ys:
            yc = lowbit(ys)
            return True, xc, yc, yc > xc
        if (ly & tm) != 0 and s != trump:
            return True, xc, lowbit(ly), True  # he must ruff
        for r in range(6):  # he discards his lowest-point card
            m = ly & (0x41041 << r)
            if m:
                return True, xc, lowbit(m), False
        return False, 0, 0, False
    up = ys & ~((2 << dtop) - 1)
    if up:
        return True, lowbit(lx), lowbit(up), True
    if ys == 0 and ds != 0 and s != trump and (ly & tm) != 0:
        return True, lowbit(lx), lowbit(ly), True  # a ruff while the declarer follows suit
    return False, 0, 0, False


@njit(cache=True, inline="always")
def defenders_cash(h0, h1, h2, leader, trump, towner, decl, rf, need):
    """Card points the defenders surely win, a defender on lead, by passing
    the lead between them.

    The side on lead plays sure tricks one after another, the lead going to
    whichever defender wins each: a trick is sure when a defender's card in
    it beats every card the declarer may legally play to it.  The defender
    on lead, in the first suit (spades first) that gives one, leads his
    highest card when it beats every card of the suit the declarer holds
    (his partner then follows with his lowest card of the suit, ruffs with
    his lowest trump when he must, or discards his lowest-point card), else
    his lowest card when his partner can beat the declarer's top card of
    the suit (with the partner's lowest card above it, or by a ruff while
    the declarer must follow suit).  Nobody declares a marriage: the
    declarer never leads, and declaring is the defenders' choice, so the
    trump stays.  A declarer void in the suit led who must ruff is never
    led to.  Once he has discarded, his hand is known only to lie within
    the cards he held (his discards are not chosen), so his top card of a
    suit is taken from those, his cards count no points, and, when he may
    hold a trump, the chain stops there (he might ruff).  Each trick counts
    the card points of both defenders' cards and, while his hand is known,
    the declarer's lowest card of the suit.

    Parameters
    ----------
    h0, h1, h2 : int
        Hands of seats 0, 1, 2 at a trick boundary (bit masks, equal counts).
    leader : int
        The seat to lead, a defender (not ``decl``).
    trump, towner, decl, rf : int
        Trump suit (-1 none), the trump's declarer, the declarer's seat,
        rule flags (``RF_*`` of :mod:`._bits`; a trump lead the rules forbid
        is never made).

    need : int
        The chain stops once it has found this many points.

    Returns
    -------
    int
        A lower bound on the card points the declarer loses from here on
        (RULES.md, common core, play: follow suit, else trump, else any card).
    """
    hd = seat_hand(h0, h1, h2, decl)
    x = leader
    y = 3 - leader - decl
    hx = seat_hand(h0, h1, h2, x)
    hy = seat_hand(h0, h1, h2, y)
    tm = (0x3F << (6 * trump)) if trump >= 0 else 0
    exact = True
    total = 0
    while hx and total < need:
        # a trick keeping the lead first, else one passing it to the partner
        st = -1
        xc = 0
        yc = 0
        ywins = False
        for s in range(4):
            ok, xc_, yc_, yw_ = _sure_trick(hx, hy, hd, x, s, trump, towner, tm, exact, rf)
            if ok and (st < 0 or (ywins and not yw_)):
                st, xc, yc, ywins = s, xc_, yc_, yw_
                if not ywins:
                    break
        if st < 0:
            break
        s = st
        sm = 0x3F << (6 * s)
        ds = hd & sm
        total += POINTS[xc] + POINTS[yc]
        hx &= ~(1 << xc)
        hy &= ~(1 << yc)
        if ds:
            if exact:
                dc = lowbit(ds)
                total += POINTS[dc]
                hd &= ~(1 << dc)
        else:
            exact = False
            if hd & tm:
                return total  # he may hold a trump: he might ruff
        if ywins:
            x, y = y, x
            hx, hy = hy, hx
    return total


@njit(cache=True, inline="always")
def bounds(h0, h1, h2, leader, trump, towner, first, decl, rf):
    """Lower and upper bounds on the declarer's points to come.

    Parameters
    ----------
    h0, h1, h2 : int
        Hands of seats 0, 1, 2 at a trick boundary (bit masks, equal counts).
    leader, trump, towner, first, decl, rf : int
        As for :func:`sure_points`.

    Returns
    -------
    tuple of int
        ``(lb, ub)``: card points of the tricks the declarer still wins plus
        the marriages he still declares lie in ``[lb, ub]`` under optimal
        play.  ``ub`` starts from all remaining card points plus every
        marriage the declarer holds (and the ace marriage while he holds the
        four aces under ``RF_ACE_MARRIAGE``); the side to lead's cashed winners
        (:func:`sure_points`) and the top trumps (:func:`trump_masters`) move
        the bounds in.
    """
    hd = seat_hand(h0, h1, h2, decl)
    ub = mask_points(h0 | h1 | h2) + marriage_sum(hd)
    if ace_holder(h0, h1, h2, rf) == decl:
        ub += ACE_MARRIAGE_POINTS
    q = sure_points(h0, h1, h2, leader, trump, towner, first, decl, rf)
    pd, pf = trump_masters(h0, h1, h2, trump, decl)
    if leader == decl:
        return max(q, pd), ub - pf
    return pd, ub - max(q, pf)
