"""Held-out calibration of the shipped single-dummy BidModels (``*_sd.json``).

For each pool (``club book ua wiki`` by default) it reads the single-dummy
pool the model was fitted on (its ``info["pool"]``: ``club-sd-50k``,
``book-sd``, ...), keeps the deals the model's recorded split held out of its
fit (every fifth block of 100 deals), plays out again the rows written off
where they were stored (as the fit does: ``analysis.odds.build.replay_written_off``,
the write-off ruled out, the row's own seed) and scores on those rows, per
contract 100, 110, ..., 200 (:func:`analysis.odds.reliability.calibration`):

- the single-dummy model and its points-only baseline;
- the double-dummy model shipped for the same rules, on the same
  single-dummy outcomes (what own-information games bid with before).

Usage::

    python benchmarks/calibration_sd.py [--pools club book ua wiki] [--workers 3]

Prints, per pool, the held-out deals and (deal, seat) rows, Brier score and
log loss of each model, and the reliability bins of the single-dummy model.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time

import numpy as np

from analysis import reference
from analysis.odds import BidModel, calibration, held_out_deals, replay_written_off
from analysis.rules import as_rules
from analysis.single_dummy import has_play

CONTRACTS = list(range(100, 205, 10))

_FRAME = None
_RULES = None


def _replay(idx):
    sub = _FRAME.iloc[idx].copy()
    sub.attrs = dict(_FRAME.attrs)
    return idx, replay_written_off(sub, _RULES)["value"].to_numpy()


def replayed(frame, rules, workers: int):
    """``replay_written_off(frame, rules)``, the rows spread over processes."""
    global _FRAME, _RULES
    _FRAME, _RULES = frame, rules
    todo = np.flatnonzero(~has_play(frame))
    out = frame.copy()
    if todo.size:
        with mp.get_context("fork").Pool(workers) as pool:
            for idx, vals in pool.imap_unordered(_replay, np.array_split(todo, 4 * workers)):
                out.iloc[idx, out.columns.get_loc("value")] = vals
    return out, int(todo.size)


def one(name: str, workers: int) -> None:
    t = time.perf_counter()
    rules = as_rules(reference.pool(name).rules)
    sd, base = (BidModel.default(rules, b, outcomes="pimc") for b in (False, True))
    dd = BidModel.default(rules)
    pool = sd.info["pool"]["name"]
    frame = reference.load(pool)
    frame = frame[held_out_deals(frame.deal_id.to_numpy(), sd.info["split"])]
    frame, n_replayed = replayed(frame, rules, workers)
    frame.attrs = {}
    cal = calibration(sd, frame, contracts=CONTRACTS, baseline=base)
    dd_cal = calibration(dd, frame, contracts=CONTRACTS, held_out=False)
    print(
        f"== {pool}: {cal.n_deals} held-out deals, {cal.n_rows} (deal, seat) rows "
        f"({n_replayed} written-off rows played out), contracts {CONTRACTS[0]}..{CONTRACTS[-1]} "
        f"({time.perf_counter() - t:.0f} s)"
    )
    scores = cal.scores.copy()
    scores.loc["dd_model"] = dd_cal.scores.loc["model"]
    print(scores.round(4).to_string())
    print(cal.bins.round(3).to_string(index=False))
    print()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pools", nargs="+", default=["club", "book", "ua", "wiki"])
    p.add_argument("--workers", type=int, default=3)
    a = p.parse_args()
    for name in a.pools:
        one(name, a.workers)


if __name__ == "__main__":
    main()
