"""Rows of a single-dummy dataset from a deals table (docs/SINGLE_DUMMY.md, section 7).

:func:`play_deals` plays every requested (deal, seat) with
:func:`analysis.single_dummy.play_deal`, the seat's hand as the declarer's
(left ``(seat + 1) % 3``, right ``(seat + 2) % 3``, the rotation of
:func:`analysis.solver.solve_deals`), and returns the ``sd`` columns of
docs/DATA.md.  Each row draws from its own seed,
``SeedSequence([seed, deal_id, seat])``, so a row does not depend on which
other rows are played with it: chunking, workers and backend leave the
dataset unchanged.

A move is stored as one byte (:func:`encode_move`): ``card | declared << 5
| seat << 6``, the seat relative to the declarer (0 the declarer, 1 his
left, 2 his right), as in :class:`analysis.single_dummy.SDResult`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa

from ..errors import BadArgument
from ..rules import as_rules
from ..solver.api import redeal_after_many
from ..solver.batch import check_deals
from .play import play_deal

__all__ = ["SD_COLUMNS", "sd_schema", "play_deals", "row_seed", "encode_move", "decode_moves", "load"]

#: Columns and Arrow types of the ``sd`` dataset (docs/DATA.md, section sd).
SD_COLUMNS = {
    "deal_id": pa.int64(),
    "seat": pa.int8(),
    "give_left": pa.int8(),
    "give_right": pa.int8(),
    "contract": pa.int16(),
    "written_off": pa.bool_(),
    "value": pa.int16(),
    "left_points": pa.int16(),
    "right_points": pa.int16(),
    "declarer_tricks": pa.int8(),
    "left_tricks": pa.int8(),
    "right_tricks": pa.int8(),
    "redeal_after_gift": pa.bool_(),
    "moves": pa.list_(pa.uint8()),
    "estimates": pa.list_(pa.int16()),
}
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


def sd_schema() -> pa.Schema:
    """Arrow schema of the ``sd`` dataset (:data:`SD_COLUMNS`)."""
    return pa.schema(list(SD_COLUMNS.items()))


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
        is named at or above it, by the declarer as the first hand (the
        convention of :func:`play_deal`; :func:`decide_contract` decides
        again from ``estimates`` for another seat).

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), deals in input order, seats in the given
        order; the columns of :data:`SD_COLUMNS` with their dtypes (``moves``
        and ``estimates`` hold lists of ints).

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
    rows: dict[str, list] = {k: [] for k in SD_COLUMNS}
    eight = []
    for i, deal_id in enumerate(ids):
        for s in seats:
            me, left, right = (int(hands[(s + k) % 3][i]) for k in range(3))
            w = int(widow[i])
            r = play_deal(
                me, w, left, right, bid=bid, rules=rules, worlds=worlds, seed=row_seed(seed, deal_id, s)
            )
            rows["deal_id"].append(int(deal_id))
            rows["seat"].append(s)
            for f in _RESULT_FIELDS:
                rows[f].append(getattr(r, f))
            rows["moves"].append([encode_move(*m) for m in r.moves])
            rows["estimates"].append([int(e) for e in r.estimates])
            gl, gr = 1 << int(r.give_left), 1 << int(r.give_right)
            eight.append(((me | w) & ~gl & ~gr, left | gl, right | gr))
    rows["redeal_after_gift"] = list(redeal_after_many(np.array(eight, dtype=np.int64).reshape(-1, 3), rules))
    frame = pd.DataFrame({k: pd.Series(v, dtype=_SCALARS.get(k, object)) for k, v in rows.items()})
    return frame


def load(path):
    """Read a single-dummy (``sd``) dataset joined with the deals it played.

    Parameters
    ----------
    path : path
        An ``sd`` dataset folder (``thousand solve --play pimc``).  Its deals
        are found as :func:`analysis.dataset.solved_deals` finds a solutions
        dataset's: at the recorded place, or under the same name beside it.

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), sorted by ``deal_id`` then ``seat``: the
        ``sd`` columns (docs/DATA.md; ``moves`` and ``estimates`` hold
        integer arrays) beside the deal's columns.  ``attrs["sd"]`` records
        the source: ``path``, ``rules``, ``worlds``, ``bid``, ``seed``,
        ``sd_fingerprint``, ``sd_version``.  When the rows were played under
        other rules than the deals were dealt under, the redeal columns are
        recomputed under the rows' rules (as :func:`analysis.dataset.load`
        does for solutions).

    Raises
    ------
    analysis.dataset.DatasetError
        If ``path`` is not a complete ``sd`` dataset of this schema version,
        or its deals are not found.
    """
    from .. import dataset
    from ..dataset.integrity import comparable
    from ..dataset.join import redeals_under

    params = dataset.read_params(path)
    if params.get("kind") != "sd":
        raise dataset.DatasetError(
            f"{path} is a {params.get('kind')} dataset, not sd (thousand solve --play pimc)", path=path
        )
    rows = dataset.read_frame(path, "sd")
    deals_path = dataset.solved_deals(path, params)
    deals = dataset.read_frame(deals_path, "deals")
    frame = rows.merge(deals, on="deal_id", how="left", validate="many_to_one")
    frame = frame.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)
    frame.attrs["sd"] = {
        "path": str(path),
        "rules": params.get("rules_name"),
        **{k: params.get(k) for k in ("worlds", "bid", "seed", "sd_fingerprint", "sd_version")},
    }
    dealt = dataset.read_params(deals_path)
    if comparable({"rules": params["rules"]}) != comparable({"rules": dealt.get("rules")}):
        redeals_under(frame, params["rules"])
        frame.attrs["sd"]["redeal_columns"] = f"recomputed under {params.get('rules_name')}"
    return frame
