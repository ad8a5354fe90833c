"""The single-dummy play of pool rows: shown trick by trick, played again.

:func:`differing_rows` picks the paired rows (:func:`analysis.research.
optimism.paired_outcomes`) whose double- and single-dummy values differ
most, :func:`sd_line` renders a row's single-dummy play as
:func:`analysis.solver.format_line` renders a double-dummy line, and
:func:`worlds_sensitivity` plays pool rows again with other numbers of
worlds, every row's value the deal as played out (a pool row written off
without its play stored is played out again from its own seed).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from ..rules import as_rules
from ..single_dummy import SD_VERSION, decode_moves, play_deals, play_out, row_seed
from ..solver.analyse import DealAnalysis, format_line
from ..solver.line import replay, to_real_seats
from ..version import __version__
from .notebook import data_dir
from .optimism import stored_play

__all__ = ["differing_rows", "sd_line", "worlds_sensitivity"]


def differing_rows(paired: pd.DataFrame, k: int = 3) -> pd.DataFrame:
    """The ``k`` rows played whose values differ most (largest ``|gap|``).

    Ties are broken by key, so the choice is reproducible.
    """
    p = paired[stored_play(paired)].copy()
    p["_abs"] = p["gap"].abs()
    p = p.sort_values(["_abs", "deal_id", "seat"], ascending=[False, True, True])
    return p.head(k).drop(columns="_abs")


def sd_line(row: pd.Series, rules) -> str:
    """The single-dummy play of one paired row, trick by trick.

    Rendered as :func:`analysis.solver.format_line` renders the double-dummy
    line (real seats; ``*`` the winning card), from the row's gift and
    ``moves`` (seats relative to the declarer, :func:`analysis.single_dummy.
    batch.decode_moves`).
    """
    r = as_rules(rules)
    d = int(row["seat"])
    h = [int(row[f"hand{s}"]) for s in range(3)]
    a, b = int(row["give_left"]), int(row["give_right"])
    rel = [
        (h[d] | int(row["widow"])) & ~(1 << a) & ~(1 << b),
        h[(d + 1) % 3] | 1 << a,
        h[(d + 2) % 3] | 1 << b,
    ]
    codes = [c | (32 if dec else 0) for _, c, dec in decode_moves(row["moves"])]
    tricks = replay(rel, 0, -1, codes)
    real = [0, 0, 0]
    for k in range(3):
        real[(d + k) % 3] = rel[k]
    rot = to_real_seats(tricks, d)
    da = DealAnalysis(d, tuple(real), int(row["widow"]), a, b, int(row["value_sd"]), 0, r.name, rot)
    return format_line(da)


def worlds_sensitivity(
    paired: pd.DataFrame, rules, worlds=(4, 8, 32), n: int = 40, data=None
) -> pd.DataFrame:
    """Play ``n`` pool rows again with other ``worlds``, beside the pool's own.

    Parameters
    ----------
    paired : pandas.DataFrame
        :func:`analysis.research.sd_pools.sd_paired` rows; the first ``n`` rows of seat 0 are played.
    rules : str or Rules
    worlds : sequence of int
        Layouts per decision to try (the pool's own is added).
    n : int
        Rows played per ``worlds``.
    data : path, optional
        Folder of the cache file (default :func:`analysis.research.notebook.data_dir`).

    Returns
    -------
    pandas.DataFrame
        One row per (worlds, deal_id): ``worlds``, ``deal_id``, ``value_sd``
        (points: the deal as played out, written off or not, at every
        ``worlds`` alike: :func:`analysis.single_dummy.play_deals` plays
        every deal, and a pool row written off without its stored play is
        played out again from its own seed, :func:`_played_out`),
        ``value_dd``, ``contract``, ``written_off`` (the declarer's decision
        at the pool's bid), ``same_gift`` (as the pool's gift),
        ``mean_estimate`` (points), ``replayed`` (the value was played out
        again here).
    """
    r = as_rules(rules)
    meta = paired.attrs["sd_pool"]
    rows = paired[paired["seat"] == 0].head(n)
    # "played out": the pool's written-off rows hold their played value (not the 0 of old pools)
    key = json.dumps(
        [r.fingerprint(), meta["content_hash"], list(worlds), n, SD_VERSION, __version__, "played out"]
    )
    folder = Path(data) if data is not None else data_dir()
    out = folder / f"sd-worlds-{r.name}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.parquet"
    if out.exists():
        return pd.read_parquet(out)
    deals = rows[["deal_id", "hand0", "hand1", "hand2", "widow"]].reset_index(drop=True)
    parts = []
    for w in sorted({*worlds, int(meta["worlds"])}):
        if w == int(meta["worlds"]):
            got = _played_out(rows, r, meta)
        else:
            got = play_deals(
                deals, seats=(0,), rules=r, worlds=w, seed=int(meta["seed"]), bid=int(meta["bid"])
            )
        got = got.set_index("deal_id").reindex(rows["deal_id"].to_numpy())
        parts.append(
            pd.DataFrame(
                {
                    "worlds": w,
                    "deal_id": rows["deal_id"].to_numpy(),
                    "value_sd": got["value"].to_numpy(np.int64),
                    "value_dd": rows["value_dd"].to_numpy(np.int64),
                    "contract": got["contract"].to_numpy(np.int64),
                    "written_off": got["written_off"].to_numpy(bool),
                    "same_gift": (got["give_left"].to_numpy() == rows["give_left"].to_numpy())
                    & (got["give_right"].to_numpy() == rows["give_right"].to_numpy()),
                    "mean_estimate": [float(np.mean(e)) for e in got["estimates"]],
                    "replayed": got["replayed"].to_numpy(bool) if "replayed" in got else False,
                }
            )
        )
    f = pd.concat(parts, ignore_index=True)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    f.to_parquet(tmp)
    tmp.replace(out)
    return f


def _played_out(rows: pd.DataFrame, rules, meta: dict) -> pd.DataFrame:
    """The pool's own rows with the played value of every row.

    A row of an older pool written off at the fresh table holds no play and
    the value 0 (:func:`analysis.single_dummy.has_play`); such a row is
    played out again with :func:`analysis.single_dummy.play_out` from its own
    seed (:func:`analysis.single_dummy.row_seed`), as
    :func:`analysis.single_dummy.play_deals` plays every row at other
    ``worlds``, so every ``worlds`` value reads the same quantity.  The
    write-off decision stays the pool's.

    Returns
    -------
    pandas.DataFrame
        ``rows`` with ``value`` (points) and ``replayed`` (bool).
    """
    out = rows.rename(columns={"value_sd": "value"}).copy()
    missing = ~stored_play(out)
    out["replayed"] = missing
    col = out.columns.get_loc("value")
    for i in np.flatnonzero(missing):
        row = out.iloc[i]
        seat = int(row["seat"])
        hands = [int(row[f"hand{k}"]) for k in range(3)]
        res = play_out(
            hands[seat],
            int(row["widow"]),
            hands[(seat + 1) % 3],
            hands[(seat + 2) % 3],
            rules,
            worlds=int(meta["worlds"]),
            seed=row_seed(int(meta["seed"]), int(row["deal_id"]), seat),
            bid=int(meta["bid"]),
        )
        out.iloc[i, col] = res.value
    return out
