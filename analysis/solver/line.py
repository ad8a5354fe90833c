"""Optimal lines as tricks: follow a line the kernel proves, replay move codes.

:func:`play_line` follows one optimal line from a trick boundary whose
objective is known (DESIGN.md, contract 3: the first of equal moves in card
order is played); :func:`replay` turns move codes into :class:`Trick`
records and :func:`to_real_seats` rotates them back to the deal's seats.
:mod:`.analyse` builds the whole deal's analysis on these.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import MARRIAGE_VALUES, card_name
from ..errors import BadArgument
from . import _drivers
from ._bits import ACE_MARRIAGE_POINTS, ACES, POINTS, RF_ACE_MARRIAGE
from ._kernel import DECLARE
from .search import STATE

__all__ = ["play_line", "replay", "to_real_seats"]


@dataclass(frozen=True)
class Trick:
    """One trick of a line; seats are those of the caller's frame."""

    leader: int  #: seat that led
    cards: tuple  #: ((seat, card id), ...) in playing order
    declared: int  #: suit declared with the lead, -1 for none
    trump: int  #: trump of this trick (-1 none)
    winner: int  #: seat that took the trick
    points: int  #: card points in the trick (0–60)
    raw: tuple  #: running raw points per seat (cards + own marriages)
    tricks: tuple  #: running tricks per seat
    aces: bool = False  #: the lead declares the ace marriage (+200 to the leader)


def replay(hands, leader, trump, moves, raw=(0, 0, 0), tricks=(0, 0, 0), *, first=False, ace_marriage=False):
    """Replay move codes from a trick boundary into :class:`Trick` records.

    Parameters
    ----------
    hands : sequence of 3 int
        Hands at the start (bit masks).
    leader, trump : int
        Leader and trump (-1 none) at the start.
    moves : sequence of int
        Move codes (card id, plus 32 when the lead declares a marriage).
    raw, tricks : tuple of 3 int
        Points and tricks already taken by each seat.
    first : bool
        The first trick replayed is the deal's first.
    ace_marriage : bool
        The rules count the ace marriage (``Rules.ace_marriage``): an ace
        led after the deal's first trick by the holder of the four aces adds
        200 to his points (RULES.md, "Ace marriage").

    Returns
    -------
    list of Trick

    Raises
    ------
    ValueError
        If a move plays a card its player does not hold.
    """
    hs = [int(h) for h in hands]
    raw = list(raw)
    ntr = list(tricks)
    out = []
    for k in range(0, len(moves), 3):
        trick = moves[k : k + 3]
        cards = []
        declared = -1
        aces = False
        for i, mv in enumerate(trick):
            seat = (leader + i) % 3
            c = int(mv) & 31
            if not hs[seat] >> c & 1:
                raise BadArgument(f"seat {seat} does not hold {card_name(c)}")
            hs[seat] &= ~(1 << c)
            if i == 0 and int(mv) & DECLARE:
                declared = c // 6
                trump = declared
                raw[seat] += int(MARRIAGE_VALUES[declared])
            elif i == 0 and ace_marriage and c % 6 == 5 and (k > 0 or not first):
                if (hs[seat] | (1 << c)) & ACES == ACES:
                    aces = True
                    raw[seat] += ACE_MARRIAGE_POINTS
            cards.append((seat, c))
        w_seat, w_card = cards[0]
        for seat, c in cards[1:]:
            if (c // 6 == w_card // 6 and c > w_card) or (c // 6 == trump and w_card // 6 != trump):
                w_seat, w_card = seat, c
        pts = int(sum(POINTS[c] for _, c in cards))
        raw[w_seat] += pts
        ntr[w_seat] += 1
        out.append(Trick(leader, tuple(cards), declared, trump, w_seat, pts, tuple(raw), tuple(ntr), aces))
        leader = w_seat
    return out


def play_line(hands, *, declarer, leader, trump, owner, first, rf, target, mode=1, bits=0):
    """Follow one optimal line from a trick boundary whose objective is known.

    Returns
    -------
    tuple
        ``(tricks as a list of dicts with 'raw' and 'tricks', move codes)``.
    """
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    tt = vt if mode == 0 else jt
    buf = np.zeros(24, dtype=np.int64)
    n = _drivers.follow_line(
        int(hands[0]),
        int(hands[1]),
        int(hands[2]),
        leader,
        0,
        -1,
        -1,
        trump,
        owner,
        first,
        bits,
        declarer,
        mode,
        rf,
        target,
        tt,
        vt,
        mbuf,
        sbuf,
        sk,
        st,
        buf,
    )
    st[0] = 0
    if n < 0:
        raise RuntimeError("no move reaches the objective (solver inconsistency)")
    moves = [int(x) for x in buf[:n]]
    recs = replay(hands, leader, trump, moves, first=bool(first), ace_marriage=bool(rf & RF_ACE_MARRIAGE))
    return [{"raw": t.raw, "tricks": t.tricks} for t in recs], moves


def to_real_seats(tricks, declarer: int) -> list:
    """Tricks replayed in seats relative to the declarer (0 declarer, 1 left,
    2 right), as :class:`Trick` in the deal's real seats."""
    d = declarer
    return [
        Trick(
            leader=(t.leader + d) % 3,
            cards=tuple(((s + d) % 3, c) for s, c in t.cards),
            declared=t.declared,
            trump=t.trump,
            winner=(t.winner + d) % 3,
            points=t.points,
            raw=tuple(t.raw[(s - d) % 3] for s in range(3)),
            tricks=tuple(t.tricks[(s - d) % 3] for s in range(3)),
            aces=t.aces,
        )
        for t in tricks
    ]
