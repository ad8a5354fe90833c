"""``thousand run``: the main job on an embedded default (what ``make run`` does).

deal → redeal statistics beside exact values → solve a sample → success
rates by contract (from the reference pool of the rules, when there is one) →
simulate games (own information from the single-dummy reference pool that
serves the rules; double-dummy on the solved pool where none does, or with
``--outcomes dd``) → the report.
"""

from __future__ import annotations

import time

from .. import folders
from ..errors import BadArgument
from ._common import add_parallel_options, add_rules_options, progress_flag, rules_from_args

DEFAULT_DEALS = 1_000_000
DEFAULT_SOLVE = 2_000
DEFAULT_GAMES = 300
DEFAULT_SEED = 2026


def register(sub) -> None:
    p = sub.add_parser(
        "run",
        help="the main job on an embedded default (make run)",
        description="Deal a default sample, print redeal frequencies beside "
        "their exact values, solve a sample double-dummy, simulate games "
        "(own-information play from the single-dummy reference pool by default), "
        "and write the report.",
    )
    p.add_argument("--n", type=int, default=DEFAULT_DEALS, help=f"deals (default {DEFAULT_DEALS:,})")
    p.add_argument(
        "--solve",
        type=int,
        default=DEFAULT_SOLVE,
        help=f"deals to solve for all three seats (default {DEFAULT_SOLVE:,}; 0 skips)",
    )
    p.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games to simulate (default {DEFAULT_GAMES}; 0 skips)",
    )
    p.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default=None,
        help="the games' outcomes: pimc, own-information play from the single-dummy reference "
        "pool; dd, double-dummy from the solved pool (default: pimc where a built single-dummy "
        "pool serves the rules, else dd with a note)",
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--data", default="data", help="folder for the datasets (default data)")
    p.add_argument(
        "--report",
        choices=("full", "quick", "none"),
        default="full",
        help="execute the notebooks into reports/ (default full)",
    )
    add_rules_options(p)
    add_parallel_options(p)
    p.set_defaults(func=run)


def _pct(row) -> str:
    return f"{100 * row['p']:.1f} % ({100 * row['ci_low']:.1f}–{100 * row['ci_high']:.1f})"


def _stamp(t0: float) -> str:
    return f"{time.perf_counter() - t0:.0f} s"


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import reference
    from ..deal_summary import format_table, redeal_summary, value_summary
    from ..jobs.deals import run_deal

    if args.solve < 0:
        raise BadArgument(f"--solve must be at least 0 (0 skips solving), got {args.solve}")
    rules = rules_from_args(args)
    deals = str(folders.deals_folder(args.data, rules, args.seed, args.n))
    t0 = time.perf_counter()
    kw = dict(workers=args.workers, scheduler=args.scheduler, progress=progress_flag(args))
    print(f"[deal] dealing {args.n:,} deals ...", flush=True)
    m = run_deal(deals, args.n, args.seed, rules, **kw)
    print(f"[deal] {m['rows']:,} deals at {deals} ({_stamp(t0)}), content hash {m['content_hash']}")
    print(
        f"\n[redeals] rules {rules.name}: Monte Carlo with 95% intervals beside the "
        "exact probability (z = deviation in standard errors)"
    )
    print(format_table(redeal_summary(deals)))

    n_solve = min(args.solve, args.n)
    if args.solve > args.n:
        print(
            f"\nnote: --solve {args.solve:,} is more than the {args.n:,} deals dealt; solving all {args.n:,}"
        )
    if args.solve <= 0 and args.games > 0:
        print("\nnote: the games are played on the solved deals; with --solve 0 no games are simulated")
    if n_solve > 0:
        # late: the parser imports every command module; the work loads when it runs
        from ..jobs.solutions import run_solve

        t1 = time.perf_counter()
        # named after the deals solved too: another --n into the same --data
        # folder is another set of solutions, not a clash
        sols = str(folders.solutions_folder(args.data, rules, args.seed, args.n, n_solve))
        print(
            f"\n[solve] solving {n_solve:,} deals for 3 seats each "
            "(the slow step; a progress bar shows on a terminal) ...",
            flush=True,
        )
        m = run_solve(deals, sols, rules, n=n_solve, **kw)
        print(
            f"\n[solve] {m['rows']:,} solutions ({m['params']['n']:,} deals × 3 seats) at "
            f"{sols} ({_stamp(t1)}), content hash {m['content_hash']}"
        )
        fresh = value_summary(sols)
        pool = reference.pool_for(rules)
        if pool is None:
            print(
                f"\nnote: no reference pool plays as {rules.name} does (thousand reference "
                "list); the odds and games below come from the fresh sample"
            )
            source, frame, games_pool = f"the {n_solve:,} deals solved above", fresh, sols
        else:
            frame = value_summary(reference.load(pool.name, rules=rules))
            source = (
                f"reference pool {pool.name!r}: {pool.deals:,} distinct solved deals, "
                f"content hash {pool.content_hash}"
            )
            games_pool = pool.solutions_path
            both = fresh.loc[(0, 120)], frame.loc[(0, 120)]
            print(
                f"\n[check] first hand reaches 120: {_pct(both[0])} in the {n_solve:,} deals "
                f"solved now, {_pct(both[1])} in the reference pool"
            )
        print(
            "\n[odds] share of deals in which the declarer's double-dummy value after the "
            f"best exchange reaches the contract, by seat, from {source} (95% intervals; "
            "deals the rules redeal by force before play left out)"
        )
        print(format_table(frame))
        if args.games > 0:
            # late: the parser imports every command module; the work loads when it runs
            from .. import dataset
            from ..game import format_summary, resolve_outcomes, summarize
            from ..jobs.games import run_games

            t2 = time.perf_counter()
            choice = resolve_outcomes(rules, args.outcomes)
            outcomes = choice.outcomes
            where = f"pool{pool.name}" if pool else f"d{args.n}-pool{n_solve}"
            if outcomes == "pimc":  # own information: the single-dummy pool, or on the fly as asked
                games_pool = choice.pool
                where = f"pool{choice.reference}" if choice.reference else "pimc-on-the-fly"
                source = (
                    f"the single-dummy reference pool {choice.reference!r}"
                    if choice.reference
                    else "deals played single-dummy on the fly"
                ) + " (own information: every decision from the player's own cards)"
            if choice.fallback or outcomes == "pimc":
                print(f"\n{choice.note}")
            games = str(folders.games_folder(args.data, rules, args.seed, args.games, where))
            print(f"\n[simulate] playing {args.games} games on {source} ...", flush=True)
            m = run_games(games, args.games, args.seed, rules, pool=games_pool, outcomes=outcomes, **kw)
            print(
                f"\n[simulate] {args.games} games at {games} ({_stamp(t2)}), content hash {m['content_hash']}"
            )
            print(format_summary(summarize(dataset.read_frame(games, "games"))))

    if args.report != "none":
        # late: the parser imports every command module; the work loads when it runs
        from ..report import ReportError, run_report

        t3 = time.perf_counter()
        print(f"\n[report] executing the notebooks ({args.report}) ...", flush=True)
        try:
            index = run_report("reports", quick=args.report == "quick", data=args.data, workers=args.workers)
        except ReportError as exc:
            print(f"[report] failed: {exc}\nsee reports/index.html")
            return 1
        print(f"[report] {index} ({_stamp(t3)})")
    print(f"\ndone in {_stamp(t0)}")
    return 0
