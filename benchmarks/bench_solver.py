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
  60 value only);
* the same queries against the previous solver (a frozen copy,
  ``benchmarks/_solver_v1``, imported beside ``analysis.solver``), run
  interleaved deal by deal (blocks of deals for ``solve_deals``), each call on
  emptied tables: medians of nodes and CPU time, their ratios beside the
  solver 2.0 targets (exchange_value value only: 2.5x less CPU and 3x fewer
  nodes at the median; play_value: 2x less CPU; solve_deals with lines: 2.5x
  the deals per CPU second), the answers compared on every deal.

Usage: ``python benchmarks/bench_solver.py [--quick] [--seed S] [--versus]``
(``--versus``: only the comparison with the previous solver).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

from analysis.solver import exchange_makes, exchange_value, play_value, solve_deals
from analysis.solver.api import STATE
from analysis.solver.baseline import baseline_value

# The frozen copy is always imported by one name, benchmarks._solver_v1:
# numba's on-disk cache pickles the module's name with the compiled code,
# and a cache written under another name (a script's ``_solver_v1``) fails
# to load ("No module named 'benchmarks'").
_ROOT = str(pathlib.Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)
import analysis.solver as v2  # noqa: E402
import benchmarks._solver_v1 as v1  # noqa: E402
from benchmarks._solver_v1.api import STATE as V1_STATE  # noqa: E402

clock = time.process_time


def _fresh():
    """Empty the transposition tables of both solvers (not timed)."""
    for state in (STATE, V1_STATE):
        vt, jt, _ = state.tables()
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


def _paired(calls, n):
    """Run ``calls[k](i, stats)`` for the previous (k=0) and the new solver
    (k=1) on input ``i``, alternating which goes first, each on emptied
    tables; returns per-solver arrays of CPU ms and nodes.  Raises
    ``AssertionError`` when the answers differ."""
    ms = {0: [], 1: []}
    nodes = {0: [], 1: []}
    for i in range(n):
        res = {}
        for k in (0, 1) if i % 2 == 0 else (1, 0):
            st = np.zeros(1, dtype=np.int64)
            _fresh()
            t = clock()
            res[k] = calls[k](i, st)
            ms[k].append(1e3 * (clock() - t))
            nodes[k].append(int(st[0]))
        if res[0] != res[1]:
            raise AssertionError(f"input {i}: previous {res[0]} != new {res[1]}")
    return ({k: np.asarray(v) for k, v in ms.items()}, {k: np.asarray(v) for k, v in nodes.items()})


def _ratio_line(name, n, ms, nodes, cpu_target, node_target=None):
    nt = f" (target {node_target}x)" if node_target else ""
    print(f"{name}, {n} random deals, previous / new (medians):")
    print(
        f"  nodes  previous {np.median(nodes[0]):.0f}, new {np.median(nodes[1]):.0f}: "
        f"{np.median(nodes[0]) / np.median(nodes[1]):.2f}x fewer{nt}; sums "
        f"{nodes[0].sum() / nodes[1].sum():.2f}x"
    )
    print(
        f"  CPU    previous {np.median(ms[0]):.3f} ms, new {np.median(ms[1]):.3f} ms: "
        f"{np.median(ms[0]) / np.median(ms[1]):.2f}x less (target {cpu_target}x); sums "
        f"{ms[0].sum() / ms[1].sum():.2f}x"
    )


def _deals_frame(rows):
    deals = {"deal_id": np.arange(len(rows)), "widow": np.array([w for _, w in rows], dtype=np.uint32)}
    for i in range(3):
        deals[f"hand{i}"] = np.array([hs[i] for hs, _ in rows], dtype=np.uint32)
    return deals


def bench_versus(rng, n_play, n_ex, n_batch, block=10):
    """The previous solver (frozen copy) beside this one, interleaved."""
    plays = [_deal8(rng) for _ in range(n_play)]
    ms, nodes = _paired([lambda i, st, m=m: m.play_value(plays[i], stats=st) for m in (v1, v2)], n_play)
    _ratio_line("play_value", n_play, ms, nodes, 2)
    ex = [_deal7(rng) for _ in range(n_ex)]
    for line in (False, True):
        calls = [
            lambda i, st, m=m, line=line: m.exchange_value(
                ex[i][0][0], ex[i][1], ex[i][0][1], ex[i][0][2], line=line, stats=st
            )
            for m in (v1, v2)
        ]
        ms, nodes = _paired(calls, n_ex)
        if line:
            _ratio_line("exchange_value with line", n_ex, ms, nodes, "-")
        else:
            _ratio_line("exchange_value value only", n_ex, ms, nodes, 2.5, 3)
    rows = [_deal7(rng) for _ in range(n_batch)]
    for lines in (True, False):
        cpu = {0: 0.0, 1: 0.0}
        for j, lo in enumerate(range(0, n_batch, block)):
            deals = _deals_frame(rows[lo : lo + block])
            out = {}
            for k in (0, 1) if j % 2 == 0 else (1, 0):
                _fresh()
                t = clock()
                out[k] = (v1, v2)[k].solve_deals(deals, lines=lines)
                cpu[k] += clock() - t
            if not out[0].equals(out[1]):
                raise AssertionError(f"solve_deals block {j}: the solvers disagree")
        tgt = " (target 2.5x)" if lines else ""
        print(
            f"solve_deals, lines={lines}, {n_batch} deals x 3 seats in blocks of {block}: "
            f"previous {n_batch / cpu[0]:.1f}, new {n_batch / cpu[1]:.1f} deals per CPU "
            f"second: {cpu[0] / cpu[1]:.2f}x{tgt}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer deals (about a minute)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--versus", action="store_true", help="only the comparison with the previous solver")
    args = ap.parse_args(argv)
    n_play, n_base, n_ex, n_naive, n_batch = (200, 10, 50, 5, 20) if args.quick else (2000, 60, 500, 30, 200)
    rng = np.random.default_rng(args.seed)
    # compile / load the kernels before timing
    h, w = _deal7(np.random.default_rng(0))
    exchange_value(h[0], w, h[1], h[2])
    exchange_makes(h[0], w, h[1], h[2], 120)
    tiny = _deals_frame([(h, w)])
    for m in (v1, v2):
        m.play_value([1, 2, 4])
        m.exchange_value(h[0], w, h[1], h[2])
        for lines in (True, False):
            m.solve_deals(tiny, lines=lines)
    baseline_value([1, 2, 4])
    sizes = (100, 30, 20) if args.quick else (1000, 300, 200)
    bench_versus(np.random.default_rng(args.seed + 1), *sizes)
    if args.versus:
        return
    bench_play(rng, n_play, n_base)
    bench_exchange(rng, n_ex, n_naive)
    bench_batch(rng, n_batch)


if __name__ == "__main__":
    main()
