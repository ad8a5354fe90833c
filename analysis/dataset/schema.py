"""The columns and Arrow types of every dataset kind (docs/DATA.md).

One table per kind, read by the job that writes it and by the readers:

- ``deals`` (:data:`DEALS_COLUMNS`): the masks of a deal and its cheap
  derived columns, the redeal flags of the profile it was dealt under;
- ``solutions`` (:data:`SOLUTION_COLUMNS`): one row per (deal, seat), the
  double-dummy value after the best exchange and the tie-broken line;
- ``sd`` (:data:`SD_COLUMNS`): one row per (deal, seat), the deal played
  single-dummy (docs/SINGLE_DUMMY.md);
- ``games`` (:data:`GAME_COLUMNS`): one row per deal of a simulated game.

The schema version of each kind is :data:`analysis.dataset.SCHEMA_VERSIONS`;
bump it when a column here changes meaning or type.
"""

from __future__ import annotations

import pyarrow as pa

__all__ = [
    "SOLUTION_COLUMNS",
    "SD_COLUMNS",
    "SD_WORLD_COLUMNS",
    "GAME_COLUMNS",
    "game_columns",
    "deals_schema",
    "solutions_schema",
    "sd_schema",
    "games_schema",
]

#: Columns and Arrow types of the deals dataset: deal id, the four masks
#: (seats relative to the dealer, DESIGN.md contracts 1 and 2), card points
#: (0-120), marriage suits (4-bit mask), nines and jacks per hand, and the
#: redeal flags (:data:`analysis.redeal.FLAG_COLUMNS`, the same names and
#: order) of the profile the deals were dealt under.
DEALS_COLUMNS = {
    "deal_id": pa.int64(),
    **{f"hand{s}": pa.uint32() for s in range(3)},
    "widow": pa.uint32(),
    **{f"points{s}": pa.int16() for s in range(3)},
    "points_widow": pa.int16(),
    **{f"marriages{s}": pa.int8() for s in range(3)},
    **{f"nines{s}": pa.int8() for s in range(3)},
    **{f"jacks{s}": pa.int8() for s in range(3)},
    "four_nines_any": pa.bool_(),
    "hand_under_any": pa.bool_(),
    "redeal_bidding": pa.bool_(),
    "redeal_bidding_seats": pa.int8(),
    "widow_under": pa.bool_(),
    "widow_two_nines": pa.bool_(),
    "redeal_widow": pa.bool_(),
    "redeal_forced": pa.bool_(),
    "redeal_claimable": pa.bool_(),
}

#: Columns and Arrow types of the solutions dataset (DESIGN.md, contract 4).
SOLUTION_COLUMNS = {
    "deal_id": pa.int64(),
    "seat": pa.int8(),
    "value": pa.int16(),
    "give_left": pa.int8(),
    "give_right": pa.int8(),
    "marriage_cap": pa.int16(),
    "declarer_tricks": pa.int8(),
    "left_points": pa.int16(),
    "left_tricks": pa.int8(),
    "right_points": pa.int16(),
    "right_tricks": pa.int8(),
    "redeal_after_gift": pa.bool_(),
}

#: Columns and Arrow types of the ``sd`` dataset (docs/DATA.md, section sd):
#: ``moves`` holds one byte per move (``card | declared << 5 | seat << 6``),
#: ``estimates`` the declarer's worlds' values after his gift, points, and
#: (schema 2) per world each defender's raw points and tricks on the
#: tie-broken double-dummy line: what his contract and write-off are
#: decided again from at any table state (docs/SINGLE_DUMMY.md, section 7).
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
    "left_point_estimates": pa.list_(pa.int16()),
    "right_point_estimates": pa.list_(pa.int16()),
    "left_trick_estimates": pa.list_(pa.int8()),
    "right_trick_estimates": pa.list_(pa.int8()),
}

#: The per-world columns of :data:`SD_COLUMNS` an ``sd`` dataset of schema 1
#: lacks (they were added in schema 2).
SD_WORLD_COLUMNS = (
    "left_point_estimates",
    "right_point_estimates",
    "left_trick_estimates",
    "right_trick_estimates",
)

#: Column name -> numpy dtype of the games rows (docs/DATA.md, then the extras
#: from ``first_hand`` on); players are fixed 0, 1, 2 (DESIGN.md, contract 2);
#: a table of four adds player 3's columns (:func:`game_columns`).
GAME_COLUMNS = {
    "game_id": "int64",
    "deal_no": "int32",
    "dealer": "int8",
    "redealt": "bool",
    "declarer": "int8",
    "bid": "int16",
    "contract": "int16",
    "written_off": "bool",
    "raw0": "int16",
    "raw1": "int16",
    "raw2": "int16",
    "tricks0": "int8",
    "tricks1": "int8",
    "tricks2": "int8",
    "delta0": "float64",
    "delta1": "float64",
    "delta2": "float64",
    "score0": "float64",
    "score1": "float64",
    "score2": "float64",
    "bolt0": "bool",
    "bolt1": "bool",
    "bolt2": "bool",
    "barrel0": "int8",
    "barrel1": "int8",
    "barrel2": "int8",
    "event": "str",
    "winner": "int8",
    # extras
    "first_hand": "int8",
    "redeal_reason": "str",
    "gift_redeal": "bool",
    "gift_condition": "bool",
    "value": "int16",
    "pool_deal": "int64",
}

#: The column groups with one column per player (``raw0``, ``raw1``, ...).
PLAYER_GROUPS = ("raw", "tricks", "delta", "score", "bolt", "barrel")


def game_columns(players: int = 3) -> dict:
    """Column name -> numpy dtype of the games rows at a table of ``players``.

    Three players: :data:`GAME_COLUMNS`.  Four (contract 9): the same
    columns with player 3's after player 2's in every group of
    :data:`PLAYER_GROUPS` (``raw3``, ``tricks3``, ``delta3``, ``score3``,
    ``bolt3``, ``barrel3``); a three-player dataset has none of them, so its
    content is what it was before four players existed.

    Raises
    ------
    ValueError
        If ``players`` is not 3 or 4.
    """
    if players == 3:
        return dict(GAME_COLUMNS)
    if players != 4:
        raise ValueError(f"players must be 3 or 4, got {players!r}")
    out = {}
    for name, dtype in GAME_COLUMNS.items():
        out[name] = dtype
        group = name[:-1]
        if group in PLAYER_GROUPS and name.endswith("2"):
            out[f"{group}3"] = dtype
    return out


_ARROW = {
    "int64": pa.int64(),
    "int32": pa.int32(),
    "int16": pa.int16(),
    "int8": pa.int8(),
    "bool": pa.bool_(),
    "float64": pa.float64(),
    "str": pa.string(),
}


def deals_schema() -> pa.Schema:
    """Arrow schema of the deals dataset (the same for every profile)."""
    return pa.schema(list(DEALS_COLUMNS.items()))


def solutions_schema() -> pa.Schema:
    """Arrow schema of the solutions dataset."""
    return pa.schema(list(SOLUTION_COLUMNS.items()))


def sd_schema() -> pa.Schema:
    """Arrow schema of the ``sd`` dataset (:data:`SD_COLUMNS`)."""
    return pa.schema(list(SD_COLUMNS.items()))


def games_schema(players: int = 3) -> pa.Schema:
    """Arrow schema of the games dataset (:func:`game_columns` in Arrow types)."""
    return pa.schema([(k, _ARROW[v]) for k, v in game_columns(players).items()])
