"""The declarer's one criterion for contract, write-off and gift redeal
(docs/SINGLE_DUMMY.md, section 3, "The declarer's criterion").

Every declarer, double-dummy or single-dummy, weighs an option by how it
leaves him against his opponents: his score change minus the mean of his
two opponents' changes, as :func:`analysis.scoring.apply_deal` scores the
deal at the table's own state (payments, bolts, the barrel and the win
included), averaged over the worlds he believes in.  A world is what the
deal would give if played: his value and each defender's points and tricks
(:data:`WORLD_FIELDS`).  A single-dummy declarer has one world per layout
he drew (:func:`analysis.single_dummy.decide.world_outcomes`); a
double-dummy declarer has one: the deal itself.

:func:`choose_contract` is that criterion, a pure function of its
arguments; :func:`table_metric` is the score of one scored deal.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..bids import NO_CAP
from ..errors import BadArgument
from ..rules import as_rules
from ..scoring import DealOutcome, TableState, active_players, apply_deal, give_up_allowed

__all__ = ["Choice", "choose_contract", "table_metric", "fresh_table"]

#: Columns of a world, in order: the declarer's value (card points plus own
#: declared marriages), his left's and his right's raw points, his left's
#: and his right's tricks (his own are the rest of the 8).
WORLD_FIELDS = ("value", "left_points", "right_points", "left_tricks", "right_tricks")


class Choice(NamedTuple):
    """What :func:`choose_contract` decides."""

    contract: int  #: final contract, points (the bid when written off)
    written_off: bool  #: he writes off at the bid
    gift_redeal: bool  #: he gives a gift that forces a redeal instead
    expected: float  #: mean :func:`table_metric` of the option chosen, points (0 for a redeal)


def fresh_table() -> TableState:
    """The default table of :func:`analysis.single_dummy.play_deal`: scores
    0/0/0, nobody on the barrel, player 0 (the declarer) the first hand."""
    return TableState(dealer=2)


def table_metric(deltas, declarer: int) -> float:
    """His score change minus the mean of his opponents' changes, points.

    Parameters
    ----------
    deltas : sequence of 3 (or 4) float
        Score changes of players 0, 1, 2 (3 at four; ``DealResult.deltas``).
    declarer : int
        The declaring player.

    Examples
    --------
    >>> table_metric([-120.0, 60.0, 40.0], 0)
    -170.0
    """
    dl = [float(x) for x in deltas]
    return dl[declarer] - (sum(dl) - dl[declarer]) / (len(dl) - 1)


def _check_worlds(worlds) -> np.ndarray:
    w = np.asarray(worlds, dtype=np.int64)
    if w.ndim == 1 and w.size == len(WORLD_FIELDS):
        w = w.reshape(1, -1)
    if w.ndim != 2 or w.shape[1] != len(WORLD_FIELDS) or w.shape[0] == 0:
        raise BadArgument(f"worlds must have shape (n >= 1, {len(WORLD_FIELDS)}), got {w.shape}")
    if (w[:, 0] < 0).any() or (w[:, 1:3] < 0).any() or (w[:, 3:] < 0).any() or (w[:, 3] + w[:, 4] > 8).any():
        raise BadArgument("worlds hold negative points or tricks, or defenders' tricks above 8")
    return w


def choose_contract(
    worlds,
    bid: int,
    rules,
    state: TableState | None = None,
    *,
    declarer: int = 0,
    cap: int | None = None,
    may_write_off: bool = True,
    may_redeal: bool = False,
    four_marriages: int = -1,
    metric=None,
    widow: int = 0,
) -> Choice:
    """Final contract, write-off or gift redeal by the declarer's criterion.

    Parameters
    ----------
    worlds : array_like of shape (n, 5), int
        One row per world the declarer believes in, columns
        :data:`WORLD_FIELDS` (points 0..400, tricks 0..8); equal rows count
        as often as they appear.  A double-dummy declarer passes the deal's
        own row.
    bid : int
        The winning bid: a multiple of 5, at least 100.
    rules : str or Rules
    state : analysis.scoring.TableState, optional
        The table before the deal; default :func:`fresh_table`.
    declarer : int
        The declaring player 0..2; his left is ``(declarer + 1) % 3``, his
        right ``(declarer + 2) % 3`` (the deal's seats; at a table of four
        the next active players, :func:`analysis.scoring.active_players`).
    cap : int, optional
        Highest contract his 8 cards allow (:func:`analysis.bids.bid_cap`);
        default no cap.  A bid above the cap is played as bid.
    may_write_off : bool
        The table lets him write off (``policy.write_offs``); the rules
        must also let him give up at this table
        (:func:`analysis.scoring.give_up_allowed`: a sitter under
        ``rules.write_off_on_barrel`` false, write-off limits, crossing).
    may_redeal : bool
        Some gift of his creates an after-exchange redeal condition he may
        claim (:func:`analysis.game.deal_flow.gift_redeal_possible`).
    four_marriages : int
        Player whose 8 cards after the gift hold every king and queen (book
        †), or −1.
    metric : callable, optional
        ``metric(result, declarer) -> float``: the value of one scored deal
        (an :class:`analysis.scoring.DealResult`) to the declarer; default
        :func:`table_metric` of its deltas.  A policy that weighs deals by
        another measure passes its own (the equity policy: his chance to win
        after the deal minus before).
    widow : int
        The widow, a mask: what a resting dealer scores at a table of four.

    Returns
    -------
    Choice
        ``contract``: among the multiples of 5 from the bid to the cap, the
        one whose mean metric over the worlds is highest (the highest among
        ties: equal means come from made contracts that gain nothing more,
        e.g. capped at the barrel threshold, so with one world this is the
        highest contract he makes); a contract above every world's value
        fails in every world and loses more than the bid, so none above is
        weighed.  Writing off
        at the bid replaces it only when strictly better; a gift redeal
        (metric 0: nothing changes) replaces both only when the best of
        them is below 0.

    Raises
    ------
    ValueError
        On malformed worlds, a bad bid, cap or declarer, or unknown rules.

    Notes
    -----
    The metric of one scored deal is :func:`table_metric`, the criterion of
    RULES.md's scoring as :func:`analysis.scoring.apply_deal` applies it
    (contract made or failed, book's double penalty off the first hand,
    write-off payments, defenders' points and bolts, barrel exits and the
    win).  Each distinct world is scored once per option and weighted by
    how often it appears.

    Examples
    --------
    A first-hand declarer in club at 0/0/0 who fails 100 by 10 in his one
    world while his opponents take 50 and 50: playing scores -100 - 50 =
    -150, writing off -100 - 50 = -150 (50 to each): a tie, so he plays.

    >>> choose_contract([[90, 50, 50, 3, 3]], 100, "club")
    Choice(contract=100, written_off=False, gift_redeal=False, expected=-150.0)
    >>> choose_contract([[90, 70, 40, 3, 3]], 100, "club").written_off
    True
    """
    rules = as_rules(rules)
    w = _check_worlds(worlds)
    if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)) or bid < 100 or bid % 5:
        raise BadArgument(f"bid must be a multiple of 5, at least 100, got {bid!r}")
    cap = NO_CAP if cap is None else cap
    if isinstance(cap, bool) or not isinstance(cap, (int, np.integer)) or cap < 100:
        raise BadArgument(f"cap must be an integer of at least 100, got {cap!r}")
    if declarer not in (0, 1, 2, 3):
        raise BadArgument(f"declarer must be a player 0..3, got {declarer!r}")
    state = fresh_table() if state is None else state
    bid, d = int(bid), int(declarer)
    if metric is None:

        def metric(result, who):
            return table_metric(result.deltas, who)

    rows, counts = np.unique(w, axis=0, return_counts=True)
    n = int(counts.sum())
    seats = active_players(state)
    if d not in seats:
        raise ValueError(f"declarer must be one of the players in this deal {seats}, got {d}")
    left, right = seats[(seats.index(d) + 1) % 3], seats[(seats.index(d) + 2) % 3]

    def by_player(mine, lft, rgt):
        out = [0] * len(state.scores)
        out[d], out[left], out[right] = int(mine), int(lft), int(rgt)
        return tuple(out)

    def played(c: int) -> float:
        total = 0.0
        for (v, lp, rp, lt, rt), k in zip(rows.tolist(), counts.tolist(), strict=True):
            out = DealOutcome(
                declarer=d,
                contract=c,
                bid=bid,
                raw=by_player(v, lp, rp),
                tricks=by_player(8 - lt - rt, lt, rt),
                four_marriages=four_marriages,
                widow=widow,
            )
            total += k * metric(apply_deal(rules, state, out), d)
        return total / n

    top = max(bid, min(int(cap), 5 * (int(rows[:, 0].max()) // 5)))
    best_c, best = bid, played(bid)
    for c in range(bid + 5, top + 1, 5):
        m = played(c)
        if m >= best:
            best_c, best = c, m
    wo = False
    if may_write_off and give_up_allowed(rules, state, d):
        out = DealOutcome(
            declarer=d, contract=bid, bid=bid, written_off=True, four_marriages=four_marriages, widow=widow
        )
        m = metric(apply_deal(rules, state, out), d)
        if m > best:
            best_c, best, wo = bid, m, True
    if may_redeal and best < 0:
        return Choice(best_c, wo, True, 0.0)
    return Choice(best_c, wo, False, float(best))
