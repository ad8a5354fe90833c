"""``thousand odds --dark [--rules R] [--samples M] [--seed S] [--json]``,
``thousand odds --dark --play pimc [--n N] [--worlds W] [--seed S] [--workers K] [--json]`` and
``thousand odds HAND [--widow W] [--samples M] [--seed S] [--seat 0] [--play dd|pimc]
[--worlds W] [--scores A,B,C [--dealer D] [--player P] [--barrel A,B,C] [--bolts A,B,C]
[--failed-stays A,B,C]
[--equity-outcomes dd|pimc | --equity-model F]]
[--json] [--plot F.png] [--workers K] [--scheduler ADDR]``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from ..errors import BadArgument
from ._common import add_parallel_options, add_rules_options, json_value, rules_from_args
from .equity import add_outcomes_option, add_table_options, model_and_words
from .odds_text import hand_text, plot, sd_text, widow_text


def register(sub) -> None:
    p = sub.add_parser(
        "odds",
        help="success probabilities of a 7-card hand (or of a gift after the widow)",
        description="Deal the unseen cards at random around a 7-card hand, solve each deal "
        "double-dummy with the best exchange, and print for every contract from "
        "100 to the hand's bidding cap the probability of making it (95% "
        "interval) and the expected score change. With --widow: the best gift "
        "and final contract once the widow is known. Double-dummy odds are "
        "optimistic for the declarer (he is assumed to see every card); "
        "--play pimc also plays the same deals single-dummy (every player "
        "deciding from what he sees) and prints both columns.",
    )
    p.add_argument(
        "hand",
        nargs="?",
        help='the 7 cards, e.g. "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠" (ASCII: "AH KH QH TS '
        'AC JD 9S"; Latin T is the ten, Cyrillic Т the ace); none with --dark',
    )
    p.add_argument(
        "--dark",
        action="store_true",
        help="dark play (RULES.md): the chance that an unseen first hand makes the dark "
        "contract after a blind gift, every gift of --samples pool deals solved "
        "double-dummy (default 200), and the expected score change against bidding normally; "
        "with --play pimc also single-dummy on the first --n pool deals, side by side",
    )
    p.add_argument(
        "--n",
        type=int,
        default=None,
        metavar="N",
        help="with --dark --play pimc: the first N deals of the pool, one blind gift each played "
        "single-dummy and double-dummy (default 500, the single-dummy pools' deals: well under a "
        "minute on one core; cached under "
        "THOUSAND_DATA or data/)",
    )
    p.add_argument("--widow", default=None, help="the 3 widow cards: odds after the widow")
    p.add_argument(
        "--samples",
        type=int,
        default=None,
        help="random deals (default 1000; 200 with --widow; with --dark, pool deals: 200)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed (same seed, same table)")
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        choices=(0, 1, 2),
        help="declarer seat: 0 first hand (default), 1, 2 dealer (payments only); with "
        "--scores it follows from --player and --dealer. With --set players=4 the dealer rests "
        "on the widow: seat 0 is the player after him, 2 the player before him",
    )
    g = p.add_argument_group(
        "at the table (the chance to win the game: docs/EQUITY.md)",
        "With --scores each contract also gets the expected change of the holder's chance to "
        "win the game if he ends up declaring it, and the contract that maximises it.",
    )
    g.add_argument("--scores", default=None, metavar="A,B,C", help="the game's scores in player order")
    g.add_argument(
        "--player", type=int, default=None, choices=(0, 1, 2), help="who holds the hand (default 0)"
    )
    g.add_argument(
        "--dealer",
        type=int,
        default=None,
        choices=(0, 1, 2),
        help="who deals (default: the one who puts --player at --seat, 2 for player 0 at seat 0)",
    )
    add_table_options(g)
    g.add_argument(
        "--equity-model",
        default=None,
        metavar="FILE",
        help="an equity model fitted for these rules (`thousand equity-fit`; default the one "
        "shipped for the profile)",
    )
    add_outcomes_option(g, "--equity-outcomes")
    p.add_argument(
        "--play",
        choices=("dd", "pimc"),
        default="dd",
        help="dd: double-dummy only (default); pimc: also single-dummy play of the "
        "same deals, P(make) of both with intervals and their paired difference "
        "(without --widow; about 45 times the time of double-dummy at 16 worlds)",
    )
    p.add_argument(
        "--worlds",
        type=int,
        default=None,
        metavar="W",
        help="with --play pimc: layouts each single-dummy decision averages over (default 16)",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--plot", default=None, metavar="F.png", help="also save a plot")
    add_parallel_options(
        p,
        workers=1,
        why=". Each worker takes about 2 s to start: worth "
        "it for plain odds from about a thousand deals, "
        "not for --widow at its usual sizes",
    )
    add_rules_options(p)
    # --scores may begin with a minus (--scores -50,100,200): argparse takes such
    # a word for an option unless it looks like a number
    p._negative_number_matcher = re.compile(r"^-[\d.,]")
    p.set_defaults(func=run)


def run(args) -> int:
    rules = rules_from_args(args)
    if args.dark:
        # late: the dark odds' output lives beside this module
        from ._odds_dark import run_dark

        return run_dark(args, rules)
    if args.hand is None:
        raise BadArgument("give the 7 cards of a hand (or --dark for dark play)")
    if args.n is not None:
        raise BadArgument("--n applies to --dark --play pimc; a hand's odds take --samples")
    plot_path = _plot_path(args.plot) if args.plot else None
    progress = False if args.no_progress else None
    if args.play == "pimc" and args.widow is not None:
        raise BadArgument("--play pimc gives the odds before the widow: leave out --widow")
    if args.worlds is not None and args.play != "pimc":
        raise BadArgument("--worlds applies to --play pimc only: add --play pimc or leave out --worlds")
    args.worlds = 16 if args.worlds is None else args.worlds
    if args.worlds < 1:
        raise BadArgument(f"--worlds must be at least 1, got {args.worlds}")
    table, player = _table(args, rules)
    notes = []
    model, described = _equity_model(args, rules, notes.append) if table is not None else (None, None)
    for line in notes:  # with --json the notes go to stderr, the JSON alone to stdout
        print(line, file=sys.stderr if args.json else sys.stdout)
    if args.seat is None:
        args.seat = 0
    if args.widow is None:
        # late: the parser imports every command module; the work loads when it runs
        from ..odds.hand import hand_odds

        samples = 1000 if args.samples is None else args.samples
        if args.play == "pimc":
            _cost_note(samples, args.worlds, args.workers)
        t = hand_odds(
            args.hand,
            rules,
            samples,
            args.seed,
            args.seat,
            progress=progress,
            workers=args.workers,
            scheduler=args.scheduler,
            play=args.play,
            worlds=args.worlds,
            table=table,
            player=player,
            equity_model=model,
        )
        if described is not None:  # the model's file as given (hand_odds names a file by its name)
            t.attrs["equity_model"] = described["model"]
        text = sd_text(t) if args.play == "pimc" else hand_text(t)
        rows = t.reset_index()
    else:
        # late: the parser imports every command module; the work loads when it runs
        from ..odds.widow import widow_odds

        t = widow_odds(
            args.hand,
            args.widow,
            rules,
            200 if args.samples is None else args.samples,
            args.seed,
            args.seat,
            progress=progress,
            workers=args.workers,
            scheduler=args.scheduler,
        )
        text = widow_text(t)
        rows = t
    if args.json:
        out = {k: json_value(v) for k, v in t.attrs.items()}
        out["table"] = [{k: json_value(v) for k, v in r.items()} for r in rows.to_dict(orient="records")]
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(text)
        if rules.players == 4:
            print(
                "four at the table: the dealer rests on the widow and the three others play as "
                f"three do; seat 0, the first hand, is the player after the resting dealer, seat 2 "
                f"the player before him (seat {args.seat} here)"
            )
    if plot_path:
        plot(t, plot_path, widow=args.widow is not None)
        if not args.json:
            print(f"plot saved to {plot_path}")
    return 0


#: Seconds of one single-dummy deal on one core, ``a + b * worlds``, for the
#: cost note only: measured 0.34 s at 4 worlds and 1.66 s at 16 (club, eight
#: deals, two shared cores; exchange_value with its line 0.037 s beside it).
SD_SECONDS = (0.0, 0.1)


def _cost_note(samples: int, worlds: int, workers: int | None) -> None:
    """One line on stderr when single-dummy play of the sample takes minutes."""
    # late: the parser imports every command module; the work loads when it runs
    from ..parallel import default_workers

    cores = workers or default_workers()
    minutes = samples * (SD_SECONDS[0] + SD_SECONDS[1] * worlds) / cores / 60
    if minutes >= 2:
        print(
            f"note: single-dummy play of {samples:,} deals with {worlds} worlds takes "
            f"roughly {minutes:,.0f} min on {cores} worker{'s' if cores > 1 else ''}; "
            "--samples 100 gives a first look",
            file=sys.stderr,
        )


def _table(args, rules):
    """The table state and player of ``--scores`` (None, None without it); sets ``args.seat``.

    Raises
    ------
    BadArgument
        On table options without --scores, --scores with --widow or --play pimc,
        a --seat that contradicts --player and --dealer, or an impossible state.
    """
    extra = [
        o
        for o, v in (
            ("--player", args.player),
            ("--dealer", args.dealer),
            ("--barrel", args.barrel),
            ("--bolts", args.bolts),
            ("--failed-stays", args.failed_stays),
            ("--equity-model", args.equity_model),
            ("--equity-outcomes", args.equity_outcomes),
        )
        if v is not None
    ]
    if args.scores is None:
        if extra:
            named = ", ".join(extra)
            raise BadArgument(
                f"{named} describe the table the hand is bid at: add --scores A,B,C or leave them out"
            )
        return None, None
    if rules.players != 3:
        raise BadArgument(
            f"--scores weighs a table of three (the equity model); at {rules.players} players "
            "leave out --scores and the table options"
        )
    if args.widow is not None or args.play == "pimc":
        raise BadArgument(
            "--scores weighs the double-dummy odds before the widow: leave out "
            + ("--widow" if args.widow is not None else "--play pimc")
        )
    # late: the parser imports every command module; the work loads when it runs
    from ..equity import read_state
    from .equity import state_from_args

    player = 0 if args.player is None else args.player
    if args.dealer is None:
        args.dealer = (player - (0 if args.seat is None else args.seat) - 1) % 3
    seat = (player - args.dealer - 1) % 3
    if args.seat is not None and args.seat != seat:
        raise BadArgument(
            f"--seat {args.seat} contradicts --player {player} --dealer {args.dealer} (seat {seat}): "
            "leave out --seat"
        )
    args.seat = seat
    return read_state(rules, state_from_args(args, rules)), player


def _equity_model(args, rules, note):
    """The equity model of ``--equity-model`` (checked against the rules), or the
    shipped one of ``--equity-outcomes`` (default: the games' default kind,
    ``note`` hearing of a fallback), and what to say of it
    (:func:`analysis.commands.equity.model_and_words`).

    Raises
    ------
    BadArgument
        On rules no shipped model serves, a file fitted for other rules, or
        an own-information model asked for that is not shipped.
    """
    return model_and_words(args, rules, note)


def _plot_path(arg: str) -> str:
    """The file ``--plot`` will write, checked before any solving.

    A name without an extension gets ``.png``.

    Raises
    ------
    ValueError
        If the path is a folder, its folder does not exist, lies inside a
        dataset folder, or its extension is not an image format matplotlib
        writes.
    """
    # matplotlib is heavy: loaded only to draw
    from matplotlib.figure import Figure

    path = Path(arg).expanduser()
    if path.is_dir():
        raise BadArgument(f"--plot {arg}: is a folder; give a file name such as {path / 'odds.png'}")
    folder = path.resolve().parent
    if not folder.is_dir():
        raise BadArgument(f"--plot {arg}: folder {folder} does not exist")
    if not path.suffix:
        path = path.with_name(path.name + ".png")
    # late: keeps the dataset layer out of `thousand odds` start-up
    from ..dataset import check_outside_datasets

    check_outside_datasets(path, f"--plot {arg}")
    formats = Figure().canvas.get_supported_filetypes()
    if path.suffix[1:].lower() not in formats:
        raise BadArgument(
            f"--plot {arg}: unknown image format {path.suffix!r}; "
            f"use one of {', '.join('.' + f for f in sorted(formats))}"
        )
    return str(path)
