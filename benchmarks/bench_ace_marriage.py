"""What the ace marriage is worth, and what it costs the solver.

Prints, for the club reference pool (or ``--pool``):

1. the exact chances that a hand can hold the four aces
   (:func:`analysis.probabilities.p_four_aces`,
   :func:`analysis.probabilities.p_ace_marriage_possible`) beside their
   frequency among the pool's (deal, declarer seat) rows;
2. on the rows whose declarer's ten cards (hand and widow) hold the four
   aces, the double-dummy value with ``ace_marriage=true`` minus the pool's
   value (the same rules without it): mean with a 95 % t interval, the
   share of rows where the 200 is reached, and ``n``.  Where a defender
   holds them the value cannot change (it counts the declarer's points
   only; a defender's 200 enters J), which is checked on a sample;
3. the solver's nodes and wall seconds for those rows (each solve on
   emptied tables) with and without the
   rule, side by side in this process, and the node counts of rows where no
   hand holds the four aces (equal by construction: the rule only acts
   while a hand holds them).

Usage: ``python benchmarks/bench_ace_marriage.py [--pool club] [--rows 400]
[--seed 0]``; the pools are read from ``$THOUSAND_REFERENCE`` or
``data/reference``.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from analysis.probabilities import p_ace_marriage_possible, p_four_aces
from analysis.rules import Rules
from analysis.solver import exchange_value
from analysis.solver.search import STATE

ACES = sum(1 << (6 * s + 5) for s in range(4))


def _rows(pool: Path) -> pd.DataFrame:
    deals = pd.read_parquet(pool / "deals", columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    sol = pd.read_parquet(pool / "solutions", columns=["deal_id", "seat", "value"])
    df = sol.merge(deals, on="deal_id")
    h = df[["hand0", "hand1", "hand2"]].to_numpy().astype(np.int64)
    seat = df["seat"].to_numpy()
    idx = np.arange(len(df))
    df["hand"] = h[idx, seat]
    df["left"] = h[idx, (seat + 1) % 3]
    df["right"] = h[idx, (seat + 2) % 3]
    df["ten"] = df["hand"] | df["widow"].astype(np.int64)
    df["holder"] = np.select(
        [(df["ten"] & ACES) == ACES, (df["left"] & ACES) == ACES, (df["right"] & ACES) == ACES],
        ["declarer", "left", "right"],
        "none",
    )
    return df


def _fresh():
    """Empty the transposition tables, so that each solve starts alike (not timed)."""
    vt, jt, _ = STATE.tables()
    vt[:, 0] = -1
    jt[:, 0] = -1


def _solve(rows: pd.DataFrame, rules) -> tuple:
    """Values, nodes and wall seconds of the exchanges of ``rows``, each on emptied tables."""
    nodes = np.zeros(1, dtype=np.int64)
    values = []
    wall = 0.0
    for r in rows.itertuples():
        _fresh()
        args = (int(r.hand), int(r.widow), int(r.left), int(r.right))
        w = time.perf_counter()
        values.append(exchange_value(*args, rules=rules, line=False, stats=nodes).value)
        wall += time.perf_counter() - w
    return np.array(values), int(nodes[0]), wall


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pool", default="club")
    ap.add_argument("--rows", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    root = Path(os.environ.get("THOUSAND_REFERENCE", "data/reference"))
    df = _rows(root / a.pool)
    base = Rules.profile(a.pool)
    on = base.with_changes(ace_marriage=True)
    rng = np.random.default_rng(a.seed)

    print(f"== how often (pool {a.pool}: {len(df)} (deal, seat) rows) ==")
    counts = df["holder"].value_counts()
    n = len(df)
    for label, exact, k in (
        ("declarer's 10 cards hold the four aces", p_four_aces(10), counts.get("declarer", 0)),
        ("a given defender's 7 cards hold them", p_four_aces(7), counts.get("left", 0)),
        ("some hand can declare them", p_ace_marriage_possible(), n - counts.get("none", 0)),
    ):
        print(f"{label}: exact {float(exact):.5f} ({exact}), pool {k / n:.5f}")

    print("\n== double-dummy value change where the declarer holds them ==")
    dec = df[df["holder"] == "declarer"]
    pick = dec.iloc[np.sort(rng.choice(len(dec), size=min(a.rows, len(dec)), replace=False))]
    v_on, nodes_on, cpu_on = _solve(pick, on)
    v_off, nodes_off, cpu_off = _solve(pick, base)
    if not np.array_equal(v_off, pick["value"].to_numpy()):
        raise SystemExit("the pool's values differ from a fresh solve without the rule")
    d = v_on - v_off
    m, se = d.mean(), d.std(ddof=1) / np.sqrt(len(d))
    t = stats.t.ppf(0.975, len(d) - 1)
    lo, hi = m - t * se, m + t * se
    print(f"n = {len(d)} of {len(dec)} rows; mean change {m:.1f} points, 95 % CI [{lo:.1f}, {hi:.1f}]")
    print(f"the 200 reached (change >= 150): {np.mean(d >= 150):.3f}; no change: {np.mean(d == 0):.3f}")
    print(f"mean value without {v_off.mean():.1f}, with {v_on.mean():.1f}")
    print(f"solver: nodes {nodes_off} -> {nodes_on} ({nodes_on / nodes_off:.2f}x)")
    print(f"wall {cpu_off:.1f} s -> {cpu_on:.1f} s (shared machine: noisy)")

    print("\n== rows where a defender holds them (value unchanged) ==")
    defs = df[df["holder"].isin(["left", "right"])]
    pick = defs.iloc[np.sort(rng.choice(len(defs), size=min(a.rows // 4, len(defs)), replace=False))]
    v_on, _, _ = _solve(pick, on)
    print(f"n = {len(pick)}: changed {int((v_on != pick['value'].to_numpy()).sum())}")

    print("\n== rows where no hand holds them: nodes with and without the rule ==")
    none = df[df["holder"] == "none"]
    pick = none.iloc[np.sort(rng.choice(len(none), size=min(a.rows // 4, len(none)), replace=False))]
    v_on, n_on, _ = _solve(pick, on)
    v_off, n_off, _ = _solve(pick, base)
    print(f"n = {len(pick)}: values equal {bool(np.array_equal(v_on, v_off))}, nodes {n_off} vs {n_on}")


if __name__ == "__main__":
    main()
