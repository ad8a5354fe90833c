"""Single-dummy play of many deals: the rows of an ``sd`` dataset, and deals
played out whatever the write-off (docs/SINGLE_DUMMY.md, section 7).

:func:`play_deals` plays every requested (deal, seat) with
:func:`analysis.single_dummy.play_deal`, the seat's hand as the declarer's
(left ``(seat + 1) % 3``, right ``(seat + 2) % 3``, the rotation of
:func:`analysis.solver.solve_deals`), and returns the ``sd`` columns of
docs/DATA.md (:data:`analysis.dataset.SD_COLUMNS`).  Each row draws from its own seed,
``SeedSequence([seed, deal_id, seat])``, so a row does not depend on which
other rows are played with it: chunking, workers and backend leave the
dataset unchanged.

The odds and the games decide the contract themselves, at every level or
at the table's winning bid and state (:func:`analysis.single_dummy.decide_contract`
from the estimates, :func:`analysis.single_dummy.choose_contract` from the
per-world outcomes: pure functions), so they need the play of every deal,
including those the declarer would write off at the bid: :func:`play_out`
plays a deal under :func:`playing_rules`, the rules with a write-off that
never pays (each opponent would be written :data:`NEVER_PAYS` points), under
which ``play_deal`` never writes off.  The gift, the play and the estimates
are the same as under the rules themselves: they maximise the objective J of
DESIGN.md contract 3, in which no payment appears, and the contract decision
draws no random numbers (docs/SINGLE_DUMMY.md, section 4); a test checks
the equality on deals.

Every row stores its play, a row written off at the recorded bid
included: :func:`play_deals` plays each deal as :func:`play_out` does and
then decides the contract and the write-off under the rules themselves
(:func:`analysis.single_dummy.choose_contract` at a fresh table), so a
written-off row holds the card play that would have followed had the
declarer played on.  Rows made before this (``sd`` schema 2 and older
datasets, the shipped small pools) hold no play where written off:
:func:`has_play` tells the two apart row by row (a played deal has 24
moves).

A move is stored as one byte (:func:`encode_move`): ``card | declared << 5
| seat << 6``, the seat relative to the declarer (0 the declarer, 1 his
left, 2 his right), as in :class:`analysis.single_dummy.SDResult`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa

from ..bids import bid_cap
from ..dataset.schema import SD_COLUMNS, SD_WORLD_COLUMNS
from ..errors import BadArgument
from ..redeal import redeal_after_many
from ..rules import as_rules, takes_rules
from ..solver.batch import check_deals
from .objective import choose_contract
from .play import play_deal

__all__ = [
    "NEVER_PAYS",
    "PLAY_FIELDS",
    "play_deals",
    "row_seed",
    "deal_seed",
    "playing_rules",
    "play_out",
    "has_play",
    "encode_move",
    "decode_moves",
    "stored_decisions",
]

#: Write-off payment to each opponent under :func:`playing_rules`, points:
#: far above any deal's swing (at most 2 x 400 plus the defenders' points),
#: so writing off is never the better choice.
NEVER_PAYS = 10_000

#: Fields of :class:`analysis.single_dummy.SDResult` kept per deal by
#: :func:`play_sample` (all but ``moves``, ``estimates``, ``contract`` and
#: ``written_off``).
PLAY_FIELDS = (
    "value",
    "give_left",
    "give_right",
    "declarer_tricks",
    "left_points",
    "left_tricks",
    "right_points",
    "right_tricks",
)


_SCALARS = {k: v.to_pandas_dtype() for k, v in SD_COLUMNS.items() if not pa.types.is_list(v)}
_RESULT_FIELDS = (
    "give_left",
    "give_right",
    "contract",
    "written_off",
    "value",
    "left_points",
    "right_points",
    "declarer_tricks",
    "left_tricks",
    "right_tricks",
)


def row_seed(seed: int, deal_id: int, seat: int) -> int:
    """The ``seed`` given to :func:`play_deal` for one row.

    The first 64-bit word of ``SeedSequence([seed, deal_id, seat])``: a
    function of the dataset seed and the row's key alone.

    Examples
    --------
    >>> row_seed(0, 5, 1) == row_seed(0, 5, 1) != row_seed(0, 5, 2)
    True
    """
    ss = np.random.SeedSequence([int(seed), int(deal_id), int(seat)])
    return int(ss.generate_state(1, np.uint64)[0])


@takes_rules
def playing_rules(rules):
    """The rules with a write-off that never pays and no crossing: ``play_deal``
    then plays every deal.

    Parameters
    ----------
    rules : Rules

    Returns
    -------
    Rules
        ``rules`` with ``write_off_payment="fixed"`` and ``write_off_fixed``
        :data:`NEVER_PAYS` and ``crossing="none"`` (crossing, the other way
        of giving up, would leave the deal unplayed too); every play
        convention and every field of what players see unchanged.
    """
    return rules.with_changes(write_off_payment="fixed", write_off_fixed=NEVER_PAYS, crossing="none")


def deal_seed(*keys) -> int:
    """A ``play_deal`` seed from non-negative integer keys.

    ``SeedSequence(keys)``'s first 32-bit word: the odds use ``(seed,
    sample)``, the games ``(seed, game_id, deal_no, seat)``, so a deal's
    play depends on its place only, never on chunking or workers.

    Examples
    --------
    >>> deal_seed(0, 5) == deal_seed(0, 5) != deal_seed(0, 6)
    True
    """
    ss = np.random.SeedSequence([int(k) for k in keys])
    return int(ss.generate_state(1, np.uint32)[0])


def play_out(hand, widow, left, right, rules, *, worlds: int, seed: int, bid: int = 100):
    """``play_deal`` under :func:`playing_rules`: the deal is always played.

    Parameters
    ----------
    hand, widow, left, right : int
        Masks of DESIGN.md contract 7 (7, 3, 7 and 7 cards).
    rules : Rules
    worlds, seed, bid : int
        As :func:`analysis.single_dummy.play_deal`.

    Returns
    -------
    analysis.single_dummy.SDResult
        Its ``contract`` is the one named when writing off is ruled out;
        ``written_off`` is False.
    """
    return play_deal(
        int(hand),
        int(widow),
        int(left),
        int(right),
        bid=int(bid),
        rules=playing_rules(rules),
        worlds=int(worlds),
        seed=int(seed),
    )


def has_play(frame) -> np.ndarray:
    """Which rows of an ``sd`` frame hold their deal's play.

    Parameters
    ----------
    frame : pandas.DataFrame
        ``sd`` rows with ``written_off`` and ``moves`` (:data:`SD_COLUMNS`).

    Returns
    -------
    ndarray of bool, shape (rows,)
        True where the row was played or, written off, stores the play that
        would have followed (rows made by :func:`play_deals` now); False for
        a written-off row of an older dataset, which stored no play, and for
        every written-off row of a frame without ``moves``.
    """
    played = ~frame["written_off"].to_numpy(bool)
    if "moves" not in frame:
        return played
    return played | np.array([m is not None and len(m) > 0 for m in frame["moves"]], dtype=bool)


def encode_move(seat: int, card: int, declared) -> int:
    """One move as a byte: ``card | declared << 5 | seat << 6``.

    Parameters
    ----------
    seat : int
        Mover, relative to the declarer: 0 declarer, 1 left, 2 right.
    card : int
        Card id 0..23 (DESIGN.md, contract 1).
    declared : bool
        The lead declared a marriage (RULES.md, marriages).

    Examples
    --------
    >>> encode_move(2, 23, True)
    183
    >>> decode_moves([183])
    [(2, 23, True)]
    """
    return int(card) | (int(bool(declared)) << 5) | (int(seat) << 6)


def decode_moves(codes) -> list[tuple[int, int, bool]]:
    """The ``(seat, card, declared)`` moves of a ``moves`` cell (:func:`encode_move`)."""
    return [(int(c) >> 6, int(c) & 31, bool((int(c) >> 5) & 1)) for c in codes]


def _column(deals, name: str) -> np.ndarray:
    try:
        return np.asarray(deals[name])
    except (KeyError, IndexError, TypeError):
        raise BadArgument(f"deals lack the column {name!r}", parameter=name) from None


def _whole(x, what: str, low: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int | np.integer) or x < low:
        raise BadArgument(f"{what} must be an integer of at least {low}, got {x!r}", parameter=what, got=x)
    return int(x)


def play_deals(deals, seats=(0, 1, 2), rules="club", worlds: int = 16, seed: int = 0, bid: int = 100):
    """Single-dummy play of each deal with each seat as declarer.

    Parameters
    ----------
    deals : pandas.DataFrame or dict of arrays
        Columns ``deal_id`` (int), ``hand0 hand1 hand2`` (7-card uint32
        masks, seat 0 the first hand) and ``widow`` (3-card uint32 mask),
        DESIGN.md contract 4.
    seats : sequence of int
        Declarer seats, relative to the dealer (DESIGN.md, contract 2).
    rules : str or Rules
    worlds : int
        Layouts drawn per decision (docs/SINGLE_DUMMY.md, section 3).
    seed : int
        Dataset seed, at least 0; row ``(deal_id, seat)`` plays with
        :func:`row_seed`.
    bid : int
        The bid won (a multiple of 5, at least 100), recorded: the contract
        is named at or above it at a fresh table, the declarer the first
        hand (the default of :func:`play_deal`;
        :func:`~analysis.single_dummy.choose_contract` decides again from
        the per-world columns at any table state).

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), deals in input order, seats in the given
        order; the columns of :data:`SD_COLUMNS` with their dtypes (``moves``,
        ``estimates`` and the per-world ``*_estimates`` hold lists of ints).
        ``contract`` and ``written_off`` are the declarer's decision at the
        bid (:func:`analysis.single_dummy.play_deal`'s); the gift, the
        points, tricks and moves are the deal's play whatever that decision
        (:func:`play_out`'s), 24 moves in every row.

    Raises
    ------
    ValueError
        On a missing column, a bad or repeated seat, invalid hands, unknown
        rules, or a bad ``worlds``, ``seed`` or ``bid``.
    """
    rules = as_rules(rules)
    worlds = _whole(worlds, "worlds", 1)
    seed = _whole(seed, "seed", 0)
    bid = _whole(bid, "bid", 100)
    seats = tuple(seats)
    if not seats or any(isinstance(s, bool) or s not in (0, 1, 2) for s in seats):
        raise BadArgument(f"seats must be among 0, 1, 2, got {seats}", parameter="seats", got=seats)
    if len(set(seats)) != len(seats):
        raise BadArgument(f"seats repeat a seat: {seats}; (deal_id, seat) is the key of the rows")
    ids = _column(deals, "deal_id")
    hands = [_column(deals, f"hand{i}").astype(np.int64) for i in range(3)]
    widow = _column(deals, "widow").astype(np.int64)
    if any(len(h) != len(ids) for h in hands) or len(widow) != len(ids):
        raise BadArgument("deal columns have different lengths")
    check_deals(ids, hands, widow)
    plays = playing_rules(rules)
    rows: dict[str, list] = {k: [] for k in SD_COLUMNS}
    eight = []
    for i, deal_id in enumerate(ids):
        for s in seats:
            me, left, right = (int(hands[(s + k) % 3][i]) for k in range(3))
            w = int(widow[i])
            # played whatever the write-off, then decided under the rules
            # themselves: the same gift, worlds and play (module docstring)
            r = play_deal(
                me, w, left, right, bid=bid, rules=plays, worlds=worlds, seed=row_seed(seed, deal_id, s)
            )
            gl, gr = 1 << int(r.give_left), 1 << int(r.give_right)
            cap = int(bid_cap(rules, (me | w) & ~gl & ~gr))
            choice = choose_contract(r.worlds(), bid, rules, cap=cap)
            r = r._replace(contract=choice.contract, written_off=choice.written_off)
            rows["deal_id"].append(int(deal_id))
            rows["seat"].append(s)
            for f in _RESULT_FIELDS:
                rows[f].append(getattr(r, f))
            rows["moves"].append([encode_move(*m) for m in r.moves])
            rows["estimates"].append([int(e) for e in r.estimates])
            for c in SD_WORLD_COLUMNS:
                rows[c].append([int(e) for e in getattr(r, c)])
            eight.append(((me | w) & ~gl & ~gr, left | gl, right | gr))
    rows["redeal_after_gift"] = list(redeal_after_many(np.array(eight, dtype=np.int64).reshape(-1, 3), rules))
    frame = pd.DataFrame({k: pd.Series(v, dtype=_SCALARS.get(k, object)) for k, v in rows.items()})
    return frame


def stored_decisions(rows, rules, bid: int) -> tuple[np.ndarray, np.ndarray]:
    """The contract and write-off that :func:`play_deals` decides for stored
    rows, made again from their per-world outcomes at a fresh table.

    The gift, the worlds and the play do not depend on the decision, so a
    row's decision under other rules of the same play conventions, or under
    the current code's criterion, needs no play: only
    :func:`analysis.single_dummy.choose_contract` over the row's worlds.

    Parameters
    ----------
    rows : pandas.DataFrame
        ``sd`` rows (docs/DATA.md) joined with their deals: ``seat``,
        ``hand0 hand1 hand2 widow``, ``give_left give_right``, ``estimates``
        and the per-world columns of
        :data:`analysis.dataset.schema.SD_WORLD_COLUMNS` (sd schema 2).
    rules : str or Rules
        The rules the decision is made under (RULES.md, "write-off"; the
        bid cap of the declarer's 8 cards).
    bid : int
        The winning bid the rows were played at (the dataset's ``bid``).

    Returns
    -------
    contract : ndarray of shape (len(rows),), int64
        Points; the bid where he writes off.
    written_off : ndarray of shape (len(rows),), bool

    Raises
    ------
    BadArgument
        If a per-world column is missing (an ``sd`` schema 1 dataset:
        :func:`analysis.reference.upgrade_sd` brings it up to date).
    """
    rules = as_rules(rules)
    need = ["seat", "hand0", "hand1", "hand2", "widow", "give_left", "give_right"]
    need += ["estimates", *SD_WORLD_COLUMNS]
    missing = [c for c in need if c not in rows]
    if missing:
        raise BadArgument(
            f"the rows lack {', '.join(missing)}: not sd rows of schema 2 joined with their deals"
        )
    n = len(rows)
    hands = rows[["hand0", "hand1", "hand2"]].to_numpy(np.int64)
    seat = rows["seat"].to_numpy(np.int64)
    ten = hands[np.arange(n), seat] | rows["widow"].to_numpy(np.int64)
    gone = (np.int64(1) << rows["give_left"].to_numpy(np.int64)) | (
        np.int64(1) << rows["give_right"].to_numpy(np.int64)
    )
    eight = ten & ~gone
    columns = [rows[c].to_numpy() for c in ("estimates", *SD_WORLD_COLUMNS)]
    contract = np.empty(n, np.int64)
    written_off = np.empty(n, bool)
    for i in range(n):
        worlds = np.column_stack([np.asarray(c[i], dtype=np.int64) for c in columns])
        choice = choose_contract(worlds, int(bid), rules, cap=int(bid_cap(rules, int(eight[i]))))
        contract[i], written_off[i] = choice.contract, choice.written_off
    return contract, written_off
