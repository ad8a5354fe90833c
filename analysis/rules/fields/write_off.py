"""The write-off (роспись) and the scoring of a played deal (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["WriteOffFields"]


@dataclass(frozen=True)
class WriteOffFields:
    """The write-off and the declarer's and defenders' scores (RULES.md, "Write-off", "Scoring")."""

    # --- write-off (роспись) ------------------------------------------
    write_off_stage: str = field(
        default="before_exchange",
        metadata=doc(
            "When the declarer may write off: 'before_exchange' (club: after "
            "seeing the widow, seed 000 'до передачи карт'; ua: after the widow "
            "is shown, seed 003) or 'before_lead' (classic; book: after the "
            "exchange; wiki †). No simulated figure can show it: the toolkit's "
            "declarer decides his write-off once the widow is shown and knows "
            "his 10 cards at either stage, and the double-dummy or single-dummy "
            "value he reads does not depend on whether the two cards are given "
            "before or after the decision."
        ),
    )
    write_off_payment: str = field(
        default="half",
        metadata=doc(
            "What each opponent gets: 'half' (contract/2 kept exact, club: "
            "'Половинки сохраняются точно'), 'half_round5' (contract/2 rounded to "
            "a multiple of 5, ties up; classic †, wiki † from its agreements "
            "section) or 'fixed' (write_off_fixed each: book 40, ua 60)."
        ),
    )
    write_off_fixed: int = field(
        default=0,
        metadata=doc(
            "Points each opponent gets when write_off_payment is 'fixed' "
            "(book 40, seed 002; ua 60, seed 003); 0 otherwise."
        ),
    )
    write_off_on_barrel: bool = field(
        default=False,
        metadata=doc(
            "A declarer on the barrel may write off. club: forbidden ('На бочке "
            "роспись запрещена'); book: forbidden (†, 'may not pass' read as "
            "'may not write off'); classic †, ua †, wiki: allowed."
        ),
    )
    write_off_banned: bool = field(
        default=False,
        metadata=doc(
            "No write-off at all: the declarer plays every contract out (ua, seed "
            "003 asks the table to agree 'чи дозволений розпис'; allowed in every "
            "profile).",
            added=True,
        ),
    )
    write_off_no_barrel: bool = field(
        default=False,
        metadata=doc(
            "Nobody may write off while anyone sits on the barrel (wiki, seed 004 "
            "'Если один из игроков сидит на бочке, расписывать не может никто').",
            added=True,
        ),
    )
    write_off_limit: int = field(
        default=0,
        metadata=doc(
            "At most this many write-offs per player in a game, and a write-off "
            "then costs the declarer nothing (wiki, seed 004 'Возможны только три "
            "росписи за игру (в таком случае очки игрок у себя не отнимает)'; "
            "three per player, not per table †). 0 = no limit.",
            added=True,
        ),
    )
    write_off_fine: str = field(
        default="none",
        metadata=doc(
            "An extra fine for repeated write-offs (wiki, seed 004): 'none'; "
            "'third' (a player's third write-off in the game costs "
            "write_off_fine_points more, once: 'Три росписи дополнительно "
            "штрафуются 120 очками' †) or 'every_third' (his 3rd, 6th, 9th ...: "
            "'Только каждая третья роспись штрафуется 120 очками').",
            added=True,
        ),
    )
    write_off_fine_points: int = field(
        default=120,
        metadata=doc(
            "The write_off_fine, points: 120 (wiki), or 0 for the contract just "
            "written off (wiki 'либо суммой последнего расписанного заказа').",
            added=True,
        ),
    )
    crossing: str = field(
        default="none",
        metadata=doc(
            "Crossing, «крещусь» (wiki, seed 004: 'Если «заказчик» видит, что он "
            "не может набрать заказанную ставку, то он объявляет «крещусь», ему "
            "ставится крест (+), а соперникам болт'): the declarer who gives up "
            "keeps his score and each opponent gets a bolt (toward the bolt "
            "penalty; a sitter only under barrel_bolts). 'none' (every profile), "
            "'allowed', or 'not_on_barrel' (banned while anyone sits on the "
            "barrel: 'Если один из игроков находится на бочке, для всех "
            "участников игры крещение запрещено'). Where crossing is allowed it "
            "replaces the write-off (it never costs the declarer more †); it is "
            "not a write-off for write_off_limit and write_off_fine. Needs bolts.",
            added=True,
        ),
    )

    # --- scoring -------------------------------------------------------
    double_penalty_off_first_hand: bool = field(
        default=False,
        metadata=doc(
            "A failed contract costs 2×contract unless the declarer is the "
            "first hand (book, seed 002; the first hand's contested win counts "
            "as the first hand playing †)."
        ),
    )
    round_defenders: bool = field(
        default=True,
        metadata=doc(
            "Defenders' points are rounded to the nearest 5 (x1, x2 down; x3, "
            "x4 up). All but ua, which writes actual points (seed 003)."
        ),
    )
    round_declarer: bool = field(
        default=False,
        metadata=doc(
            "The declarer's points are rounded like the defenders' before the "
            "contract check, so 118 makes 120 (wiki, seed 004 «Мелкие "
            "договорённости»: 'Округление очков у играющего заказ (устраняется "
            "проблема недобора одного-двух очков)'). No in every profile.",
            added=True,
        ),
    )
