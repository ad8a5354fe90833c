"""A solutions sample for fitting and checking :class:`~analysis.odds.BidModel`.

Deals come from :func:`analysis.deal.deal` on the stream
:func:`analysis.deal.chunk_rng` ``(seed, chunk)``; each deal is solved with
the best exchange (:func:`analysis.solver.solve_exchanges`, value only) for
every seat as declarer.  The result is a long table with the columns the
model reads (``seat``, ``hand``, ``value``) plus the deal, so a chunk made
here and a ``deals`` + ``solutions`` dataset (:func:`analysis.dataset.load`)
are read the same way by :func:`solutions_long`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ..deal import chunk_rng, deal
from ..errors import BadArgument
from ..redeal import redeal_flags
from ..rules import entry_point
from ..solver.batch import solve_exchanges

__all__ = ["solve_values", "make_sample", "solutions_long"]


@entry_point
def solve_values(deals, seats=(0, 1, 2), rules="club", progress=None) -> np.ndarray:
    """Double-dummy value after the best exchange, per deal and declarer seat.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
        hand0, hand1, hand2, widow (seats relative to the dealer).
    seats : sequence of int
        Declarer seats; the declarer's left is ``(s + 1) % 3``.
    rules : str or Rules
    progress : bool, optional
        tqdm bar (default: on a terminal).

    Returns
    -------
    ndarray of shape (n, len(seats)), int16
        Card points plus declared marriages, 0–400 (``ExchangeResult.value``).

    Raises
    ------
    ValueError
        On bad deals, seats or rules.
    """

    d = np.asarray(deals, dtype=np.uint32)
    seats = [int(s) for s in seats]
    if any(s not in (0, 1, 2) for s in seats):
        raise BadArgument(f"seats must be 0, 1 or 2, got {seats}")
    out = np.empty((d.shape[0], len(seats)), dtype=np.int16)
    show = sys.stderr.isatty() if progress is None else progress
    with tqdm(total=d.shape[0], disable=not show, desc="solve", unit="deal") as bar:
        for lo in range(0, d.shape[0], 25):
            b = d[lo : lo + 25]
            for j, s in enumerate(seats):
                out[lo : lo + 25, j] = solve_exchanges.given_rules(
                    b[:, s], b[:, 3], b[:, (s + 1) % 3], b[:, (s + 2) % 3], rules=rules, line=False
                )["value"]
            bar.update(b.shape[0])
    return out


@entry_point
def make_sample(n: int, seed: int, chunk: int = 0, rules="club", progress=None) -> pd.DataFrame:
    """Deal and solve ``n`` deals for all three seats.

    Parameters
    ----------
    n : int
        Deals.
    seed, chunk : int
        The stream ``chunk_rng(seed, chunk)``; the same pair gives the same table.
    rules : str or Rules

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat): ``deal_id`` int64 (``chunk * 10**9 + i``),
        ``seat`` int8, ``hand0 hand1 hand2 widow`` uint32 masks, ``value``
        int16 (card points plus marriages after the best exchange) and
        ``redeal_forced`` bool (the profile's forced redeal before bidding or
        at the widow; RULES.md, "Redeals").
    """
    d = deal(chunk_rng(seed, chunk), n)
    vals = solve_values.given_rules(d, (0, 1, 2), rules=rules, progress=progress)
    forced = redeal_flags(d, rules)["redeal_forced"]
    ids = np.int64(chunk) * 10**9 + np.arange(n, dtype=np.int64)
    frames = []
    for s in range(3):
        frames.append(
            pd.DataFrame(
                {
                    "deal_id": ids,
                    "seat": np.int8(s),
                    "hand0": d[:, 0],
                    "hand1": d[:, 1],
                    "hand2": d[:, 2],
                    "widow": d[:, 3],
                    "value": vals[:, s],
                    "redeal_forced": forced,
                }
            )
        )
    return (
        pd.concat(frames, ignore_index=True)
        .sort_values(["deal_id", "seat"], kind="stable")
        .reset_index(drop=True)
    )


def solutions_long(frame) -> pd.DataFrame:
    """Normalise deals joined with solutions to ``hand``, ``seat``, ``value``.

    Parameters
    ----------
    frame : pandas.DataFrame or path
        Rows per (deal, seat) with ``seat``, ``value``, ``hand0 hand1
        hand2`` (and ``widow``), as :func:`make_sample` or
        :func:`analysis.dataset.load` return; a path is read with
        :func:`analysis.dataset.load` (a solutions dataset) or, for a
        ``.parquet`` file, :func:`pandas.read_parquet`.

    Returns
    -------
    pandas.DataFrame
        The input with a ``hand`` column (uint32, the declarer's 7 cards)
        and, if missing, ``redeal_forced`` (False).

    Raises
    ------
    ValueError
        If a needed column is missing.
    """
    if not isinstance(frame, pd.DataFrame):
        p = Path(frame)
        if p.suffix == ".parquet":
            frame = pd.read_parquet(p)
        else:
            # the dataset layer (pyarrow.dataset, about 0.5 s) only when a dataset is read
            from .. import dataset

            kind = dataset.read_params(p).get("kind")
            if kind != "solutions":
                raise BadArgument(
                    f"{p} is a {kind} dataset; the odds are counted on solutions: "
                    "give a solutions folder, or analysis.dataset.load(DEALS, "
                    "SOLUTIONS)"
                )
            frame = dataset.load(p)
    need = {"seat", "value", "hand0", "hand1", "hand2"}
    missing = need - set(frame.columns)
    if missing:
        hint = ""
        if {"seat", "value"} & missing and not {"hand0", "hand1", "hand2"} & missing:
            hint = (
                "; it holds deals without their solutions: join them with "
                "analysis.dataset.load(DEALS, SOLUTIONS)"
            )
        raise BadArgument(f"solutions frame lacks columns {sorted(missing)}{hint}")
    f = frame.copy()
    seat = f["seat"].to_numpy().astype(np.int64)
    hands = np.stack([f[f"hand{s}"].to_numpy() for s in range(3)], axis=1).astype(np.uint32)
    f["hand"] = hands[np.arange(len(f)), seat]
    if "redeal_forced" not in f.columns:
        f["redeal_forced"] = False
    return f
