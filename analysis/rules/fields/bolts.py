"""Bolts (болт) and the 555 reset (самосвал) (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["BoltFields"]


@dataclass(frozen=True)
class BoltFields:
    """Bolts and the 555 reset (RULES.md, "Bolts", "555")."""

    # --- bolts (болт) --------------------------------------------------
    bolt_rule: str = field(
        default="zero_points",
        metadata=doc(
            "What a bolt is: 'zero_points' (0 raw points in the deal, cards plus "
            "marriages; club seed 000 'при нуле сырых очков', classic †), "
            "'no_trick' (took no trick; a trick worth 0 is not a bolt; wiki) or "
            "'none' (book, ua)."
        ),
    )
    bolt_declarer: bool = field(
        default=False,
        metadata=doc(
            "The declarer can get a bolt (wiki). club: 'У разыгрывающего вместо "
            "болта действует результат заказа'."
        ),
    )
    bolt_window: str = field(
        default="cumulative",
        metadata=doc(
            "'cumulative': every bolt_count-th bolt is penalised, need not be "
            "consecutive (club, classic); 'streak': bolt_count in a row, a deal "
            "without a bolt breaks the streak, redeals and write-offs neither "
            "count nor break it (wiki †)."
        ),
    )
    bolt_count: int = field(
        default=3, metadata=doc("Bolts that trigger the penalty (3 in every profile with bolts).")
    )
    bolt_penalty: int = field(
        default=120, metadata=doc("Points deducted when the bolt count is reached (120).")
    )
    barrel_defence_points: bool = field(
        default=False,
        metadata=doc(
            "A defender sitting on the barrel scores his defence points. No in "
            "every profile (club seed 000 'На бочке вистовые очки и болты не "
            "начисляются'; classic 'На бочке очки как не-заказчик не "
            "начисляются'; book †; ua †; wiki 'Ему перестают начисляться все "
            "очки'). No simulated figure can show it: a sitter's score is capped "
            "at the threshold after the deal, and nothing in a deal in which he "
            "takes points can take him below it (a bolt needs a deal without "
            "points or tricks), so the points are always capped away; the field "
            "states the table's convention. Rules files and datasets written "
            "with the former single switch barrel_defender_scores set this field "
            "and barrel_bolts both.",
            added=True,
        ),
    )
    barrel_bolts: bool = field(
        default=False,
        metadata=doc(
            "A player sitting on the barrel can get bolts, as defender (and as "
            "declarer where bolt_declarer). No in every profile (club seed 000 "
            "'На бочке вистовые очки и болты не начисляются'; wiki 'болты не "
            'распространяется при игре "на бочке"\'; classic †).',
            added=True,
        ),
    )

    # --- 555 (самосвал) ------------------------------------------------
    reset_555: str = field(
        default="none",
        metadata=doc(
            "Reset to 0 at exactly 555: 'none' (club, book, ua), 'positive' "
            "(+555 → 0, classic seed 001) or 'both' (+555 and −555 → 0, wiki † "
            "from its agreements section)."
        ),
    )
    reset_at: int = field(
        default=555,
        metadata=doc(
            "The score reset_555 sets to 0 (and its negative under 'both'): 555 in "
            "every profile; another agreed number (ua, seed 003 'Самоскид — після "
            "точного результату 555 очок або іншого узгодженого числа').",
            added=True,
        ),
    )
