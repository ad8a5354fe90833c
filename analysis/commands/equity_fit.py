"""``thousand equity-fit --rules R [--set FIELD=VALUE] --out MODEL.json [--games G] [--seed S]
[--outcomes dd|pimc] [--policy threshold|equity [--equity-model F]] [--workers K]``: a game-equity
model for any rules (docs/EQUITY.md)."""

from __future__ import annotations

from pathlib import Path

from ..errors import BadArgument
from ._common import add_rules_options, rules_from_args
from .equity import add_equity_model_option, model_paths, only_with_equity, say_fallback

#: Games below which ``thousand equity-fit`` says its model is a trial (docs/CLI.md).
SMALL_FIT = 2000


def register(sub) -> None:
    f = sub.add_parser(
        "equity-fit",
        help="fit a game-equity model for any rules (house rules: a file or a profile with --set)",
        description="Simulate whole games under the rules (resumed when stopped), fit the equity "
        "model on four games in five, score it on the fifth against the scores-only baseline, and "
        "write the model file atomically. `thousand equity`, `thousand odds --scores` and "
        "`thousand simulate|compare --policy equity` read it with --equity-model FILE; it serves "
        "only rules with the fingerprint of those it was fitted for (docs/EQUITY.md).",
    )
    f.add_argument("--out", required=True, metavar="MODEL.json", help="the model file to write")
    f.add_argument("--games", type=int, default=10_000, help="games to simulate (default 10,000)")
    f.add_argument("--seed", type=int, default=36, help="root seed of the games (default 36)")
    f.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default=None,
        help="the games' outcomes: pimc, own-information play from the single-dummy pool; dd, "
        "double-dummy outcomes from the reference pool. Default: as the simulator plays the rules "
        "(pimc where a built single-dummy pool serves them, else dd with a note), so the model "
        "fits the games that read it",
    )
    f.add_argument(
        "--policy",
        choices=("threshold", "equity"),
        default="threshold",
        help="the players' policy in the games: threshold (default, as the shipped models) or "
        "equity (bidding by --equity-model or the shipped model: a refit under equity play)",
    )
    add_equity_model_option(f)
    f.add_argument(
        "--data", default="data/equity", metavar="DIR", help="folder of the games (default data/equity)"
    )
    f.add_argument("--workers", type=int, default=1, metavar="K", help="simulation processes (default 1)")
    add_rules_options(f)
    f.set_defaults(func=run_fit)


def run_fit(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from ..equity.build import fit_games, simulate_games
    from ..game import ThresholdPolicy, resolve_outcomes
    from ..game.equity_policy import EquityPolicy

    rules = rules_from_args(args)
    if args.games < 10:
        raise BadArgument(f"--games must be at least 10 (every fifth game is held out), got {args.games}")
    if args.outcomes is None:  # the games' default, so the model fits the games that read it
        choice = resolve_outcomes(rules)
        if choice.note:
            print(choice.note)
        args.outcomes = choice.outcomes
    out = Path(args.out).expanduser()
    if out.is_dir() or not out.resolve().parent.is_dir():
        raise BadArgument(f"--out {args.out}: give a file in an existing folder", parameter="out")
    paths = model_paths(args)
    if args.policy == "equity":
        policy = EquityPolicy(model_path=paths[0] if paths else None).checked(rules, args.outcomes)
        say_fallback(policy, rules, args.outcomes, print)
    elif paths:
        raise only_with_equity("--equity-model")
    else:
        policy = ThresholdPolicy()
    folder = None
    if args.policy == "equity":
        # late: the folder names the equity model the players read
        from ..folders import rules_tag

        tag = "shipped" if not paths else Path(paths[0]).stem
        folder = Path(args.data) / (
            f"games-{rules_tag(rules)}-{args.outcomes}-equity-{tag}-s{args.seed}-n{args.games}"
        )
    log = lambda line: print(line, flush=True)  # noqa: E731
    frame, params = simulate_games(
        rules,
        args.games,
        args.seed,
        args.outcomes,
        args.data,
        args.workers,
        log,
        policy=policy,
        folder=folder,
    )
    m = fit_games(rules, frame, params)
    m.info["made_by"] = (
        f"thousand equity-fit --rules {rules.name} --games {args.games} --seed {args.seed} "
        f"--outcomes {args.outcomes} --policy {args.policy}"
    )
    c = m.info["calibration"]
    m.save(out)
    print(
        f"{rules.name} (fingerprint {rules.fingerprint()}): {m.info['states_fit']:,} states of "
        f"{m.info['games']:,} games fitted, {c['states']:,} held out; Brier model "
        f"{c['brier_model']:.4f}, scores-only baseline {c['brier_baseline']:.4f} (gain "
        f"{c['brier_gain']:.4f} ± {c['brier_gain_se']:.4f})"
    )
    print(f"wrote {out}")
    if args.games < SMALL_FIT:
        print(
            f"note: a fit on fewer than {SMALL_FIT:,} games is a trial: its intervals, clustered by "
            "game over so few games, understate its error (the profiles ship 10,000)"
        )
    return 0
