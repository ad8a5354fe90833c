"""``thousand run``: the main job on an embedded default (what ``make run`` does)."""

from __future__ import annotations

import time

from ._common import add_parallel_options, add_rules_options, progress_flag, rules_from_args

DEFAULT_DEALS = 1_000_000
DEFAULT_SEED = 2026


def register(sub) -> None:
    p = sub.add_parser("run", help="the main job on an embedded default (make run)",
                       description="Deal a default sample, print redeal frequencies "
                                   "beside their exact values, and run every later "
                                   "stage that exists.")
    p.add_argument("--n", type=int, default=DEFAULT_DEALS, help=f"deals (default {DEFAULT_DEALS:,})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--data", default="data", help="folder for the datasets (default data)")
    add_rules_options(p)
    add_parallel_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..jobs.deals import run_deal
    from ..summaries import format_table, redeal_summary

    rules = rules_from_args(args)
    out = f"{args.data}/deals-{rules.name}-{rules.fingerprint()}-s{args.seed}-n{args.n}"
    t0 = time.perf_counter()
    m = run_deal(out, args.n, args.seed, rules, workers=args.workers,
                 scheduler=args.scheduler, progress=progress_flag(args))
    print(f"[deal] {m['rows']:,} deals at {out} ({time.perf_counter() - t0:.1f} s), "
          f"content hash {m['content_hash']}")
    table = redeal_summary(out)
    print(f"\n[redeals] rules {rules.name}: Monte Carlo with 95% intervals beside the "
          "exact probability (z = deviation in standard errors)")
    print(format_table(table))
    return 0
