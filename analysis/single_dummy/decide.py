"""The decisions of single-dummy play, each by PIMC from the decider's
knowledge (docs/SINGLE_DUMMY.md, section 3).

- :func:`choose_gift`: the declarer's two cards, best mean J over his
  worlds, pruned exactly (:mod:`.pimc`);
- :func:`declarer_worlds`, :func:`world_outcomes`: his worlds and what
  the deal gives in each after his gift (his value, each defender's points
  and tricks), from which
  :func:`analysis.single_dummy.objective.choose_contract` decides his
  contract and write-off at a table state;
- :func:`decide_contract`: the contract and write-off a hand's odds count,
  from his values alone, without a table (a pure function of them);
- :func:`choose_card`: one card (or declaration) of the play, best mean J
  over the mover's worlds.
"""

from __future__ import annotations

import numpy as np

from ..bids import NO_CAP
from ..errors import BadArgument
from ..odds.delta import relative_delta
from ..redeal import redeal_after_exchange
from ..rules import as_rules
from ..scoring import write_off_payment
from ..solver import Position, exchange_value, play_objective
from ..solver.kernels import rule_flags
from ..solver.line import play_line
from .knowledge import Knowledge
from .pimc import BoundaryWorlds, MoveWorlds, best_option, best_options
from .sampler import distinct_layouts, sample_layouts

__all__ = ["choose_gift", "declarer_worlds", "world_outcomes", "decide_contract", "choose_card"]


def _gifts(ten: int) -> list:
    ids = [c for c in range(24) if ten >> c & 1]
    return [(a, b) for a in ids for b in ids if a != b]


def _gift_hands(ten, a, b, left, right):
    d = ten & ~(1 << a) & ~(1 << b)
    return [d, int(left) | (1 << a), int(right) | (1 << b)]


def _solve(gifts, ten, lay, rows, rules, out, stats):
    """Exact J of ``gifts`` in worlds ``rows`` into ``out`` (every gift on
    every world: the reference the pruned choice is tested against)."""
    for j, (a, b) in enumerate(gifts):
        for i in rows:
            h = _gift_hands(ten, a, b, lay[i, 1], lay[i, 2])
            out[j, i] = play_objective(h, declarer=0, leader=0, first_trick=True, rules=rules, stats=stats)


#: The gift rules of :func:`choose_gift`: "exact" solves the best mean J of
#: all gifts over every world (pruned exactly); "shortlist" ranks the gifts
#: on the first :data:`SCREEN_WORLDS` worlds and decides among the best
#: :data:`SHORTLIST` of them on every world.
GIFT_RULES = ("exact", "shortlist")
SCREEN_WORLDS = 2
SHORTLIST = 4


def choose_gift(ten: int, worlds: int, rng: np.random.Generator, rules, *, stats=None, gift="exact"):
    """The declarer's gift: best mean J over his worlds.

    Parameters
    ----------
    ten : int
        His 10 cards (hand and widow), bit mask.
    worlds : int
        Layouts of the 14 cards he has not seen (7 to each defender).
    rng : numpy.random.Generator
        Stream of decision 0.
    rules : Rules
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes searched.
    gift : {"exact", "shortlist"}
        ``"exact"``: the best mean J of every gift over all ``worlds``.
        ``"shortlist"``: the :data:`SHORTLIST` gifts with the best mean J
        over the first :data:`SCREEN_WORLDS` worlds, then the best mean J of
        those over all ``worlds`` (the same as ``"exact"`` when ``worlds``
        is at most :data:`SCREEN_WORLDS`).  Both draw the same worlds.

    Returns
    -------
    give_left, give_right : int
        Card ids.
    layouts : ndarray of shape (worlds, 3), int64
        His worlds before the gift (column 0 his ten cards, 1 and 2 the
        defenders' 7 cards).
    gifts_solved : int
        Gifts solved exactly on every world they were ranked on; the others
        were dropped by threshold searches (:func:`.pimc.best_options`),
        which leaves each ranking exactly that of solving every gift there.

    Raises
    ------
    ValueError
        On an unknown ``gift`` rule.

    Notes
    -----
    J is DESIGN.md contract 3's objective with the declarer to lead the
    first trick.  The first reference is the double-dummy best gift of
    world 0 (:func:`analysis.solver.exchange_value`, value only).  A gift
    that leaves his own 8 cards an after-exchange redeal condition
    (RULES.md, "Redeals": four 9s; four jacks, wiki by agreement; book,
    under 15 points) is not chosen
    unless every gift does; the defenders' side of that condition is
    unknown to him and ignored (the deal is played anyway).  Ties go to
    the first gift in order (left card, then right card, by id).  The
    shortlist costs about a seventh of the exact rule's nodes at 16 worlds
    and trades the exact ranking of near-equal gifts, finer than the noise
    of the draw, for it (docs/SINGLE_DUMMY.md, section 3;
    docs/PERFORMANCE.md).
    """
    if gift not in GIFT_RULES:
        raise BadArgument(f"gift must be one of {', '.join(GIFT_RULES)}, got {gift!r}")
    unseen = ((1 << 24) - 1) & ~ten
    lay = sample_layouts(Knowledge(0, (ten, unseen, unseen), (10, 7, 7)), worlds, rng)
    gifts = _gifts(ten)
    if rules.redeal_after_four_nines or rules.redeal_after_four_jacks or rules.redeal_after_hand_under:
        # column 0 depends on the declarer's 8 cards only; world 0 fills the others
        hands8 = np.array([_gift_hands(ten, a, b, lay[0, 1], lay[0, 2]) for a, b in gifts], dtype=np.uint32)
        own = redeal_after_exchange(hands8, rules, by_seat=True)[:, 0]
        if not own.all():
            gifts = [g for g, r in zip(gifts, own) if not r]
    ids = [c for c in range(24) if ten >> c & 1]
    hand7, widow = sum(1 << c for c in ids[:7]), sum(1 << c for c in ids[7:])
    guess = exchange_value(hand7, widow, int(lay[0, 1]), int(lay[0, 2]), rules=rules, line=False, stats=stats)
    g0 = (guess.give_left, guess.give_right)
    first = gifts.index(g0) if g0 in gifts else 0

    def hands(i, k):
        a, b = gifts[i]
        return _gift_hands(ten, a, b, lay[k, 1], lay[k, 2])

    bw = BoundaryWorlds(hands, rules, stats)
    if gift == "exact" or worlds <= SCREEN_WORLDS:
        best, solved = best_option(bw, len(gifts), worlds, first=first)
    else:
        # rank every gift on the first worlds, then decide among the best
        # few on all of them, reusing the values the ranking solved
        top, solved, known = best_options(bw, len(gifts), SCREEN_WORLDS, keep=SHORTLIST, first=first)
        short = sorted(top)  # in gift order, for the ties
        best = short[0]
        if len(short) > 1:
            known = {(short.index(i), k): v for (i, k), v in known.items() if i in short}
            sub = BoundaryWorlds(lambda j, k: hands(short[j], k), rules, stats)
            j, more = best_option(sub, len(short), worlds, first=short.index(top[0]), known=known)
            best, solved = short[j], solved + more
    a, b = gifts[best]
    return a, b, lay, solved


def declarer_worlds(ten: int, worlds: int, seed: int) -> np.ndarray:
    """The declarer's worlds before the gift, as :func:`choose_gift` draws them.

    Parameters
    ----------
    ten : int
        His 10 cards (hand and widow), bit mask.
    worlds : int
        Layouts drawn.
    seed : int
        The deal's ``play_deal`` seed: decision 0's stream
        (:func:`analysis.single_dummy.play.decision_rng`).

    Returns
    -------
    ndarray of shape (worlds, 3), int64
        Column 0 his ten cards, 1 and 2 the defenders' 7 cards; equal to the
        layouts :func:`choose_gift` returns for the same stream (a test
        checks it), so a stored row's worlds can be drawn again.
    """
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([int(seed), 0])))
    unseen = ((1 << 24) - 1) & ~ten
    return sample_layouts(Knowledge(0, (ten, unseen, unseen), (10, 7, 7)), worlds, rng)


def world_outcomes(ten, a, b, lay, rules, stats=None) -> np.ndarray:
    """What the deal gives in each of the declarer's worlds after gift ``(a, b)``.

    Parameters
    ----------
    ten : int
        His 10 cards, bit mask.
    a, b : int
        Card ids given to his left and to his right.
    lay : ndarray of shape (worlds, 3), int
        His worlds (:func:`declarer_worlds`).
    rules : Rules
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes of the value searches.

    Returns
    -------
    ndarray of shape (worlds, 5), int64
        Per world the columns of
        :data:`analysis.single_dummy.objective.WORLD_FIELDS`: his value
        (:func:`analysis.solver.play_value`: card points plus own marriages,
        0..400) and each defender's raw points and tricks along the
        tie-broken double-dummy line of DESIGN.md contract 3 (objective J,
        the declarer to lead the first trick).
    """
    rf = rule_flags(rules)
    out = np.empty((len(lay), 5), dtype=np.int64)
    for i, w in enumerate(lay):
        h = (ten & ~(1 << a) & ~(1 << b), int(w[1]) | (1 << a), int(w[2]) | (1 << b))
        j = play_objective(h, declarer=0, leader=0, first_trick=True, rules=rules, stats=stats)
        tricks, _ = play_line(h, declarer=0, leader=0, trump=-1, owner=0, first=1, rf=rf, target=j, mode=1)
        raw, ntr = tricks[-1]["raw"], tricks[-1]["tricks"]
        out[i] = (raw[0], raw[1], raw[2], ntr[1], ntr[2])
    return out


def decide_contract(estimates, bid, rules, *, first_hand=True, cap=None):
    """Final contract and write-off from the values the declarer believes,
    without a table: the odds' convention (:mod:`analysis.odds`).

    Parameters
    ----------
    estimates : sequence of int
        His values (card points plus own marriages) in his worlds after the
        gift (``SDResult.estimates``); at least one.
    bid : int
        The winning bid: a multiple of 5, at least 100.
    rules : str or Rules
    first_hand : bool
        He is the first hand (book's double penalty otherwise).
    cap : int, optional
        Highest contract his 8 cards allow (:func:`analysis.bids.bid_cap`);
        default no cap (400).  A bid above the cap can only be played as bid.

    Returns
    -------
    contract : int
        The contract (multiple of 5, at least ``bid``) with the highest mean
        change over the estimates; the lowest among ties.  The bid itself
        when he writes off.
    written_off : bool
        Writing off at the bid is strictly better than playing that
        contract (ties: play).

    Raises
    ------
    ValueError
        On empty estimates, a bad bid or cap, or unknown rules.

    Notes
    -----
    The change is :func:`analysis.odds.delta.relative_delta`'s, as
    :func:`analysis.odds.widow_odds` counts it after the widow: the
    estimates carry no defenders' points, so playing counts his own change
    only (+contract, or the profile's penalty), while writing off counts
    ``-bid`` minus the payment each opponent receives (RULES.md,
    "write-off").  Writing off then wins only where failing costs more
    than that: book's double penalty when he is not the first hand.
    Bolts and the barrel are left out (the deal's own change).  Games and
    :func:`analysis.single_dummy.play_deal` decide instead by the
    declarer's criterion against his opponents at a table state
    (:func:`analysis.single_dummy.objective.choose_contract`).

    Examples
    --------
    >>> decide_contract([130, 90, 140, 125], 100, "club", cap=160)
    (125, False)
    """
    rules = as_rules(rules)
    est = np.asarray(estimates, dtype=np.int64).ravel()
    if est.size == 0:
        raise BadArgument("estimates must hold at least one value")
    if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)) or bid < 100 or bid % 5:
        raise BadArgument(f"bid must be a multiple of 5, at least 100, got {bid!r}")
    cap = NO_CAP if cap is None else cap
    if isinstance(cap, bool) or not isinstance(cap, (int, np.integer)) or cap < 100:
        raise BadArgument(f"cap must be an integer of at least 100, got {cap!r}")
    contracts = np.arange(int(bid), max(int(bid), int(cap)) + 1, 5, dtype=np.int64)
    play, _ = relative_delta(rules, contracts, est, first_hand=bool(first_hand), write_off=False)
    mean = play.mean(axis=1)
    k = int(np.argmax(mean))
    write_off = -float(bid) - float(write_off_payment(rules, int(bid)))
    if write_off > mean[k]:
        return int(bid), True
    return int(contracts[k]), False


def _best_in_world(mw, n, maximise):
    """The mover's best move in world 0 and its J (the first among ties):
    the first move solved, each other asked by a null-window search whether
    it does strictly better, and solved only then."""
    big = 1 << 30
    best, v = 0, mw.value(0, 0)
    for i in range(1, n):
        if maximise and mw.value(i, 0, v, v + 1) > v:
            best, v = i, mw.value(i, 0, v, big)
        elif not maximise and mw.value(i, 0, v - 1, v) < v:
            best, v = i, mw.value(i, 0, -big, v)
    return best, v


def choose_card(k: Knowledge, table, legal, worlds: int, rng: np.random.Generator, rules, stats=None):
    """The mover's card by PIMC: best mean J over his worlds.

    Parameters
    ----------
    k : Knowledge
        The mover's knowledge now (``k.viewer`` is the mover).
    table : dict
        The public state: ``leader``, ``trick`` (((seat, card), ...)),
        ``trump`` (-1 none), ``owner``, ``first`` (bool), ``points``,
        ``tricks`` (3 ints each).
    legal : list of (int, bool)
        The mover's legal moves (card, declared) in
        :func:`analysis.solver.card_values` order.
    worlds : int
    rng : numpy.random.Generator
    rules : Rules
    stats : ndarray of int64, optional

    Returns
    -------
    int
        Index into ``legal`` of the move with the highest mean J for the
        declarer (seat 0), the lowest for a defender; the first among ties.

    Raises
    ------
    RuntimeError
        If the solver's moves differ from ``legal`` (an internal error).
    """
    lay, counts = distinct_layouts(sample_layouts(k, worlds, rng))
    trump = table["trump"]
    position = Position(
        hands=(int(lay[0, 0]), int(lay[0, 1]), int(lay[0, 2])),
        declarer=0,
        leader=table["leader"],
        trick=tuple(table["trick"]),
        trump=None if trump < 0 else trump,
        trump_owner=None if trump < 0 else table["owner"],
        first_trick=table["first"],
        points=tuple(table["points"]),
        tricks=tuple(table["tricks"]),
    )
    mw = MoveWorlds.from_layouts(position, lay, rules, stats)
    if mw.moves != list(legal):
        raise RuntimeError("solver moves differ from the legal moves of the play")
    n = len(legal)
    maximise = k.viewer == 0
    first, v0 = _best_in_world(mw, n, maximise)
    known = {(first, 0): v0}
    best, _ = best_option(mw, n, len(counts), maximise=maximise, first=first, known=known, weights=counts)
    return best
