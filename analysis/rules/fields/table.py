"""The table: three or four players, and what the resting dealer scores at four (RULES.md).

With four players the dealer deals himself no hand: he "sits on the widow"
(«сидит на прикупе», «сидить на прикупі») and scores the widow by the rules
below while the other three bid and play the deal exactly as three players
do.  The fields after ``players`` act only when ``players`` is 4: while it
is 3 they change nothing, so they are left out of
:meth:`analysis.rules.Rules.fingerprint` (:func:`is_four_only`), and every
profile keeps the fingerprint it had before the table of four existed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import BadArgument
from .convention import doc

__all__ = ["TableFields", "is_four_only", "check_table"]

#: What the resting dealer scores: the widow's card points, or a fixed sum.
REST_SCORES = ("widow", "fixed")
#: A marriage lying in the widow: not scored, scored whole, or whole plus
#: half a marriage for a lone K or Q.
REST_MARRIAGES = ("none", "whole", "half")


def _four(text: str) -> dict:
    """The metadata of a field that acts only at a table of four."""
    return {**doc(text, added=True), "four_only": True}


def is_four_only(f) -> bool:
    """Whether a :class:`dataclasses.Field` acts only when ``players`` is 4."""
    return bool(f.metadata.get("four_only", False))


@dataclass(frozen=True)
class TableFields:
    """How many sit at the table, and the resting dealer's score at four (RULES.md, "Four players")."""

    players: int = field(
        default=3,
        metadata=doc(
            "Players at the table: 3, or 4 with the dealer resting on the widow "
            "(book, seed 002 'При четырех участниках сдающий не участвует в "
            "розыгрыше, а, как говорится, «сидит на прикупе»'; ua, seed 003 "
            "'Роздавач не бере собі карти, тому він «сидить на прикупі»'; wiki, "
            "seed 004 'При игре вчетвером сдающий ... в игре сдающий не участвует'; "
            "club's seed 000 declines it: 'Версия вчетвером с отдыхающим сдающим "
            "здесь не описана'). 3 in every profile. At 4 the other three bid and "
            "play as three players do; the deal and the first hand move round four seats.",
            added=True,
        ),
    )
    rest_score: str = field(
        default="widow",
        metadata=_four(
            "What the resting dealer scores at four: 'widow', the widow's card "
            "points (book 'Сдающий записывает на свой счет очки, которые дают "
            "карты, вскрытые в прикупе'; ua 'він може записати собі очки з "
            "прикупу'; wiki 'сдающий получает очки, равные сумме очков в "
            "прикупе'), or 'fixed', rest_fixed points (ua's other choice: "
            "'або отримати заздалегідь встановлену суму')."
        ),
    )
    rest_fixed: int = field(
        default=15,
        metadata=_four(
            "Points the resting dealer scores when rest_score is 'fixed' (ua: "
            "'заздалегідь встановлену суму', no sum named †: 15, the widow's mean "
            "card points, 120 × 3/24, so the choice moves no one's expectation)."
        ),
    )
    rest_round: bool = field(
        default=False,
        metadata=_four(
            "The widow's card points are rounded to 5 as the defenders' are "
            "(x1, x2 down; x3, x4 up) before the resting dealer scores them: wiki "
            "'сумме очков в прикупе (с учётом округления)'; book and ua name the "
            "card points alone (†: not rounded)."
        ),
    )
    rest_marriage: str = field(
        default="none",
        metadata=_four(
            "A marriage lying in the widow: 'none' (book, ua: the card points "
            "alone), 'whole' (wiki 'если при раздаче в прикупе оказался марьяж, "
            "то его стоимость суммируется с общим количеством очков в прикупе'), "
            "'half' (wiki's agreement: also half a marriage for a lone K or Q, "
            "'либо половину стоимости марьяжа (если в прикупе есть дама или "
            "король)'; † by agreement)."
        ),
    )
    rest_barrel_attempt: bool = field(
        default=False,
        metadata=_four(
            "A barrel sitter who deals spends an attempt. wiki: no, and he "
            "scores nothing ('ему не засчитываются ни очки, ни игра'); book, ua "
            "silent (†: as wiki). A sitter never scores the widow: his score is "
            "capped at the threshold."
        ),
    )
    write_off_fixed_four: int = field(
        default=0,
        metadata=_four(
            "A fixed write-off payment at four: each of the three others, the "
            "resting dealer included, gets this much (book 30: 'если играют "
            "четверо, то по 30 очков (120 : 4 = 30)'); 0: write_off_fixed as "
            "at three. The resting dealer is paid as an opponent is in every "
            "profile (book's word; ua, wiki †)."
        ),
    )


def check_table(r) -> None:
    """Refuse impossible values of the table's fields.

    Raises
    ------
    BadArgument
        A ValueError naming the field.
    """
    checks = (
        (r.players in (3, 4), "players", f"must be 3 or 4, got {r.players!r}"),
        (
            r.rest_score in REST_SCORES,
            "rest_score",
            f"{r.rest_score!r} is not one of {', '.join(REST_SCORES)}",
        ),
        (
            r.rest_marriage in REST_MARRIAGES,
            "rest_marriage",
            f"{r.rest_marriage!r} is not one of {', '.join(REST_MARRIAGES)}",
        ),
        (
            0 <= r.rest_fixed <= 120 and r.rest_fixed % 5 == 0,
            "rest_fixed",
            "must be a multiple of 5 in 0..120",
        ),
        (
            r.write_off_fixed_four >= 0 and r.write_off_fixed_four % 5 == 0,
            "write_off_fixed_four",
            "must be 0 (as at three) or a positive multiple of 5",
        ),
    )
    for ok, name, msg in checks:
        if not ok:
            raise BadArgument(f"rules field {name!r}: {msg}")
