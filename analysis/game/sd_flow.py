"""The declarer's decisions with single-dummy outcomes (``--outcomes pimc``).

:func:`analysis.game.deal_flow.play_deal` runs the deal up to the widow as
with double-dummy outcomes (redeals before bidding, the auction, the widow,
four marriages); with an :class:`analysis.game.sd_source.SDPlayed` outcome
the rest is :func:`declare`:

- **gift**: ``play_deal``'s.  It leaves an after-exchange redeal condition
  only when every gift does (docs/SINGLE_DUMMY.md, section 3), so the deal
  is then redealt (reason ``exchange``) where the condition is forced or
  claimed.
- **final contract and write-off**:
  :func:`analysis.single_dummy.decide_contract` on his worlds' values after
  the gift, at the winning bid, his seat (first hand or not) and the cap of
  his 8 cards after the gift (never below the bid: a gift that gives a
  marriage card away leaves the bid standing).  A write-off the table does
  not allow (a barrel sitter under ``write_off_on_barrel`` false, or
  ``policy.write_offs`` off) gives way to the best contract to play: the
  same decision under :func:`analysis.odds.sd_play.playing_rules`.
- **gift redeal** (``policy.gift_redeals``): where some gift would create
  an after-exchange redeal condition (:func:`gift_redeal_possible`), he
  creates it when his expected change over the estimates (his own change,
  minus the write-off payment to each opponent when he writes off) is below
  the redeal's 0.
- **play**: the single-dummy play's raw points and tricks.  A pool row
  written off where it was stored is played again when the table has him
  play (:class:`analysis.game.sd_source.SDPoolSource`).

Nothing here reads the deal's true value: every decision is the declarer's
from what he has seen.
"""

from __future__ import annotations

import numpy as np

from ..bids import NO_CAP, hand_cap
from ..cards import ALL_MARRIAGES
from ..odds.delta import relative_delta
from ..odds.sd_play import playing_rules
from ..scoring import DealOutcome, apply_deal, write_off_payment

__all__ = ["declare", "expected_change"]


def expected_change(rules, contract: int, written_off: bool, estimates, *, first_hand: bool) -> float:
    """The declarer's expected change over his estimates, points.

    Parameters
    ----------
    rules : Rules
    contract : int
        Final contract, points.
    written_off : bool
        He writes off: ``-contract`` minus the payment to each opponent
        (RULES.md, "write-off").
    estimates : sequence of int
        His worlds' values after the gift, points.
    first_hand : bool
        Book's double penalty off the first hand.

    Returns
    -------
    float
        Mean over the estimates of his own change when he plays
        (:func:`analysis.odds.delta.relative_delta` without the defenders'
        points, which he does not know).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> expected_change(PROFILES["club"], 120, False, [130, 100], first_hand=True)
    0.0
    >>> expected_change(PROFILES["club"], 120, True, [130, 100], first_hand=True)
    -180.0
    """
    if written_off:
        return float(-contract - write_off_payment(rules, int(contract)))
    d, _ = relative_delta(
        rules, np.array([contract]), np.asarray(estimates), first_hand=first_hand, write_off=False
    )
    return float(d.mean())


def declare(
    rules, policy, state, ds: int, bid: int, hands, widow: int, player, sitting, claim, outcome, redeal
):
    """The deal after the widow with a single-dummy outcome.

    Parameters
    ----------
    rules : Rules
    policy : ThresholdPolicy
    state : analysis.scoring.TableState
    ds : int
        The declarer's seat (relative to the dealer).
    bid : int
        The winning bid, points.
    hands : list of 3 int
        The 7-card hands by seat; ``widow`` the widow, masks.
    player : list of 3 int
        The player at each seat.
    sitting : list of 3 bool
        Barrel sitters by seat.
    claim : bool
        A claimable redeal is claimed (forced ones always are).
    outcome : callable
        ``outcome(replay=False) -> SDPlayed`` for this seat and bid;
        ``replay=True`` asks for the play of a row written off where stored.
    redeal : callable
        ``redeal(reason, declarer, bid, value) -> DealPlay`` of ``deal_flow``.

    Returns
    -------
    analysis.game.deal_flow.DealPlay
    """
    from .deal_flow import DealPlay, _after_condition, gift_redeal_possible

    sol = outcome()
    d = player[ds]
    ls, rs = (ds + 1) % 3, (ds + 2) % 3
    ten = hands[ds] | widow
    gl, gr = 1 << sol.give_left, 1 << sol.give_right
    eight, left8, right8 = ten & ~gl & ~gr, hands[ls] | gl, hands[rs] | gr
    value = sol.value if sol.played else -1
    if claim and _after_condition(rules, eight, left8, right8):
        return redeal("exchange", d, bid, value)
    first = ds == 0
    cap = max(bid, hand_cap(rules, eight) if rules.bid_cap else NO_CAP)
    from ..single_dummy import decide_contract

    contract, wo = decide_contract(sol.estimates, bid, rules, first_hand=first, cap=cap)
    contract, wo = int(contract), bool(wo)
    if wo and not (policy.write_offs and (not sitting[ds] or rules.write_off_on_barrel)):
        contract, _ = decide_contract(sol.estimates, bid, playing_rules(rules), first_hand=first, cap=cap)
        contract, wo = int(contract), False
    if (
        policy.gift_redeals
        and claim
        and gift_redeal_possible(rules, ten, hands[ls], hands[rs])
        and expected_change(rules, contract, wo, sol.estimates, first_hand=first) < 0
    ):
        return redeal("gift", d, bid, value)
    fm = -1
    if rules.four_marriages_win:
        fm = player[ls] if left8 & ALL_MARRIAGES == ALL_MARRIAGES else -1
        fm = player[rs] if fm < 0 and right8 & ALL_MARRIAGES == ALL_MARRIAGES else fm
    if wo:
        out = DealOutcome(declarer=d, contract=contract, bid=bid, written_off=True, four_marriages=fm)
        return DealPlay(
            apply_deal(rules, state, out), "", d, bid, contract, True, (0, 0, 0), (0, 0, 0), value, False
        )
    if not sol.played:
        sol = outcome(replay=True)
    raw, tricks = [0, 0, 0], [0, 0, 0]
    raw[d], raw[player[ls]], raw[player[rs]] = sol.value, sol.left_points, sol.right_points
    tricks[d], tricks[player[ls]], tricks[player[rs]] = sol.declarer_tricks, sol.left_tricks, sol.right_tricks
    raw, tricks = tuple(raw), tuple(tricks)
    out = DealOutcome(declarer=d, contract=contract, bid=bid, raw=raw, tricks=tricks, four_marriages=fm)
    return DealPlay(apply_deal(rules, state, out), "", d, bid, contract, False, raw, tricks, sol.value, False)
