"""One deal played single-dummy: :func:`play_deal` (DESIGN.md, contract 7).

The declarer chooses his gift from his ten cards, and his contract and
write-off from what the deal gives in each of his worlds after it, at the
table's state (:func:`analysis.single_dummy.objective.choose_contract`);
then the three players play the 24 cards, each deciding from his own
knowledge (:mod:`.knowledge`) by PIMC over ``worlds`` layouts
(:mod:`.sampler`, :mod:`.decide`).  Decision ``k`` (0 the gift, then one
per card in play order, forced or not) draws from
``Generator(PCG64(SeedSequence([seed, k])))`` (docs/SINGLE_DUMMY.md,
section 4), so equal arguments give equal results in any process.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ..bids import bid_cap
from ..cards import CARD_POINTS, MARRIAGE_VALUES
from ..errors import BadArgument
from ..rules import as_rules
from ..scoring import TableState
from ..scoring.points import ACE_MARRIAGE_POINTS, declares_ace_marriage
from ..solver import deal_masks
from .decide import choose_card, choose_gift, world_outcomes
from .knowledge import declarer_knowledge, defender_knowledge, suit_mask
from .objective import choose_contract, fresh_table

__all__ = ["SDResult", "play_deal", "play_cards", "legal_moves", "decision_rng"]


class SDResult(NamedTuple):
    """A deal played single-dummy (DESIGN.md, contract 7); seats 0 the
    declarer, 1 his left, 2 his right; points are raw (cards plus own
    declared marriages)."""

    give_left: int  #: card id given to the left defender
    give_right: int  #: card id given to the right defender
    contract: int  #: final contract (the bid when written off)
    written_off: bool  #: the declarer wrote off; nothing was played
    value: int  #: declarer's card points plus own declared marriages (the ace marriage too), 0..500
    left_points: int
    right_points: int
    declarer_tricks: int
    left_tricks: int
    right_tricks: int
    moves: tuple  #: ((seat, card id, declared), ...) in play order
    estimates: tuple  #: the declarer's value in each of his worlds after the gift
    left_point_estimates: tuple = ()  #: his left's raw points in each world (tie-broken line)
    right_point_estimates: tuple = ()  #: his right's raw points in each world
    left_trick_estimates: tuple = ()  #: his left's tricks in each world
    right_trick_estimates: tuple = ()  #: his right's tricks in each world

    def worlds(self):
        """The declarer's worlds as rows of
        :data:`analysis.single_dummy.objective.WORLD_FIELDS`, shape (worlds, 5), int64."""
        return np.array(
            [
                self.estimates,
                self.left_point_estimates,
                self.right_point_estimates,
                self.left_trick_estimates,
                self.right_trick_estimates,
            ],
            dtype=np.int64,
        ).T.reshape(-1, 5)


def decision_rng(seed: int, k: int) -> np.random.Generator:
    """The random stream of decision ``k`` of a deal played with ``seed``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, k])))


def legal_moves(
    hand: int, ply: int, leader: int, led: int, trump: int, owner: int, first: bool, rules
) -> list:
    """Legal moves of the player to move, in :func:`analysis.solver.card_values` order.

    Parameters
    ----------
    hand : int
        The mover's cards (bit mask).
    ply : int
        Cards already on the table in this trick (0 = he leads).
    leader : int
        Seat that leads this trick.
    led : int
        Card led (ignored when ``ply`` is 0).
    trump, owner : int
        Trump in force (-1 none) and the seat that declared it.
    first : bool
        This is the deal's first trick.
    rules : Rules

    Returns
    -------
    list of (int, bool)
        ``(card, declared)`` by card id; a lead that may declare a marriage
        appears twice, undeclared then declared (RULES.md, common core:
        play, marriage; "Conventions that differ": first-trick marriage,
        card led to declare, only the trump's declarer leads trumps).  An
        ace led by the holder of the four aces after the first trick
        declares the ace marriage under ``rules.ace_marriage``: that lead
        appears once, undeclared, and declares by itself, since declaring
        costs its holder nothing (:func:`analysis.scoring.declares_ace_marriage`).
    """
    out = []
    if ply == 0:
        legal = hand
        if rules.trump_lead_owner_only and trump >= 0 and leader != owner:
            legal = hand & ~suit_mask(trump) or hand
        may = (not first) or rules.first_trick_marriage
        for c in range(24):
            if legal >> c & 1:
                out.append((c, False))
            s, r = divmod(c, 6)
            pair = 0b1100 << (6 * s)
            if may and hand & pair == pair and (r == 2 or (r == 3 and rules.marriage_lead != "Q")):
                out.append((c, True))
        return out
    ls = led // 6
    legal = hand & suit_mask(ls)
    if not legal and trump >= 0:
        legal = hand & suit_mask(trump)
    legal = legal or hand
    return [(c, False) for c in range(24) if legal >> c & 1]


def _winner(trick, trump) -> int:
    w_seat, w_card = trick[0]
    for seat, c in trick[1:]:
        if (c // 6 == w_card // 6 and c > w_card) or (c // 6 == trump and w_card // 6 != trump):
            w_seat, w_card = seat, c
    return w_seat


def _check_int(x, what, lo):
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < lo:
        raise BadArgument(f"{what} must be an integer of at least {lo}, got {x!r}")
    return int(x)


def play_deal(
    hand,
    widow,
    left,
    right,
    *,
    bid=100,
    rules="club",
    worlds=16,
    seed=0,
    state=None,
    stats=None,
    timings=None,
    hook=None,
    gift="exact",
) -> SDResult:
    """Play one deal with every decision made single-dummy by PIMC.

    Parameters
    ----------
    hand, widow, left, right : int
        Bit masks: the declarer's 7 cards, the 3-card widow, and the 7 cards
        of his left and right defenders; disjoint.
    bid : int
        The winning bid (multiple of 5, at least 100); the final contract is
        at least this.  A bid of 100 hides the widow from the defenders
        where ``rules.widow_shown_at_100`` is false (wiki).
    rules : str or Rules
    worlds : int
        Layouts drawn for each decision.
    seed : int
        Non-negative; decision ``k`` uses ``SeedSequence([seed, k])``.
    state : analysis.scoring.TableState, optional
        The table before the deal, players numbered from the declarer (0
        the declarer, 1 his left, 2 his right; the first hand is
        ``(state.dealer + 1) % 3``); default a fresh table at 0/0/0 with
        the declarer as first hand
        (:func:`analysis.single_dummy.objective.fresh_table`).  Only the
        contract and the write-off read it
        (:func:`analysis.single_dummy.objective.choose_contract`); the
        gift and the play do not.
    stats : ndarray of int64, optional
        Solver nodes added per phase: ``stats[0]`` gift, ``stats[1]``
        estimates, ``stats[2]`` play (length at least 3).
    timings : dict, optional
        CPU seconds (``time.process_time``) added under ``"gift"``,
        ``"contract"`` (the estimates and the decision) and ``"play"``.
    hook : callable, optional
        Called before every card as ``hook(k, mover, knowledge, table,
        hands, legal)`` (the mover's :class:`~.knowledge.Knowledge`, the
        public state, the true hands); for tests and diagnostics.
    gift : {"exact", "shortlist"}
        The declarer's gift rule (:func:`.decide.choose_gift`).

    Returns
    -------
    SDResult
        Played on the true hands whatever the redeal conditions; after a
        write-off the points and tricks are 0 and ``moves`` is empty.  The
        per-world fields (``estimates`` and the four ``*_estimates`` after
        it) let :func:`~analysis.single_dummy.objective.choose_contract`
        decide again at any table state, bid and seat.

    Raises
    ------
    ValueError
        On wrong card counts or overlaps, a bad bid, worlds, seed, state or rules.
    """
    rules = as_rules(rules)
    if state is None:
        state = fresh_table()
    elif not isinstance(state, TableState):
        raise BadArgument(f"state must be an analysis.scoring.TableState, got {type(state).__name__}")
    h, w, lm, rm = deal_masks(hand, widow, left, right)
    if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)) or bid < 100 or bid % 5:
        raise BadArgument(f"bid must be a multiple of 5, at least 100, got {bid!r}")
    worlds = _check_int(worlds, "worlds", 1)
    seed = _check_int(seed, "seed", 0)
    st = [np.zeros(1, dtype=np.int64) for _ in range(3)]
    clock = [time.process_time()]

    def lap(name):
        now = time.process_time()
        if timings is not None:
            timings[name] = timings.get(name, 0.0) + now - clock[0]
        clock[0] = now

    ten = h | w
    a, b, lay, _ = choose_gift(ten, worlds, decision_rng(seed, 0), rules, stats=st[0], gift=gift)
    lap("gift")
    d8 = ten & ~(1 << a) & ~(1 << b)
    wo_rows = world_outcomes(ten, a, b, lay, rules, stats=st[1])
    per_world = tuple(tuple(int(x) for x in col) for col in wo_rows.T)
    est = per_world[0]
    choice = choose_contract(wo_rows, int(bid), rules, state, cap=int(bid_cap(rules, d8)))
    contract, wo = choice.contract, choice.written_off
    lap("contract")
    if stats is not None:
        for i in range(3):
            stats[i] += st[i][0]
    if wo:
        return SDResult(a, b, contract, True, 0, 0, 0, 0, 0, 0, (), est, *per_world[1:])
    hands = [d8, lm | (1 << a), rm | (1 << b)]
    shown = w if (rules.widow_shown_at_100 or bid > 100) else None
    up = rules.exchange_face_up
    know = [
        declarer_knowledge(d8, a, b),
        defender_knowledge(1, hands[1], shown, b if up else None),
        defender_knowledge(2, hands[2], shown, a if up else None),
    ]
    pts, ntr, moves = play_cards(hands, know, rules, worlds, seed, stats=st[2], hook=hook)
    if stats is not None:
        stats[2] += st[2][0]
    lap("play")
    played = (pts[0], pts[1], pts[2], ntr[0], ntr[1], ntr[2])
    return SDResult(a, b, contract, False, *played, tuple(moves), est, *per_world[1:])


def play_cards(hands, know, rules, worlds: int, seed: int, *, stats=None, hook=None):
    """Play the 24 cards of a deal after the exchange, every choice by PIMC.

    The declarer (seat 0) leads the first trick; decision ``k`` (1..24, one
    per card in play order, forced or not) draws from
    :func:`decision_rng` ``(seed, k)``.  :func:`play_deal` calls it after
    its gift; a blind gift (:func:`analysis.single_dummy.play_blind`) with
    other knowledge.

    Parameters
    ----------
    hands : sequence of 3 int
        The 8-card masks of the declarer, his left and his right.
    know : sequence of 3 Knowledge
        What each seat knows before the first lead (:mod:`.knowledge`).
    rules : Rules
    worlds, seed : int
        Layouts per decision and the deal's seed (as :func:`play_deal`).
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the solver nodes of the play.
    hook : callable, optional
        As :func:`play_deal`'s.

    Returns
    -------
    (points, tricks, moves) : (list of 3 int, list of 3 int, list of tuple)
        Raw points per seat (cards plus declared marriages, the ace marriage
        too), tricks per seat, and ``(seat, card, declared)`` in play order.
    """
    hands = [int(h) for h in hands]
    know = list(know)
    table = {
        "leader": 0,
        "trick": [],
        "trump": -1,
        "owner": 0,
        "first": True,
        "points": [0, 0, 0],
        "tricks": [0, 0, 0],
    }
    moves = []
    for k in range(1, 25):
        trick = table["trick"]
        ply = len(trick)
        mover = (table["leader"] + ply) % 3
        led = trick[0][1] if trick else -1
        legal = legal_moves(
            hands[mover], ply, table["leader"], led, table["trump"], table["owner"], table["first"], rules
        )
        if hook is not None:
            hook(k, mover, know[mover], table, tuple(hands), legal)
        if len(legal) == 1:
            card, declared = legal[0]
        else:
            i = choose_card(know[mover], table, legal, worlds, decision_rng(seed, k), rules, stats=stats)
            card, declared = legal[i]
        # the ace marriage: an ace led by the holder of the four aces after
        # the first trick declares them (RULES.md, "Ace marriage")
        aces = declares_ace_marriage(rules, hands[mover], card, lead=ply == 0, first_trick=table["first"])
        if declared:
            table["trump"], table["owner"] = card // 6, mover
            table["points"][mover] += int(MARRIAGE_VALUES[card // 6])
        elif aces:
            table["points"][mover] += ACE_MARRIAGE_POINTS
        know = [
            kn.observe(
                mover,
                card,
                led=led,
                trump=table["trump"],
                owner=table["owner"],
                declared=declared or aces,
                rules=rules,
            )
            for kn in know
        ]
        hands[mover] &= ~(1 << card)
        trick.append((mover, card))
        moves.append((mover, card, bool(declared)))
        if len(trick) == 3:
            win = _winner(trick, table["trump"])
            table["points"][win] += int(sum(CARD_POINTS[c] for _, c in trick))
            table["tricks"][win] += 1
            table.update(leader=win, trick=[], first=False)
    return table["points"], table["tricks"], moves
