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

    ace_marriage: bool = field(
        default=False,
        metadata=doc(
            "The ace marriage: a player holding the four aces who has won a "
            "trick may declare it by leading an ace, +200 to his points (ua, "
            "seed 003: 'чотири тузи в одного гравця; за домовленістю його "
            "оголошують як комбінацію вартістю 200 очок'; wiki, seed 004: "
            "'Чтобы объявить тузовый марьяж игрок обязан взять любую взятку "
            "(даже в случае если он выиграл торги...)', any player may). Never "
            "on the first lead, whatever first_trick_marriage says; he must "
            "still hold all four aces when he leads; it sets no trump †; a "
            "defender's 200 go to his own points †; the bid cap does not count "
            "it †. Off in every profile (ua and wiki give it as an agreement, "
            "wiki: 'Многие игроки принципиально отказываются').",
            added=True,
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
