"""The declarer's decisions once the widow is shown, for each kind of outcome.

:func:`analysis.game.deal_flow.play_deal` runs a deal up to the widow and
hands the rest to the declarer's outcome, which decides with one of the two
functions here (:meth:`analysis.game.outcomes.Solved.declare`,
:meth:`analysis.game.outcomes.SDPlayed.declare`).

**One criterion** (docs/SINGLE_DUMMY.md, section 3): both declarers choose
the final contract, the write-off and the gift redeal with
:func:`analysis.single_dummy.objective.choose_contract`: the option with
the highest mean over his worlds of his score change minus the mean of his
opponents', as :func:`analysis.scoring.apply_deal` scores the deal at the
game's own table state (barrel effects, bolts and payments included).
Playing is the default; writing off (where ``policy.write_offs`` and the
barrel allow) replaces it only when strictly better; a gift redeal (a
redeal changes nothing: 0) replaces both only when their best is below 0.
The two declarers differ only in their worlds:

**Double-dummy** (:func:`declare_solved`): one world, the deal itself, from
the double-dummy value of his seat after the best exchange and the
defenders' points and tricks on the tie-broken line (DESIGN.md, contract
3).  With one world the best contract is the highest he makes (the largest
multiple of 5 not above his value and his 8-card cap, never below the bid)
and a lost contract is named at the bid.  A gift redeal is open where some
gift creates an after-exchange redeal condition
(:func:`~analysis.game.deal_flow.gift_redeal_possible`: he sees every
hand).  A solver gift meeting an after-exchange condition on a made
contract: if no gift avoids the condition
(:func:`~analysis.game.deal_flow.gift_condition_unavoidable`), the deal is
redealt (reason ``exchange``); otherwise the declarer is assumed to avoid it
with another gift that still makes his contract and the deal is played with
the solver's value and line (an approximation: the other gift may lower the
value or change the defenders' points; the row's ``gift_condition`` flag
counts how often it was needed).

**Single-dummy** (:func:`declare_played`, ``--outcomes pimc``): nothing
reads the deal's true hands beyond what he has seen.

- **gift**: ``play_deal``'s (:func:`analysis.single_dummy.play_deal`).  It
  leaves an after-exchange redeal condition only when every gift does
  (docs/SINGLE_DUMMY.md, section 3), so the deal is then redealt (reason
  ``exchange``) where the condition is forced or claimed.
- **contract, write-off**: his worlds are the stored per-world outcomes
  (``SDPlayed.worlds``: his value, each defender's points and tricks),
  decided again at the game's table state, winning bid, his seat and the
  cap of his 8 cards after the gift.  A book defender's four marriages are
  not weighed (he cannot see them); they are scored.
- **gift redeal**: open only where his own 10 cards let a gift leave his 8
  a condition (:func:`~analysis.game.deal_flow.gift_redeal_known`); a
  condition in a defender's hand depends on cards he has not seen.
- **play**: the single-dummy play's raw points and tricks.  A pool row
  written off where it was stored is played again when the table has him
  play (:class:`analysis.game.pools.SDPoolSource`).
"""

from __future__ import annotations

from ..bids import NO_CAP, hand_cap
from ..cards import ALL_MARRIAGES
from ..scoring import DealOutcome, apply_deal
from ..single_dummy.objective import choose_contract
from .deal_flow import (
    AtWidow,
    DealPlay,
    after_exchange_condition,
    gift_condition_unavoidable,
    gift_redeal_known,
    gift_redeal_possible,
    redeal,
)

# The game's own (declare_solved, declare_played) are called by .outcomes; the
# surface of this public module is the criterion it calls, which the tests
# and the paired-objective benchmark swap for another.
__all__ = ["choose_contract"]


def _policy_metric(at: AtWidow):
    """The policy's own measure of a scored deal (``deal_value``, the equity
    policy's), as ``choose_contract``'s ``metric``; None: the table metric."""
    own = getattr(at.policy, "deal_value", None)
    if own is None:
        return None
    return lambda result, declarer: own(at.rules, at.state, result, declarer)


def _choose(at: AtWidow, worlds, cap: int, gift_redeal, four_marriages: int = -1):
    """:func:`choose_contract` for the declarer of ``at`` at its table: his
    ``worlds``, the bid, his ``cap``, a write-off where his policy allows,
    a gift redeal where his policy and the claim allow and ``gift_redeal()``
    (asked only then) says some gift meets an after-exchange condition."""
    return choose_contract(
        worlds,
        at.bid,
        at.rules,
        at.state,
        declarer=at.player[at.ds],
        cap=cap,
        may_write_off=at.policy.write_offs,
        may_redeal=bool(at.policy.gift_redeals and at.claim and gift_redeal()),
        four_marriages=four_marriages,
        metric=_policy_metric(at),
        widow=at.widow,
    )


def _four_marriages(at: AtWidow, left8: int, right8: int) -> int:
    """The defender whose 8 cards after the gift hold every king and queen
    (book †), or −1."""
    if not at.rules.four_marriages_win:
        return -1
    ls, rs = (at.ds + 1) % 3, (at.ds + 2) % 3
    if left8 & ALL_MARRIAGES == ALL_MARRIAGES:
        return at.player[ls]
    return at.player[rs] if right8 & ALL_MARRIAGES == ALL_MARRIAGES else -1


def _by_player(at: AtWidow, mine: int, left: int, right: int) -> tuple:
    """Per player (0..2, or 0..3 at four, the resting dealer's 0): the
    declarer's, his left's and his right's values."""
    out = [0] * len(at.state.scores)
    out[at.player[at.ds]] = mine
    out[at.player[(at.ds + 1) % 3]] = left
    out[at.player[(at.ds + 2) % 3]] = right
    return tuple(out)


def declare_solved(at: AtWidow, sol) -> DealPlay:
    """The deal after the widow with a double-dummy outcome (module docstring).

    Parameters
    ----------
    at : AtWidow
        The deal once the widow is shown.
    sol : analysis.game.outcomes.Solved
        The declarer's double-dummy outcome.

    Returns
    -------
    analysis.game.deal_flow.DealPlay
    """
    rules, state, ds, bid = at.rules, at.state, at.ds, at.bid
    d = at.player[ds]
    left, right = at.hands[(ds + 1) % 3], at.hands[(ds + 2) % 3]
    v = sol.value
    raw = _by_player(at, v, sol.left_points, sol.right_points)
    tricks = _by_player(at, sol.declarer_tricks, sol.left_tricks, sol.right_tricks)
    fm = _four_marriages(at, left | (1 << sol.give_left), right | (1 << sol.give_right))
    made = v >= bid
    if made and sol.redeal_after_gift and at.claim and gift_condition_unavoidable(rules, at.ten, left, right):
        return redeal(rules, state, "exchange", d, bid, v)
    choice = _choose(
        at,
        [(v, sol.left_points, sol.right_points, sol.left_tricks, sol.right_tricks)],
        cap=sol.marriage_cap if rules.bid_cap else NO_CAP,
        gift_redeal=lambda: gift_redeal_possible(rules, at.ten, left, right),
        four_marriages=fm,
    )
    return _finish(at, choice, fm, raw, tricks, v, bool(made and sol.redeal_after_gift and at.claim))


def _finish(at: AtWidow, choice, fm: int, raw: tuple, tricks: tuple, value: int, gift_condition: bool):
    """The :class:`DealPlay` of the declarer's ``choice`` (a redeal, a
    write-off or the deal played with ``raw`` and ``tricks`` by player)."""
    rules, state, d, bid = at.rules, at.state, at.player[at.ds], at.bid
    if choice.gift_redeal:
        return redeal(rules, state, "gift", d, bid, value)
    if choice.written_off:
        out = DealOutcome(
            declarer=d, contract=bid, bid=bid, written_off=True, four_marriages=fm, widow=at.widow
        )
        res = apply_deal(rules, state, out)
        zero = (0,) * len(state.scores)
        return DealPlay(res, "", d, bid, bid, True, zero, zero, value, False)
    c = choice.contract
    out = DealOutcome(
        declarer=d, contract=c, bid=bid, raw=raw, tricks=tricks, four_marriages=fm, widow=at.widow
    )
    return DealPlay(apply_deal(rules, state, out), "", d, bid, c, False, raw, tricks, value, gift_condition)


def declare_played(at: AtWidow, sol, replay) -> DealPlay:
    """The deal after the widow with a single-dummy outcome (module docstring).

    Parameters
    ----------
    at : AtWidow
        The deal once the widow is shown.
    sol : analysis.game.outcomes.SDPlayed
        The declarer's single-dummy outcome at the winning bid.
    replay : callable
        ``replay() -> SDPlayed``: the play of a row written off where it was
        stored (``sol.played`` False), asked only when the table has him play.

    Returns
    -------
    analysis.game.deal_flow.DealPlay
    """
    rules, state, ds, bid = at.rules, at.state, at.ds, at.bid
    d = at.player[ds]
    ls, rs = (ds + 1) % 3, (ds + 2) % 3
    ten = at.ten
    gl, gr = 1 << sol.give_left, 1 << sol.give_right
    eight, left8, right8 = ten & ~gl & ~gr, at.hands[ls] | gl, at.hands[rs] | gr
    value = sol.value if sol.played else -1
    if at.claim and after_exchange_condition(rules, eight, left8, right8):
        return redeal(rules, state, "exchange", d, bid, value)
    choice = _choose(
        at,
        sol.worlds,
        cap=max(bid, hand_cap(rules, eight) if rules.bid_cap else NO_CAP),
        gift_redeal=lambda: gift_redeal_known(rules, ten),
    )
    if not (choice.gift_redeal or choice.written_off or sol.played):
        sol = replay()
    raw = _by_player(at, sol.value, sol.left_points, sol.right_points)
    tricks = _by_player(at, sol.declarer_tricks, sol.left_tricks, sol.right_tricks)
    fm = _four_marriages(at, left8, right8)
    return _finish(at, choice, fm, raw, tricks, sol.value if sol.played else value, False)
