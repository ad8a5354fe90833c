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
    barrel_defender_scores: bool = field(
        default=False,
        metadata=doc(
            "A defender sitting on the barrel scores defence points and bolts. "
            "No in every profile (club seed 000 'На бочке вистовые очки и болты "
            "не начисляются'; classic; book †; ua †; wiki)."
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
