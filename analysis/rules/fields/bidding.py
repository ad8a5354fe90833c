"""Bidding conventions: the opening, the raises, the cap (RULES.md, bidding)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["BiddingFields"]


@dataclass(frozen=True)
class BiddingFields:
    """Conventions of the auction (RULES.md, "Bidding")."""

    # --- bidding -------------------------------------------------------
    opening_bid_exact: bool = field(
        default=True,
        metadata=doc(
            "The first hand opens with exactly 100 (True) or with at least 100 "
            "(False). club: seed 000 'начинает обязательными 100'; ua: seed 003; "
            "classic/book/wiki allow more (book †, wiki 'exactly 100 by "
            "agreement')."
        ),
    )
    raise_exact: bool = field(
        default=False,
        metadata=doc(
            "Each raise is exactly 5 (True) or any positive multiple of 5 "
            "(False). book: † 'как правило' by 5; wiki: by 5 (any by agreement); "
            "club: seed 000 'на положительное число, кратное 5'."
        ),
    )
    no_jump_over_120: bool = field(
        default=True,
        metadata=doc(
            "A raise may not jump over 120 (bidding only, not the final "
            "contract †). club only: seed 000 'при повышении нельзя перепрыгнуть "
            "через 120'."
        ),
    )
    bid_cap: bool = field(
        default=True,
        metadata=doc(
            "Bids are capped at 120 plus the marriages held (final contract: on "
            "the 8-card hand after the exchange). All profiles; ua gives it as "
            "advice (†)."
        ),
    )
    raise_step: int = field(
        default=5,
        metadata=doc(
            "The smallest raise, points: 5 in every profile; 10 by agreement (ua, "
            "seed 003 'Кожне підвищення становить щонайменше 5 очок, якщо перед "
            "грою не домовилися про крок у 10 очок'). With raise_exact every raise "
            "is exactly this step. A multiple of 5.",
            added=True,
        ),
    )
    minus_bidding: int = field(
        default=0,
        metadata=doc(
            "Bidding in the minus (wiki, seed 004 «Торговля в минусе»: 'Если один "
            "из игроков имеет отрицательный счёт (чаще всего −120 и меньше), то "
            "остальные игроки при торговле всегда говорят пас ... также игрок, "
            "имеющий отрицательный счёт, не может ввязываться в торги. Если все "
            "игроки в минусе, то все имеют право торговать'). 0 = off; a negative "
            "score (−120): while some but not all players are at or below it, "
            "nobody raises and the first hand plays his opening 100 (†: the seed "
            "does not say who then plays; the obligatory opening stands).",
            added=True,
        ),
    )
    barrel_bidding: str = field(
        default="open",
        metadata=doc(
            "Bidding on the barrel (wiki, seed 004 «Торговля на бочке»: 'ставка "
            "может как перебиваться соперниками, так и без торговли отдаваться "
            "тому, кто сидит на бочке'): 'open' (a sitter bids like anyone and may "
            "be outbid; every profile) or 'yield' (a sitter who bids the contract "
            "his target needs gets the widow at that level without bidding; the "
            "first sitter in play order when two bid †).",
            added=True,
        ),
    )
