"""Benchmark of single-dummy play against the double-dummy exchange, side by side.

For each random club deal (seat 0 declares at 100; deals from
``numpy.random.default_rng(seed)``), in this one process and after a
warm-up call of each:

* ``exchange_value(..., line=True)``, the double-dummy best gift and its line;
* ``analysis.single_dummy.play_deal`` with ``worlds`` layouts per decision,
  everything a decision stores included, split into the gift (the 90 gifts
  by exact pruning over the worlds), the contract (the chosen gift's
  ``worlds`` values and the decision) and the play (every unforced card).

Times are CPU times of this process (``time.process_time``); the
transposition tables are emptied before each measured call (not timed).
Node counts do not depend on the machine.  Target (docs/PERFORMANCE.md):
``play_deal`` at its default worlds costs at most 15x one
``exchange_value`` with its line, as the ratio of total CPU times over 48
deals.

``--sensitivity W1,W2,...`` also plays the same deals at ``--worlds`` with
other seeds (the row marked ``'``: how far two equal draws differ) and at
each of those worlds counts, and prints, beside the cost ratio, how often
the gift, the contract and the whole play agree with the first run, and
the mean declarer value with its paired difference: what a smaller
default would change.

Usage: ``python benchmarks/bench_single_dummy.py [--deals N] [--worlds W]
[--rules R] [--seed S] [--sensitivity 4,8] [--quick]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from analysis.single_dummy import play_deal
from analysis.solver import exchange_value
from analysis.solver.api import STATE

clock = time.process_time
PHASES = ("gift", "contract", "play")


def _fresh():
    """Empty the transposition tables (not timed)."""
    vt, jt, _ = STATE.tables()
    vt[:, 0] = -1
    jt[:, 0] = -1


def _deal(rng):
    p = rng.permutation(24)
    hs = [int(sum(1 << int(c) for c in p[7 * k : 7 * k + 7])) for k in range(3)]
    return hs, int(sum(1 << int(c) for c in p[21:]))


def _play(deals, worlds, rules, verbose=False, dd_ms=None, seed0=0, gift="exact"):
    """Play every deal; returns (results, CPU ms per deal, phase ms, phase nodes)."""
    out, ms = [], []
    phase = {name: [] for name in PHASES}
    nodes = {name: [] for name in PHASES}
    for i, (hs, w) in enumerate(deals):
        st3 = np.zeros(3, dtype=np.int64)
        tm: dict = {}
        _fresh()
        t = clock()
        sd = play_deal(
            hs[0],
            w,
            hs[1],
            hs[2],
            rules=rules,
            worlds=worlds,
            seed=seed0 + i,
            stats=st3,
            timings=tm,
            gift=gift,
        )
        ms.append(1e3 * (clock() - t))
        out.append(sd)
        for k, name in enumerate(PHASES):
            phase[name].append(1e3 * tm.get(name, 0.0))
            nodes[name].append(int(st3[k]))
        if verbose:
            print(
                f"{gift} deal {i}: exchange_value {dd_ms[i]:7.2f} ms | play_deal {ms[-1]:7.1f} ms = gift "
                f"{phase['gift'][-1]:.0f} + contract {phase['contract'][-1]:.0f} + play "
                f"{phase['play'][-1]:.0f} (nodes {st3[0]} / {st3[1]} / {st3[2]}; value {sd.value}, "
                f"contract {sd.contract}) ratio {ms[-1] / dd_ms[i]:.0f}x"
            )
    return out, np.array(ms), phase, nodes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=48)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--rules", default="club")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sensitivity", default="", help="other worlds counts, comma-separated")
    ap.add_argument("--quick", action="store_true", help="6 deals")
    ap.add_argument(
        "--gift",
        default="shortlist,exact",
        help="gift rules of play_deal to measure side by side, comma-separated; the first is compared "
        "with the others and used for --sensitivity",
    )
    ap.add_argument("--verbose", action="store_true", help="one line per deal and gift rule")
    args = ap.parse_args(argv)
    gifts = [g.strip() for g in args.gift.split(",") if g.strip()]
    n = 6 if args.quick else args.deals
    rng = np.random.default_rng(args.seed)
    deals = [_deal(rng) for _ in range(n)]
    # warm up the compiled code outside the measurement
    hs, w = _deal(np.random.default_rng(12345))
    play_deal(hs[0], w, hs[1], hs[2], rules=args.rules, worlds=2)
    exchange_value(hs[0], w, hs[1], hs[2], rules=args.rules)
    dd_ms, dd_nodes = [], []
    for hs, w in deals:
        st = np.zeros(1, dtype=np.int64)
        _fresh()
        t = clock()
        exchange_value(hs[0], w, hs[1], hs[2], rules=args.rules, line=True, stats=st)
        dd_ms.append(1e3 * (clock() - t))
        dd_nodes.append(int(st[0]))
    tot_dd = float(np.sum(dd_ms))
    print(f"\n{n} deals, rules {args.rules}, {args.worlds} worlds, seed {args.seed}")
    print(f"  exchange_value with line: mean {np.mean(dd_ms):.2f} ms, nodes mean {int(np.mean(dd_nodes))}")
    runs = {}
    for gift in gifts:
        runs[gift] = _play(deals, args.worlds, args.rules, verbose=args.verbose, dd_ms=dd_ms, gift=gift)
    for gift in gifts:
        _, sd_ms, phase, nodes = runs[gift]
        tot_sd = float(np.sum(sd_ms))
        all_nodes = sum(np.sum(v) for v in nodes.values())
        print(f"  play_deal, gift={gift}: mean {np.mean(sd_ms):.1f} ms, nodes mean {int(all_nodes / n)}")
        for name in PHASES:
            share = np.sum(phase[name]) / tot_sd
            print(
                f"    {name:<9} mean {np.mean(phase[name]):8.1f} ms ({100 * share:4.1f} %), "
                f"nodes mean {int(np.mean(nodes[name]))} "
                f"({np.sum(nodes[name]) / np.sum(dd_nodes):.1f}x the exchange's)"
            )
        ratios = sd_ms / np.array(dd_ms)
        print(
            f"    ratio play_deal / exchange_value: total {tot_sd / tot_dd:.1f}x, "
            f"median per deal {np.median(ratios):.0f}x (target <= 15x); nodes "
            f"{all_nodes / np.sum(dd_nodes):.1f}x"
        )
    res, sd_ms = runs[gifts[0]][:2]
    tot_sd = float(np.sum(sd_ms))
    base = np.array([r.value for r in res])
    for gift in gifts[1:]:
        got = runs[gift][0]
        v = np.array([r.value for r in got])
        d = v - base
        half = 1.96 * d.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
        print(
            f"  gift={gift} against gift={gifts[0]}: gift same "
            f"{100 * np.mean([a[:2] == b[:2] for a, b in zip(res, got)]):.0f} %, contract same "
            f"{100 * np.mean([a.contract == b.contract for a, b in zip(res, got)]):.0f} %, whole play same "
            f"{100 * np.mean([a.moves == b.moves for a, b in zip(res, got)]):.0f} %, declarer's value "
            f"{v.mean():.1f} against {base.mean():.1f}, paired {d.mean():+.1f} ± {half:.1f} (95 %)"
        )
    others = [int(x) for x in args.sensitivity.split(",") if x.strip()]
    if others:
        base = np.array([r.value for r in res])
        print(f"\n  sensitivity to worlds, the same {n} deals against {args.worlds} worlds:")
        print("    worlds  ratio  gift same  contract same  play same  mean value  paired diff (95 %)")
        print(
            f"    {args.worlds:>6}  {tot_sd / tot_dd:5.1f}x  {'100 %':>9}  {'100 %':>13}  "
            f"{'100 %':>9}  {base.mean():10.1f}"
        )
        for wo in [args.worlds, *others]:
            # at --worlds itself with other seeds: how far two equal draws differ
            seed0 = 10_000 if wo == args.worlds else 0
            got, ms, _, _ = _play(deals, wo, args.rules, seed0=seed0, gift=gifts[0])
            gift = np.mean([a[:2] == b[:2] for a, b in zip(res, got)])
            con = np.mean([a.contract == b.contract for a, b in zip(res, got)])
            same = np.mean([a.moves == b.moves for a, b in zip(res, got)])
            v = np.array([r.value for r in got])
            d = v - base
            half = 1.96 * d.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
            name = f"{wo}'" if seed0 else str(wo)
            print(
                f"    {name:>6}  {np.sum(ms) / tot_dd:5.1f}x  {100 * gift:7.0f} %  {100 * con:11.0f} %  "
                f"{100 * same:7.0f} %  {v.mean():10.1f}  {d.mean():+.1f} ± {half:.1f}"
            )


if __name__ == "__main__":
    main()
