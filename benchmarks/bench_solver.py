"""Benchmark of the double-dummy solver against its targets, with ratios.

Every figure is measured in this one process beside a slower method on the
same inputs, so the ratios survive a noisy shared machine; node counts do
not depend on the machine at all.  Times are CPU times of this process
(``time.process_time``), so other programs on the machine inflate them
less than wall time; the transposition tables are emptied before each
measured call (outside the timing), so no call profits from the previous.

* play_value on random 8-8-8 deals, declarer leading (target: median
  <= 0.3 ms, mean <= 0.6 ms, p99 <= 4 ms), against the plain alpha-beta
  baseline (no table, no merging) on a subset of the same deals;
* exchange_value, value only and with the tie-broken line (target: mean
  <= 5 ms per seat, max <= 60 ms), against 90 separate play_value calls;
* exchange_makes, the threshold query with exchange (target: mean <= 1 ms);
* solve_deals for all three seats (target: >= 40 deals/s/core with lines,
  60 value only).

Usage: ``python benchmarks/bench_solver.py [--quick] [--seed S]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from analysis.solver import exchange_makes, exchange_value, play_value, solve_deals
from analysis.solver.api import STATE
from analysis.solver.baseline import baseline_value

clock = time.process_time


def _fresh():
    """Empty the transposition tables (not timed)."""
    vt, jt, _ = STATE.tables()
    vt[:, 0] = -1
    jt[:, 0] = -1


def _deal8(rng):
    p = rng.permutation(24)
    return [int(sum(1 << int(c) for c in p[8 * k : 8 * k + 8])) for k in range(3)]


def _deal7(rng):
    p = rng.permutation(24)
    hs = [int(sum(1 << int(c) for c in p[7 * k : 7 * k + 7])) for k in range(3)]
    return hs, int(sum(1 << int(c) for c in p[21:]))


def _summary(ms):
    ms = np.asarray(ms)
    return (
        f"median {np.median(ms):.3f} ms, mean {ms.mean():.3f} ms, "
        f"p99 {np.percentile(ms, 99):.3f} ms, max {ms.max():.3f} ms"
    )


def bench_play(rng, n, n_base):
    deals = [_deal8(rng) for _ in range(n)]
    ms, nodes, vals = [], [], []
    for h in deals:
        st = np.zeros(1, dtype=np.int64)
        _fresh()
        t = clock()
        vals.append(play_value(h, stats=st))
        ms.append(1e3 * (clock() - t))
        nodes.append(int(st[0]))
    print(f"play_value, {n} random 8-8-8 deals, declarer leads:")
    print(f"  fast     {_summary(ms)}; nodes median {int(np.median(nodes))}, mean {int(np.mean(nodes))}")
    bms, bnodes, agree = [], [], 0
    for h, v in zip(deals[:n_base], vals):
        st = np.zeros(1, dtype=np.int64)
        t = clock()
        agree += baseline_value(h, stats=st) == v
        bms.append(1e3 * (clock() - t))
        bnodes.append(int(st[0]))
    fms = np.asarray(ms[:n_base])
    fn = np.asarray(nodes[:n_base])
    print(
        f"  baseline (first {n_base} deals) {_summary(bms)}; nodes median "
        f"{int(np.median(bnodes))}; same value on {agree}/{n_base} deals"
    )
    print(
        f"  ratio baseline/fast on those deals: time (sum) {np.sum(bms) / fms.sum():.0f}x, "
        f"median time {np.median(bms) / np.median(fms):.0f}x, nodes (sum) "
        f"{np.sum(bnodes) / fn.sum():.0f}x, "
        f"ns per node fast {1e6 * fms.sum() / fn.sum():.0f}, "
        f"baseline {1e6 * np.sum(bms) / np.sum(bnodes):.0f}"
    )


def bench_exchange(rng, n, n_naive):
    deals = [_deal7(rng) for _ in range(n)]
    val_ms, line_ms, mk_ms, nodes, line_nodes = [], [], [], [], []
    for hs, w in deals:
        st = np.zeros(1, dtype=np.int64)
        _fresh()
        t = clock()
        exchange_value(hs[0], w, hs[1], hs[2], line=False, stats=st)
        val_ms.append(1e3 * (clock() - t))
        nodes.append(int(st[0]))
        st[0] = 0
        _fresh()
        t = clock()
        exchange_value(hs[0], w, hs[1], hs[2], line=True, stats=st)
        line_ms.append(1e3 * (clock() - t))
        line_nodes.append(int(st[0]))
        _fresh()
        t = clock()
        exchange_makes(hs[0], w, hs[1], hs[2], 120)
        mk_ms.append(1e3 * (clock() - t))
    print(f"exchange_value, {n} random deals, seat 0 declares:")
    print(f"  value only  {_summary(val_ms)}; nodes median {int(np.median(nodes))}")
    print(
        f"  with line   {_summary(line_ms)}; nodes median {int(np.median(line_nodes))} "
        f"(value + line cost {np.mean(line_ms) / np.mean(val_ms):.2f}x the value-only search)"
    )
    print(f"exchange_makes(contract 120): {_summary(mk_ms)}")
    naive = []
    for hs, w in deals[:n_naive]:
        ten = hs[0] | w
        cards = [c for c in range(24) if ten >> c & 1]
        t = 0.0
        for a in cards:
            for b in cards:
                if a != b:
                    _fresh()
                    t0 = clock()
                    play_value([ten & ~(1 << a) & ~(1 << b), hs[1] | 1 << a, hs[2] | 1 << b])
                    t += clock() - t0
        naive.append(1e3 * t)
    shared = np.sum(val_ms[:n_naive])
    print(
        f"  ratio 90 separate play_value calls / shared exchange search (first "
        f"{n_naive} deals): {np.sum(naive) / shared:.1f}x"
    )


def bench_batch(rng, n):
    rows = [_deal7(rng) for _ in range(n)]
    deals = {"deal_id": np.arange(n), "widow": np.array([w for _, w in rows], dtype=np.uint32)}
    for i in range(3):
        deals[f"hand{i}"] = np.array([hs[i] for hs, _ in rows], dtype=np.uint32)
    for lines in (True, False):
        _fresh()
        t = clock()
        solve_deals(deals, lines=lines)
        dt = clock() - t
        print(
            f"solve_deals, {n} deals x 3 seats, lines={lines}: {n / dt:.1f} deals per "
            f"CPU second (one process, tables kept warm within the batch)"
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer deals (about a minute)")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    n_play, n_base, n_ex, n_naive, n_batch = (200, 10, 50, 5, 20) if args.quick else (2000, 60, 500, 30, 200)
    rng = np.random.default_rng(args.seed)
    # compile / load the kernels before timing
    h, w = _deal7(np.random.default_rng(0))
    exchange_value(h[0], w, h[1], h[2])
    exchange_makes(h[0], w, h[1], h[2], 120)
    baseline_value([1, 2, 4])
    bench_play(rng, n_play, n_base)
    bench_exchange(rng, n_ex, n_naive)
    bench_batch(rng, n_batch)


if __name__ == "__main__":
    main()
