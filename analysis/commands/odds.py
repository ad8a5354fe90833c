"""``thousand odds --dark [--rules R] [--samples M] [--seed S] [--json]``,
``thousand odds --dark --play pimc [--n N] [--worlds W] [--seed S] [--workers K] [--json]`` and
``thousand odds HAND [--widow W] [--samples M] [--seed S] [--seat 0] [--play dd|pimc]
[--worlds W] [--scores A,B,C [--dealer D] [--player P] [--barrel A,B,C]
[--equity-outcomes dd|pimc | --equity-model F]]
[--json] [--plot F.png] [--workers K] [--scheduler ADDR]``."""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import numpy as np

from ..atomic import replace_file
from ..errors import BadArgument
from ._common import add_parallel_options, add_rules_options, json_value, rules_from_args
from .equity import add_outcomes_option, model_and_words


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
    g.add_argument(
        "--barrel",
        default=None,
        metavar="A,B,C",
        help="barrel attempts used per player, - for not sitting (default: a player at the threshold "
        "has just arrived)",
    )
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


def _se(x, width: int = 0) -> str:
    """A standard error for the text table: ``n/a`` where one deal gives none."""
    return f"{'n/a':>{width}}" if math.isnan(x) else f"{x:{width}.1f}"


def _hand_text(t) -> str:
    a = t.attrs
    lo, hi = a["p_marriage_ci"]
    head = [
        f"hand {a['hand']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} of {a['samples']} deals solved (seed {a['seed']}); "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals",
        f"expected double-dummy value {a['expected_value']:.1f} ± {_se(a['value_se'])} "
        f"points; P(marriage after the widow) {a['p_marriage']:.3f} "
        f"[{lo:.3f}, {hi:.3f}]",
        f"best contract by expected score change: {a['best_contract']}",
        "",
    ]
    eq = "equity" in t.columns
    body = [
        "contract  p_make  95% interval      exp. change ± se   write-off"
        + ("   win game   equity change ± se" if eq else "")
    ]
    if eq:  # the score-blind columns apart from those of this table: they answer other questions
        body = [
            " " * 34 + "-- score-blind, fresh table --   " + "-" * 12 + " at this table " + "-" * 12,
            "contract  p_make  95% interval      exp. change ± se  write-off   "
            "write-off  win game  equity change ± se",
        ]
    for c, r in t.iterrows():
        line = (
            f"{c:>8}  {r.p_make:6.3f}  [{r.ci_low:.3f}, {r.ci_high:.3f}]  "
            f"{r.expected_delta:+9.1f} ± {_se(r.delta_se, 5)}   {r.p_write_off:6.3f}"
        )
        if eq:
            line = line[:-7] + (
                f"{r.p_write_off:9.3f}   {r.p_equity_write_off:9.3f}  {r.p_game_win:8.3f}  "
                f"{r.equity_change:+8.4f} ± {r.equity_se:.4f}"
            )
        body.append(line)
    if eq:
        head[-1:-1] = _table_lines(a)
    foot = [
        "",
        "p_make: share of deals whose double-dummy value after the best exchange "
        "reaches the contract; exp. change: declarer's score change minus the mean "
        "of his opponents' (points), writing off where that is better.",
        "Double-dummy odds are optimistic for the declarer.",
    ]
    if eq:
        foot[-1:-1] = [
            "Score-blind columns: as at a fresh table, writing off by points wherever a fresh "
            "table allows it. At this table: write-off is the share of deals on which he writes "
            "off, only where the rules allow it at these scores (not on the barrel, for one) and "
            "it leaves him the higher chance; win game: share of deals after which he has won the "
            "game; equity change: his chance to win the game after declaring the contract minus "
            "his chance now (equity model of the rules, docs/EQUITY.md).",
        ]
    return "\n".join(head + body + foot)


def _table_lines(a) -> list:
    """The header lines of the odds at a table (scores, the chances now, the two best contracts)."""
    now = a["equity_now"]
    sc = ", ".join(f"{x:g}" for x in a["scores"])
    kind = "own-information" if a.get("equity_outcomes") == "pimc" else "double-dummy"
    return [
        f"at the table: scores {sc} (player order), player {a['dealer']} deals, player "
        f"{a['player']} holds the hand; chances to win now {', '.join(f'{x:.3f}' for x in now)}",
        f"equity model {a.get('equity_model', '?')}: fitted on "
        f"{a.get('equity_model_games') or 0:,} simulated {kind} games",
        f"best contract by chance to win the game: {a['equity_best_contract']} "
        f"(by expected score change: {a['best_contract']})",
    ]


def _sd_text(t) -> str:
    """The table of ``hand_odds(..., play="pimc")``: both columns and their difference."""
    a = t.attrs
    lo, hi = a["p_marriage_ci"]
    head = [
        f"hand {a['hand']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} of {a['samples']} deals played both ways (seed {a['seed']}, "
        f"{a['worlds']} worlds a decision); "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals",
        f"expected value: double-dummy {a['expected_value']:.1f} ± {_se(a['value_se'])}, "
        f"single-dummy {a['sd_expected_value']:.1f} ± {_se(a['sd_value_se'])} points; "
        f"P(marriage after the widow) {a['p_marriage']:.3f} [{lo:.3f}, {hi:.3f}]",
        f"best contract by expected score change: double-dummy {a['best_contract']}, "
        f"single-dummy {a['sd_best_contract']}",
        "",
    ]
    body = [
        "          ---- double-dummy ----   ---- single-dummy ----   --- SD - DD ---   exp. change dd / sd",
        "contract  p_make  95% interval     p_make  95% interval     diff  95% interval",
    ]
    for c, r in t.iterrows():
        body.append(
            f"{c:>8}  {r.p_make:6.3f}  [{r.ci_low:.3f}, {r.ci_high:.3f}]   "
            f"{r.sd_p_make:6.3f}  [{r.sd_ci_low:.3f}, {r.sd_ci_high:.3f}]   "
            f"{r['diff']:+6.3f} [{r.diff_low:+.3f}, {r.diff_high:+.3f}]  "
            f"{r.expected_delta:+7.1f} / {r.sd_expected_delta:+7.1f}"
        )
    foot = [
        "",
        "p_make: share of the same deals whose value reaches the contract, played "
        "double-dummy (every card seen) and single-dummy (each player deciding from "
        "what he sees: Monte Carlo over layouts, docs/SINGLE_DUMMY.md); diff: their "
        "paired difference (Newcombe interval). exp. change: the declarer's score "
        "change minus the mean of his opponents' (points), writing off where the "
        "deal's value (dd) or his own estimate (sd) says so.",
        "Both are estimates of strong play; single-dummy still overrates the declarer "
        "somewhat (strategy fusion).",
    ]
    return "\n".join(head + body + foot)


def _widow_text(t, top: int = 15) -> str:
    a = t.attrs
    head = [
        f"hand {a['hand']} + widow {a['widow']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} deals of the defenders' cards of {a['samples']} (seed {a['seed']}; "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals); "
        f"{a['gifts_kept']} of {a['gifts_screened']} gifts solved on every deal",
        f"best: give {a['best_gift'][0]} left, {a['best_gift'][1]} right, contract {a['best_contract']}",
        "",
    ]
    body = ["left right contract  p_make  95% interval      exp. change ± se"]
    for _, r in t.head(top).iterrows():
        body.append(
            f"{r.give_left:>4} {r.give_right:>5} {r.contract:>8}  {r.p_make:6.3f}  "
            f"[{r.ci_low:.3f}, {r.ci_high:.3f}]  {r.expected_delta:+9.1f} ± "
            f"{_se(r.delta_se, 5)}"
        )
    foot = [
        "",
        "exp. change: the declarer's own expected score change (points). The gift "
        "is chosen without seeing the defenders' cards; the play is double-dummy.",
    ]
    return "\n".join(head + body + foot)


def plot(table, path, widow: bool = False) -> None:
    """Save p_make with its interval band and the expected change against the contract."""
    # matplotlib is heavy: loaded only to draw
    import matplotlib

    matplotlib.use("Agg")
    # matplotlib is heavy: loaded only to draw
    import matplotlib.pyplot as plt

    a = table.attrs
    if widow:
        g = a["best_gift"]
        t = table[(table.give_left == g[0]) & (table.give_right == g[1])].set_index("contract").sort_index()
        title = f"{a['hand']} + {a['widow']}: give {g[0]} left, {g[1]} right ({a['rules']})"
    else:
        t = table
        title = f"{a['hand']} ({a['rules']}, seat {a['seat']}, {a['kept']} deals)"
    fig, ax = plt.subplots(figsize=(8, 4.5))
    x = t.index.to_numpy()
    ax.fill_between(x, t.ci_low, t.ci_high, alpha=0.25, color="C0", label="95% interval")
    sd = "sd_p_make" in t.columns
    ax.plot(x, t.p_make, "o-", color="C0", label="P(make), double-dummy" if sd else "P(make)")
    if sd:
        ax.fill_between(x, t.sd_ci_low, t.sd_ci_high, alpha=0.25, color="C2")
        ax.plot(x, t.sd_p_make, "^-", color="C2", label=f"P(make), single-dummy ({a['worlds']} worlds)")
    ax.set_xlabel("contract (points)")
    ax.set_ylabel("probability of making the contract")
    ax.set_ylim(-0.02, 1.02)
    ax2 = ax.twinx()
    se = t.delta_se.to_numpy(dtype=float)
    if np.isfinite(se).any():  # one sample has no standard error
        ax2.fill_between(
            x,
            t.expected_delta - 1.96 * se,
            t.expected_delta + 1.96 * se,
            alpha=0.15,
            color="C3",
            label="its 95% interval (±1.96 s.e.)",
        )
    ax2.plot(x, t.expected_delta, "s--", color="C3", label="expected score change")
    ax2.axhline(0, color="C3", lw=0.5)
    ax2.set_ylabel("expected score change (points)", color="C3")
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc="lower left")
    sub = (
        "double-dummy and single-dummy on the same deals"
        if sd
        else "double-dummy: optimistic for the declarer"
    )
    ax.set_title(title + "\n" + sub, fontsize=10)
    fig.tight_layout()
    try:
        replace_file(path, lambda tmp: fig.savefig(tmp, dpi=110))
    finally:
        plt.close(fig)


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
        if described is not None:
            t.attrs.update(
                equity_outcomes=described["outcomes"],
                equity_model=described["model"],
                equity_model_games=described["games"],
                equity_model_states=described["states"],
            )
        text = _sd_text(t) if args.play == "pimc" else _hand_text(t)
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
        text = _widow_text(t)
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
            "leave out --scores, --player, --dealer and --barrel"
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
    args.bolts = args.failed_stays = None
    return read_state(rules, state_from_args(args)), player


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
