"""Table state and deal outcome: the values :func:`apply_deal` reads and returns.

Players are fixed 0, 1, 2 around the table, 0..3 at a table of four
(DESIGN.md, contracts 2 and 9).  The state is a frozen dataclass of tuples
with one entry per player (cheap to copy, hashable, equal by value);
:meth:`TableState.score_array` gives numpy views for analysis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..rules import PROFILES, takes_rules

__all__ = [
    "KNOCK_OFF_PENALTY",
    "MAX_DEAL_POINTS",
    "MAX_RAW_POINTS",
    "TableState",
    "DealOutcome",
    "DealResult",
    "new_table",
    "check_state",
    "write_off_allowed",
    "crossing_allowed",
    "give_up_allowed",
]

#: Points lost by a sitter knocked off the barrel (RULES.md, barrel seats:
#: "knocked off with −120"): the default of ``rules.knock_off_penalty``.
KNOCK_OFF_PENALTY = 120
#: Most raw points one player can take in a deal: 120 card points plus all
#: four marriages (40 + 60 + 80 + 100).
MAX_DEAL_POINTS = 400
#: Most raw points one player can take in a deal when the rules count the
#: ace marriage (RULES.md, "Ace marriage"): 120 card points, the ace marriage
#: (200) and the two marriages an 8-card hand holding the four aces can
#: still hold (♥ 100 + ♦ 80).
MAX_RAW_POINTS = 500


def _triple(values, kind, name, n=None):
    """One entry per player: 3 (or 4 at a table of four), or exactly ``n``."""
    try:
        out = tuple(kind(v) for v in values)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be three or four numbers, got {values!r}") from None
    if len(out) not in ((3, 4) if n is None else (n,)):
        want = "3 or 4" if n is None else str(n)
        raise ValueError(f"{name} must have one entry per player ({want}), got {len(out)}")
    return out


#: The per-player fields of a fresh table, with their default entry: a field
#: left at its three-player default at a table of four takes four of them.
_FRESH = {"bolts": 0, "barrel": -1, "failed_stays": 0, "write_offs": 0, "reverse_barrel": -1}


@dataclass(frozen=True)
class TableState:
    """The table between two deals; players are fixed 0, 1, 2 (0..3 at four).

    Every per-player field has one entry per player: 3, or 4 at a table of
    four (``rules.players``; the length of ``scores`` decides, and a field
    left at its default takes as many entries).

    Attributes
    ----------
    scores : tuple of 3 or 4 float
        Game scores in points; float because the club write-off keeps
        halves exact (52.5).
    bolts : tuple of 3 or 4 int
        Bolts counted toward the next penalty: the count since the last
        penalty (``bolt_window='cumulative'``) or the current run of bolts
        (``'streak'``); always below ``rules.bolt_count`` between deals.
    barrel : tuple of 3 or 4 int
        Attempts used on the barrel, 0..``rules.barrel_attempts`` − 1, or
        −1 when the player is not sitting on it.
    failed_stays : tuple of 3 or 4 int
        Barrel stays that ended without a win (falls, knock-offs, own
        failed contracts or write-offs on the barrel).
    dealer : int
        Player who deals next, 0..n−1; the first hand is ``(dealer + 1) % n``
        for n players; at four the dealer rests (:attr:`resting`).
    deals : int
        Deals played so far, redeals included.
    winner : int
        The winner, or −1 while the game goes on.
    write_offs : tuple of 3 or 4 int
        Write-offs each player has made in the game; counted only under
        rules that read them (``rules.write_off_limit``,
        ``rules.write_off_fine``), else 0.
    redeals_in_row : int
        Redeals of the current dealer's deal in a row; counted only under
        ``rules.bad_deal_fine``, else 0.
    reverse_barrel : tuple of 3 int
        Deals played on the reverse barrel (``rules.reverse_barrel``, wiki),
        0..``rules.barrel_attempts`` − 1, or −1 when not on it.

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
    write_offs: tuple = (0, 0, 0)
    redeals_in_row: int = 0
    reverse_barrel: tuple = (-1, -1, -1)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "scores", _triple(self.scores, float, "scores"))
        if not all(math.isfinite(s) for s in self.scores):
            raise ValueError(f"scores must be finite numbers of points, got {self.scores}")
        n = len(self.scores)
        for name, fresh in _FRESH.items():
            value = getattr(self, name)
            if n == 4 and value == (fresh,) * 3:
                value = (fresh,) * 4
            set_(self, name, _triple(value, int, name, n))
        if min(self.bolts) < 0:
            raise ValueError(f"bolts must not be negative, got {self.bolts}")
        for name in ("barrel", "reverse_barrel"):
            if min(getattr(self, name)) < -1:
                raise ValueError(f"{name} attempts must be -1 (off) or >= 0, got {getattr(self, name)}")
        if min(self.failed_stays) < 0:
            raise ValueError(f"failed_stays must not be negative, got {self.failed_stays}")
        if self.dealer not in range(n):
            raise ValueError(f"dealer must be a player 0..{n - 1}, got {self.dealer!r}")
        if self.winner not in range(-1, n):
            raise ValueError(f"winner must be -1 or a player 0..{n - 1}, got {self.winner!r}")
        if min(self.write_offs) < 0:
            raise ValueError(f"write_offs must not be negative, got {self.write_offs}")
        if not isinstance(self.redeals_in_row, int) or self.redeals_in_row < 0:
            raise ValueError(f"redeals_in_row must be a non-negative integer, got {self.redeals_in_row!r}")
        if not isinstance(self.deals, int) or self.deals < 0:
            raise ValueError(f"deals must be a non-negative integer, got {self.deals!r}")

    @property
    def players(self) -> int:
        """Players at the table, 3 or 4."""
        return len(self.scores)

    @property
    def first_hand(self) -> int:
        """The player left of the dealer, who opens the bidding."""
        return (self.dealer + 1) % len(self.scores)

    @property
    def resting(self) -> int:
        """The player who sits on the widow this deal: the dealer at four, else −1."""
        return self.dealer if len(self.scores) == 4 else -1

    def score_array(self) -> np.ndarray:
        """Scores as an ndarray of shape (n_players,), float64."""
        return np.array(self.scores, dtype=np.float64)

    def barrel_array(self) -> np.ndarray:
        """Attempts used on the barrel as an ndarray of shape (n_players,), int8 (−1 off)."""
        return np.array(self.barrel, dtype=np.int8)


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one deal, as the scoring needs it.

    Attributes
    ----------
    redeal : bool
        The deal was redealt; every other field is then ignored.
    declarer : int
        Player 0..2 (0..3 at four) who bought the widow.
    contract : int
        Final contract, a multiple of 5, 100..400 (points).
    bid : int or None
        Winning bid, a multiple of 5, 100..``contract``; None means the
        contract.
    written_off : bool
        The declarer wrote off (роспись); ``raw`` and ``tricks`` are ignored.
    raw : tuple of 3 or 4 int
        Points each player took: card points in his tricks plus his own
        declared marriages (the ace marriage included), 0..500; one entry
        per player at the table (the resting dealer's 0 at four).
    tricks : tuple of 3 or 4 int
        Tricks each player took; they sum to 8 in a played deal.
    declarer_first_hand : bool or None
        Whether the declarer is the first hand (book's double penalty);
        None derives it from the table's dealer.  A value that contradicts
        the dealer raises.
    four_marriages : int
        Player holding all four marriages after the exchange, or −1.
    widow : int
        The widow's cards, a bit mask: what the resting dealer scores at a
        table of four (:func:`analysis.scoring.rest.rest_points`); not read
        at three.
    dark : bool
        A dark deal (``Rules.dark_play``): scored by :mod:`analysis.scoring.dark`.
    marriages : tuple of int (one per player)
        The marriage points within each player's ``raw`` (read only by a
        dark deal's ``marriages_plain`` scoring).

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
    bid: int | None = None
    written_off: bool = False
    raw: tuple = (0, 0, 0)
    tricks: tuple = (0, 0, 0)
    declarer_first_hand: bool | None = None
    four_marriages: int = -1
    widow: int = 0
    dark: bool = False
    marriages: tuple = (0, 0, 0)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "raw", _triple(self.raw, int, "raw"))
        n = len(self.raw)
        if n == 4 and self.tricks == (0, 0, 0):
            set_(self, "tricks", (0, 0, 0, 0))
        if n == 4 and self.marriages == (0, 0, 0):
            set_(self, "marriages", (0, 0, 0, 0))
        set_(self, "marriages", _triple(self.marriages, int, "marriages", n))
        set_(self, "tricks", _triple(self.tricks, int, "tricks", n))
        if self.four_marriages not in range(-1, n):
            raise ValueError(f"four_marriages must be -1 or a player 0..{n - 1}, got {self.four_marriages!r}")
        if self.redeal:
            return
        top = 3 if self.written_off else n - 1  # a write-off carries no points per player
        if self.declarer not in range(top + 1):
            raise ValueError(f"declarer must be a player 0..{top}, got {self.declarer!r}")
        c = self.contract
        if not isinstance(c, (int, np.integer)) or c % 5 or not 100 <= c <= MAX_DEAL_POINTS:
            raise ValueError(f"contract must be a multiple of 5 in 100..400, got {c!r}")
        if self.bid is None:
            set_(self, "bid", int(c))
        elif self.bid % 5 or not 100 <= self.bid <= c:
            raise ValueError(f"bid must be a multiple of 5 in 100..contract ({c}), got {self.bid!r}")
        if self.written_off:
            return
        if min(self.raw) < 0 or max(self.raw) > MAX_RAW_POINTS:
            raise ValueError(f"raw points must be in 0..{MAX_RAW_POINTS}, got {self.raw}")
        if min(self.tricks) < 0 or sum(self.tricks) != 8:
            raise ValueError(f"tricks must be non-negative and sum to 8, got {self.tricks}")
        if any(not 0 <= m <= r for m, r in zip(self.marriages, self.raw)):
            raise ValueError(f"marriages must be in 0..raw, got {self.marriages} with raw {self.raw}")
        for p in range(n):
            if p != self.declarer and self.tricks[p] == 0 and self.raw[p] != 0:
                raise ValueError(f"defender {p} took no trick but has raw points {self.raw[p]}")


class DealResult(NamedTuple):
    """Result of :func:`apply_deal`.

    Attributes
    ----------
    state : TableState
        The table after the deal.
    deltas : ndarray of shape (n_players,), float64
        Score after minus score before, per player: everything the deal
        did (contract, defence, write-off, bolt penalty, cap, fall,
        knock-off, reset).
    events : list of str
        ``kind:player`` in the order applied: ``four_marriages``, ``win``,
        ``dark_made``, ``dark_failed`` (a dark deal, :mod:`analysis.scoring.dark`),
        ``bolt_penalty``, ``failed_contract`` and ``barrel_write_off`` (a
        sitter's own contract ends his stay), ``barrel_exit`` (another
        penalty took a sitter below the threshold), ``barrel_fall``,
        ``knocked_off`` (an earlier sitter, then, in player order, each
        arrival either ``barrel_enter`` or, with no seat left for him,
        ``knocked_off``), ``barrel_zero`` (third failed
        stay), ``reset_555``.
    bolts : ndarray of shape (n_players,), bool
        Who got a bolt in this deal.
    """

    state: TableState
    deltas: np.ndarray
    events: list
    bolts: np.ndarray


@takes_rules
def new_table(rules=PROFILES["club"], dealer: int = 0) -> TableState:
    """The table before the first deal: all scores 0, nobody on the barrel.

    Parameters
    ----------
    rules : Rules
        ``rules.players`` (3 or 4) players sit at the table.
    dealer : int
        First dealer 0..players−1 (drawn from the game's seed by the simulator).

    Raises
    ------
    ValueError
        On a dealer outside the table.
    """
    return TableState(scores=(0.0,) * rules.players, dealer=dealer)


@takes_rules
def check_state(rules, state: TableState) -> None:
    """Check the table invariants that hold between deals under ``rules``.

    Scores at or above the threshold belong to sitters (only a winner may
    exceed it); sitters have used fewer than ``rules.barrel_attempts``
    attempts; bolt counters are below ``rules.bolt_count``, and 0 where
    ``rules.bolt_rule`` is ``'none'`` (book, ua: no bolts); under
    ``rules.barrel_arrivals='seats'`` at most ``rules.barrel_seats`` sit;
    under ``rules.reset_555`` no score is left at ``rules.reset_at`` (555;
    or its negative under ``'both'``): the reset zeroes it at once (RULES.md,
    555); nobody has more write-offs than ``rules.write_off_limit``; under
    ``rules.bad_deal_fine`` fewer than three redeals in a row; a player on
    the reverse barrel (``rules.reverse_barrel``) is at or below
    ``-rules.barrel_threshold`` with fewer than ``rules.barrel_attempts``
    deals there.
    (Under ``'all'`` more may sit after a simultaneous arrival, so there the
    seat count is not an invariant.)

    Raises
    ------
    ValueError
        Naming the first broken invariant.
    """
    t = rules.barrel_threshold
    if state.players != rules.players:
        raise ValueError(f"the table has {state.players} players, the rules {rules.players}")
    for p in range(state.players):
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
        if state.bolts[p] and not rules.has_bolts:
            raise ValueError(
                f"player {p} has a bolt counter of {state.bolts[p]}, but bolt_rule='none' counts none"
            )
        r = rules.reset_at
        if rules.reset_555 != "none" and (s == r or (rules.reset_555 == "both" and s == -r)):
            raise ValueError(f"player {p} scores {s}, which the reset at {r} ({rules.reset_555}) sets to 0")
        v = state.reverse_barrel[p]
        if v >= 0 and not (s <= -t and v < rules.barrel_attempts and rules.reverse_barrel):
            raise ValueError(f"player {p} scores {s} with {v} deals on the reverse barrel")
        if rules.write_off_limit and state.write_offs[p] > rules.write_off_limit:
            raise ValueError(
                f"player {p} wrote off {state.write_offs[p]} times, over {rules.write_off_limit}"
            )
    if rules.bad_deal_fine and state.redeals_in_row >= 3:
        raise ValueError(
            f"{state.redeals_in_row} redeals in a row: the third fines the dealer and passes the deal"
        )
    sitters = sum(a >= 0 for a in state.barrel)
    if rules.barrel_arrivals == "seats" and sitters > rules.barrel_seats and state.winner < 0:
        raise ValueError(
            f"{sitters} players sit on the barrel, which has "
            f"{rules.barrel_seats} seat{'s' if rules.barrel_seats > 1 else ''}"
        )


def _anyone_sitting(state: TableState) -> bool:
    return max(state.barrel) >= 0


def _check_player(player, state) -> None:
    if player not in range(len(state.scores)):
        raise ValueError(f"player must be 0..{len(state.scores) - 1}, got {player!r}")


@takes_rules
def write_off_allowed(rules, state: TableState, player: int) -> bool:
    """Whether ``player`` may write off (роспись) as declarer at this table.

    False when ``rules.write_off_banned`` (ua asks «чи дозволений розпис»);
    when he sits on the barrel and ``rules.write_off_on_barrel`` forbids it
    (club, book); when anyone sits on the barrel under
    ``rules.write_off_no_barrel`` (wiki "Если один из игроков сидит на бочке,
    расписывать не может никто"); when he has made ``rules.write_off_limit``
    write-offs this game (wiki "Возможны только три росписи за игру").  The
    stage at which a write-off is made (``rules.write_off_stage``) is the
    simulator's business.

    Parameters
    ----------
    rules : Rules
    state : TableState
        The table before the deal.
    player : int
        The declarer, a player at the table.

    Raises
    ------
    ValueError
        If ``player`` is not a player at the table.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> wiki = PROFILES["wiki"].with_changes(write_off_no_barrel=True)
    >>> someone_sits = TableState(scores=(0, 880, 0), barrel=(-1, 0, -1))
    >>> write_off_allowed(PROFILES["wiki"], someone_sits, 0), write_off_allowed(wiki, someone_sits, 0)
    (True, False)
    """
    _check_player(player, state)
    if rules.write_off_banned or (rules.write_off_no_barrel and _anyone_sitting(state)):
        return False
    if rules.write_off_limit and state.write_offs[player] >= rules.write_off_limit:
        return False
    return rules.write_off_on_barrel or state.barrel[player] < 0


@takes_rules
def crossing_allowed(rules, state: TableState, player: int) -> bool:
    """Whether ``player`` may cross («крещусь») as declarer at this table.

    ``rules.crossing`` 'allowed', or 'not_on_barrel' while nobody sits on
    the barrel (wiki "Если один из игроков находится на бочке, для всех
    участников игры крещение запрещено"); a sitter himself crosses only where
    ``rules.write_off_on_barrel`` lets him give up (†).

    Raises
    ------
    ValueError
        If ``player`` is not a player at the table.
    """
    _check_player(player, state)
    if rules.crossing == "none" or (rules.crossing == "not_on_barrel" and _anyone_sitting(state)):
        return False
    return rules.write_off_on_barrel or state.barrel[player] < 0


@takes_rules
def give_up_allowed(rules, state: TableState, player: int) -> bool:
    """Whether the declarer ``player`` may give up his contract instead of
    playing it: cross where :func:`crossing_allowed`, else write off where
    :func:`write_off_allowed` (the declarers ask this one function)."""
    return crossing_allowed(rules, state, player) or write_off_allowed(rules, state, player)
