"""Single-dummy reference pools paired with the double-dummy rows of the same deals.

The single-dummy pools (:mod:`analysis.reference_sd`) play the first deals
of the double-dummy pools, so a page reads both and pairs them by
``(deal_id, seat)`` (:func:`analysis.research.optimism.paired_outcomes`).
Deals the profile redeals before the bidding or at the widow are left out,
as on the other pages.  The worlds sensitivity plays a few pool deals again
with other ``worlds`` and caches the rows as one Parquet file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from ..bids import bid_cap
from ..rules import load_rules
from . import optimism

__all__ = ["sd_pool_name", "sd_paired", "sd_line", "worlds_sensitivity"]


def _declarer_eight(f: pd.DataFrame) -> np.ndarray:
    """The declarer's 8 cards after his single-dummy gift, per row (uint32)."""
    hands = f[["hand0", "hand1", "hand2"]].to_numpy(np.int64)
    seat = f["seat"].to_numpy(np.int64)
    ten = hands[np.arange(len(f)), seat] | f["widow"].to_numpy(np.int64)
    gone = (np.int64(1) << f["give_left"].to_numpy(np.int64)) | (
        np.int64(1) << f["give_right"].to_numpy(np.int64)
    )
    return (ten & ~gone).astype(np.uint32)


def _redecide(sd: pd.DataFrame, rules) -> pd.DataFrame:
    """Contracts and write-offs decided again under ``rules`` at the recorded bid."""
    from ..single_dummy import decide_contract

    bid = int(sd.attrs["reference"]["bid"])
    eight = _declarer_eight(sd)
    out = sd.copy()
    got = [
        decide_contract(list(e), bid, rules, first_hand=int(s) == 0, cap=int(bid_cap(rules, int(h))))
        for e, s, h in zip(sd["estimates"], sd["seat"], eight)
    ]
    out["contract"] = np.array([g[0] for g in got], dtype=np.int64)
    out["written_off"] = np.array([g[1] for g in got], dtype=bool)
    return out


def sd_pool_name(rules) -> str | None:
    """The single-dummy reference pool that serves ``rules`` (built or not), if any."""
    from .. import reference
    from ..single_dummy import sd_fingerprint

    want = sd_fingerprint(load_rules(rules))
    for s in reference.SD_POOLS:
        if sd_fingerprint(load_rules(s.rules)) == want:
            return s.name
    return None


def sd_paired(rules) -> pd.DataFrame | None:
    """Double- and single-dummy rows of the single-dummy pool of ``rules``, paired.

    Parameters
    ----------
    rules : str or Rules
        A profile (or rules with a profile's single-dummy fingerprint:
        ``classic`` reads ``club-sd``, its contracts decided again under
        its own payments).

    Returns
    -------
    pandas.DataFrame or None
        :func:`analysis.research.optimism.paired_outcomes` of the pool's
        played deals, with the deals' columns ``hand0 hand1 hand2 widow``,
        ``give_left give_right`` (single-dummy gift) and ``estimates``;
        ``attrs["sd_pool"]`` / ``attrs["dd_pool"]`` describe the pools.
        None when the single-dummy pool of these rules is not built.
    """
    from .. import reference
    from .data import pool_rows, reference_pool

    r = load_rules(rules)
    sdp = reference.sd_pool_for(r, reference.root())
    if sdp is None:
        return None
    sd = reference.load(sdp.name, rules=r)
    if r.fingerprint() != load_rules(sdp.rules).fingerprint():
        sd = _redecide(sd, r)
    if "redeal_forced" in sd:
        sd = sd[~sd["redeal_forced"].to_numpy(bool)]
    dd = pool_rows(r)
    dd = dd[dd["deal_id"].isin(np.unique(sd["deal_id"].to_numpy()))]
    paired = optimism.paired_outcomes(sd, dd)
    extra = sd[
        [
            "deal_id",
            "seat",
            "hand0",
            "hand1",
            "hand2",
            "widow",
            "give_left",
            "give_right",
            "estimates",
            "moves",
        ]
    ]
    paired = paired.merge(extra, on=["deal_id", "seat"], how="left")
    paired.attrs["sd_pool"] = sdp.as_dict()
    paired.attrs["dd_pool"] = reference_pool(r).as_dict()
    return paired


def sd_line(row: pd.Series, rules) -> str:
    """The single-dummy play of one paired row, trick by trick.

    Rendered as :func:`analysis.solver.format_line` renders the double-dummy
    line (real seats; ``*`` the winning card), from the row's gift and
    ``moves`` (seats relative to the declarer, :func:`analysis.single_dummy.
    batch.decode_moves`).
    """
    from ..single_dummy.batch import decode_moves
    from ..solver.analyse import DealAnalysis, format_line
    from ..solver.line import replay, to_real_seats

    r = load_rules(rules)
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
        :func:`sd_paired` rows; the first ``n`` rows of seat 0 are played.
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
        One row per (worlds, deal_id): ``worlds``, ``deal_id``, ``value_sd``,
        ``value_dd``, ``contract``, ``written_off``, ``same_gift`` (as the
        pool's gift), ``mean_estimate`` (points).
    """
    from ..single_dummy import SD_VERSION
    from ..single_dummy.batch import play_deals
    from ..version import __version__
    from .notebook import data_dir

    r = load_rules(rules)
    meta = paired.attrs["sd_pool"]
    rows = paired[paired["seat"] == 0].head(n)
    key = json.dumps([r.fingerprint(), meta["content_hash"], list(worlds), n, SD_VERSION, __version__])
    folder = Path(data) if data is not None else data_dir()
    out = folder / f"sd-worlds-{r.name}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.parquet"
    if out.exists():
        return pd.read_parquet(out)
    deals = rows[["deal_id", "hand0", "hand1", "hand2", "widow"]].reset_index(drop=True)
    parts = []
    for w in sorted({*worlds, int(meta["worlds"])}):
        if w == int(meta["worlds"]):
            got = rows.rename(columns={"value_sd": "value"})
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
                }
            )
        )
    f = pd.concat(parts, ignore_index=True)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    f.to_parquet(tmp)
    tmp.replace(out)
    return f
