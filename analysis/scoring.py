"""One deal's effect on the table: scores, bolts, the barrel, 555 and the win.

A pure transition ``apply_deal(rules, state, outcome) -> DealResult``: the
table state before the deal plus what happened in it give the state after
it, the score changes and the events.  Players are fixed 0, 1, 2 around the
table (DESIGN.md, contract 2).

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
4. players at the threshold who are not sitting arrive; when the earlier
   sitters plus the arrivals exceed ``rules.barrel_seats``, every earlier
   sitter is knocked off (``-KNOCK_OFF_PENALTY``, a failed stay) and all
   arrivals stay († RULES.md, barrel seats);
5. ``rules.barrel_third_fall_zero``: a player whose failed stays reach
   three in this deal scores 0 (only the third, not later ones; choice, the
   club seed says "после третьего неудачного захода счёт становится нулём");
6. the 555 reset (``rules.reset_555``).

Decisions where RULES.md leaves a sequence open (each listed in the
docstring of the function that applies it): four marriages end the game
before the deal is scored; a sitter gets no bolts at all, as declarer
either, unless ``rules.barrel_defender_scores``; under the ``streak`` window
a completed, played deal in which a player cannot get a bolt (exempt
declarer, sitter) breaks his streak; a stay that ends by the sitter's own
write-off counts as a failed stay.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np

from .rules import Rules, load_rules

__all__ = [
    "KNOCK_OFF_PENALTY", "MAX_DEAL_POINTS", "TableState", "DealOutcome",
    "DealResult", "new_table", "apply_deal", "round_defender_points",
    "write_off_payment", "declarer_delta", "check_state",
]

#: Points lost by a sitter knocked off the barrel (RULES.md, barrel seats:
#: "knocked off with −120"; the same in every profile, so not a field).
KNOCK_OFF_PENALTY = 120
#: Most raw points one player can take in a deal: 120 card points plus all
#: four marriages (40 + 60 + 80 + 100).
MAX_DEAL_POINTS = 400


def _resolve(rules) -> Rules:
    return rules if isinstance(rules, Rules) else load_rules(rules)


def _triple(values, kind, name):
    try:
        out = tuple(kind(v) for v in values)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be three numbers, got {values!r}") from None
    if len(out) != 3:
        raise ValueError(f"{name} must have one entry per player (3), got {len(out)}")
    return out


@dataclass(frozen=True)
class TableState:
    """The table between two deals; players are fixed 0, 1, 2.

    Attributes
    ----------
    scores : tuple of 3 float
        Game scores in points; float because the club write-off keeps
        halves exact (52.5).
    bolts : tuple of 3 int
        Bolts counted toward the next penalty: the count since the last
        penalty (``bolt_window='cumulative'``) or the current run of bolts
        (``'streak'``); always below ``rules.bolt_count`` between deals.
    barrel : tuple of 3 int
        Attempts used on the barrel, 0..``rules.barrel_attempts`` − 1, or
        −1 when the player is not sitting on it.
    failed_stays : tuple of 3 int
        Barrel stays that ended without a win (falls, knock-offs, own
        failed contracts or write-offs on the barrel).
    dealer : int
        Player who deals next, 0..2; the first hand is ``(dealer + 1) % 3``.
    deals : int
        Deals played so far, redeals included.
    winner : int
        The winner, or −1 while the game goes on.

    Raises
    ------
    ValueError
        On a malformed field (wrong length, out of range), naming it.
    """

    scores: tuple = (0.0, 0.0, 0.0)
    bolts: tuple = (0, 0, 0)
    barrel: tuple = (-1, -1, -1)
    failed_stays: tuple = (0, 0, 0)
    dealer: int = 0
    deals: int = 0
    winner: int = -1

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "scores", _triple(self.scores, float, "scores"))
        for name in ("bolts", "barrel", "failed_stays"):
            set_(self, name, _triple(getattr(self, name), int, name))
        if min(self.bolts) < 0:
            raise ValueError(f"bolts must not be negative, got {self.bolts}")
        if min(self.barrel) < -1:
            raise ValueError(f"barrel attempts must be -1 (off) or >= 0, got {self.barrel}")
        if min(self.failed_stays) < 0:
            raise ValueError(f"failed_stays must not be negative, got {self.failed_stays}")
        if self.dealer not in (0, 1, 2):
            raise ValueError(f"dealer must be 0, 1 or 2, got {self.dealer!r}")
        if self.winner not in (-1, 0, 1, 2):
            raise ValueError(f"winner must be -1, 0, 1 or 2, got {self.winner!r}")
        if not isinstance(self.deals, int) or self.deals < 0:
            raise ValueError(f"deals must be a non-negative integer, got {self.deals!r}")

    @property
    def first_hand(self) -> int:
        """The player left of the dealer, who opens the bidding."""
        return (self.dealer + 1) % 3

    def score_array(self) -> np.ndarray:
        """Scores as an ndarray of shape (3,), float64."""
        return np.array(self.scores, dtype=np.float64)

    def barrel_array(self) -> np.ndarray:
        """Attempts used on the barrel as an ndarray of shape (3,), int8 (−1 off)."""
        return np.array(self.barrel, dtype=np.int8)


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one deal, as the scoring needs it.

    Attributes
    ----------
    redeal : bool
        The deal was redealt; every other field is then ignored.
    declarer : int
        Player 0..2 who bought the widow.
    contract : int
        Final contract, a multiple of 5, 100..400 (points).
    bid : int or None
        Winning bid, a multiple of 5, 100..``contract``; None means the
        contract.
    written_off : bool
        The declarer wrote off (роспись); ``raw`` and ``tricks`` are ignored.
    raw : tuple of 3 int
        Points each player took: card points in his tricks plus his own
        declared marriages, 0..400.
    tricks : tuple of 3 int
        Tricks each player took; they sum to 8 in a played deal.
    declarer_first_hand : bool or None
        Whether the declarer is the first hand (book's double penalty);
        None derives it from the table's dealer.  A value that contradicts
        the dealer raises.
    four_marriages : int
        Player holding all four marriages after the exchange, or −1.

    Raises
    ------
    ValueError
        On impossible values, naming the field: a contract not a multiple of
        5 or outside 100..400, a bid above the contract, tricks not summing
        to 8, a defender with points but no trick (a defender declares a
        marriage only when leading, so only after winning a trick).
    """

    redeal: bool = False
    declarer: int = -1
    contract: int = -1
    bid: "int | None" = None
    written_off: bool = False
    raw: tuple = (0, 0, 0)
    tricks: tuple = (0, 0, 0)
    declarer_first_hand: "bool | None" = None
    four_marriages: int = -1

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "raw", _triple(self.raw, int, "raw"))
        set_(self, "tricks", _triple(self.tricks, int, "tricks"))
        if self.four_marriages not in (-1, 0, 1, 2):
            raise ValueError(f"four_marriages must be -1 or a player 0..2, got {self.four_marriages!r}")
        if self.redeal:
            return
        if self.declarer not in (0, 1, 2):
            raise ValueError(f"declarer must be a player 0..2, got {self.declarer!r}")
        c = self.contract
        if not isinstance(c, (int, np.integer)) or c % 5 or not 100 <= c <= MAX_DEAL_POINTS:
            raise ValueError(f"contract must be a multiple of 5 in 100..400, got {c!r}")
        if self.bid is None:
            set_(self, "bid", int(c))
        elif self.bid % 5 or not 100 <= self.bid <= c:
            raise ValueError(f"bid must be a multiple of 5 in 100..contract ({c}), got {self.bid!r}")
        if self.written_off:
            return
        if min(self.raw) < 0 or max(self.raw) > MAX_DEAL_POINTS:
            raise ValueError(f"raw points must be in 0..400, got {self.raw}")
        if min(self.tricks) < 0 or sum(self.tricks) != 8:
            raise ValueError(f"tricks must be non-negative and sum to 8, got {self.tricks}")
        for p in range(3):
            if p != self.declarer and self.tricks[p] == 0 and self.raw[p] != 0:
                raise ValueError(
                    f"defender {p} took no trick but has raw points {self.raw[p]}")


class DealResult(NamedTuple):
    """Result of :func:`apply_deal`.

    Attributes
    ----------
    state : TableState
        The table after the deal.
    deltas : ndarray of shape (3,), float64
        Score after minus score before, per player: everything the deal
        did (contract, defence, write-off, bolt penalty, cap, fall,
        knock-off, reset).
    events : list of str
        ``kind:player`` in the order applied: ``four_marriages``, ``win``,
        ``bolt_penalty``, ``failed_contract`` and ``barrel_write_off`` (a
        sitter's own contract ends his stay), ``barrel_exit`` (another
        penalty took a sitter below the threshold), ``barrel_fall``,
        ``knocked_off``, ``barrel_enter``, ``barrel_zero`` (third failed
        stay), ``reset_555``.
    bolts : ndarray of shape (3,), bool
        Who got a bolt in this deal.
    """

    state: TableState
    deltas: np.ndarray
    events: list
    bolts: np.ndarray


def new_table(rules="club", dealer: int = 0) -> TableState:
    """The table before the first deal: all scores 0, nobody on the barrel.

    Parameters
    ----------
    rules : Rules or str
        Checked only (every profile starts the same way).
    dealer : int
        First dealer 0..2 (drawn from the game's seed by the simulator).

    Raises
    ------
    ValueError
        On an unknown profile or a dealer outside 0..2.
    """
    _resolve(rules)
    return TableState(dealer=dealer)


def round_defender_points(rules, raw):
    """A defender's written points (RULES.md, "defenders' points rounded").

    Parameters
    ----------
    rules : Rules or str
    raw : int or ndarray of int, any shape
        Raw points (cards + own marriages), 0..400.

    Returns
    -------
    int or ndarray of the same shape, int64
        With ``rules.round_defenders``: the nearest multiple of 5, last
        digit 1, 2 down, 3, 4 up, 6, 7 down, 8, 9 up (12 → 10, 13 → 15);
        otherwise (ua) the raw points.

    Raises
    ------
    ValueError
        On negative points.

    Examples
    --------
    >>> round_defender_points("classic", [12, 13, 17, 18]).tolist()
    [10, 15, 15, 20]
    >>> round_defender_points("ua", 13)
    13
    """
    rules = _resolve(rules)
    r = np.asarray(raw, dtype=np.int64)
    if r.size and r.min() < 0:
        raise ValueError(f"raw points must not be negative, got {raw!r}")
    out = 5 * ((r + 2) // 5) if rules.round_defenders else r
    return int(out) if out.ndim == 0 else out


def write_off_payment(rules, contract: int) -> float:
    """Points each opponent is written when the declarer writes off.

    RULES.md, "write-off: each opponent": ``half`` contract/2 kept exact
    (club, 125 → 62.5); ``half_round5`` contract/2 rounded to a multiple of
    5, ties up (classic †, wiki †: 125 → 65, 130 → 65); ``fixed``
    ``rules.write_off_fixed`` (book 40, ua 60).

    Returns
    -------
    float
        Points (before the barrel rule ``write_off_pays_barrel``).

    Examples
    --------
    >>> [write_off_payment(p, 125) for p in ("club", "classic", "book", "ua")]
    [62.5, 65.0, 40.0, 60.0]

    Raises
    ------
    ValueError
        If the contract is not a multiple of 5 in 100..400.
    """
    rules = _resolve(rules)
    if contract % 5 or not 100 <= contract <= MAX_DEAL_POINTS:
        raise ValueError(f"contract must be a multiple of 5 in 100..400, got {contract!r}")
    if rules.write_off_payment == "half":
        return contract / 2
    if rules.write_off_payment == "half_round5":
        return float(5 * -(-contract // 10))
    return float(rules.write_off_fixed)


def declarer_delta(rules, contract: int, points: int, first_hand: bool) -> int:
    """The declarer's score change for a played contract.

    ``+contract`` if ``points`` reaches it (before any rounding: one point
    short fails), otherwise ``-contract``, doubled under
    ``rules.double_penalty_off_first_hand`` when the declarer is not the
    first hand (book, seed 002; RULES.md "failed contract").

    Parameters
    ----------
    contract : int
        Final contract, points.
    points : int
        Declarer's raw points (cards + own marriages).
    first_hand : bool
        The declarer sits left of the dealer.
    """
    rules = _resolve(rules)
    if points >= contract:
        return int(contract)
    if rules.double_penalty_off_first_hand and not first_hand:
        return -2 * int(contract)
    return -int(contract)


def check_state(rules, state: TableState) -> None:
    """Check the table invariants that hold between deals under ``rules``.

    Scores at or above the threshold belong to sitters (only a winner may
    exceed it); sitters have used fewer than ``rules.barrel_attempts``
    attempts; bolt counters are below ``rules.bolt_count``.  (More than
    ``rules.barrel_seats`` may sit after a simultaneous arrival, so the
    seat count is not an invariant.)

    Raises
    ------
    ValueError
        Naming the first broken invariant.
    """
    rules = _resolve(rules)
    t = rules.barrel_threshold
    for p in range(3):
        if p == state.winner:
            continue
        s, a = state.scores[p], state.barrel[p]
        if s > t:
            raise ValueError(f"player {p} scores {s}, above the barrel threshold {t}")
        if (s == t) != (a >= 0):
            raise ValueError(f"player {p} scores {s} but barrel attempts are {a}")
        if a >= rules.barrel_attempts:
            raise ValueError(f"player {p} used {a} attempts of {rules.barrel_attempts}")
        if state.bolts[p] >= rules.bolt_count:
            raise ValueError(f"player {p} has {state.bolts[p]} bolts, the penalty count")


def apply_deal(rules, state: TableState, outcome: DealOutcome) -> DealResult:
    """Apply one deal to the table.

    Parameters
    ----------
    rules : Rules or str
        The conventions (profile name or ``Rules``).
    state : TableState
        The table before the deal.
    outcome : DealOutcome
        What happened in the deal.

    Returns
    -------
    DealResult
        ``state`` after the deal, ``deltas`` (3,) float64, ``events``,
        ``bolts`` (3,) bool.

    Notes
    -----
    A redeal only counts the deal: same dealer, no barrel attempt.  After a
    completed deal (write-offs included) the deal passes left.

    Choices (RULES.md is silent on the sequence): ``four_marriages_win``
    ends the game before the deal is scored, even when the holder also wrote
    off, and the holder keeps his score (book †); a sitter gets neither bolts
    nor defence points, as declarer either, unless
    ``rules.barrel_defender_scores``; under ``bolt_window='streak'`` a played
    deal without a bolt for a player breaks his streak even when he could
    not get one (exempt declarer, sitter), while write-offs and redeals
    leave it alone; a sitter's own write-off (where allowed) ends his stay as
    a failed stay, like his failed contract.

    Examples
    --------
    RULES.md worked example 1 (club): contract 160, the declarer took 84
    card points and declared ♦ (80); the defenders took 23 and 13.

    >>> res = apply_deal("club", new_table("club", dealer=2),
    ...                  DealOutcome(declarer=0, contract=160, raw=(164, 23, 13),
    ...                              tricks=(5, 2, 1)))
    >>> res.deltas.tolist(), res.state.dealer
    ([160.0, 25.0, 15.0], 0)

    A sitter at 880 who makes 120 wins (club); under wiki he needs 125.

    >>> on_barrel = TableState(scores=(880, 300, 200), barrel=(0, -1, -1))
    >>> made_120 = DealOutcome(declarer=0, contract=120, raw=(120, 0, 0), tricks=(8, 0, 0))
    >>> apply_deal("club", on_barrel, made_120).events
    ['win:0']
    >>> apply_deal("wiki", on_barrel, made_120).state.barrel
    (1, -1, -1)

    Raises
    ------
    ValueError
        If the game is already won, if a sitter writes off where
        ``rules.write_off_on_barrel`` forbids it, or if
        ``declarer_first_hand`` contradicts the dealer.
    """
    rules = _resolve(rules)
    if state.winner != -1:
        raise ValueError(f"the game is over: player {state.winner} has won")
    no_bolts = np.zeros(3, dtype=bool)
    if outcome.redeal:
        return DealResult(replace(state, deals=state.deals + 1),
                          np.zeros(3), [], no_bolts)
    d, c = outcome.declarer, outcome.contract
    first_hand = state.first_hand == d
    if outcome.declarer_first_hand is not None and outcome.declarer_first_hand != first_hand:
        raise ValueError(
            f"declarer_first_hand={outcome.declarer_first_hand} but the first hand "
            f"is player {state.first_hand}, the declarer is {d}")
    old = state.scores
    nxt = dict(dealer=(state.dealer + 1) % 3, deals=state.deals + 1)
    events: list[str] = []
    if rules.four_marriages_win and outcome.four_marriages >= 0:
        p = outcome.four_marriages  # book †: immediate win, score not raised
        return DealResult(replace(state, winner=p, **nxt), np.zeros(3),
                          [f"four_marriages:{p}", f"win:{p}"], no_bolts)

    s = list(old)
    sitting = [a >= 0 for a in state.barrel]
    counters = list(state.bolts)
    bolts = [False, False, False]
    made = False
    # 1. the deal's score changes
    if outcome.written_off:
        if sitting[d] and not rules.write_off_on_barrel:
            raise ValueError(
                f"player {d} sits on the barrel and the {rules.name!r} rules "
                "forbid a write-off there (write_off_on_barrel)")
        s[d] -= c
        pay = write_off_payment(rules, c)
        for p in range(3):
            if p != d and (not sitting[p] or rules.write_off_pays_barrel):
                s[p] += pay
    else:
        raw = outcome.raw
        made = raw[d] >= c
        s[d] += declarer_delta(rules, c, raw[d], first_hand)
        for p in range(3):
            if p != d and (not sitting[p] or rules.barrel_defender_scores):
                s[p] += round_defender_points(rules, raw[p])
        # 2. bolts (none after a write-off; RULES.md "bolts after a write-off")
        if rules.bolt_rule != "none":
            by_trick = rules.bolt_rule == "no_trick"
            for p in range(3):
                can = ((p != d or rules.bolt_declarer)
                       and (not sitting[p] or rules.barrel_defender_scores))
                if can and (outcome.tricks[p] == 0 if by_trick else raw[p] == 0):
                    bolts[p] = True
                    counters[p] += 1
                    if counters[p] >= rules.bolt_count:
                        s[p] -= rules.bolt_penalty
                        counters[p] = 0
                        events.append(f"bolt_penalty:{p}")
                elif rules.bolt_window == "streak":
                    counters[p] = 0
    # 3. the win: only a sitter who declares and makes a contract reaching the target
    if sitting[d] and made and s[d] >= rules.target:
        events.append(f"win:{d}")
        new = replace(state, scores=tuple(s), bolts=tuple(counters), winner=d, **nxt)
        return _result(new, old, events, bolts)

    # 4. the barrel
    t = rules.barrel_threshold
    barrel = list(state.barrel)
    failed = list(state.failed_stays)
    for p in range(3):  # a sitter taken below the threshold leaves
        if sitting[p] and s[p] < t:
            barrel[p] = -1
            failed[p] += 1
            if p == d:
                kind = "barrel_write_off" if outcome.written_off else "failed_contract"
            else:
                kind = "barrel_exit"
            events.append(f"{kind}:{p}")
    for p in range(3):  # cap (a made contract that falls short is capped back †)
        if s[p] > t:
            s[p] = float(t)
    for p in range(3):  # attempts and falls
        if barrel[p] >= 0:
            barrel[p] += 1
            if barrel[p] >= rules.barrel_attempts:
                s[p] -= rules.barrel_fall_penalty
                barrel[p] = -1
                failed[p] += 1
                events.append(f"barrel_fall:{p}")
    arrivals = [p for p in range(3) if barrel[p] < 0 and s[p] >= t]
    if arrivals:  # knock-offs; arrivals in the same deal all stay †
        earlier = [p for p in range(3) if barrel[p] >= 0]
        if len(earlier) + len(arrivals) > rules.barrel_seats:
            for p in earlier:
                s[p] -= KNOCK_OFF_PENALTY
                barrel[p] = -1
                failed[p] += 1
                events.append(f"knocked_off:{p}")
        for p in arrivals:
            barrel[p] = 0
            events.append(f"barrel_enter:{p}")
    if rules.barrel_third_fall_zero:
        for p in range(3):
            if failed[p] >= 3 > state.failed_stays[p]:
                s[p] = 0.0
                events.append(f"barrel_zero:{p}")
    # 5. the 555 reset
    if rules.reset_555 != "none":
        both = rules.reset_555 == "both"
        for p in range(3):
            if s[p] == 555 or (both and s[p] == -555):
                s[p] = 0.0
                events.append(f"reset_555:{p}")
    new = replace(state, scores=tuple(s), bolts=tuple(counters), barrel=tuple(barrel),
                  failed_stays=tuple(failed), **nxt)
    return _result(new, old, events, bolts)


def _result(new: TableState, old, events, bolts) -> DealResult:
    deltas = np.array(new.scores, dtype=np.float64) - np.array(old, dtype=np.float64)
    return DealResult(new, deltas, events, np.array(bolts, dtype=bool))
