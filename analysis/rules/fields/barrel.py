"""The barrel (бочка) and winning the game (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["BarrelFields"]


@dataclass(frozen=True)
class BarrelFields:
    """The barrel and winning (RULES.md, "Barrel")."""

    # --- barrel (бочка) and winning -----------------------------------
    barrel_threshold: int = field(
        default=880,
        metadata=doc(
            "Score at which a player sits on the barrel; higher scores are capped "
            "to it (880; book 900, seed 002)."
        ),
    )
    target: int = field(
        default=1000,
        metadata=doc(
            "Winning score: a sitter wins by making a contract that brings him "
            "there (1000; wiki 1001 'заказать больше 120')."
        ),
    )
    barrel_attempts: int = field(
        default=3,
        metadata=doc(
            "Completed deals a sitter may spend on the barrel (3 in every "
            "profile; write-offs count †; redeals do not)."
        ),
    )
    barrel_fall_penalty: int = field(
        default=120,
        metadata=doc(
            "Points lost when the attempts run out (120; book 100: 900→800, "
            "seed 002; ua † leaves the fine to the house)."
        ),
    )
    barrel_seats: int = field(
        default=2,
        metadata=doc(
            "Players who may sit on the barrel at once (club 2, seed 000 'На "
            "бочке разрешены двое'; others 1, book/ua/wiki †). When arrivals "
            "would exceed it, every earlier sitter is knocked off with −120; "
            "how many of the players arriving in one deal stay is "
            "barrel_arrivals."
        ),
    )
    barrel_arrivals: str = field(
        default="seats",
        metadata=doc(
            "Players arriving on the barrel in the same deal: 'seats' (at most "
            "barrel_seats of them stay; club, seed 000 'Одновременно прибывшие "
            "новые игроки остаются, максимум двое'; classic, book, ua, wiki †, "
            "their seeds are silent) or 'all' (every arrival stays, even past "
            "the seats; a variant). Under 'seats' those with the highest score "
            "before the cap stay, ties in play order from the declarer †; an "
            "arrival who does not stay is knocked off at once with −120 "
            "(880 → 760, book 900 → 780) and it counts as a failed stay †."
        ),
    )
    knock_off_penalty: int = field(
        default=120,
        metadata=doc(
            "Points a sitter loses when he is knocked off the barrel by an "
            "arrival (and an arrival with no seat left): 120 in every profile "
            "(classic, seed 001 'тот, кто уже стоял на бочке, слетает с неё с "
            "−120 ⚠', marked there as a point with common variants).",
            added=True,
        ),
    )
    reverse_barrel: int = field(
        default=0,
        metadata=doc(
            "The reverse barrel, «обратная бочка» (wiki, seed 004 «Мелкие "
            "договорённости»: '«Обратная бочка», то есть игрок, набравший − 880 "
            "очков и за 3 раздачи не набравший −1000 (−1001), слетает с «обратной "
            "бочки» (по договорённости либо на −760, либо на −500 очков)'): 0 = "
            "off (every profile); else the score he falls to, −760 or −500 by the "
            "seed's agreements. A player whose score reaches −barrel_threshold "
            "after a completed deal sits on it (†: the seed's −880 mirrors the "
            "barrel); each later completed deal uses one of barrel_attempts (†; "
            "redeals do not); at or below −target (−1000, wiki −1001) after one of "
            "them he loses and the game ends, won by the highest score, ties to "
            "the next player in play order after the loser (†: the seed says "
            "only that he must not reach it); back above −barrel_threshold he "
            "leaves it (†); when the attempts run out he falls to this score. "
            "His score is not capped while there (†: the seed names no cap).",
            added=True,
        ),
    )
    barrel_third_fall_zero: bool = field(
        default=True,
        metadata=doc(
            "A third failed stay on the barrel sets the score to 0 (club, seed "
            "000 'после третьего неудачного захода счёт становится нулём')."
        ),
    )
    four_marriages_win: bool = field(
        default=False,
        metadata=doc(
            "A player holding all four marriages after the exchange wins at once "
            "(book †; the winner's score is not raised to the target)."
        ),
    )
