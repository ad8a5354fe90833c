"""Dark odds single-dummy: a dark deal against an ordinary single-dummy deal.

``thousand odds --dark --play pimc`` does per deal: the 90 gifts solved
double-dummy at 120, one blind gift solved double-dummy and played
single-dummy (:func:`analysis.single_dummy.play_blind`: no gift choice, no
contract decision).  Beside it, in one process on the same pool deals, an
ordinary single-dummy deal (:func:`analysis.single_dummy.play_deal` under
:func:`analysis.single_dummy.playing_rules`: the gift chosen over the
worlds, the worlds' outcomes, the play), with its solver nodes per phase.
CPU seconds (``time.process_time``), so other load on the machine counts
less.

Usage::

    python benchmarks/bench_dark_sd.py --rules book --deals 6 --worlds 16
"""

from __future__ import annotations

import argparse
import tempfile
import time

import numpy as np
import pandas as pd

from analysis.odds import dark_sd_odds
from analysis.reference import pool_for
from analysis.rules import load_rules
from analysis.single_dummy import play_deal, playing_rules, row_seed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="book")
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--worlds", type=int, default=16)
    a = ap.parse_args()
    rules = load_rules(a.rules)
    f = pd.read_parquet(pool_for(rules).deals_path).sort_values("deal_id").head(a.deals)
    rows = [tuple(int(x) for x in (r.deal_id, r.hand0, r.widow, r.hand1, r.hand2)) for r in f.itertuples()]
    with tempfile.TemporaryDirectory() as tmp:  # compile every entry point before timing
        dark_sd_odds(rules, 1, 2, data=tmp, progress=False)
    _, h0, w0, l0, r0 = rows[0]
    play_deal(h0, w0, l0, r0, rules=playing_rules(rules), worlds=2)
    with tempfile.TemporaryDirectory() as tmp:
        t = time.process_time()
        dark_sd_odds(rules, a.deals, a.worlds, data=tmp, progress=False)
        dark = time.process_time() - t
    stats = np.zeros(3, dtype=np.int64)
    t = time.process_time()
    for deal_id, h, w, left, right in rows:
        seed = row_seed(0, deal_id, 0)
        play_deal(h, w, left, right, rules=playing_rules(rules), worlds=a.worlds, seed=seed, stats=stats)
    ordinary = time.process_time() - t
    n = len(rows)
    print(f"dark deal (dark_sd_odds)  {dark / n:7.3f} s CPU/deal")
    print(
        f"ordinary sd deal          {ordinary / n:7.3f} s CPU/deal  nodes gift {stats[0] / n:,.0f}  "
        f"estimates {stats[1] / n:,.0f}  play {stats[2] / n:,.0f}"
    )
    print(f"ratio ordinary / dark: {ordinary / dark:.1f}x CPU ({n} {a.rules} deals, {a.worlds} worlds)")


if __name__ == "__main__":
    main()
