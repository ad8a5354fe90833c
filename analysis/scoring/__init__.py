"""One deal's effect on the table: scores, bolts, the barrel, 555 and the win.

A pure transition ``apply_deal(rules, state, outcome) -> DealResult``: the
table state before the deal plus what happened in it give the state after
it, the score changes and the events.  Every function takes a ``Rules``
object first (:data:`analysis.rules.PROFILES`, or a name resolved once with
:func:`analysis.rules.as_rules`).  Players are fixed 0, 1, 2 around the
table (DESIGN.md, contract 2), 0..3 at a table of four, where the dealer
rests on the widow (:mod:`.rest`; contract 9).

Order of the steps (RULES.md, common core, marked † there): the deal's score
changes (contract, defenders, write-off); bolt penalties; the win; then, if
nobody won, the barrel (cap, attempts, falls, knock-offs) and the 555 reset.
Within "the barrel" this module does, in order:

1. a sitter whose score this deal took below the threshold (his own failed
   contract or write-off, or a penalty under a house variant that scores
   sitters) leaves the barrel: a failed stay;
2. every score above the threshold is capped to it;
3. every remaining sitter spends one attempt; at ``rules.barrel_attempts``
   attempts he falls (``-rules.barrel_fall_penalty``, a failed stay);
4. players at the threshold who are not sitting arrive; under
   ``rules.barrel_arrivals='seats'`` at most ``rules.barrel_seats`` of them
   stay (the highest scores before the cap, ties in play order from the
   declarer †) and the others are knocked off at once
   (``-rules.knock_off_penalty``, a failed stay †; club seed 000 "Одновременно
   прибывшие новые игроки остаются, максимум двое"), under ``'all'`` every
   arrival stays; when the earlier sitters plus the arrivals who stay exceed
   ``rules.barrel_seats``, every earlier sitter is knocked off
   (``-rules.knock_off_penalty``, a failed stay; RULES.md, seats on the barrel);
5. ``rules.barrel_third_fall_zero``: a player whose failed stays reach
   three in this deal scores 0 (only the third, not later ones; choice, the
   club seed says "после третьего неудачного захода счёт становится нулём");
6. the 555 reset (``rules.reset_555`` at ``rules.reset_at``);
7. the reverse barrel (``rules.reverse_barrel``, wiki: off in every profile;
   :mod:`~analysis.scoring.reverse_barrel`), which may end the game.

A redeal changes nothing but the deal count, except the dealer's fine for
the third bad deal in a row (``rules.bad_deal_fine``).  The declarer who
gives up crosses where :func:`crossing_allowed`, else writes off where
:func:`write_off_allowed` (:func:`give_up_allowed` is the one question the
declarers ask).

Decisions where RULES.md leaves a sequence open (each listed in the
docstring of the function that applies it): four marriages end the game
before the deal is scored; a sitter gets no bolts at all, as declarer
either, unless ``rules.barrel_bolts`` (defence points:
``rules.barrel_defence_points``); under the ``streak`` window
a completed, played deal in which a player cannot get a bolt (exempt
declarer, sitter) breaks his streak; a stay that ends by the sitter's own
write-off counts as a failed stay.
"""

from .dark import DARK_CONTRACT, DARK_STAKE
from .golden import GoldenOutcome
from .points import (
    ACE_MARRIAGE_POINTS,
    ACES,
    declarer_delta,
    declarer_points,
    declares_ace_marriage,
    round_defender_points,
    write_off_payment,
)
from .rest import active_players, rest_points
from .state import (
    MAX_RAW_POINTS,
    DealOutcome,
    TableState,
    check_state,
    crossing_allowed,
    give_up_allowed,
    new_table,
    write_off_allowed,
)
from .transition import apply_deal

__all__ = [
    "MAX_RAW_POINTS",
    "DARK_CONTRACT",
    "DARK_STAKE",
    "ACE_MARRIAGE_POINTS",
    "ACES",
    "declares_ace_marriage",
    "TableState",
    "DealOutcome",
    "GoldenOutcome",
    "new_table",
    "apply_deal",
    "round_defender_points",
    "write_off_payment",
    "declarer_delta",
    "check_state",
    "write_off_allowed",
    "crossing_allowed",
    "give_up_allowed",
    "declarer_points",
    "active_players",
    "rest_points",
]
