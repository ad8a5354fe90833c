"""``thousand solve [--deals data/deals] [--out data/solutions] [--play dd|pimc]``.

``--play dd`` (the default) writes the double-dummy ``solutions`` dataset;
``--play pimc`` writes the single-dummy ``sd`` dataset
(docs/SINGLE_DUMMY.md), by default into the folder
:func:`analysis.folders.sd_folder` names beside the deals.
"""

from __future__ import annotations

import sys
import time

from ..errors import BadArgument
from ..folders import DEFAULT_DEALS, DEFAULT_SOLUTIONS
from ._common import add_parallel_options, add_rules_options, chunks, progress_flag


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="solve a deals dataset double-dummy for every seat",
        description="For each deal and each seat as declarer: the best "
        "exchange and the double-dummy value, with the "
        "tie-broken line; or, with --play pimc, single-dummy play (every "
        "player decides by Monte Carlo over the layouts he cannot see). "
        "Rerunning a stopped command resumes it.",
    )
    p.add_argument("--deals", default=DEFAULT_DEALS, help=f"deals dataset (default {DEFAULT_DEALS})")
    p.add_argument(
        "--out",
        default=None,
        help=f"output folder (default {DEFAULT_SOLUTIONS}; with --play pimc, "
        "sd-<rules>-<deals folder>-w<W>-b<B>-s<S> beside the deals)",
    )
    p.add_argument("--n", type=int, default=None, help="solve only the first N deals")
    p.add_argument("--seats", default="0,1,2", help="declarer seats, comma-separated (default 0,1,2)")
    p.add_argument(
        "--chunk-size", type=int, default=None, help="deals per chunk (default 1000; with --play pimc 20)"
    )
    p.add_argument(
        "--play",
        choices=("dd", "pimc"),
        default="dd",
        help="dd: double-dummy solutions (default); pimc: single-dummy play, the sd dataset",
    )
    p.add_argument(
        "--worlds", type=int, default=None, metavar="W", help="--play pimc: layouts per decision (default 16)"
    )
    p.add_argument(
        "--bid", type=int, default=None, metavar="B", help="--play pimc: the bid won, recorded (default 100)"
    )
    p.add_argument(
        "--sd-seed", type=int, default=None, metavar="S", help="--play pimc: seed of the play (default 0)"
    )
    add_rules_options(p, default=None)
    add_parallel_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import dataset
    from ..rules import Rules, load_rules

    if args.play == "dd":
        given = [
            f"--{k.replace('_', '-')}" for k in ("worlds", "bid", "sd_seed") if getattr(args, k) is not None
        ]
        if given:
            raise BadArgument(f"{', '.join(given)} only apply to --play pimc (this solve is --play dd)")

    made = Rules.from_stored(dataset.read_params(args.deals)["rules"])
    rules = load_rules(made if args.rules is None else args.rules, args.sets)
    if made.fingerprint() != rules.fingerprint():
        print(
            f"thousand solve: note: the deals were made under {made.name}; their redeal "
            f"columns follow {made.name}, the solutions follow {rules.name} (reading "
            f"them together, analysis.dataset.load gives the redeal columns of "
            f"{rules.name})",
            file=sys.stderr,
        )
    try:
        seats = [int(s) for s in args.seats.split(",") if s.strip()]
    except ValueError:
        raise BadArgument(f"--seats takes seats 0,1,2 separated by commas, got {args.seats!r}") from None
    if len(set(seats)) != len(seats):
        raise BadArgument(f"--seats names a seat twice: {args.seats!r}")
    if args.play == "pimc":
        return _run_pimc(args, rules, seats)
    # late: the parser imports every command module; the work loads when it runs
    from ..jobs.solutions import DEFAULT_CHUNK, run_solve

    out = DEFAULT_SOLUTIONS if args.out is None else args.out
    t0 = time.perf_counter()
    m = run_solve(
        args.deals,
        out,
        rules,
        n=args.n,
        seats=seats,
        chunk_size=DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
    )
    dt = time.perf_counter() - t0
    n = m["params"]["n"]
    print(
        f"{m['rows']:,} solutions ({n:,} deals × {len(seats)} seats) at {out} "
        f"({chunks(m['chunks_written'])} written now, {dt:.1f} s); rules {rules.name}, "
        f"solver {m['params']['solver_version']} / {m['params']['solver_fingerprint']}; "
        f"content hash {m['content_hash']}"
    )
    return 0


def _run_pimc(args, rules, seats) -> int:
    """``--play pimc``: the single-dummy dataset (analysis.jobs.solutions, play="pimc")."""
    # late: the parser imports every command module; the work loads when it runs
    from ..folders import sd_folder
    from ..jobs.solutions import DEFAULT_WORLDS, SD_DEFAULT_CHUNK, run_solve

    worlds = DEFAULT_WORLDS if args.worlds is None else args.worlds
    bid = 100 if args.bid is None else args.bid
    seed = 0 if args.sd_seed is None else args.sd_seed
    out = args.out
    if out is None:
        out = sd_folder(args.deals, rules, worlds=worlds, bid=bid, seed=seed, n=args.n, seats=seats)
    t0 = time.perf_counter()
    m = run_solve(
        args.deals,
        out,
        rules,
        n=args.n,
        seats=seats,
        play="pimc",
        worlds=worlds,
        bid=bid,
        seed=seed,
        chunk_size=SD_DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
    )
    dt = time.perf_counter() - t0
    p = m["params"]
    print(
        f"{m['rows']:,} single-dummy rows ({p['n']:,} deals × {len(seats)} seats, {worlds} worlds, "
        f"bid {bid}, seed {seed}) at {out} ({chunks(m['chunks_written'])} written now, {dt:.1f} s); "
        f"rules {rules.name}, single-dummy {p['sd_version']} / {p['sd_fingerprint']}; "
        f"content hash {m['content_hash']}"
    )
    return 0
