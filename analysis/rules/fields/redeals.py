"""Redeals (пересдача): the conditions and who may claim one (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["RedealFields"]


@dataclass(frozen=True)
class RedealFields:
    """Redeal conditions and who may claim them (RULES.md, "Redeals")."""

    # --- redeals (пересдача) -------------------------------------------
    redeal_claim: str = field(
        default="forced",
        metadata=doc(
            "'forced' (the table redeals; club) or 'claimable' (a player may "
            "demand it; book †, wiki). Profiles without redeal conditions "
            "(classic, ua) keep the default. A claimable redeal happens when a "
            "player entitled to claim (redeal_claimer) does: always under the "
            "default policy, only with a weak hand under its claim_weak option, "
            "never with claim_redeals off."
        ),
    )
    redeal_claimer: str = field(
        default="any",
        metadata=doc(
            "Who may claim a claimable redeal: 'any' player (every profile) or "
            "'first_hand', the player 'on the hundred' (wiki, seed 004 «Мелкие "
            "договорённости»: 'Пересдавать может только играющий на сотне'). "
            "Matters only when a player may decline a claim (policy option "
            "claim_weak: only a player whose hand supports no bid claims).",
            added=True,
        ),
    )
    bad_deal_fine: int = field(
        default=0,
        metadata=doc(
            "Points the dealer loses when his deal is redealt for the third time "
            "in a row (wiki, seed 004 'требование пересдачи три раза подряд может "
            "вылиться штрафом сдающему ... начисляется штраф в 120 очков'); the "
            "deal then passes to the next player (the seed's second option; its "
            "first, playing the cards dealt, is not modelled †). 0 = off (every "
            "profile).",
            added=True,
        ),
    )
    redeal_four_nines: bool = field(
        default=True, metadata=doc("Before bidding: a hand with four 9s (club, book, wiki).")
    )
    redeal_hand_under: int = field(
        default=14,
        metadata=doc(
            "Before bidding: a hand with fewer card points than this (club 14; "
            "wiki 14, by agreement 13–15 †; 0 = off)."
        ),
    )
    redeal_four_jacks: bool = field(
        default=False,
        metadata=doc(
            "Before bidding: a hand with four jacks (ua, seed 003 'якщо гравець "
            "отримав усі 4 валети': as dealt, so before bidding only; wiki, seed "
            "004 'после раздачи или сноса карт у любого игрока четыре валета "
            "(наименее распространённое правило)': after the deal, and after the "
            "exchange with redeal_after_four_jacks). No in every profile.",
            added=True,
        ),
    )
    redeal_widow_under: int = field(
        default=5,
        metadata=doc(
            "When the widow is shown: fewer card points than this (club 5, book "
            "5, wiki 3 as the declarer's claim; 0 = off)."
        ),
    )
    redeal_widow_two_nines: bool = field(
        default=False, metadata=doc("When the widow is shown: two 9s in it (wiki, any player's claim).")
    )
    redeal_after_four_nines: bool = field(
        default=True,
        metadata=doc("After the exchange, before the first lead: a hand with four 9s (club, book †, wiki)."),
    )
    redeal_after_four_jacks: bool = field(
        default=False,
        metadata=doc(
            "After the exchange, before the first lead: an 8-card hand with four "
            "jacks, counting the card received (wiki, seed 004 'после раздачи или "
            "сноса карт у любого игрока четыре валета': both stages, with "
            "redeal_four_jacks; ua's seed 003 names the dealt hand only, "
            "'отримав усі 4 валети' †). The declarer's gift can cause it (a "
            "defender with three jacks is given the fourth; he keeps four from "
            "hand and widow) or avoid it. No in every profile.",
            added=True,
        ),
    )
    redeal_after_hand_under: int = field(
        default=0,
        metadata=doc(
            "After the exchange: an 8-card hand with fewer card points than this, "
            "counting the card received (book 15, seed 002 'с учетом карты, "
            "полученной при сносе'; 0 = off)."
        ),
    )
