"""Dark odds: one null-window search at 120 per blind gift against its exact value.

``thousand odds --dark`` needs, for each of the 90 gifts of a deal's first
hand, only whether he takes 120 (:func:`analysis.solver.makes`); the exact
value (:func:`analysis.solver.play_value`) is what a simpler build would
solve.  Both run side by side in one process on the same pool deals, with
the solver's node counts.

Usage::

    python benchmarks/bench_dark_odds.py --rules book --deals 5
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd

from analysis.reference import pool_for
from analysis.rules import load_rules
from analysis.solver import makes, play_value


def gifts(ten: int):
    cards = [c for c in range(24) if ten >> c & 1]
    return [(a, b) for a in cards for b in cards if a != b]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="book")
    ap.add_argument("--deals", type=int, default=5)
    a = ap.parse_args()
    rules = load_rules(a.rules)
    f = pd.read_parquet(pool_for(rules).deals_path).iloc[: a.deals + 1]
    rows = [tuple(int(x) for x in (r.hand0, r.widow, r.hand1, r.hand2)) for r in f.itertuples()]
    warm = rows.pop(0)  # compile both entry points before timing
    ten = warm[0] | warm[1]
    a0, b0 = gifts(ten)[0]
    h8 = (ten & ~(1 << a0) & ~(1 << b0), warm[2] | 1 << a0, warm[3] | 1 << b0)
    makes(h8, 120, declarer=0, leader=0, first_trick=True, rules=rules)
    play_value(h8, declarer=0, leader=0, first_trick=True, rules=rules)
    out = {}
    for name in ("makes", "play_value"):
        stats = np.zeros(1, dtype=np.int64)
        t = time.perf_counter()
        made = 0
        for hand, widow, left, right in rows:
            ten = hand | widow
            for x, y in gifts(ten):
                h8 = (ten & ~(1 << x) & ~(1 << y), left | 1 << x, right | 1 << y)
                if name == "makes":
                    made += bool(
                        makes(h8, 120, declarer=0, leader=0, first_trick=True, rules=rules, stats=stats)
                    )
                else:
                    v = play_value(h8, declarer=0, leader=0, first_trick=True, rules=rules, stats=stats)
                    made += v >= 120
        out[name] = (time.perf_counter() - t, int(stats[0]), made)
    n = len(rows)
    for name, (sec, nodes, made) in out.items():
        print(f"{name:10s} {sec / n:7.3f} s/deal  {nodes / n / 90:12,.0f} nodes/gift  made {made}/{90 * n}")
    print(
        f"ratio play_value/makes: time {out['play_value'][0] / out['makes'][0]:.1f}x, "
        f"nodes {out['play_value'][1] / max(out['makes'][1], 1):.1f}x"
    )


if __name__ == "__main__":
    main()
