"""A plain minimax reference for the play of Thousand (tests only).

Written independently of :mod:`analysis.solver`: it enumerates every legal
move of every player, trick by trick, and takes the max (declarer) or the
min (defenders) at each turn, with no pruning at all.  The only speed-up is
memoisation of whole trick-boundary states (``functools.lru_cache``), which
is exact because the future of a state depends only on its key.  The rules
of play themselves (legal leads with marriage declarations, legal follows,
trick winner) come from :mod:`analysis.testing.play`; the ace marriage
(``rules.ace_marriage``, RULES.md "Ace marriage") is written here: a player
holding the four aces who leads an ace after the deal's first trick *may*
declare it (+200 to his points, no trump), so such a lead is two moves,
undeclared and declared, and the minimax chooses.

Two objectives, and the value of each move:

* :func:`reference_value` — the points the declarer adds from the position
  (card points of the tricks he wins plus the marriages he declares),
  DESIGN.md contract 3 (``play_value``).
* :func:`reference_j` — the tie-breaking objective of DESIGN.md contract 3,
  ``J = 1000 * declarer_total + 300 * (bolted defenders - bolted declarer)
  - defenders' marriage points``, the position treated as the remainder of
  a deal in which each seat has already taken ``points`` and ``tricks``.
* :func:`reference_card_values` — either objective for every legal move of
  the player to move, at a trick boundary or with cards on the table
  (``analysis.solver.card_values``).

:func:`reference_value` is fast enough for 3–5-trick endgames (milliseconds
to a second), not for full deals.  For those, :func:`reference_reaches`
answers "can the declarer add ``need`` points?" by a boolean minimax that
stops at the first decisive move (``any``/``all``), and
:func:`reference_value_by_bisection` finds the value from it (seconds per
full deal); tests check the two references agree.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from analysis.testing.play import (
    CARD_POINTS,
    MARRIAGE_VALUES,
    as_rules,
    follow_moves,
    lead_moves,
    trick_winner,
)

__all__ = [
    "reference_value",
    "reference_makes",
    "reference_j",
    "JResult",
    "reference_card_values",
    "reference_reaches",
    "reference_value_by_bisection",
    "reference_j_by_bisection",
    "check_position",
]


def check_position(hands, declarer, leader, trump, trump_owner, first_trick):
    """Validate and normalise the arguments shared by the references.

    Returns
    -------
    hands : tuple of 3 int
    leader : int
    first_trick : bool

    Raises
    ------
    ValueError
        On overlapping hands, unequal or impossible counts, seats outside
        0..2, or a trump outside 0..3.
    """
    hands = tuple(int(h) for h in hands)
    if len(hands) != 3:
        raise ValueError("hands must hold three masks")
    if any(h < 0 or h >> 24 for h in hands):
        raise ValueError("a hand has bits outside the 24 cards")
    if hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2]:
        raise ValueError("hands overlap")
    counts = {bin(h).count("1") for h in hands}
    if len(counts) != 1:
        raise ValueError(f"hands hold unequal card counts {sorted(counts)}")
    n = counts.pop()
    if not 0 <= n <= 8:
        raise ValueError(f"hands hold {n} cards each; at most 8")
    if leader is None:
        leader = declarer
    for name, seat in (("declarer", declarer), ("leader", leader)):
        if seat not in (0, 1, 2):
            raise ValueError(f"{name} must be a seat 0..2, got {seat!r}")
    if trump is not None and trump not in (0, 1, 2, 3):
        raise ValueError(f"trump must be None or a suit 0..3, got {trump!r}")
    if trump_owner is not None and trump_owner not in (0, 1, 2):
        raise ValueError(f"trump_owner must be None or a seat 0..2, got {trump_owner!r}")
    if first_trick is None:
        first_trick = n == 8
    return hands, leader, bool(first_trick)


ACE_MARRIAGE = 200


def _holds_four_aces(hand):
    return all(hand >> (6 * s + 5) & 1 for s in range(4))


def _may_declare_aces(hand, lead, first, rules):
    """The lead of ``lead`` from ``hand`` may declare the ace marriage."""
    return rules.ace_marriage and not first and lead % 6 == 5 and _holds_four_aces(hand)


def _tricks(hands, leader, trump, owner, first, rules):
    """Every legal trick from a boundary, as a nested choice tree.

    Yields ``(lead, declared, trump_now, owner_now, follows, aces)`` where
    ``follows`` maps each legal second card to the list of legal third cards
    and ``aces`` says the lead declares the ace marriage (an ace lead that
    may declare it comes twice, without and with).
    """
    s1, s2 = (leader + 1) % 3, (leader + 2) % 3
    for lead, declared in lead_moves(hands[leader], leader, trump, owner, first, rules):
        t, o = (lead // 6, leader) if declared else (trump, owner)
        follows = [
            (c1, follow_moves(hands[s2], lead // 6, t)) for c1 in follow_moves(hands[s1], lead // 6, t)
        ]
        yield lead, declared, t, o, follows, False
        if not declared and _may_declare_aces(hands[leader], lead, first, rules):
            yield lead, declared, t, o, follows, True


def _after(hands, leader, lead, c1, c2):
    s1, s2 = (leader + 1) % 3, (leader + 2) % 3
    h = list(hands)
    h[leader] &= ~(1 << lead)
    h[s1] &= ~(1 << c1)
    h[s2] &= ~(1 << c2)
    return tuple(h)


def reference_value(
    hands, *, declarer=0, leader=None, trump=None, trump_owner=None, first_trick=None, rules="club"
) -> int:
    """Points the declarer adds from a trick-boundary position, by plain minimax.

    Same meaning as ``analysis.solver.play_value`` (DESIGN.md contract 3):
    card points of the tricks the declarer wins plus the marriages *he*
    declares, the declarer maximising and both defenders minimising, all
    hands known.

    Parameters
    ----------
    hands : sequence of 3 int
        Disjoint card masks by seat with equal counts (0..8).
    declarer : int
    leader : int, optional
        Defaults to ``declarer``.
    trump : int or None
        Current trump suit.
    trump_owner : int or None
        Seat that declared it (matters with ``rules.trump_lead_owner_only``).
    first_trick : bool, optional
        Defaults to "every hand holds 8 cards".
    rules : str or Rules

    Returns
    -------
    int
        Points, 0 to the remaining card points plus the declarer's
        declarable marriages.

    Raises
    ------
    ValueError
        On invalid hands, seats, trump or rules.
    """
    rules = as_rules(rules)
    hands, leader, first_trick = check_position(hands, declarer, leader, trump, trump_owner, first_trick)
    return _value_solver(declarer, rules)(hands, leader, trump, trump_owner, first_trick)


def _value_solver(declarer, rules):
    """``solve(hands, leader, trump, owner, first) -> points the declarer adds``."""

    def pick(seat, best, v):
        if best is None:
            return v
        return max(best, v) if seat == declarer else min(best, v)

    @cache
    def solve(hands, leader, trump, owner, first):
        if hands[leader] == 0:
            return 0
        s1, s2 = (leader + 1) % 3, (leader + 2) % 3
        best = None
        for lead, declared, t, o, follows, aces in _tricks(hands, leader, trump, owner, first, rules):
            bonus = MARRIAGE_VALUES[t] if declared and leader == declarer else 0
            if aces and leader == declarer:
                bonus += ACE_MARRIAGE
            best1 = None
            for c1, thirds in follows:
                best2 = None
                for c2 in thirds:
                    win = trick_winner(((leader, lead), (s1, c1), (s2, c2)), t)
                    pts = CARD_POINTS[lead] + CARD_POINTS[c1] + CARD_POINTS[c2]
                    v = (
                        bonus
                        + (pts if win == declarer else 0)
                        + solve(_after(hands, leader, lead, c1, c2), win, t, o, False)
                    )
                    best2 = pick(s2, best2, v)
                best1 = pick(s1, best1, best2)
            best = pick(leader, best, best1)
        return best

    return solve


def reference_makes(hands, contract: int, **kwargs) -> bool:
    """True when the declarer adds at least ``contract`` points.

    Parameters are those of :func:`reference_value` plus ``contract``
    (points still needed).
    """
    return reference_value(hands, **kwargs) >= contract


class JResult(NamedTuple):
    """The J-optimum of a position and the totals along one optimal line.

    Attributes
    ----------
    j : int
        ``1000 * declarer_added + 300 * (bolted defenders - bolted declarer)
        - defenders' marriage points added`` (the constant parts of earlier
        tricks left out; bolts are those of the whole deal).
    declarer_added : int
        Points the declarer adds along the line.
    bolted : tuple of 3 bool
        Bolt status of each seat at the end of the deal (False for the
        declarer unless ``rules.bolt_declarer``; all False without bolts).
    defender_marriages : int
        Marriage points the defenders declare along the line.
    points : tuple of 3 int
        Raw points of each seat over the whole deal (given + added).
    tricks : tuple of 3 int
        Tricks of each seat over the whole deal (given + added).
    marriages_added : tuple of 3 int
        Marriage points each seat declares along the line (in ``points``).
    """

    j: int
    declarer_added: int
    bolted: tuple
    defender_marriages: int
    points: tuple
    tricks: tuple
    marriages_added: tuple


def reference_j(
    hands,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    points=(0, 0, 0),
    tricks=(0, 0, 0),
) -> JResult:
    """The lexicographic objective J of DESIGN.md contract 3, by plain minimax.

    The declarer maximises J and both defenders minimise it.  A seat is
    bolted at the end of the deal when (``rules.bolt_rule``) it has 0 raw
    points (``'zero_points'``: card points plus its own marriages) or no
    trick (``'no_trick'``); the declarer counts only with
    ``rules.bolt_declarer``.  Among optimal moves the first in move order
    is followed, so the reported line is deterministic.

    Parameters
    ----------
    hands, declarer, leader, trump, trump_owner, first_trick, rules
        As in :func:`reference_value`.
    points : sequence of 3 int
        Raw points each seat has already taken in this deal.
    tricks : sequence of 3 int
        Tricks each seat has already won in this deal.

    Returns
    -------
    JResult

    Raises
    ------
    ValueError
        On invalid arguments, or negative ``points`` / ``tricks``.
    """
    rules = as_rules(rules)
    hands, leader, first_trick = check_position(hands, declarer, leader, trump, trump_owner, first_trick)
    points, tricks = tuple(int(p) for p in points), tuple(int(t) for t in tricks)
    if len(points) != 3 or len(tricks) != 3 or min(points + tricks) < 0:
        raise ValueError("points and tricks must be three non-negative numbers")
    solve, safe_flags, bolted_of = _j_solver(declarer, rules)
    safe0 = safe_flags(points, tricks)
    j, padd, tadd, madd = solve(hands, leader, trump, trump_owner, first_trick, safe0)
    tot_p, tot_t = _plus(points, padd), _plus(tricks, tadd)
    return JResult(
        j, padd[declarer], bolted_of(safe_flags(tot_p, tot_t)), sum(madd) - madd[declarer], tot_p, tot_t, madd
    )


def _plus(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _j_solver(declarer, rules):
    """The J search and its bolt helpers.

    Returns ``(solve, safe_flags, bolted_of)``: ``solve(hands, leader, trump,
    owner, first, safe) -> (J, points_added, tricks_added, marriages_added)``
    where ``safe[s]`` says seat ``s`` can no longer be bolted.
    """
    rule = rules.bolt_rule

    def safe_flags(pts, trk):
        if rule == "zero_points":
            return tuple(p > 0 for p in pts)
        if rule == "no_trick":
            return tuple(t > 0 for t in trk)
        return (True, True, True)

    def advance(safe, add, trk):
        return tuple(
            safe[s] or (rule == "zero_points" and add[s] > 0) or (rule == "no_trick" and trk[s] > 0)
            for s in range(3)
        )

    def bolted_of(safe):
        return tuple(not safe[s] and (s != declarer or rules.bolt_declarer) for s in range(3))

    def pick(seat, best, cand):
        if best is None:
            return cand
        better = cand[0] > best[0] if seat == declarer else cand[0] < best[0]
        return cand if better else best

    zero = (0, 0, 0)

    @cache
    def solve(hands, leader, trump, owner, first, safe):
        """(J, points_added, tricks_added, marriages_added), by seat."""
        if hands[leader] == 0:
            b = bolted_of(safe)
            j = 300 * (sum(b[s] for s in range(3) if s != declarer) - b[declarer])
            return (j, zero, zero, zero)
        s1, s2 = (leader + 1) % 3, (leader + 2) % 3
        best = None
        for lead, declared, t, o, follows, aces in _tricks(hands, leader, trump, owner, first, rules):
            mar = [0, 0, 0]
            if declared:
                mar[leader] = MARRIAGE_VALUES[t]
            if aces:
                mar[leader] = ACE_MARRIAGE
            best1 = None
            for c1, thirds in follows:
                best2 = None
                for c2 in thirds:
                    win = trick_winner(((leader, lead), (s1, c1), (s2, c2)), t)
                    add = list(mar)
                    add[win] += CARD_POINTS[lead] + CARD_POINTS[c1] + CARD_POINTS[c2]
                    trk = [0, 0, 0]
                    trk[win] = 1
                    new_safe = advance(safe, add, trk)
                    sub = solve(_after(hands, leader, lead, c1, c2), win, t, o, False, new_safe)
                    dm = mar[leader] if leader != declarer else 0
                    cand = (
                        sub[0] + 1000 * add[declarer] - dm,
                        _plus(add, sub[1]),
                        _plus(trk, sub[2]),
                        _plus(mar, sub[3]),
                    )
                    best2 = pick(s2, best2, cand)
                best1 = pick(s1, best1, best2)
            best = pick(leader, best, best1)
        return best

    return solve, safe_flags, bolted_of


def reference_card_values(
    hands,
    *,
    declarer=0,
    leader=None,
    trick=(),
    trump=None,
    trump_owner=None,
    first_trick=False,
    rules="club",
    objective="value",
    points=(0, 0, 0),
    tricks=(0, 0, 0),
):
    """The minimax value of every legal move of the player to move.

    Same meaning as ``analysis.solver.card_values``: the position may be in
    the middle of a trick.

    Parameters
    ----------
    hands : sequence of 3 int
        Cards still held (cards on the table excluded).
    declarer, leader : int
        ``leader`` led (or leads) the current trick.
    trick : sequence of (seat, card)
        Cards on the table, in playing order (0-2 of them).
    trump, trump_owner : int or None
        Trump in force for this trick (after a marriage declared with its
        lead) and its declarer.
    first_trick : bool
        The current trick is the deal's first.
    rules : str or Rules
    objective : {'value', 'J'}
        ``'value'``: points the declarer adds from here on, the trick on the
        table included (a marriage declared with a lead already on the table
        is past).  ``'J'``: J from here on, bolts judged with ``points`` and
        ``tricks`` (taken so far in the deal, before the trick on the table).

    Returns
    -------
    list of (int, bool, int)
        ``(card, declared, value)`` per legal move, in the order of
        :func:`analysis.testing.play.lead_moves` (leads) or ascending cards.
        An ace lead that may declare the ace marriage is one move, worth
        the better of declaring or not for its leader (``card_values``
        lists it once).

    Raises
    ------
    ValueError
        On an inconsistent position or an unknown objective.
    """
    rules = as_rules(rules)
    if objective not in ("value", "J"):
        raise ValueError(f"objective must be 'value' or 'J', got {objective!r}")
    trick = tuple((int(a), int(b)) for a, b in trick)
    if len(trick) > 2:
        raise ValueError("at most two cards may lie on the table")
    if leader is None:
        leader = declarer
    full = [int(h) for h in hands]
    for n, (seat, c) in enumerate(trick):
        if seat != (leader + n) % 3:
            raise ValueError("cards on the table must be played by the leader and the next seats")
        full[seat] |= 1 << c
    check_position(full, declarer, leader, trump, trump_owner, False)
    hands = tuple(int(h) for h in hands)
    vsolve = _value_solver(declarer, rules)
    jsolve, safe_flags, _ = _j_solver(declarer, rules)
    rule = rules.bolt_rule

    def finish(hands, plays, t, o, first, safe):
        """Value of completing the trick ``plays``, remaining seats optimal."""
        n = len(plays)
        if n == 3:
            win = trick_winner(plays, t)
            pts = sum(CARD_POINTS[c] for _, c in plays)
            mine = pts if win == declarer else 0
            if objective == "value":
                return mine + vsolve(hands, win, t, o, False)
            add, trk = [0, 0, 0], [0, 0, 0]
            add[win], trk[win] = pts, 1
            new_safe = tuple(
                safe[s] or (rule == "zero_points" and add[s] > 0) or (rule == "no_trick" and trk[s] > 0)
                for s in range(3)
            )
            return 1000 * mine + jsolve(hands, win, t, o, False, new_safe)[0]
        seat = (plays[0][0] + n) % 3
        vals = [
            finish(_without(hands, seat, c), plays + ((seat, c),), t, o, first, safe)
            for c in follow_moves(hands[seat], plays[0][1] // 6, t)
        ]
        return max(vals) if seat == declarer else min(vals)

    safe = safe_flags(tuple(int(p) for p in points), tuple(int(t) for t in tricks))
    out = []

    def gain_of(m, sf):
        """Objective a declaration of ``m`` points by the leader adds, and the bolt flags after it."""
        if objective == "value":
            return (m if leader == declarer else 0), sf
        if rule == "zero_points":
            sf = tuple(sf[s] or s == leader for s in range(3))
        return (1000 * m if leader == declarer else -m), sf

    if not trick:
        for c, declared in lead_moves(hands[leader], leader, trump, trump_owner, first_trick, rules):
            t, o, gain, sf = trump, trump_owner, 0, safe
            if declared:
                t, o = c // 6, leader
                gain, sf = gain_of(MARRIAGE_VALUES[t], sf)
            v = gain + finish(_without(hands, leader, c), ((leader, c),), t, o, first_trick, sf)
            if not declared and _may_declare_aces(hands[leader], c, first_trick, rules):
                gain, sf = gain_of(ACE_MARRIAGE, sf)
                va = gain + finish(_without(hands, leader, c), ((leader, c),), t, o, first_trick, sf)
                v = max(v, va) if leader == declarer else min(v, va)
            out.append((c, declared, v))
        return out
    seat = (leader + len(trick)) % 3
    for c in follow_moves(hands[seat], trick[0][1] // 6, trump):
        out.append(
            (
                c,
                False,
                finish(_without(hands, seat, c), trick + ((seat, c),), trump, trump_owner, first_trick, safe),
            )
        )
    return out


def _without(hands, seat, c):
    h = list(hands)
    h[seat] &= ~(1 << c)
    return tuple(h)


def reference_reaches(
    hands, need: int, *, declarer=0, leader=None, trump=None, trump_owner=None, first_trick=None, rules="club"
) -> bool:
    """Can the declarer add at least ``need`` points? A plain boolean minimax.

    The declarer needs one good move (``any``), the defenders must answer
    every move (``all``); Python's ``any``/``all`` stop at the first decisive
    move, the only pruning.  Two obviously safe cut-offs: ``need <= 0`` is
    reached, and ``need`` above the remaining card points plus the
    declarer's own unplayed marriages is not.  Fast enough for full 8-trick
    deals (seconds to a minute), which :func:`reference_value` is not.

    Parameters
    ----------
    hands, declarer, leader, trump, trump_owner, first_trick, rules
        As in :func:`reference_value`.
    need : int
        Points the declarer must still add.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        As :func:`reference_value`.
    """
    rules = as_rules(rules)
    hands, leader, first_trick = check_position(hands, declarer, leader, trump, trump_owner, first_trick)
    return _reach_solver(declarer, rules)(hands, leader, trump, trump_owner, first_trick, int(need))


def reference_value_by_bisection(hands, **kwargs) -> int:
    """:func:`reference_value` computed as the largest ``need`` that
    :func:`reference_reaches` grants, by bisection (for full deals)."""
    rules = as_rules(kwargs.pop("rules", "club"))
    declarer = kwargs.get("declarer", 0)
    hands, leader, first_trick = check_position(
        hands,
        declarer,
        kwargs.get("leader"),
        kwargs.get("trump"),
        kwargs.get("trump_owner"),
        kwargs.get("first_trick"),
    )
    reach = _reach_solver(declarer, rules)
    args = (hands, leader, kwargs.get("trump"), kwargs.get("trump_owner"), first_trick)
    lo, hi = 0, _upper(hands, declarer, rules) + 1  # reach(lo) holds, reach(hi) fails
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reach(*args, mid):
            lo = mid
        else:
            hi = mid
    return lo


def _upper(hands, declarer, rules):
    """Remaining card points plus the declarer's unplayed marriages (the
    ace marriage too while he holds the four aces and the rules count it)."""
    pts = sum(CARD_POINTS[c] for h in hands for c in range(24) if h >> c & 1)
    own = hands[declarer]
    aces = ACE_MARRIAGE if rules.ace_marriage and _holds_four_aces(own) else 0
    return (
        pts
        + aces
        + sum(v for s, v in enumerate(MARRIAGE_VALUES) if own >> (6 * s + 2) & 1 and own >> (6 * s + 3) & 1)
    )


def _reach_solver(declarer, rules):
    """``reach(hands, leader, trump, owner, first, need) -> bool``."""

    def choose(seat, results):
        return any(results) if seat == declarer else all(results)

    @cache
    def reach(hands, leader, trump, owner, first, need):
        if need <= 0:
            return True
        if hands[leader] == 0 or need > _upper(hands, declarer, rules):
            return False
        s1, s2 = (leader + 1) % 3, (leader + 2) % 3

        def after_third(lead, c1, c2, t, o, bonus):
            win = trick_winner(((leader, lead), (s1, c1), (s2, c2)), t)
            pts = CARD_POINTS[lead] + CARD_POINTS[c1] + CARD_POINTS[c2]
            got = bonus + (pts if win == declarer else 0)
            return reach(_after(hands, leader, lead, c1, c2), win, t, o, False, need - got)

        return choose(
            leader,
            (
                choose(
                    s1,
                    (
                        choose(
                            s2,
                            (
                                after_third(
                                    lead,
                                    c1,
                                    c2,
                                    t,
                                    o,
                                    (MARRIAGE_VALUES[t] if declared else ACE_MARRIAGE if aces else 0)
                                    if leader == declarer
                                    else 0,
                                )
                                for c2 in thirds
                            ),
                        )
                        for c1, thirds in follows
                    ),
                )
                for lead, declared, t, o, follows, aces in _tricks(hands, leader, trump, owner, first, rules)
            ),
        )

    return reach


def reference_j_by_bisection(
    hands,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    points=(0, 0, 0),
    tricks=(0, 0, 0),
) -> int:
    """The J-optimum of :func:`reference_j`, by bisection on a boolean search.

    ``J >= need`` is decided by a boolean minimax (``any`` for the declarer,
    ``all`` for the defenders) with two safe cut-offs: J can still grow by at
    most ``1000 *`` the remaining card points and the declarer's unplayed
    marriages plus 600 for bolts, and fall by at most the defenders' unplayed
    marriages plus 300.  For full deals.

    Returns
    -------
    int
        J from this position on, as ``reference_j(...).j``.

    Raises
    ------
    ValueError
        As :func:`reference_j`.
    """
    rules = as_rules(rules)
    hands, leader, first_trick = check_position(hands, declarer, leader, trump, trump_owner, first_trick)
    _, safe_flags, bolted_of = _j_solver(declarer, rules)
    rule = rules.bolt_rule

    def advance(safe, add, trk):
        return tuple(
            safe[s] or (rule == "zero_points" and add[s] > 0) or (rule == "no_trick" and trk[s] > 0)
            for s in range(3)
        )

    def marriages_of(h):
        aces = ACE_MARRIAGE if rules.ace_marriage and _holds_four_aces(h) else 0
        return aces + sum(
            v for s, v in enumerate(MARRIAGE_VALUES) if h >> (6 * s + 2) & 1 and h >> (6 * s + 3) & 1
        )

    def choose(seat, results):
        return any(results) if seat == declarer else all(results)

    @cache
    def reach(hands, leader, trump, owner, first, safe, need):
        if hands[leader] == 0:
            b = bolted_of(safe)
            return 300 * (sum(b[s] for s in range(3) if s != declarer) - b[declarer]) >= need
        if need > 1000 * _upper(hands, declarer, rules) + 600:
            return False
        if need <= -300 - sum(marriages_of(hands[s]) for s in range(3) if s != declarer):
            return True
        s1, s2 = (leader + 1) % 3, (leader + 2) % 3

        def after_third(lead, c1, c2, t, o, declared, aces):
            win = trick_winner(((leader, lead), (s1, c1), (s2, c2)), t)
            add, trk = [0, 0, 0], [0, 0, 0]
            m = MARRIAGE_VALUES[t] if declared else ACE_MARRIAGE if aces else 0
            add[leader] += m
            add[win] += CARD_POINTS[lead] + CARD_POINTS[c1] + CARD_POINTS[c2]
            trk[win] = 1
            defenders_marriage = m if leader != declarer else 0
            gain = 1000 * add[declarer] - defenders_marriage
            return reach(
                _after(hands, leader, lead, c1, c2), win, t, o, False, advance(safe, add, trk), need - gain
            )

        return choose(
            leader,
            (
                choose(
                    s1,
                    (
                        choose(s2, (after_third(lead, c1, c2, t, o, declared, aces) for c2 in thirds))
                        for c1, thirds in follows
                    ),
                )
                for lead, declared, t, o, follows, aces in _tricks(hands, leader, trump, owner, first, rules)
            ),
        )

    safe = safe_flags(tuple(int(p) for p in points), tuple(int(t) for t in tricks))
    args = (hands, leader, trump, trump_owner, first_trick, safe)
    lo = -300 - sum(marriages_of(hands[s]) for s in range(3) if s != declarer)
    hi = 1000 * _upper(hands, declarer, rules) + 601  # reach(lo) holds, reach(hi) fails
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reach(*args, mid):
            lo = mid
        else:
            hi = mid
    return lo
