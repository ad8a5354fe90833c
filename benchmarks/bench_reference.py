"""What the reference pools cost: solving speed, whole-pool hours, size on disk.

Prints, for each pool of :data:`analysis.reference.POOLS`:

1. its size on disk (deals and solutions folders, bytes per deal) when built;
2. the solving speed measured now on its own first deals (``--deals`` of
   them, every seat, lines included, one process, after a warm-up that pays
   numba's compilation) in deals per CPU second, and the CPU hours and the
   wall hours on ``--workers`` cores that building the whole pool takes at
   that speed.

Usage: ``python benchmarks/bench_reference.py [--deals 150] [--workers 2]``.
The CPU seconds are process time, so the figures hold on a busy machine; the
wall hours assume the cores are free.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

from analysis import dataset, reference
from analysis.deal import chunk_rng, deal
from analysis.solver import solve_deals


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=150, help="deals solved per pool (default 150)")
    ap.add_argument("--workers", type=int, default=2, help="cores of the wall-hour figure")
    args = ap.parse_args(argv)
    print(
        f"{'pool':6} {'deals':>8} {'on disk':>9} {'B/deal':>7} {'deals/CPU s':>12} {'CPU h':>6} {'wall h':>7}"
    )
    for s in reference.POOLS:
        p = reference.pool(s.name)
        built = p.content_hash is not None
        size = _size(Path(p.deals_path)) + _size(Path(p.solutions_path)) if built else 0
        if built:
            deals = dataset.read_frame(p.deals_path, "deals").iloc[: args.deals]
        else:
            d = deal(chunk_rng(s.seed, 0), args.deals)
            deals = pd.DataFrame(
                {
                    "deal_id": range(args.deals),
                    "hand0": d[:, 0],
                    "hand1": d[:, 1],
                    "hand2": d[:, 2],
                    "widow": d[:, 3],
                }
            )
        solve_deals(deals.iloc[:2], rules=s.rules)  # compile outside the clock
        t = time.process_time()
        solve_deals(deals, rules=s.rules)
        rate = len(deals) / (time.process_time() - t)
        cpu_h = s.n / rate / 3600
        disk = f"{size / 1e6:.1f} MB" if built else "not built"
        per = f"{size / s.n:.0f}" if built else "-"
        print(
            f"{s.name:6} {s.n:>8,} {disk:>9} {per:>7} {rate:>12.1f} {cpu_h:>6.2f} "
            f"{cpu_h / args.workers:>7.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
