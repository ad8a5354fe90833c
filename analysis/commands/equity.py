"""``thousand equity --rules R --scores A,B,C [--dealer D] [--barrel A,B,C] [--bolts A,B,C]
[--failed-stays A,B,C] [--outcomes dd|pimc | --equity-model F] [--json] [--plot F.png --player P]``
(DESIGN.md, contract 10), and the options other commands share to read an equity model
(``--equity-model``, ``--equity-players``, ``--outcomes``) and to describe a table."""

from __future__ import annotations

import json
import math
import re
import sys
import warnings
from pathlib import Path

import numpy as np

from ..errors import BadArgument
from ._common import add_rules_options, rules_from_args


def register(sub) -> None:
    p = sub.add_parser(
        "equity",
        help="each player's chance to win the game from a table state",
        description="Each player's chance to win the game from the table's scores (and "
        "barrel attempts, bolt counters, failed stays, the dealer), with a 95 % interval "
        "from the fitted model's own uncertainty. The model is fitted on games simulated with "
        "the default policy; by default on games of the simulator's default kind (own "
        "information where the profile ships that model, else double-dummy, with a note); "
        "--outcomes picks one (docs/EQUITY.md). It answers in well under a millisecond.",
    )
    p.add_argument("--scores", required=True, metavar="A,B,C", help="scores in player order (points)")
    p.add_argument(
        "--dealer", type=int, default=2, choices=(0, 1, 2), help="the player who deals next (default 2)"
    )
    add_table_options(p)
    p.add_argument("--json", action="store_true", help="print JSON: win, low, high (lists in player order)")
    p.add_argument("--plot", default=None, metavar="F.png", help="save one player's chance against his score")
    p.add_argument(
        "--player", type=int, default=0, choices=(0, 1, 2), help="whose score the plot varies (default 0)"
    )
    add_outcomes_option(p)
    add_equity_model_option(p)
    add_rules_options(p)
    # a triple may begin with a minus (--scores -50,100,200; --barrel -,1,-):
    # argparse takes such a word for an option unless it looks like a number
    p._negative_number_matcher = re.compile(r"^-[\d.,]")
    p.set_defaults(func=run)


def add_table_options(p) -> None:
    """``--barrel``, ``--bolts`` and ``--failed-stays``: the table beside the scores."""
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


def add_outcomes_option(p, flag: str = "--outcomes") -> None:
    """Add ``--outcomes {dd,pimc}``: which shipped equity model answers."""
    p.add_argument(
        flag,
        choices=("dd", "pimc"),
        default=None,
        dest="equity_outcomes",
        help="the shipped equity model fitted on double-dummy games (dd) or on own-information "
        "games (pimc); default: as the simulator plays the rules (own information where a "
        "single-dummy pool serves them and the model is shipped, else dd with a note)",
    )
    p.set_defaults(equity_outcomes_flag=flag)  # what the messages call it


def model_and_words(args, rules, note=print):
    """The equity model the options name and what to say of it.

    ``--equity-model FILE`` is read as given; otherwise the shipped model of
    ``--outcomes`` (or of the games' default, ``note`` hearing of a fallback).

    Returns
    -------
    (model, described) : (EquityModel, dict)
        ``described``: ``outcomes`` (the games the model was fitted on),
        ``model`` (its file name, or the path given), ``games`` and
        ``states`` (fitted plus held out) from its ``info``.

    Raises
    ------
    BadArgument
        On rules no model serves, a file fitted for other rules, ``--outcomes``
        with ``--equity-model``, or ``--outcomes pimc`` where that model is
        not shipped.
    """
    # late: the equity models load only when the command runs
    from ..equity import load_model, model_choice, model_for, model_words

    paths = model_paths(args)
    asked = getattr(args, "equity_outcomes", None)
    if paths:
        if asked is not None:
            flag = getattr(args, "equity_outcomes_flag", "--outcomes")
            raise BadArgument(
                f"{flag} picks a shipped equity model; --equity-model gives one: leave out one of them"
            )
        model, name = load_model(paths[0], rules), args.equity_model
    else:
        c = model_choice(rules, asked)
        if c.fallback and note is not None:
            note(c.note)
        model, name = model_for(rules, None, asked), c.path.name
    return model, model_words(model, name)


def add_equity_model_option(p, many: bool = False) -> None:
    """Add ``--equity-model FILE`` (repeatable with ``many``: one file per rule set compared)."""
    p.add_argument(
        "--equity-model",
        action="append" if many else "store",
        default=None,
        metavar="FILE",
        help="an equity model file fitted by `thousand equity-fit` (default: the one shipped for "
        "the profile)" + ("; repeat it, one per rule set compared" if many else ""),
    )


def add_equity_players_option(p) -> None:
    """Add ``--equity-players P[,P...]``: who bids by equity under ``--policy equity``."""
    p.add_argument(
        "--equity-players",
        default=None,
        metavar="P[,P]",
        help="with --policy equity: the players (0, 1, 2, fixed around the table) who bid by "
        "equity, the others on the threshold policy: its defaults, or --risk, --barrel-risk and "
        "--block-risk, multiples of 0.025 (default: all three)",
    )


def _equity_players(args) -> tuple | None:
    text = getattr(args, "equity_players", None)
    if text is None:
        return None
    try:
        players = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise BadArgument(
            f"--equity-players takes players 0, 1, 2 separated by commas, got {text!r}"
        ) from None
    if not players or len(set(players)) != len(players) or not set(players) <= {0, 1, 2}:
        raise BadArgument(f"--equity-players takes distinct players 0, 1, 2, got {text!r}")
    return players


def only_with_equity(option: str) -> BadArgument:
    """The refusal of an option that applies to ``--policy equity`` alone."""
    return BadArgument(f"{option} applies to --policy equity: add it or leave out {option}")


def model_paths(args) -> tuple:
    """The ``--equity-model`` files given, as a tuple (empty without the option)."""
    v = args.equity_model
    if v is None:
        return ()
    return tuple(str(Path(x).expanduser().resolve()) for x in ([v] if isinstance(v, str) else v))


def policy_with_equity(args, policy, rules_list, outcomes=None, note=None):
    """``policy`` under ``--policy threshold``; under ``--policy equity`` the
    :class:`~analysis.game.equity_policy.EquityPolicy` with the options the two
    share and the ``--equity-model`` files, checked against every rule set.

    ``outcomes`` are the games' (None: their default): the shipped equity
    model read is the one fitted on such games
    (:meth:`~analysis.game.equity_policy.EquityPolicy.model_choice`), and
    ``note`` (a callable taking one line) hears of each rule set whose
    own-information model is not shipped (the double-dummy one answers).

    Raises
    ------
    BadArgument
        On threshold-only options (--risk ...) with --policy equity,
        --equity-model without it, a model file fitted for rules none of
        ``rules_list`` has, or a rule set no model serves.
    """
    paths = model_paths(args)
    players = _equity_players(args)
    if args.policy != "equity":
        for given, option in ((paths, "--equity-model"), (players, "--equity-players")):
            if given:
                raise only_with_equity(option)
        return policy
    # late: the equity models load only for this policy
    from ..equity import check_model_files
    from ..game.equity_policy import EquityPolicy

    risks = args.risk != 0.5 or args.barrel_risk is not None or args.block_risk is not None
    if risks and (players is None or len(players) == 3):
        raise BadArgument(
            "--risk, --barrel-risk and --block-risk set the threshold policy: leave them out, or "
            "seat the equity players with --equity-players and the others play them"
        )
    check_model_files(paths, rules_list)
    shared = {k: getattr(policy, k) for k in EquityPolicy.SHARED}
    # one rule set: its one file must serve it; several: each reads the file fitted for it
    one = len(rules_list) == 1 and len(paths) == 1
    who = {} if players is None else {"players": players}
    if risks:  # the threshold players' own
        who["others"] = policy.thresholds
    out = EquityPolicy(**shared, model_path=paths[0] if one else (paths or None), **who)
    for r in rules_list:
        out.checked(r, outcomes)
        if note is not None:
            say_fallback(out, r, outcomes, note)
    if note is not None:
        _say_other_games(paths, rules_list, outcomes, note)
    return out


def _say_other_games(paths, rules_list, outcomes, note) -> None:
    """Tell ``note`` of each model file fitted on another kind of game than
    the one it will bid in (a double-dummy games' model read by
    own-information games, or the reverse): its chances are those of that
    other play (docs/EQUITY.md)."""
    # late: the parser imports every command module; the models load when one runs
    from ..equity import load_model
    from ..game import default_play
    from ..rules import as_rules

    words = {"dd": "double-dummy", "pimc": "own-information"}
    for path in paths:
        for r in rules_list:
            try:
                m = load_model(path, r)
            except BadArgument:
                continue  # fitted for another of the rule sets
            fitted = "pimc" if m.info.get("outcomes", {}).get("play") == "pimc" else "dd"
            games = outcomes or default_play(as_rules(r))
            if fitted != games:
                note(
                    f"note: {path} was fitted on {words[fitted]} games and bids in {words[games]} "
                    f"games of {as_rules(r).name}: refit it with `thousand equity-fit --outcomes {games}` "
                    "for chances of this play"
                )
            break


def say_fallback(policy, rules, outcomes, note) -> None:
    """Tell ``note`` when the equity policy's games read the double-dummy games'
    model for want of an own-information one."""
    c = policy.model_choice(rules, outcomes)
    if c is not None and c.fallback:
        note(c.note)
        # said once here: the games' own warning of it would repeat the line
        warnings.filterwarnings("ignore", message=re.escape(c.note), category=UserWarning)


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


def state_from_args(args, rules):
    """The :class:`~analysis.scoring.TableState` the options describe.

    Raises
    ------
    BadArgument
        On malformed triples or impossible values; on ``-`` (not sitting) in
        ``--barrel`` for a player at the barrel threshold, who sits.
    """
    # late: the parser imports every command module; the work loads when it runs
    from ..scoring import TableState

    scores = _triple(args.scores, "--scores")
    kw = {"scores": scores, "dealer": args.dealer}
    if args.barrel is not None:
        kw["barrel"] = _triple(args.barrel, "--barrel", int, dash=-1)
        t = rules.barrel_threshold
        for p, (s, a) in enumerate(zip(scores, kw["barrel"], strict=True)):
            if s == t and a < 0:
                raise BadArgument(
                    f"--barrel: player {p} scores {s:g}, the barrel threshold, so he sits on the "
                    f"barrel: give the attempts he has used (0..{rules.barrel_attempts - 1})"
                )
    if args.bolts is not None:
        kw["bolts"] = _triple(args.bolts, "--bolts", int)
    if args.failed_stays is not None:
        kw["failed_stays"] = _triple(args.failed_stays, "--failed-stays", int)
    try:
        return TableState(**kw)
    except ValueError as exc:
        raise BadArgument(str(exc)) from None


def _other(state, p: int) -> str:
    """Player ``p``'s score and what else the table holds of him, for a plot's title."""

    def count(n, what):
        return f"{n} {what}{'' if n == 1 else 's'}"

    a = state.barrel[p]
    more = [f"barrel, {count(a, 'attempt')} used"] if a >= 0 else []
    more += [count(state.bolts[p], "bolt")] if state.bolts[p] else []
    more += [count(state.failed_stays[p], "failed stay")] if state.failed_stays[p] else []
    return f"{state.scores[p]:g}" + (f" ({', '.join(more)})" if more else "")


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from ..equity import equity_curve, read_state, standing_scores, win_interval
    from ..equity.plot import check_plot_path, plot_curve

    rules = rules_from_args(args)
    plot_path = check_plot_path(args.plot) if args.plot else None
    notes = []
    model, described = model_and_words(args, rules, notes.append)
    state = read_state(rules, state_from_args(args, rules))
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
        } | described
        for line in notes:  # the JSON alone on stdout
            print(line, file=sys.stderr)
        print(json.dumps(out, indent=1))
    else:
        for line in notes:
            print(line)
        pol = (model.info.get("policy") or {}).get("name", "threshold")
        kind = "own-information" if described["outcomes"] == "pimc" else "double-dummy"
        games = described["games"]
        print(
            f"rules {rules.name} · dealer {state.dealer} (first hand {state.first_hand}) · "
            f"model {described['model']}: fitted on {'?' if games is None else f'{games:,}'} "
            f"simulated {kind} games ({described['states']:,} states, "
            f"{'default' if pol == 'threshold' else pol} policy)"
        )
        if state.winner >= 0:
            print(f"game over: player {state.winner} reached the target {rules.target}")
        print("player   score  barrel  bolts  failed   chance to win  95% interval")
        for p in range(3):
            a = state.barrel[p]
            print(
                f"{p:>6}  {state.scores[p]:6g}  {'-' if a < 0 else a:>6}  {state.bolts[p]:>5}  "
                f"{state.failed_stays[p]:>6}   {win[p]:13.3f}  [{low[p]:.3f}, {high[p]:.3f}]"
            )
    if plot_path is not None:
        t = rules.barrel_threshold
        xs = np.arange(min(-300.0, 50 * np.floor(state.scores[args.player] / 50) - 50), t + 5.0, 5.0)
        xs = standing_scores(rules, state, args.player, xs)
        w, lo, hi = equity_curve(rules, state, args.player, xs, model)
        plot_curve(
            plot_path,
            xs,
            w,
            lo,
            hi,
            player=args.player,
            title=f"{rules.name}: player {args.player}'s chance to win against his score; others "
            f"at {', '.join(_other(state, i) for i in range(3) if i != args.player)}, "
            f"dealer {state.dealer}",
            mark=(state.scores[args.player], win[args.player]),
        )
        if not args.json:
            print(f"plot saved to {plot_path}")
    return 0
