"""The golden round in the game: its forced declarers, doubled deals and end.

RULES.md, "The golden round" (fields ``golden*``,
:mod:`analysis.rules.fields.golden`).  The game's first
``rules.golden_deals`` completed deals (0: one per player) are golden:

- **declarer.** No auction.  The first hand (left of the dealer; the deal
  passes left, so each player in turn) is the declarer.  ``'in_turn'``
  (wiki): his contract is exactly 120, he may neither raise it nor write
  off, nor give a card to force a redeal (†: «сыграть заказ в 120 очков»).
  ``'blind'`` (ua, «торги проходять наосліп»): bidding before anyone has
  looked at his cards, nobody has a reason to raise the obligatory 100,
  so the first hand declares at 100 (†) and then decides as in any deal
  (final contract, write-off, gift redeal).
- **the deal.** Everything else is the deal of any game
  (:mod:`analysis.game.deal_flow`): the same cards from the game's source,
  the redeals before bidding and at the widow, book's four marriages, and
  the declarer's gift and play from the same outcome (double-dummy or
  single-dummy) at the golden bid; a redeal is dealt again by the same
  dealer and does not count among the golden deals.
- **scoring.** The played deal is scored as a
  :class:`~analysis.scoring.GoldenOutcome`: everything doubled
  (:mod:`analysis.scoring.golden`).  For wiki's agreement that marriages are
  not doubled, each player's declared marriages are recovered from the
  deal (:func:`declared_marriages`).  The declarer's choices (his contract
  under ``'blind'``) are those of an ordinary deal (†: doubling scales his
  options alike, up to the barrel's caps).
- **end.** After the last golden deal, if no golden declarer made his
  contract: ``golden_failed='reset'`` starts the table afresh (scores and
  bolt counts 0, nobody on the barrel †) and normal play follows;
  ``'again'`` resets and plays a new golden round; ``'keep'`` goes on.

Every row of a golden deal carries the event ``golden:P`` (P the forced
declarer); the reset adds ``golden_reset:P`` (P the last golden declarer).
"""

from __future__ import annotations

import dataclasses
from itertools import product
from typing import NamedTuple

import numpy as np

from ..cards import MARRIAGE_VALUES
from ..rules.redeal_conditions import has_conditions, meets
from ..scoring import DealOutcome, GoldenOutcome, TableState, apply_deal, declarer_points
from ..scoring.points import ACE_MARRIAGE_POINTS, ACES
from .deal_flow import _JACKS, _KQ, AtWidow, DealPlay, _nines, _points, redeal
from .policy import claims_redeal

__all__ = ["golden_start", "play_golden_deal", "declared_marriages"]

#: The golden declarer's bid by version: wiki's 120, ua's unraised opening 100.
GOLDEN_BIDS = {"in_turn": 120, "blind": 100}


class GoldenRound(NamedTuple):
    """Where a game is in its golden round.

    Attributes
    ----------
    left : int
        Golden deals still to complete; 0 once the golden round is over (or
        never was).
    made : bool
        A declarer of the current golden round has made his contract.
    """

    left: int
    made: bool = False


def golden_length(rules, players: int = 3) -> int:
    """Completed deals in a golden round: ``rules.golden_deals``, or one per
    player when it is 0 (wiki «количество раздач равно количеству игроков»);
    0 when ``rules.golden_round`` is ``'none'``, and at a table of four (not
    modelled there †: the seeds' golden round is described for three)."""
    if rules.golden_round == "none" or rules.players != 3:
        return 0
    return rules.golden_deals or players


def golden_start(rules, players: int = 3) -> GoldenRound:
    """The golden round at the start of a game."""
    return GoldenRound(golden_length(rules, players))


def _held(rules, mask: int) -> list:
    """Marriage values held in an 8-card mask (and the ace marriage)."""
    out = [MARRIAGE_VALUES[s] for s in range(4) if (mask >> (6 * s)) & 0b1100 == 0b1100]
    if rules.ace_marriage and mask & ACES == ACES:
        out.append(ACE_MARRIAGE_POINTS)
    return out


def _sums(values: list) -> list:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sorted(sums)


def declared_marriages(rules, hands8, raw, tricks, declarer: int) -> tuple:
    """Marriage points each player declared in a played deal, recovered from
    the deal (sources give raw points: cards plus declared marriages).

    The card points of the deal sum to 120, so the marriages declared sum to
    ``sum(raw) - 120``; each player declares only marriages his 8 cards hold,
    a defender only after taking a trick, and none declares more than his raw
    points.  The split of that total between the players is the one these
    constraints allow; where two splits fit (rare: e.g. ♥ in one hand and ♠
    with ♣ in another, both 100) the declarer is credited first, then his
    left (†).

    Parameters
    ----------
    rules : Rules
    hands8 : sequence of int
        Each player's 8 cards after the exchange, masks, by player.
    raw, tricks : sequence of int
        Raw points and tricks by player.
    declarer : int
        The declarer, a player.

    Returns
    -------
    tuple of int
        Declared marriage points by player.

    Raises
    ------
    ValueError
        If no split fits (the raw points cannot come from these hands).
    """
    n = len(raw)
    total = sum(raw) - 120
    order = [(declarer + i) % n for i in range(n)]
    options = []
    for p in order:
        top = raw[p] if (p == declarer or tricks[p] > 0) else 0
        options.append([m for m in reversed(_sums(_held(rules, hands8[p]))) if m <= top])
    for pick in product(*options):
        if sum(pick) == total:
            out = [0] * n
            for p, m in zip(order, pick, strict=True):
                out[p] = m
            return tuple(out)
    raise ValueError(f"no split of {total} marriage points fits raw {tuple(raw)} and the hands")


def _forced(policy):
    """The policy with no write-off and no gift redeal (wiki's forced 120)."""
    if dataclasses.is_dataclass(policy) and {"write_offs", "gift_redeals"} <= {
        f.name for f in dataclasses.fields(policy)
    }:
        return dataclasses.replace(policy, write_offs=False, gift_redeals=False)
    raise TypeError(f"the golden round needs a policy with write_offs and gift_redeals, got {policy!r}")


def play_golden_deal(rules, policy, state: TableState, gold: GoldenRound, masks, limits, outcome):
    """Play one deal of the golden round (module docstring).

    Parameters
    ----------
    rules : Rules
        With ``golden_round`` other than ``'none'``.
    policy : ThresholdPolicy
    state : analysis.scoring.TableState
        The table before the deal.
    gold : GoldenRound
        The golden round before the deal (``gold.left`` > 0).
    masks, limits, outcome
        As :func:`analysis.game.deal_flow.play_deal` takes them.

    Returns
    -------
    (DealPlay, GoldenRound)
        The deal, its result doubled and with the golden events (and the
        reset, in the state, deltas and events, when the round ends without
        a made contract), and the golden round after it.
    """
    dp = _deal(rules, policy, state, masks, limits, outcome)
    first = (state.dealer + 1) % len(state.scores)
    res = dp.result
    events = [*res.events, f"golden:{first}"]
    if dp.redeal_reason:
        return dp._replace(result=res._replace(events=events)), gold
    new = res.state
    d = dp.declarer
    made = not dp.written_off and declarer_points(rules, dp.raw[d]) >= dp.contract
    gold = GoldenRound(gold.left - 1, gold.made or made)
    if gold.left == 0 and not gold.made and new.winner < 0 and rules.golden_failed != "keep":
        n = len(new.scores)
        new = dataclasses.replace(new, scores=(0.0,) * n, bolts=(0,) * n, barrel=(-1,) * n)
        events.append(f"golden_reset:{first}")
        if rules.golden_failed == "again":
            gold = GoldenRound(golden_length(rules, n))
    deltas = np.asarray(new.scores, dtype=np.float64) - np.asarray(state.scores, dtype=np.float64)
    return dp._replace(result=res._replace(state=new, deltas=deltas, events=events)), gold


def _deal(rules, policy, state, masks, limits, outcome) -> DealPlay:
    """The golden deal up to its doubled scoring (before the round's bookkeeping)."""
    n = len(state.scores)
    player = [(state.dealer + 1 + s) % n for s in range(3)]
    hands = [int(masks[0]), int(masks[1]), int(masks[2])]
    widow = int(masks[3])
    claim = claims_redeal(rules, policy, limits)
    if claim and has_conditions(rules, "bidding"):
        for h in hands:
            if meets(rules, "bidding", _nines(h), _points(h), (h & _JACKS).bit_count()):
                return redeal(rules, state, "bidding")
    bid = GOLDEN_BIDS[rules.golden_round]
    d = player[0]
    if claim and meets(rules, "widow", _nines(widow), _points(widow)):
        return redeal(rules, state, "widow", d, bid)
    ten = hands[0] | widow
    if rules.four_marriages_win and ten & _KQ == _KQ:
        # book †: he keeps every king and queen and wins at once (nothing to double)
        tricks = tuple(8 if p == d else 0 for p in range(n))
        out = DealOutcome(declarer=d, contract=bid, bid=bid, raw=(0,) * n, tricks=tricks, four_marriages=d)
        return DealPlay(apply_deal(rules, state, out), "", d, bid, bid, False, (0,) * n, (0,) * n, -1, False)
    sitting = tuple(state.barrel[p] >= 0 for p in player)
    pol = _forced(policy) if rules.golden_round == "in_turn" else policy
    at = AtWidow(rules, pol, state, 0, bid, tuple(hands), widow, tuple(player), sitting, claim)
    got = [outcome(0, bid)]

    def replay():
        got.append(outcome(0, bid, replay=True))
        return got[-1]

    dp = got[0].declare(at, replay)
    if dp.redeal_reason or dp.result.state.winner >= 0 and "four_marriages:" in ";".join(dp.result.events):
        return dp  # a redeal, or a defender's four marriages (book †): nothing to double
    contract = bid if rules.golden_round == "in_turn" else dp.contract
    marriages = (0,) * n
    if not dp.written_off and not rules.golden_marriages_doubled:
        sol = got[-1]
        gl, gr = 1 << sol.give_left, 1 << sol.give_right
        by_seat = (ten & ~gl & ~gr, hands[1] | gl, hands[2] | gr)
        hands8 = [0] * n
        for s in range(3):
            hands8[player[s]] = by_seat[s]
        marriages = declared_marriages(rules, hands8, dp.raw, dp.tricks, d)
    out = GoldenOutcome(
        declarer=d,
        contract=contract,
        bid=bid,
        written_off=dp.written_off,
        raw=dp.raw,
        tricks=dp.tricks,
        marriages=marriages,
    )
    return dp._replace(result=apply_deal(rules, state, out), contract=contract)
