"""The optimal line of a deal, trick by trick.

:func:`analyse_deal` finds the best gift and the tie-broken line (DESIGN.md,
contract 3: the declarer maximises J over gift and play, the defenders
minimise it; the first of equal moves in card order is played), and
:func:`format_line` renders it as text for ``thousand analyse``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..cards import MARRIAGE_VALUES, SUIT_SYMBOLS, card_name
from ..cards import format as fmt
from ..errors import BadArgument
from ..rules import as_rules
from ._bits import POINTS
from ._kernel import DECLARE

__all__ = ["Trick", "DealAnalysis", "play_line", "replay", "to_real_seats", "analyse_deal", "format_line"]


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


def replay(hands, leader, trump, moves, raw=(0, 0, 0), tricks=(0, 0, 0)):
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
            cards.append((seat, c))
        w_seat, w_card = cards[0]
        for seat, c in cards[1:]:
            if (c // 6 == w_card // 6 and c > w_card) or (c // 6 == trump and w_card // 6 != trump):
                w_seat, w_card = seat, c
        pts = int(sum(POINTS[c] for _, c in cards))
        raw[w_seat] += pts
        ntr[w_seat] += 1
        out.append(Trick(leader, tuple(cards), declared, trump, w_seat, pts, tuple(raw), tuple(ntr)))
        leader = w_seat
    return out


def play_line(hands, *, declarer, leader, trump, owner, first, rf, target, mode=1, bits=0):
    """Follow one optimal line from a trick boundary whose objective is known.

    Returns
    -------
    tuple
        ``(tricks as a list of dicts with 'raw' and 'tricks', move codes)``.
    """
    from . import _drivers
    from .api import STATE

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
    recs = replay(hands, leader, trump, moves)
    return [{"raw": t.raw, "tricks": t.tricks} for t in recs], moves


@dataclass(frozen=True)
class DealAnalysis:
    """Best exchange and optimal line of a deal, in real seats."""

    declarer: int
    hands: tuple  #: 8-card hands of seats 0, 1, 2 after the gift
    widow: int
    give_left: int
    give_right: int
    value: int  #: declarer's total (cards + own marriages)
    objective: int  #: J of the line
    rules: str
    tricks: list = field(default_factory=list)  #: list of Trick (real seats)


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
        )
        for t in tricks
    ]


def analyse_deal(hands3, widow, declarer=0, rules="club") -> DealAnalysis:
    """Best gift and the optimal tie-broken line of a deal.

    Parameters
    ----------
    hands3 : sequence of 3 int
        7-card masks of seats 0, 1, 2 (seat 0 the first hand, DESIGN.md
        contract 2).
    widow : int
        The 3-card widow.
    declarer : int
        Declarer seat; his left is ``(declarer + 1) % 3``.
    rules : str or Rules

    Returns
    -------
    DealAnalysis

    Raises
    ------
    ValueError
        On wrong sizes, overlaps, a bad seat or unknown rules.
    """
    from .api import _exchange_value, _seat

    rules = as_rules(rules)
    d = _seat(declarer, "declarer")
    if len(hands3) != 3:
        raise BadArgument(f"hands3 must hold three hands, got {len(hands3)}")
    res = _exchange_value(hands3[d], widow, hands3[(d + 1) % 3], hands3[(d + 2) % 3], rules, True)
    a, b = res.give_left, res.give_right
    rel = [
        (int(hands3[d]) | int(widow)) & ~(1 << a) & ~(1 << b),
        int(hands3[(d + 1) % 3]) | (1 << a),
        int(hands3[(d + 2) % 3]) | (1 << b),
    ]
    real = [0, 0, 0]
    for k in range(3):
        real[(d + k) % 3] = rel[k]
    tricks = replay(rel, 0, -1, res.line)
    rot = to_real_seats(tricks, d)
    return DealAnalysis(
        declarer=d,
        hands=tuple(real),
        widow=int(widow),
        give_left=a,
        give_right=b,
        value=res.value,
        objective=res.objective,
        rules=rules.name,
        tricks=rot,
    )


def format_line(analysis: DealAnalysis) -> str:
    """Render a :class:`DealAnalysis` as readable text.

    Returns
    -------
    str
        The gift, the hands after it, then one line per trick: number,
        leader's cards in order (``*`` marks the winning card, ``declares ♥``
        a marriage), the winner and the running raw points of seats 0, 1, 2.
    """
    d = analysis.declarer
    lines = [
        f"rules {analysis.rules}; declarer seat {d}; widow {fmt(analysis.widow)}",
        f"gift: {card_name(analysis.give_left)} to seat {(d + 1) % 3} (left), "
        f"{card_name(analysis.give_right)} to seat {(d + 2) % 3} (right)",
    ]
    for s in range(3):
        tag = " (declarer)" if s == d else ""
        lines.append(f"seat {s}{tag}: {fmt(analysis.hands[s])}")
    lines.append(f"value: {analysis.value} (declarer's card points + own marriages)")
    for i, t in enumerate(analysis.tricks, 1):
        parts = []
        for k, (seat, c) in enumerate(t.cards):
            mark = "*" if seat == t.winner else ""
            decl = f" (declares {SUIT_SYMBOLS[t.declared]})" if k == 0 and t.declared >= 0 else ""
            parts.append(f"{seat}:{card_name(c)}{mark}{decl}")
        trump = SUIT_SYMBOLS[t.trump] if t.trump >= 0 else "-"
        lines.append(
            f"{i:>2}. trump {trump}  {'  '.join(parts)}  -> seat {t.winner} "
            f"+{t.points}  points {t.raw[0]}/{t.raw[1]}/{t.raw[2]}"
        )
    if analysis.tricks:
        last = analysis.tricks[-1]
        lines.append("tricks per seat: " + "/".join(str(x) for x in last.tricks))
    return "\n".join(lines)
