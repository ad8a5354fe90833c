"""The optimal line of a deal, trick by trick.

:func:`analyse_deal` finds the best gift and the tie-broken line (DESIGN.md,
contract 3: the declarer maximises J over gift and play, the defenders
minimise it; the first of equal moves in card order is played), and
:func:`format_line` renders it as text for ``thousand analyse``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SUIT_SYMBOLS, card_name
from ..cards import format as fmt
from ..errors import BadArgument
from ..rules import entry_point
from .api import exchange_value
from .line import replay, to_real_seats
from .search import check_seat

__all__ = ["DealAnalysis", "analyse_deal", "format_line"]


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


@entry_point
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
    d = check_seat(declarer, "declarer")
    if len(hands3) != 3:
        raise BadArgument(f"hands3 must hold three hands, got {len(hands3)}")
    res = exchange_value.given_rules(
        hands3[d], widow, hands3[(d + 1) % 3], hands3[(d + 2) % 3], rules=rules, line=True
    )
    a, b = res.give_left, res.give_right
    rel = [
        (int(hands3[d]) | int(widow)) & ~(1 << a) & ~(1 << b),
        int(hands3[(d + 1) % 3]) | (1 << a),
        int(hands3[(d + 2) % 3]) | (1 << b),
    ]
    real = [0, 0, 0]
    for k in range(3):
        real[(d + k) % 3] = rel[k]
    tricks = replay(rel, 0, -1, res.line, first=True, ace_marriage=rules.ace_marriage)
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
        a marriage, ``declares the four aces`` the ace marriage), the winner
        and the running raw points of seats 0, 1, 2.
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
            if k == 0 and t.aces:
                decl = " (declares the four aces)"
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
