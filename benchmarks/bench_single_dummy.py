"""Benchmark of single-dummy play against the double-dummy exchange, side by side.

For each random deal (seat 0 declares at 100), in this one process:

* ``exchange_value(..., line=True)``, the double-dummy best gift and its line;
* ``analysis.single_dummy.play_deal`` with ``worlds`` layouts per decision,
  split into the gift (90 gifts screened on 4 worlds, the best 10 on all),
  the contract (the chosen gift's ``worlds`` values and the decision) and
  the play (every unforced card: ``worlds`` x card_values with J).

Times are CPU times of this process (``time.process_time``); the
transposition tables are emptied before each measured call (not timed).
Node counts do not depend on the machine.  Target (the issue): one
play_deal with 16 worlds at most 100x one exchange_value with its line.

Usage: ``python benchmarks/bench_single_dummy.py [--deals N] [--worlds W] [--rules R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from analysis.single_dummy import play_deal
from analysis.solver import exchange_value
from analysis.solver.api import STATE

clock = time.process_time


def _fresh():
    """Empty the transposition tables (not timed)."""
    vt, jt, _ = STATE.tables()
    vt[:, 0] = -1
    jt[:, 0] = -1


def _deal(rng):
    p = rng.permutation(24)
    hs = [int(sum(1 << int(c) for c in p[7 * k : 7 * k + 7])) for k in range(3)]
    return hs, int(sum(1 << int(c) for c in p[21:]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--rules", default="club")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="3 deals")
    args = ap.parse_args(argv)
    n = 3 if args.quick else args.deals
    rng = np.random.default_rng(args.seed)
    deals = [_deal(rng) for _ in range(n)]
    # warm up the compiled code outside the measurement
    hs, w = _deal(np.random.default_rng(12345))
    play_deal(hs[0], w, hs[1], hs[2], rules=args.rules, worlds=2)
    exchange_value(hs[0], w, hs[1], hs[2], rules=args.rules)
    dd_ms, dd_nodes, sd_ms, ratios = [], [], [], []
    phase = {"gift": [], "contract": [], "play": []}
    nodes = {"gift": [], "contract": [], "play": []}
    for i, (hs, w) in enumerate(deals):
        st = np.zeros(1, dtype=np.int64)
        _fresh()
        t = clock()
        dd = exchange_value(hs[0], w, hs[1], hs[2], rules=args.rules, line=True, stats=st)
        dd_ms.append(1e3 * (clock() - t))
        dd_nodes.append(int(st[0]))
        st3 = np.zeros(3, dtype=np.int64)
        tm: dict = {}
        _fresh()
        t = clock()
        sd = play_deal(
            hs[0], w, hs[1], hs[2], rules=args.rules, worlds=args.worlds, seed=i, stats=st3, timings=tm
        )
        sd_ms.append(1e3 * (clock() - t))
        for k, name in enumerate(phase):
            phase[name].append(1e3 * tm.get(name, 0.0))
            nodes[name].append(int(st3[k]))
        ratios.append(sd_ms[-1] / dd_ms[-1])
        print(
            f"deal {i}: exchange_value {dd_ms[-1]:8.2f} ms ({dd_nodes[-1]} nodes, value {dd.value}) | "
            f"play_deal {sd_ms[-1]:8.1f} ms = gift {phase['gift'][-1]:.0f} + contract "
            f"{phase['contract'][-1]:.0f} + play {phase['play'][-1]:.0f} "
            f"(nodes {st3[0]} / {st3[1]} / {st3[2]}; value {sd.value}, contract {sd.contract}) "
            f"ratio {ratios[-1]:.0f}x"
        )
    tot_dd, tot_sd = np.sum(dd_ms), np.sum(sd_ms)
    print(f"\n{n} deals, rules {args.rules}, {args.worlds} worlds")
    print(f"  exchange_value with line: mean {np.mean(dd_ms):.2f} ms, nodes mean {int(np.mean(dd_nodes))}")
    print(f"  play_deal:                mean {np.mean(sd_ms):.1f} ms")
    for name in phase:
        share = np.sum(phase[name]) / tot_sd
        print(
            f"    {name:<9} mean {np.mean(phase[name]):8.1f} ms ({100 * share:4.1f} %), "
            f"nodes mean {int(np.mean(nodes[name]))}"
        )
    print(
        f"  ratio play_deal / exchange_value: total {tot_sd / tot_dd:.0f}x, "
        f"median per deal {np.median(ratios):.0f}x (target <= 100x)"
    )


if __name__ == "__main__":
    main()
