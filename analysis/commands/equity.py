"""``thousand equity --rules R --scores A,B,C [--dealer D] [--barrel A,B,C] [--bolts A,B,C]
[--failed-stays A,B,C] [--json] [--plot F.png --player P]`` (DESIGN.md, contract 10)."""

from __future__ import annotations

import json
import math
import re

import numpy as np

from ..errors import BadArgument
from ._common import add_rules_options, rules_from_args


def register(sub) -> None:
    p = sub.add_parser(
        "equity",
        help="each player's chance to win the game from a table state",
        description="Each player's chance to win the game from the table's scores (and "
        "barrel attempts, bolt counters, failed stays, the dealer), with a 95 %% interval "
        "from the fitted model's own uncertainty. The model is fitted on simulated games "
        "under the default policy with double-dummy outcomes from the reference pool "
        "(docs/EQUITY.md); it answers in well under a millisecond.",
    )
    p.add_argument("--scores", required=True, metavar="A,B,C", help="scores in player order (points)")
    p.add_argument(
        "--dealer", type=int, default=2, choices=(0, 1, 2), help="the player who deals next (default 2)"
    )
    p.add_argument(
        "--barrel",
        default=None,
        metavar="A,B,C",
        help="barrel attempts used per player, - for not sitting (default: a player at the "
        "threshold has just arrived, 0 used)",
    )
    p.add_argument("--bolts", default=None, metavar="A,B,C", help="bolt counters per player (default 0,0,0)")
    p.add_argument(
        "--failed-stays", default=None, metavar="A,B,C", help="failed barrel stays per player (default 0,0,0)"
    )
    p.add_argument("--json", action="store_true", help="print JSON: win, low, high (lists in player order)")
    p.add_argument("--plot", default=None, metavar="F.png", help="save one player's chance against his score")
    p.add_argument(
        "--player", type=int, default=0, choices=(0, 1, 2), help="whose score the plot varies (default 0)"
    )
    add_rules_options(p)
    # a triple may begin with a minus (--scores -50,100,200; --barrel -,1,-):
    # argparse takes such a word for an option unless it looks like a number
    p._negative_number_matcher = re.compile(r"^-[\d.,]")
    p.set_defaults(func=run)


def _triple(text: str, option: str, kind=float, dash=None) -> tuple:
    parts = [x.strip() for x in text.split(",")]
    if len(parts) != 3:
        raise BadArgument(f"{option} takes three values in player order, A,B,C; got {text!r}")
    out = []
    for x in parts:
        if dash is not None and x in ("-", ""):
            out.append(dash)
            continue
        try:
            v = kind(x)
        except ValueError:
            raise BadArgument(f"{option}: {x!r} is not a number (in {text!r})") from None
        if not math.isfinite(v):
            raise BadArgument(f"{option}: {x!r} is not a finite number (in {text!r})")
        out.append(v)
    return tuple(out)


def state_from_args(args):
    """The :class:`~analysis.scoring.TableState` the options describe.

    Raises
    ------
    BadArgument
        On malformed triples or impossible values.
    """
    # late: the parser imports every command module; the work loads when it runs
    from ..scoring import TableState

    scores = _triple(args.scores, "--scores")
    kw = {"scores": scores, "dealer": args.dealer}
    if args.barrel is not None:
        kw["barrel"] = _triple(args.barrel, "--barrel", int, dash=-1)
    if args.bolts is not None:
        kw["bolts"] = _triple(args.bolts, "--bolts", int)
    if args.failed_stays is not None:
        kw["failed_stays"] = _triple(args.failed_stays, "--failed-stays", int)
    try:
        return TableState(**kw)
    except ValueError as exc:
        raise BadArgument(str(exc)) from None


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from ..equity import default_model, equity_curve, read_state, win_interval
    from ..equity.plot import check_plot_path, plot_curve

    rules = rules_from_args(args)
    plot_path = check_plot_path(args.plot) if args.plot else None
    model = default_model(rules)
    state = read_state(rules, state_from_args(args))
    win, low, high = win_interval(rules, state, model)
    if args.json:
        out = {
            "rules": rules.name,
            "scores": list(state.scores),
            "dealer": state.dealer,
            "barrel": list(state.barrel),
            "bolts": list(state.bolts),
            "failed_stays": list(state.failed_stays),
            "win": [float(x) for x in win],
            "low": [float(x) for x in low],
            "high": [float(x) for x in high],
        }
        print(json.dumps(out, indent=1))
    else:
        o = model.info.get("outcomes") or {}
        print(
            f"rules {rules.name} · dealer {state.dealer} (first hand {state.first_hand}) · "
            f"model fitted on {model.info.get('games', '?'):,} simulated games "
            f"({o.get('play', 'dd')} outcomes, default policy)"
        )
        print("player   score  barrel  bolts  failed   chance to win  95% interval")
        for p in range(3):
            a = state.barrel[p]
            print(
                f"{p:>6}  {state.scores[p]:6g}  {'-' if a < 0 else a:>6}  {state.bolts[p]:>5}  "
                f"{state.failed_stays[p]:>6}   {win[p]:13.3f}  [{low[p]:.3f}, {high[p]:.3f}]"
            )
    if plot_path is not None:
        t = rules.barrel_threshold
        xs = np.arange(min(-300.0, 50 * np.floor(state.scores[args.player] / 50) - 50), t, 5.0)
        sc = list(state.scores)
        sc[args.player] = t
        bar = list(state.barrel)
        bar[args.player] = -1
        try:  # the threshold itself, as a new sitter, where a seat is free
            read_state(rules, type(state)(scores=sc, barrel=bar, bolts=state.bolts, dealer=state.dealer))
            xs = np.append(xs, t)
        except BadArgument:
            pass
        w, lo, hi = equity_curve(rules, state, args.player, xs, model)
        plot_curve(
            plot_path,
            xs,
            w,
            lo,
            hi,
            player=args.player,
            title=f"{rules.name}: player {args.player}'s chance to win against his score; others "
            f"at {', '.join(f'{s:g}' for i, s in enumerate(state.scores) if i != args.player)}, "
            f"dealer {state.dealer}",
            mark=(state.scores[args.player], win[args.player]),
        )
        if not args.json:
            print(f"plot saved to {plot_path}")
    return 0
