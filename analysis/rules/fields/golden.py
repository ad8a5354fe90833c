"""The golden round (золотой кон, золотий кон) (RULES.md, "The golden round").

Two seeds describe it, as an add-on agreed before the game:

- ua (seed 003): «Золотий кон — перший раунд або перші три раунди, у яких
  усі очки та штрафи подвоюються, а торги проходять наосліп».
- wiki (seed 004, «Золотой кон»): «На протяжении первых раздач (количество
  раздач равно количеству игроков) каждый из игроков по очереди получает
  возможность сыграть заказ в 120 очков. Все очки и штрафы и болты,
  набранные игроками, пишутся в двойном размере. Если 120 очков не набирает
  ни один игрок, то очки обнуляются, и начинается обычная игра», with three
  agreements: «Если никто не берёт заказ, обнуления не происходит»; «Если
  никто не берёт заказ, золотой кон начинается заново»; «Очки, получаемые за
  объявление марьяжей, не удваиваются».

club (seed 000) declines it («без золотого круга»); every profile has it off.
How the game plays it: :mod:`analysis.game.golden`; how a golden deal is
scored: :mod:`analysis.scoring.golden`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["GoldenFields", "GOLDEN_ROUNDS", "GOLDEN_FAILED"]

#: The versions of the golden round (``golden_round``).
GOLDEN_ROUNDS = ("none", "blind", "in_turn")
#: What follows a golden round in which no declarer made his contract (``golden_failed``).
GOLDEN_FAILED = ("reset", "keep", "again")


@dataclass(frozen=True)
class GoldenFields:
    """The golden round (RULES.md, "The golden round"; seeds 003 and 004)."""

    golden_round: str = field(
        default="none",
        metadata=doc(
            "The first deals of the game are golden: every point and penalty "
            "doubled. 'none' (every profile; club seed 000 'без золотого круга'); "
            "'blind' (ua seed 003 'усі очки та штрафи подвоюються, а торги "
            "проходять наосліп'): the bidding is blind, read † as bidding before "
            "anyone looks at his cards: with nothing to tell the hands apart "
            "nobody raises the obligatory 100, so the first hand declares at 100, "
            "then sees his cards and the widow and names his contract or writes "
            "off as in any deal; 'in_turn' (wiki seed 004 'каждый из игроков по "
            "очереди получает возможность сыграть заказ в 120 очков'): no "
            "auction, the first hand of each golden deal (so each player in "
            "turn) plays a contract of exactly 120, no write-off, no raise (†).",
            added=True,
        ),
    )
    golden_deals: int = field(
        default=0,
        metadata=doc(
            "How many completed deals the golden round lasts (redeals do not "
            "count †): 0 means as many as players (wiki 'количество раздач равно "
            "количеству игроков'); ua 'перший раунд або перші три раунди': 1 or 3.",
            added=True,
        ),
    )
    golden_failed: str = field(
        default="reset",
        metadata=doc(
            "When no declarer of the golden round made his contract: 'reset' (wiki "
            "'очки обнуляются, и начинается обычная игра': the table starts "
            "afresh, scores and bolt counts 0, nobody on the barrel †, and normal "
            "play follows), 'keep' (wiki's agreement 'обнуления не происходит'; "
            "ua says nothing of it †) or 'again' (wiki's agreement 'золотой кон "
            "начинается заново': the reset, then a new golden round).",
            added=True,
        ),
    )
    golden_marriages_doubled: bool = field(
        default=True,
        metadata=doc(
            "Marriage points declared in a golden deal are doubled with the rest "
            "(wiki 'Все очки ... в двойном размере'); false: wiki's agreement "
            "'Очки, получаемые за объявление марьяжей, не удваиваются'. A "
            "declarer scores his contract, not his points, so it changes what "
            "the defenders score (†).",
            added=True,
        ),
    )
