"""How a golden deal is scored: everything doubled (RULES.md, "The golden round").

A deal of the golden round (``rules.golden_round``; the game flow is
:mod:`analysis.game.golden`) is described by a :class:`GoldenOutcome`, a
:class:`~analysis.scoring.DealOutcome` that also says which marriage points
each player declared.  :func:`~analysis.scoring.apply_deal` scores it as an
ordinary deal with every change of step 1 and 2 doubled (wiki seed 004 «Все
очки и штрафы и болты, набранные игроками, пишутся в двойном размере»; ua
seed 003 «усі очки та штрафи подвоюються»):

- the declarer's contract, made or failed (book's first-hand double penalty
  doubled again), a write-off, its payments and fines;
- each defender's points, except his declared marriages when
  ``rules.golden_marriages_doubled`` is false (wiki's agreement «Очки,
  получаемые за объявление марьяжей, не удваиваются»);
- each bolt counts twice toward ``rules.bolt_count`` and a bolt penalty
  it triggers is doubled (wiki «болты ... в двойном размере»; its bolts
  section «полученный болт может быть удвоен, если получен при игре ...
  «золотом»» †).

The barrel, the win and the 555 reset then act on the doubled scores as
after any deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import DealOutcome

__all__ = ["GoldenOutcome", "deal_factor", "single_marriages"]

#: What a golden deal multiplies (RULES.md, "The golden round").
GOLDEN_FACTOR = 2

#: The marriage values (♠ 40, ♣ 60, ♦ 80, ♥ 100) and the ace marriage (200):
#: a player's declared marriages sum a subset of them.
_MARRIAGE_VALUES = (40, 60, 80, 100, 200)


def _subset_sums(values) -> set:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums


_DECLARABLE = _subset_sums(_MARRIAGE_VALUES)


@dataclass(frozen=True)
class GoldenOutcome(DealOutcome):
    """A deal of the golden round (every field of :class:`DealOutcome`, and:).

    Attributes
    ----------
    marriages : tuple of 3 int
        Marriage points each player declared in the deal (already part of
        ``raw``), by player: a sum of distinct marriage values (40, 60, 80,
        100, and 200 for the ace marriage), 0..``raw[p]``.  Read only when
        ``rules.golden_marriages_doubled`` is false.

    Raises
    ------
    ValueError
        On the :class:`DealOutcome` errors, or marriages that no set of
        marriages sums to or that exceed the player's raw points.
    """

    marriages: tuple = (0, 0, 0)

    def __post_init__(self) -> None:
        super().__post_init__()
        marriages = tuple(int(m) for m in self.marriages)
        if len(marriages) != len(self.raw):
            raise ValueError(f"marriages must have one entry per player, got {self.marriages!r}")
        object.__setattr__(self, "marriages", marriages)
        if self.redeal or self.written_off:
            return
        for p, m in enumerate(self.marriages):
            if m not in _DECLARABLE or m > self.raw[p]:
                raise ValueError(
                    f"player {p} declared {m} marriage points, not a sum of marriages within his "
                    f"raw points {self.raw[p]}"
                )


def deal_factor(outcome: DealOutcome) -> int:
    """What the deal's score changes are multiplied by: :data:`GOLDEN_FACTOR`
    for a :class:`GoldenOutcome`, else 1."""
    return GOLDEN_FACTOR if isinstance(outcome, GoldenOutcome) else 1


def single_marriages(rules, outcome: DealOutcome, player: int) -> int:
    """Points of ``player``'s declared marriages counted once instead of
    doubled: his marriages in a golden deal where
    ``rules.golden_marriages_doubled`` is false (wiki's agreement), else 0.

    :func:`~analysis.scoring.apply_deal` subtracts it from a defender's
    doubled points.  Marriages are multiples of 20, so rounding a defender's
    points to 5 commutes with it.
    """
    if isinstance(outcome, GoldenOutcome) and not rules.golden_marriages_doubled:
        return (GOLDEN_FACTOR - 1) * outcome.marriages[player]
    return 0
