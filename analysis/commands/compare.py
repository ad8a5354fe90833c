"""``thousand compare RULES RULES [...] [--vary field=v1,v2] [--games G] [--seed S] ...``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import BadArgument
from ._common import add_parallel_options, progress_flag
from .equity import add_equity_model_option, policy_with_equity
from .simulate import add_policy_options, policy_from_args


def register(sub) -> None:
    p = sub.add_parser(
        "compare",
        help="what a house rule changes: paired games under several rule sets",
        description="Play the same games (the same dealers and deal streams) under two or "
        "more rule sets and print, per metric, each rule set's value with its 95 % interval, "
        "the paired difference against the first with its interval, and the interval "
        "independent samples would give; '*' marks a difference beyond the noise. Each "
        "RULES is a profile or rules file, optionally followed by changes: "
        '"club barrel_threshold=900 barrel_seats=1" (or club+barrel_seats=1). '
        "Rerunning a stopped command resumes it.",
        epilog="examples:\n"
        '  thousand compare club "club barrel_seats=1" --games 1000 --seed 1\n'
        "  thousand compare club --vary barrel_threshold=880,900 --json\n"
        "  thousand compare club book --plot book.png",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "rules",
        nargs="+",
        metavar="RULES",
        help="a rule set: profile or rules file, then field=value changes (one quoted argument)",
    )
    p.add_argument(
        "--vary",
        default=None,
        metavar="FIELD=V1,V2",
        help="compare the one RULES given with it changed to each value of one field",
    )
    p.add_argument("--games", type=int, default=1000, help="paired games per rule set (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    p.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default=None,
        help="pimc: own-information (single-dummy) play from the single-dummy pools; dd: "
        "double-dummy outcomes from the reference pools. Default: pimc where a built "
        "single-dummy pool serves every rule set, else dd with a note",
    )
    p.add_argument(
        "--on-the-fly",
        action="store_true",
        help="solve (or play) on the fly the rule sets no reference pool serves, on the pools' "
        "deals (the cost is said before they run); refused otherwise",
    )
    p.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="folder of the games datasets, one per rule set (default data/compare/<key>); "
        "a stopped run resumes",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the table as a JSON list of rows (DESIGN.md, contract 8); notes go to stderr",
    )
    p.add_argument(
        "--json-meta",
        default=None,
        metavar="FILE",
        help="write the run's context as a JSON object: games, seed, outcomes, each rule set's "
        "changes, fingerprint, games dataset and pool repeat share, the pairings, notes and verdict",
    )
    p.add_argument("--plot", default=None, metavar="FILE", help="write a plot of the paired differences")
    p.add_argument(
        "--chunk-size", type=int, default=None, help="games per chunk and per Parquet file (default 200)"
    )
    add_policy_options(p)
    p.add_argument(
        "--policy",
        choices=("threshold", "equity"),
        default="threshold",
        help="every player of every rule set on this policy: threshold (the options above, default) "
        "or equity (bidding by his chance to win the game, read from each rule set's own equity "
        "model: shipped for a profile, --equity-model for house rules)",
    )
    add_equity_model_option(p, many=True)
    add_parallel_options(p)
    p.set_defaults(func=run)


def rules_of(args, on_note=None) -> list:
    """The rule sets of the positional arguments and ``--vary`` (``on_note``
    hears of a swept value that is the base's own, left out)."""
    # late: the parser imports every command module; the work loads when it runs
    from ..comparison import vary
    from ..rules import as_rules

    if args.vary is not None:
        if len(args.rules) != 1:
            raise BadArgument(
                f"--vary sweeps one base rule set, got {len(args.rules)}: give one RULES with --vary",
                parameter="vary",
            )
        return vary(args.rules[0], args.vary, on_note=on_note)
    return [as_rules(r) for r in args.rules]


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from ..comparison import compare

    for opt, target in (("--plot", args.plot), ("--json-meta", args.json_meta)):
        if target is not None and not Path(target).expanduser().resolve().parent.is_dir():
            raise BadArgument(
                f"{opt} {target}: its folder does not exist", parameter=opt[2:].replace("-", "_")
            )

    def note(text):  # with --json the notes go to stderr, the rows alone to stdout
        print(text, file=sys.stderr if args.json else sys.stdout)

    rules = rules_of(args, note)
    if len(rules) < 2:
        raise BadArgument(
            "compare needs at least two rule sets: give another RULES, or --vary field=v1,v2",
            parameter="rules",
        )
    # late: the parser imports every command module; the work loads when it runs
    from ..comparison import comparison_outcomes
    from ..comparison.ruleset import display_names

    outcomes, _ = comparison_outcomes(rules, display_names(rules), args.outcomes)
    policy = policy_with_equity(args, policy_from_args(args, rules[0], outcomes), rules, outcomes, note)
    quiet = args.json

    c = compare(
        rules,
        games=args.games,
        seed=args.seed,
        outcomes=args.outcomes,
        policy=policy,
        out=args.out,
        on_the_fly=args.on_the_fly,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
        chunk_size=args.chunk_size,
        on_note=note,
    )
    if args.json:
        print(c.to_json())
    else:
        print("games datasets: " + ", ".join(str(p) for p in c.paths))
        if c.no_difference:
            print(c.verdict())
        else:
            print(c.format())
            print()
            print(c.verdict())
    if args.json_meta is not None:
        c.write_meta(args.json_meta)
        if not quiet:
            print(f"run context written to {args.json_meta}")
    if args.plot is not None:
        c.plot(args.plot)
        if not quiet:
            print(f"plot written to {args.plot}")
    return 0
