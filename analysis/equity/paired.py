"""Paired games: how much is reading the score worth?

Usage (from the repository root; resumable, so run it in the background)::

    nohup nice -n 10 python -m analysis.equity.paired run --rules all --games 400 > paired.log 2>&1 &
    nohup nice -n 10 python -m analysis.equity.paired iterate --rules club --games 300 \
        --fit-games 1000 --steps 3 > iterate.log 2>&1 &
    python -m analysis.equity.paired show            # the tables, from the stored results
    python -m analysis.equity.paired show --save     # ... and ship them: analysis/equity/paired_summary.json
    nohup nice python -m analysis.equity.paired run --rules club --games 300 --outcomes pimc > oi.log &
    python -m analysis.equity.paired show --outcomes pimc --save   # own-information rows, beside
    # two cores: the two arms side by side, each block a file of its own
    python -m analysis.equity.paired run --rules classic --outcomes pimc --arm threshold &
    python -m analysis.equity.paired run --rules classic --outcomes pimc --arm equity

``run --outcomes pimc`` plays step 1 as own-information games (each player
deciding from his own cards, from the single-dummy pool that serves the
profile, the equity seat reading the own-information games' model), as
``thousand simulate`` plays by default; their blocks go to a folder of
their own (``data/equity/paired-pimc``) and their rows to the shipped
summary's ``own_information``.

For every profile, the same games (same seed and game ids, so the same
deals from the reference pool, drawn with replacement as ``thousand
simulate`` does) are played twice: once with all three players on the
threshold policy (:class:`analysis.game.ThresholdPolicy`, its defaults),
and once with one player on :class:`analysis.game.equity_policy.EquityPolicy`
and the other two on the threshold policy.  The equity seat rotates: player
0 in games ``0 .. G-1``, player 1 in ``G .. 2G-1``, player 2 in ``2G ..
3G-1`` (the first dealer of each game is drawn from its seed).  Reported per
profile: the equity player's win share with its 95 % Wilson interval (a
third is par), the same seat's share in the all-threshold games, and the
paired difference with its 95 % interval (normal, from the per-game
differences).  A gain (or loss) is claimed only where the paired
difference's interval excludes 0 and the share's excludes a third.

Results are written per block of :data:`paired_store.BLOCK` games as small JSON files
under ``--data`` (default ``data/equity/paired``), each atomically; a rerun
skips the blocks already there.

``iterate`` repeats the comparison while the gain grows.  Step 1 is ``run``:
the equity model the policy reads is the shipped one, fitted on
all-threshold games.  Step ``k`` (2, 3, ...) first simulates ``--fit-games``
games (seed :data:`FIT_SEED`) in which all three players play the equity
policy of step ``k - 1``, fits the equity model on them
(:func:`analysis.equity.build.fit_games`, every fifth game held out and
scored), stores it as ``step<k>/model.json`` and then replays the equity
arm of the same paired games with one seat reading the refitted model
(the all-threshold arm is step 1's: the same games).  It stops after the
first step whose gain is not larger than the step before's, or at
``--steps``.  Every part is stored as it finishes and a rerun resumes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..errors import BadArgument
from ..rules import PROFILES
from .paired_store import (
    DATA,
    FIT_SEED,
    SEED,
    SUMMARY_FILE,
    all_steps,
    block_path,
    blocks,
    format_summary,
    merged_own_information,
    merged_rows,
    save_summary,
    shipped_summary,
    step_model_path,
    step_summary,
    summary,
    write_block,
)

__all__ = ["iterate", "run_profile"]

#: The two arms of the paired games: all three players on the threshold
#: policy, or one seat on the equity policy.
ARMS = ("threshold", "equity")


def play_games(rules, pool, policy, start: int, n: int, outcomes: str = "dd") -> tuple[list, list]:
    """Play games ``start .. start + n - 1`` of the paired games' seed (:data:`SEED`).

    Parameters
    ----------
    rules : Rules
    pool : PoolSource, path or None
        Where the deals come from, as :func:`analysis.game.simulate` takes it.
    policy : Policy
        Every seat's policy (an equity or bold seat names its players).
    start, n : int
        The first game id and the number of games.
    outcomes : {"dd", "pimc"}
        ``"pimc"``: own-information games (``simulate(outcomes="pimc")``);
        ``"dd"``: as the pool plays, the way the shipped tables were played.

    Returns
    -------
    (winners, deals) : list of int, list of int
        Each game's winner, in game order, and the pool deals its played
        (not redealt) deals drew.
    """
    # late: the simulator loads only for the games
    from ..game import simulate

    extra = {"outcomes": "pimc"} if outcomes == "pimc" else {}
    g = simulate(rules, n, SEED, policy, pool=pool, start=start, **extra)
    last = g.groupby("game_id").tail(1)
    played = g.loc[~g["redealt"].to_numpy(bool), "pool_deal"]
    return [int(w) for w in last.sort_values("game_id").winner], [int(d) for d in played]


def run_profile(
    profile: str,
    games: int,
    data="data/equity/paired",
    log=print,
    step: int = 1,
    model_path=None,
    limit: int | None = None,
    outcomes: str = "dd",
    arms: tuple = ARMS,
) -> None:
    """Play (or finish) the paired games of one profile.

    Parameters
    ----------
    profile : str
        A profile name.
    games : int
        Games per equity seat (so ``3 * games`` games in each arm).
    data : path
        Where the blocks are stored.
    log : callable
        Progress lines.
    step : int
        1: the equity seat reads ``model_path`` or the shipped model and
        both arms are played; 2, 3, ...: only the equity arm, reading
        ``model_path`` (step 1's all-threshold games are the other arm).
    model_path : path, optional
        The equity model file the equity seat reads (None: the shipped one).
    limit : int, optional
        Play only the first ``limit`` of the ``3 * games`` games (rounded up
        to whole blocks; the seat of each game is still ``game // games``).
    outcomes : {"dd", "pimc"}
        ``"dd"``: double-dummy games from the reference pool, the equity seat
        reading the double-dummy games' model (the shipped tables);
        ``"pimc"``: own-information games from the single-dummy pool that
        serves the profile, the equity seat reading the own-information
        games' model and everyone bidding with the single-dummy BidModel, as
        ``thousand simulate`` plays by default (step 1 only; keep their
        blocks in a ``data`` folder of their own).
    arms : tuple of {"threshold", "equity"}
        The arms to play (default both).  Each block of an arm is a file of
        its own, so two processes may play the two arms side by side
        (``run --arm threshold`` and ``run --arm equity``): the blocks are
        those of one run playing both.

    Raises
    ------
    BadArgument
        On other ``outcomes`` or ``arms``, or ``"pimc"`` where no
        single-dummy pool serves the profile.
    """
    # late: the simulator and the pools load only here
    from .. import reference
    from ..game import ThresholdPolicy
    from ..game.equity_policy import EquityPolicy
    from ..game.pools import PoolSource

    rules = PROFILES[profile]
    if not arms or set(arms) - set(ARMS):
        raise BadArgument(f"arms must be among {', '.join(ARMS)}, got {arms!r}", parameter="arms")
    if outcomes == "pimc":
        if step != 1:
            raise BadArgument("own-information paired games are played for step 1 only", parameter="outcomes")
        ref = reference.sd_pool_for(rules)
        if ref is None:
            raise BadArgument(
                f"no single-dummy pool serves {profile}: build it (thousand reference build) or play dd",
                parameter="outcomes",
            )
        pool = ref.sd_path
    elif outcomes == "dd":
        ref = reference.pool_for(rules)
        pool = None if ref is None else PoolSource(ref.solutions_path, rules)
    else:
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}", parameter="outcomes")
    mp = None if model_path is None else str(Path(model_path).resolve())
    for start, runs in blocks(games, limit):
        seats = [seat for seat, _, count in runs for _ in range(count)]
        n = len(seats)
        for arm in (a for a in ARMS if a in arms):
            path = block_path(data, profile, arm, start, step)
            if path.is_file() or (step > 1 and arm == "threshold"):
                continue
            t = time.perf_counter()
            if arm == "threshold":
                winners, deals = play_games(rules, pool, ThresholdPolicy(), start, n, outcomes)
            else:
                winners, deals = [], []
                for seat, first, count in runs:
                    pol = EquityPolicy(players=(seat,), model_path=mp)
                    won, drawn = play_games(rules, pool, pol, first, count, outcomes)
                    winners += won
                    deals += drawn
            rec = {"profile": profile, "arm": arm, "start": start, "games": games, "seed": SEED, "step": step}
            if outcomes == "pimc":
                rec["outcomes"] = outcomes
            if arm == "equity":
                rec["model_path"] = mp
            rec.update(seats=seats, winners=winners, deals=deals)
            write_block(path, rec)
            log(
                f"{profile} step {step} {arm} games {start}..{start + n - 1}: {time.perf_counter() - t:.1f} s"
            )


def refit(
    profile: str, step: int, fit_games: int, data="data/equity/paired", log=print, workers: int = 1
) -> Path:
    """Fit (or reuse) the equity model of ``step`` (2, 3, ...) of :func:`iterate`.

    ``fit_games`` games (seed :data:`FIT_SEED`, double-dummy outcomes from
    the reference pool) are simulated with all three players on the equity
    policy reading step ``step - 1``'s model (the shipped one for step 2),
    under ``<data>/<profile>/step<step>/games-n<fit_games>`` (resumed when
    stopped); the model is fitted and calibrated on them as the shipped ones
    are (:func:`analysis.equity.build.fit_games`) and written atomically.
    ``workers`` processes simulate the games (the same games whatever their
    number).

    Returns
    -------
    Path
        :func:`step_model_path`.

    Raises
    ------
    BadArgument
        On a step below 2 or fewer than 10 fit games.
    """
    # late: the simulator loads only here
    from ..game.equity_policy import EquityPolicy
    from .build import fit_games as fit
    from .build import simulate_games

    if step < 2 or fit_games < 10:
        raise BadArgument(f"refit needs step >= 2 and at least 10 games, got step {step}, {fit_games} games")
    out = step_model_path(data, profile, step)
    if out.is_file():
        return out
    rules = PROFILES[profile]
    prev = None if step == 2 else str(step_model_path(data, profile, step - 1).resolve())
    t = time.perf_counter()
    frame, params = simulate_games(
        rules,
        fit_games,
        FIT_SEED,
        "dd",
        workers=workers,
        log=log,
        policy=EquityPolicy(model_path=prev),
        folder=out.parent / f"games-n{fit_games}",
    )
    m = fit(rules, frame, params)
    m.info["made_by"] = (
        f"python -m analysis.equity.paired iterate --rules {profile} --fit-games {fit_games} (step {step})"
    )
    m.info["step"] = step
    m.save(out)
    c = m.info["calibration"]
    log(
        f"{profile} step {step}: refitted on {fit_games:,} equity-policy games "
        f"({m.info['states_fit']:,} states); held-out Brier {c['brier_model']:.4f} "
        f"(baseline {c['brier_baseline']:.4f}); {time.perf_counter() - t:.0f} s"
    )
    return out


def iterate(
    profile: str,
    games: int,
    fit_games: int,
    steps: int = 3,
    data="data/equity/paired",
    log=print,
    workers: int = 1,
    limit: int | None = None,
) -> list:
    """Refit the equity under the equity policy and replay the paired games while the gain grows.

    Parameters
    ----------
    profile : str
    games : int
        Paired games per equity seat (as :func:`run_profile`).
    fit_games : int
        Games each refit is fitted on (:func:`refit`).
    steps : int
        The last step to play (1: step 1 only).
    data : path
    log : callable
    workers : int
        Processes that simulate each refit's games.
    limit : int, optional
        Play only the first ``limit`` paired games of each step (:func:`run_profile`).

    Returns
    -------
    list of dict
        One :func:`step_summary` row per step played, in order.
    """
    if steps >= 2:  # step 2's refit does not need step 1's games: fit first, so a `run` may go beside it
        refit(profile, 2, fit_games, data, log, workers)
    run_profile(profile, games, data, log, limit=limit)
    rows = [r for r in step_summary(data, 1) if r["profile"] == profile]
    for step in range(2, steps + 1):
        path = refit(profile, step, fit_games, data, log, workers)
        run_profile(profile, games, data, log, step=step, model_path=path, limit=limit)
        row = next(r for r in step_summary(data, step) if r["profile"] == profile)
        log(
            f"{profile} step {step}: gain {row['gain']:+.3f} "
            f"[{row['gain_low']:+.3f}, {row['gain_high']:+.3f}] (step {step - 1}: {rows[-1]['gain']:+.3f})"
        )
        rows.append(row)
        if row["gain"] <= rows[-2]["gain"]:
            log(f"{profile}: the gain did not grow at step {step}; stopped")
            break
    return rows


def main(argv=None) -> int:
    """Command line: ``run`` or ``show`` (module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m analysis.equity.paired", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play (or finish) the paired games")
    r.add_argument("--rules", default="all", help="a profile or all (default)")
    r.add_argument("--games", type=int, default=400, help="games per equity seat (default 400)")
    r.add_argument(
        "--data", default=None, help=f"where the blocks go (default {DATA['dd']}, pimc {DATA['pimc']})"
    )
    r.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default="dd",
        help="dd: double-dummy games (the shipped table, default); pimc: own-information games from "
        "the single-dummy pool, each player deciding from his own cards",
    )
    r.add_argument(
        "--arm",
        choices=("both", *ARMS),
        default="both",
        help="play one arm only (default both): two processes may play the two arms side by side",
    )
    it = sub.add_parser("iterate", help="refit under the equity policy and replay while the gain grows")
    it.add_argument("--rules", default="club", help="a profile or all (default club)")
    it.add_argument("--games", type=int, default=400, help="paired games per equity seat (default 400)")
    it.add_argument(
        "--fit-games", type=int, default=2000, help="games each refit is fitted on (default 2000)"
    )
    it.add_argument("--steps", type=int, default=3, help="the last step to play (default 3)")
    it.add_argument("--data", default="data/equity/paired")
    it.add_argument("--workers", type=int, default=1, help="processes simulating each refit's games")
    for q in (r, it):
        q.add_argument("--limit", type=int, default=None, help="play only the first N games of each arm")
    s = sub.add_parser("show", help="print the table from the stored games")
    s.add_argument(
        "--data", default=None, help=f"the stored blocks (default {DATA['dd']}, pimc {DATA['pimc']})"
    )
    s.add_argument(
        "--outcomes", choices=("dd", "pimc"), default="dd", help="which games to show (default dd)"
    )
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", action="store_true", help=f"also write {SUMMARY_FILE.name} beside this module")
    args = ap.parse_args(argv)
    if args.cmd in ("run", "iterate"):
        names = list(PROFILES) if args.rules == "all" else [args.rules]
        for name in names:
            if name not in PROFILES:
                raise BadArgument(f"unknown profile {name!r}: one of {', '.join(PROFILES)} or all")
        if args.games < 1:
            raise BadArgument(f"--games must be at least 1, got {args.games}")
        log = lambda m: print(m, flush=True)  # noqa: E731
        if args.cmd == "run" and args.data is None:
            args.data = DATA[args.outcomes]
        for name in names:
            if args.cmd == "run":
                arms = ARMS if args.arm == "both" else (args.arm,)
                run_profile(
                    name, args.games, args.data, log=log, limit=args.limit, outcomes=args.outcomes, arms=arms
                )
            else:
                iterate(
                    name,
                    args.games,
                    args.fit_games,
                    args.steps,
                    args.data,
                    log=log,
                    workers=args.workers,
                    limit=args.limit,
                )
        print(format_summary(summary(args.data) + all_steps(args.data)))
    else:
        data = args.data or DATA[args.outcomes]
        rows = summary(data)
        later = all_steps(data) if args.outcomes == "dd" else []
        print(json.dumps(rows + later, indent=1) if args.json else format_summary(rows + later))
        if args.save:
            today = time.strftime("%Y-%m-%d", time.gmtime())
            old_doc = shipped_summary()
            if args.outcomes == "pimc":
                doc = merged_own_information(old_doc, rows, today)
            else:
                doc = merged_rows(old_doc, rows, later, today)
            save_summary(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
