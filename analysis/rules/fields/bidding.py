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
