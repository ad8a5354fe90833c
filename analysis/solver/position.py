"""Positions anywhere in a deal and the value of every legal move.

A :class:`Position` may sit in the middle of a trick: the cards already on
the table are part of it.  :func:`card_values` gives, for the player to
move, the double-dummy value of each legal move; a marriage lead declared
and the same card led undeclared are two moves.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..cards import card_name
from ..errors import BadArgument
from ..rules import Rules, entry_point
from . import _drivers
from ._bits import rule_flags
from ._kernel import DECLARE
from .search import STATE, card_mask, check_seat

__all__ = ["Position", "card_values", "line_from", "kernel_args"]


class Position(NamedTuple):
    """A position of the play, possibly in the middle of a trick.

    Attributes
    ----------
    hands : tuple of 3 int
        Cards still held by seats 0, 1, 2 (bit masks; cards on the table
        are not in them).
    declarer : int
        Seat whose points are counted.
    leader : int
        Seat that led (or leads) the current trick.
    trick : tuple of (seat, card) pairs
        Cards already on the table in this trick, in playing order (0–2
        pairs); seats must be ``leader``, ``leader + 1``.
    trump : int or None
        Trump of the current trick (after a marriage declared with its lead).
    trump_owner : int or None
        Seat that declared the trump (matters under ``trump_lead_owner_only``).
    first_trick : bool
        The current trick is the deal's first.
    points : tuple of 3 int
        Raw points taken so far this deal by each seat (cards plus own
        marriages); used for bolts in the tie-break objective.
    tricks : tuple of 3 int
        Tricks taken so far this deal by each seat.
    """

    hands: tuple
    declarer: int = 0
    leader: int = 0
    trick: tuple = ()
    trump: int | None = None
    trump_owner: int | None = None
    first_trick: bool = False
    points: tuple = (0, 0, 0)
    tricks: tuple = (0, 0, 0)


class MoveValue(NamedTuple):
    """Value of one legal move."""

    card: int  #: card id played
    declared: bool  #: a marriage is declared with this lead
    value: int  #: declarer's points from the position on after this move

    def __str__(self) -> str:
        return f"{card_name(self.card)}{' (declared)' if self.declared else ''}: {self.value}"


def kernel_args(pos: Position, rules: Rules):
    """Validate ``pos``; return the kernel's node arguments and the rules.

    Parameters
    ----------
    pos : Position
    rules : Rules
        Already resolved (not resolved again).

    Returns
    -------
    tuple
        ``(node arguments of the kernel's search, rules)``.

    Raises
    ------
    BadArgument
        On an inconsistent position (overlaps, counts, seats, suits).
    """
    if len(pos.hands) != 3:
        raise BadArgument("hands must hold three masks")
    hs = [card_mask(h, f"hand {i}") for i, h in enumerate(pos.hands)]
    decl = check_seat(pos.declarer, "declarer")
    leader = check_seat(pos.leader, "leader")
    trick = tuple(pos.trick)
    if len(trick) > 2:
        raise BadArgument(f"at most 2 cards can be on the table, got {len(trick)}")
    table = 0
    for i, pair in enumerate(trick):
        try:
            seat, c = (int(x) for x in pair)
        except (TypeError, ValueError):
            raise BadArgument(f"trick entries are (seat, card) pairs, got {pair!r}") from None
        if seat != (leader + i) % 3:
            raise BadArgument(f"trick card {i} must be played by seat {(leader + i) % 3}, got {seat}")
        if not 0 <= c < 24 or table >> c & 1:
            raise BadArgument(f"bad or repeated card on the table: {c!r}")
        table |= 1 << c
    if hs[0] & hs[1] or hs[0] & hs[2] or hs[1] & hs[2] or table & (hs[0] | hs[1] | hs[2]):
        raise BadArgument("hands overlap (or hold a card on the table)")
    n = bin(hs[leader]).count("1") + (1 if trick else 0)
    for i in range(3):
        seat = (leader + i) % 3
        want = n - (1 if i < len(trick) else 0)
        if bin(hs[seat]).count("1") != want:
            raise BadArgument("hands hold card counts that do not fit the trick on the table")
    if not 1 <= n <= 8:
        raise BadArgument(f"each hand must hold 1..8 cards at the trick's start, got {n}")
    if pos.trump is None:
        t = -1
    elif pos.trump in (0, 1, 2, 3):
        t = int(pos.trump)
    else:
        raise BadArgument(f"trump must be a suit 0..3 or None, got {pos.trump!r}")
    if pos.trump_owner is None:
        if t >= 0 and rules.trump_lead_owner_only:
            raise BadArgument("trump_owner is needed under trump_lead_owner_only")
        owner = 0
    else:
        owner = check_seat(pos.trump_owner, "trump_owner")
    if len(pos.points) != 3 or len(pos.tricks) != 3 or min(pos.points) < 0 or min(pos.tricks) < 0:
        raise BadArgument("points and tricks must be three non-negative numbers")
    if rules.bolt_rule == "zero_points":
        bits = sum(1 << s for s in range(3) if pos.points[s] > 0)
    elif rules.bolt_rule == "no_trick":
        bits = sum(1 << s for s in range(3) if pos.tricks[s] > 0)
    else:
        bits = 0
    c0 = trick[0][1] if len(trick) > 0 else -1
    c1 = trick[1][1] if len(trick) > 1 else -1
    args = (
        hs[0],
        hs[1],
        hs[2],
        leader,
        len(trick),
        int(c0),
        int(c1),
        t,
        owner,
        int(bool(pos.first_trick)),
        bits,
        decl,
    )
    return args, rules


@entry_point
def card_values(position: Position, *, rules="club", objective="value", stats=None) -> list:
    """Double-dummy value of every legal move of the player to move.

    Parameters
    ----------
    position : Position
        Any position of the play (cards on the table allowed).
    rules : str or Rules
    objective : {'value', 'J'}
        ``'value'``: the declarer's points from the position on (card points
        of the tricks he wins, the trick on the table included, plus the
        marriages he declares).  ``'J'``: the tie-break objective of
        DESIGN.md contract 3 from here on (bolts use ``points``/``tricks``).
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes searched.

    Returns
    -------
    list of MoveValue
        In card order; a lead that can declare a marriage appears twice,
        undeclared then declared.

    Raises
    ------
    ValueError
        On an inconsistent position, unknown rules or objective.
    """
    if objective not in ("value", "J"):
        raise BadArgument(f"objective must be 'value' or 'J', got {objective!r}")
    args, rules = kernel_args(position, rules)
    mode = 0 if objective == "value" else 1
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    tt = vt if mode == 0 else jt
    mv = np.zeros(24, dtype=np.int64)
    vals = np.zeros(24, dtype=np.int64)
    n = _drivers.move_values(*args, mode, rule_flags(rules), tt, vt, mbuf, sbuf, sk, st, mv, vals)
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    return [MoveValue(int(mv[i]) & 31, bool(mv[i] & DECLARE), int(vals[i])) for i in range(n)]


@entry_point
def line_from(position: Position, *, rules="club", objective="J"):
    """One optimal line from ``position`` to the end of the deal.

    Returns
    -------
    tuple
        ``(objective value, list of move codes)``; a move code is the card
        id, plus 32 when a lead declares a marriage.

    Raises
    ------
    ValueError
        As :func:`card_values`.
    """
    vals = card_values.given_rules(position, rules=rules, objective=objective)
    args, rules = kernel_args(position, rules)
    mover = (args[3] + args[4]) % 3
    pick = max if mover == args[11] else min
    target = pick(v.value for v in vals)
    mode = 0 if objective == "value" else 1
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    tt = vt if mode == 0 else jt
    buf = np.zeros(24, dtype=np.int64)
    n = _drivers.follow_line(*args, mode, rule_flags(rules), target, tt, vt, mbuf, sbuf, sk, st, buf)
    st[0] = 0
    if n < 0:
        raise RuntimeError("no move reaches the objective (solver inconsistency)")
    return target, [int(x) for x in buf[:n]]
