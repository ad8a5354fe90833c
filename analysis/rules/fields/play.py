"""Play conventions: marriages, trump leads, and what the players see."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["PlayFields"]


@dataclass(frozen=True)
class PlayFields:
    """Conventions of the card play and of what each player sees (RULES.md, "Play")."""

    # --- play ------------------------------------------------------------
    first_trick_marriage: bool = field(
        default=False,
        metadata=doc(
            "A marriage may be declared on the first trick. book: its example "
            "leads K♥ 'хвалю' as the first lead (seed 002); no elsewhere."
        ),
    )
    marriage_lead: str = field(
        default="KQ",
        metadata=doc("Card led to declare: 'KQ' (king or queen) or 'Q' (queen only, wiki, seed 004)."),
    )
    trump_lead_owner_only: bool = field(
        default=False,
        metadata=doc(
            "Only the player who declared the current trump may lead a trump "
            "(wiki, seed 004). A player holding only trumps may still lead one "
            "(†); a new marriage passes the right to its declarer (†)."
        ),
    )

    # --- what the players see --------------------------------------------
    exchange_face_up: bool = field(
        default=False,
        metadata=doc(
            "The two cards the declarer gives are passed face up, seen by all "
            "(book, seed 002 'в открытую (если есть предварительная "
            "договоренность, то вслепую)'); face down, each known to the "
            "declarer and its receiver only (club, classic, ua; wiki 'в тёмную "
            "... или в светлую — по выбору играющего', the declarer's choice, "
            "face down †). Matters only to single-dummy play."
        ),
    )
    widow_shown_at_100: bool = field(
        default=True,
        metadata=doc(
            "The widow is shown to the defenders when the declarer won the "
            "bidding at 100 (every profile; wiki, seed 004: 'исключение "
            "составляет объявление игры в 100 очков, которую «пропасовали» "
            "остальные игроки — тогда прикуп не вскрывается'). Above 100 the "
            "widow is always shown. Matters only to single-dummy play."
        ),
    )
