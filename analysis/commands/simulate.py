"""``thousand simulate --games G --seed S [--out data/games] [policy options]``."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ..errors import BadArgument
from ..folders import DEFAULT_GAMES
from ._common import add_parallel_options, add_rules_options, chunks, progress_flag, rules_from_args
from .equity import add_equity_model_option, add_equity_players_option, policy_with_equity


def _prob(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = float("nan")
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError(f"expected a probability in [0, 1], got {text!r}")
    return v


def _points(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        v = -1
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected points >= 0, got {text!r}")
    return v


def register(sub) -> None:
    p = sub.add_parser(
        "simulate",
        help="simulate whole games into a Parquet dataset",
        description="Play whole games deal after deal until someone wins, under a rules "
        "profile and a bidding policy; one row per deal (redeals included). "
        "By default every decision comes from the deciding player's own cards "
        "(single-dummy play, drawn from the single-dummy reference pool that serves "
        "the rules, bidding with the model fitted on such play); where no built pool "
        "serves the rules the outcomes are double-dummy, and a note says why. "
        "--outcomes dd: double-dummy outcomes (as if every player saw every card), "
        "from the reference pool of the rules' solver conventions or a solutions "
        "dataset (--pool), or solved on the fly (--on-the-fly, ~60 ms a deal). "
        "Rerunning a stopped command resumes it.",
    )
    p.add_argument("--games", type=int, required=True, help="number of games")
    p.add_argument("--seed", type=int, required=True, help="root seed (non-negative)")
    p.add_argument("--out", default=DEFAULT_GAMES, help=f"dataset folder (default {DEFAULT_GAMES})")
    src = p.add_mutually_exclusive_group()
    src.add_argument(
        "--pool",
        default=None,
        metavar="SOLUTIONS",
        help="dataset (all three seats) to draw deals from, with replacement: a "
        "single-dummy dataset (thousand solve --play pimc) or a solutions dataset, "
        "whose outcomes it plays (default: the reference pool of the outcomes that "
        "plays as the rules do, see thousand reference list)",
    )
    src.add_argument(
        "--on-the-fly",
        action="store_true",
        help="solve (--outcomes dd, about 60 ms a deal) or play single-dummy (seconds a deal) "
        "every deal as it is dealt instead of drawing from a pool",
    )
    p.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default=None,
        help="pimc: own-information (single-dummy) play, from the single-dummy reference "
        "pool, a single-dummy dataset (--pool) or played on the fly (seconds a deal); dd: "
        "double-dummy outcomes. Default: pimc where a built single-dummy pool serves the "
        "rules, else dd with a note",
    )
    p.add_argument(
        "--worlds",
        type=int,
        default=None,
        metavar="W",
        help="single-dummy play on the fly: layouts each decision averages over (default 16; "
        "a pool keeps the worlds it was played with)",
    )
    p.add_argument(
        "--chunk-size", type=int, default=None, help="games per chunk and per Parquet file (default 200)"
    )
    add_policy_options(p)
    p.add_argument(
        "--policy",
        choices=("threshold", "equity"),
        default="threshold",
        help="threshold: the options above (default); equity: every player (or those of "
        "--equity-players) bids, and writes off, by his chance to win the game "
        "(analysis.game.equity_policy; profiles, or --equity-model; --risk, --barrel-risk and "
        "--block-risk apply only to the threshold players --equity-players leaves)",
    )
    add_equity_model_option(p)
    add_equity_players_option(p)
    add_rules_options(p)
    add_parallel_options(p)
    p.set_defaults(func=run)


def _whose(policy) -> str:
    """`` for players 0, 2, threshold risk 0.5/0.5/0.35 for 1`` when not all three bid by equity."""
    if len(policy.players) == 3:
        return ""
    rest = ", ".join(str(p) for p in range(3) if p not in policy.players)
    risks = "/".join(f"{t:g}" for t in policy.others)
    return f" for players {', '.join(map(str, policy.players))}, threshold risk {risks} for {rest}"


def add_policy_options(p) -> None:
    """Add the threshold policy's options (``--risk`` ... ``--estimator``);
    :func:`policy_from_args` reads them.  ``thousand compare`` takes the same."""
    g = p.add_argument_group("policy (the default threshold policy; see analysis.game.policy)")
    g.add_argument(
        "--risk",
        type=_prob,
        default=0.5,
        help="raise while the estimated chance of making the next level is at "
        "least this (default 0.5; higher is more cautious)",
    )
    g.add_argument(
        "--barrel-risk",
        type=_prob,
        default=None,
        help="the same for a barrel sitter, on the contract his target needs (default: --risk)",
    )
    g.add_argument(
        "--block-risk",
        type=_prob,
        default=None,
        help="keep raising against a barrel sitter while the own estimate is at "
        "least this (default: --risk minus 0.15)",
    )
    g.add_argument(
        "--no-claims", action="store_true", help="never claim a claimable redeal (forced ones still happen)"
    )
    g.add_argument(
        "--no-gift-redeals",
        action="store_true",
        help="a declarer facing a lost contract never creates an after-exchange redeal with his gift",
    )
    g.add_argument("--no-write-offs", action="store_true", help="never write off")
    g.add_argument(
        "--jump-bids",
        action="store_true",
        help="bid straight to the highest level the estimate supports, as the rules' opening, "
        "raise and jump conventions allow (default: open at 100, raise by the smallest step); "
        "this is what lets opening_bid_exact, raise_exact and no_jump_over_120 show "
        "(raise_step shows either way)",
    )
    g.add_argument(
        "--claim-weak",
        action="store_true",
        help="claim a claimable redeal only when a player entitled to claim (rules.redeal_claimer) "
        "holds a hand his estimate bids nothing on (default: always claim)",
    )
    g.add_argument(
        "--dark-behind",
        type=_points,
        default=None,
        metavar="POINTS",
        help="where the rules allow dark play (dark_play: book, or wiki's agreement), the first hand "
        "goes dark when he trails the best of his opponents by at least POINTS (default: never; "
        "RULES.md, Dark play)",
    )
    g.add_argument(
        "--estimator",
        default="default",
        metavar="MODEL.json",
        help="bidding-odds model: 'default' (the model shipped for the rules, fitted on the "
        "outcomes played: single-dummy play or double-dummy values), the name of a "
        "profile's shipped model (club, book, ua, wiki: fitted on double-dummy values; "
        "club-sd, book-sd, ua-sd, wiki-sd: on single-dummy play) or a BidModel JSON file",
    )


def _estimator_name(arg: str) -> str:
    """``default``, a shipped model's file named by its pool (``club``; ``club-sd``
    for the one fitted on single-dummy play), or the model file as an absolute
    path (the same file named two ways is the same dataset parameter)."""
    # late: the parser imports every command module; the work loads when it runs
    from ..odds.model import MODEL_FILES, model_file

    if arg == "default" or Path(arg).is_file():
        return arg if arg == "default" else str(Path(arg).expanduser().resolve())
    if arg in MODEL_FILES:
        return str(model_file(arg))
    if arg.endswith("-sd") and arg[:-3] in MODEL_FILES:
        return str(model_file(arg[:-3], outcomes="pimc"))
    return str(Path(arg).expanduser().resolve())


def policy_from_args(args, rules, outcomes: str = "dd"):
    """The threshold policy of the options of :func:`add_policy_options`,
    its bidding model loaded for ``rules`` and ``outcomes`` (BadArgument
    with advice when none serves them)."""
    # late: the parser imports every command module; the work loads when it runs
    from ..comparison import estimator_advice
    from ..game import ThresholdPolicy

    policy = ThresholdPolicy(
        risk=args.risk,
        barrel_risk=args.barrel_risk,
        block_risk=args.block_risk,
        claim_redeals=not args.no_claims,
        gift_redeals=not args.no_gift_redeals,
        write_offs=not args.no_write_offs,
        estimator_name=_estimator_name(args.estimator),
        claim_weak=args.claim_weak,
        jump_bids=args.jump_bids,
        dark_behind=args.dark_behind,
    )
    if args.dark_behind is not None and getattr(args, "policy", "threshold") == "equity":
        raise BadArgument(
            "--dark-behind sets the threshold policy's dark play: leave it out with --policy equity"
        )
    estimator_advice(policy, rules, outcomes=outcomes)  # fail early on a missing model
    return policy


def outcome_choice(args, rules):
    """The outcomes ``--outcomes``, ``--pool`` and ``--on-the-fly`` ask for
    (:func:`analysis.game.outcome_choice.resolve_outcomes`), ``--worlds`` checked
    against them.

    Raises
    ------
    BadArgument
        ``--worlds`` with double-dummy outcomes or with a single-dummy pool
        (which keeps the worlds it was played with), or below 1.
    """
    # late: the parser imports every command module; the work loads when it runs
    from ..game import resolve_outcomes

    choice = resolve_outcomes(rules, args.outcomes, args.pool, on_the_fly=args.on_the_fly)
    if args.worlds is not None:
        if args.worlds < 1:
            raise BadArgument(f"--worlds must be at least 1, got {args.worlds}")
        if choice.outcomes != "pimc":
            raise BadArgument(
                f"--worlds applies to single-dummy play only, and {rules.name} is played "
                "double-dummy here: add --outcomes pimc or leave out --worlds"
            )
        if choice.pool is not None:
            raise BadArgument(
                f"--worlds {args.worlds} sets the play on the fly, but the deals come from a "
                f"single-dummy pool ({choice.pool}), played with its own worlds: add --on-the-fly "
                f"to play with {args.worlds} worlds",
                parameter="worlds",
            )
    return choice


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import dataset
    from ..game import format_summary, summarize
    from ..jobs.games import DEFAULT_CHUNK, run_games

    if args.games < 1:
        raise BadArgument(f"--games must be at least 1, got {args.games}")
    rules = rules_from_args(args)
    choice = outcome_choice(args, rules)
    notes = [choice.note] if choice.note else []
    policy = policy_with_equity(
        args, policy_from_args(args, rules, choice.outcomes), [rules], choice.outcomes, note=notes.append
    )
    for line in notes:
        print(line)
    t0 = time.perf_counter()
    m = run_games(
        args.out,
        args.games,
        args.seed,
        rules,
        policy,
        pool=choice.pool,
        chunk_size=DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
        outcomes=choice.outcomes,
        worlds=16 if args.worlds is None else args.worlds,
    )
    dt = time.perf_counter() - t0
    src = m["params"]["outcomes"]
    sd = src.get("play") == "pimc"
    where = (
        ("played single-dummy on the fly" if sd else "solved on the fly")
        if src["source"] == "solver"
        else f"drawn with replacement from a pool of {src['pool_size']:,} "
        + ("single-dummy deals" if sd else "solved deals")
    )
    if sd:
        where += f" ({src['worlds']} worlds)"
    est = m["params"].get("estimator") or {}
    print(
        f"{m['rows']:,} deals of {args.games:,} games at {args.out} "
        f"({chunks(m['chunks_written'])} written now, {dt:.1f} s); rules {rules.name}; "
        + (
            f"policy equity{_whose(policy)} (game-equity model {m['params']['equity_model']['file']}, "
            + "fitted on "
            + ("own-information" if m["params"]["equity_model"]["outcomes"] == "pimc" else "double-dummy")
            + " games)"
            if policy.name == "equity"
            else "policy risk {:g}/{:g}/{:g}".format(*policy.thresholds)
        )
        + f"; outcomes {'own information' if sd else 'double-dummy'}, {where}; bidding model fitted on "
        + ("single-dummy play" if est.get("outcomes") == "pimc" else "double-dummy values")
        + f"; content hash {m['content_hash']}"
    )
    if est.get("solver_fingerprint") is None:
        print(
            "note: the bidding-odds model does not record the solver conventions it was "
            f"fitted under, so it may not fit {rules.name}; fit it on a solutions dataset "
            "(or a frame from analysis.dataset.load), which records them"
        )
    elif est["solver_fingerprint"] != src["solver_fingerprint"]:
        print(
            f"note: the bidding-odds model was fitted on {est.get('rules')} solutions, "
            f"whose solver conventions differ from {rules.name}'s; fit one on this "
            "profile's solutions (analysis.odds.BidModel.fit) and pass --estimator"
        )
    print(format_summary(summarize(dataset.read_frame(args.out, "games"))))
    return 0
