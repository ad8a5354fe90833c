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
            "exchange; wiki †)."
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
