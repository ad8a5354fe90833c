"""Benchmark of the dealer: deals per second per core, ratio to the entropy floor.

Run: ``.venv/bin/python benchmarks/bench_deal.py [--chunk 1000000] [--reps 7]``

Everything is measured side by side in one run, interleaved round by round
(the machine is shared and noisy); the median round is reported.

- floor: numpy drawing one bounded integer per deal in [0, N), N =
  807,723,671,040 distinct deals (an exactly uniform deal needs that much
  randomness; ``rng.integers(0, N, n, dtype=np.uint64)``).
- deal: :func:`analysis.deal.deal` (that draw plus unranking), on the
  hardware ``pdep`` path where the CPU has a fast one, and the portable
  byte-table path.
- deal + derived: :func:`analysis.redeal.derived_columns` (points, marriages,
  nines, jacks, club redeal flags) on top.

Then the peak resident memory of a child process dealing 10^7 deals (with
derived columns) in chunks of 10^6, one chunk held at a time.
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis import deal as D  # noqa: E402
from analysis import deal_kernels as U  # noqa: E402
from analysis import probabilities as exact  # noqa: E402
from analysis.redeal import derived_columns  # noqa: E402


def _portable(rng, n):
    r = rng.integers(0, D.N_DEALS, n, dtype=np.uint64)
    out = np.empty((n, 4), dtype=np.uint32)
    U._deal_kernel(r, *U._fast_tables(), U._PDEP8, U._POP8, out)
    return out


def _peak_kib() -> int:
    """Peak RSS of this process in KiB: VmHWM (reset at exec) where Linux has it.

    ``getrusage``'s ``ru_maxrss`` of a child starts from the parent's RSS at
    fork, so it would report the parent's peak; VmHWM does not.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _rss_child(total: int, chunk: int) -> None:
    before = _peak_kib()
    hits = 0
    for k in range(total // chunk):
        d = D.deal(D.chunk_rng(1, k), chunk)
        cols = derived_columns(d, "club")
        hits += int(cols["redeal_bidding"].sum())
        del d, cols
    print(f"{before} {_peak_kib()} {hits}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chunk", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--rss-child", nargs=2, type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rss_child:
        derived_columns(D.deal(D.chunk_rng(0, 0), 1000))  # compile/load first
        _rss_child(*args.rss_child)
        return

    n = args.chunk
    rng = D.chunk_rng(0, 0)
    derived_columns(D.deal(rng, 1000))  # load the compiled kernels
    _portable(rng, 1000)
    cases = {
        "floor (one bounded integer per deal)": lambda: rng.integers(0, D.N_DEALS, n, dtype=np.uint64),
        "deal": lambda: D.deal(rng, n),
        "deal, portable pdep tables": lambda: _portable(rng, n),
        "deal + derived columns": lambda: derived_columns(D.deal(rng, n), "club"),
    }
    times = {k: [] for k in cases}
    for _ in range(args.reps):
        for k, f in cases.items():
            t = time.perf_counter()
            f()
            times[k].append(time.perf_counter() - t)
    med = {k: float(np.median(v)) for k, v in times.items()}
    floor = med["floor (one bounded integer per deal)"]
    print(f"chunk {n:,} deals, {args.reps} interleaved rounds, median; one core")
    print(f"hardware pdep path used by deal(): {D.hardware_pdep()}")
    print(f"{'case':40s} {'M deals/s':>10s} {'x floor time':>13s}")
    for k, t in med.items():
        print(f"{k:40s} {n / t / 1e6:10.1f} {t / floor:13.2f}")

    print("\nmachine-independent counts")
    print(f"  distinct deals N                 {D.N_DEALS:,} (log2 N = {math.log2(D.N_DEALS):.2f} bits)")
    print("  bounded random integers per deal 1")
    print("  output bytes per deal            16 (four uint32 masks)")
    sizes = [D.subset_table(24, 7).size, D.subset_table(17, 7).size, D.subset_table(10, 7).size]
    print(f"  unranking table entries          {sizes} (uint32)")
    print(f"  rank-count tables (probabilities.py) {len(exact.deal_rank_counts()[1]):,}")

    total, chunk = 10_000_000, 1_000_000
    out = subprocess.run(
        [sys.executable, __file__, "--rss-child", str(total), str(chunk)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    before, peak = int(out[0]) / 1024, int(out[1]) / 1024
    print(
        f"\npeak RSS dealing {total:,} deals with derived columns in chunks of {chunk:,}: "
        f"{peak:.0f} MiB (after loading and a 1,000-deal warm-up: {before:.0f} MiB; "
        f"one chunk of deals is {chunk * 16 / 2**20:.0f} MiB)"
    )


if __name__ == "__main__":
    main()
