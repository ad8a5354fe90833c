"""Public testing helpers: valid random deals, positions and endgames.

:mod:`analysis.testing.positions` draws them from a
``numpy.random.Generator``; :mod:`analysis.testing.strategies` offers the
same as hypothesis strategies (importing it needs ``hypothesis``);
:mod:`analysis.testing.play` states the rules of play in plain Python.
"""

from analysis.testing.play import Position, follow_moves, lead_moves, play_trick, trick_winner
from analysis.testing.positions import (
    position_after_exchange,
    random_deal,
    random_deals,
    random_endgame,
    random_position,
)

__all__ = [
    "Position",
    "lead_moves",
    "follow_moves",
    "trick_winner",
    "play_trick",
    "random_deal",
    "random_deals",
    "position_after_exchange",
    "random_position",
    "random_endgame",
]
