"""Paired games: how much is reading the score worth?

Usage (from the repository root; resumable, so run it in the background)::

    nohup nice -n 10 python -m analysis.equity.paired run --rules all --games 400 > paired.log 2>&1 &
    nohup nice -n 10 python -m analysis.equity.paired iterate --rules club --games 300 \
        --fit-games 1000 --steps 3 > iterate.log 2>&1 &
    python -m analysis.equity.paired show            # the tables, from the stored results
    python -m analysis.equity.paired show --save     # ... and ship them: analysis/equity/paired_summary.json
    nohup nice python -m analysis.equity.paired run --rules club --games 300 --outcomes pimc > oi.log &
    python -m analysis.equity.paired show --outcomes pimc --save   # own-information rows, beside

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

Results are written per block of :data:`BLOCK` games as small JSON files
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

import numpy as np

from ..atomic import replace_file
from ..errors import BadArgument
from ..game import repeat_counts
from ..rules import PROFILES
from ..stats import proportion_ci, widen

__all__ = ["summary", "shipped_summary", "step_summary", "all_steps", "iterate"]

#: Games per stored block.
BLOCK = 50
#: Root seed of the paired games.
SEED = 3601
#: Root seed of the games each refit of :func:`iterate` is fitted on (the shipped fits' seed).
FIT_SEED = 36
_Z = 1.959963984540054
#: Default folders of the stored blocks, by the games' outcomes.
DATA = {"dd": "data/equity/paired", "pimc": "data/equity/paired-pimc"}
#: The summary shipped with the package (``show --save``), read by the research page.
SUMMARY_FILE = Path(__file__).parent / "paired_summary.json"


def _winners(rules, pool, policy, start: int, n: int, outcomes: str = "dd") -> tuple[list, list]:
    """The winners of games ``start .. start + n - 1`` and the pool deals their played deals drew."""
    # late: the simulator loads only for the games
    from ..game import simulate

    extra = {"outcomes": "pimc"} if outcomes == "pimc" else {}  # dd: as the shipped tables were played
    g = simulate(rules, n, SEED, policy, pool=pool, start=start, **extra)
    last = g.groupby("game_id").tail(1)
    played = g.loc[~g["redealt"].to_numpy(bool), "pool_deal"]
    return [int(w) for w in last.sort_values("game_id").winner], [int(d) for d in played]


def _reuse(drawn: dict) -> dict:
    """How the two arms reuse the pool's deals, and the widening it asks.

    ``drawn``: each arm's played pool deals (None where a block did not
    record them: the shipped double-dummy blocks).  Games that share a deal
    share its outcome, so, as ``thousand compare`` does, the intervals are
    widened by the root of the larger arm's played draws per distinct deal
    (:func:`analysis.comparison.metrics.pool_reuse`).

    Returns
    -------
    dict
        Empty when an arm did not record its deals; else ``draws`` and
        ``distinct`` (both arms), ``deff`` (the larger arm's draws per
        distinct deal) and ``widened`` (``deff > 1``).
    """
    if any(v is None for v in drawn.values()):
        return {}
    per_arm = [repeat_counts(v) for v in drawn.values()]
    deff = max((n / k if k else 1.0) for n, k, _ in per_arm)
    draws, distinct, _ = repeat_counts(drawn["equity"] + drawn["threshold"])
    return {"draws": draws, "distinct": distinct, "deff": float(deff), "widened": bool(deff > 1)}


def _block_path(data, profile: str, arm: str, start: int, step: int = 1) -> Path:
    folder = Path(data) / profile
    if step > 1 and arm == "equity":
        folder = folder / f"step{step}"
    return folder / f"{arm}-{start:06d}.json"


def step_model_path(data, profile: str, step: int) -> Path:
    """The equity model refitted at ``step`` (2, 3, ...) of :func:`iterate`."""
    return Path(data) / profile / f"step{step}" / "model.json"


def run_profile(
    profile: str,
    games: int,
    data="data/equity/paired",
    log=print,
    step: int = 1,
    model_path=None,
    limit: int | None = None,
    outcomes: str = "dd",
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

    Raises
    ------
    BadArgument
        On other ``outcomes``, or ``"pimc"`` where no single-dummy pool
        serves the profile.
    """
    # late: the simulator and the pools load only here
    from .. import reference
    from ..game import ThresholdPolicy
    from ..game.equity_policy import EquityPolicy
    from ..game.pools import PoolSource

    rules = PROFILES[profile]
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
    total = 3 * games if limit is None else min(3 * games, BLOCK * -(-limit // BLOCK))
    mp = None if model_path is None else str(Path(model_path).resolve())
    for start in range(0, total, BLOCK):
        n = min(BLOCK, total - start)
        for arm in ("threshold", "equity"):
            path = _block_path(data, profile, arm, start, step)
            if path.is_file() or (step > 1 and arm == "threshold"):
                continue
            t = time.perf_counter()
            if arm == "threshold":
                winners, deals = _winners(rules, pool, ThresholdPolicy(), start, n, outcomes)
                seats = [g // games for g in range(start, start + n)]
            else:
                winners, seats, deals = [], [], []
                # games of one block may straddle two seats when games is not a multiple of BLOCK
                for s in sorted({g // games for g in range(start, start + n)}):
                    ids = [g for g in range(start, start + n) if g // games == s]
                    pol = EquityPolicy(players=(s,), model_path=mp)
                    won, drawn = _winners(rules, pool, pol, ids[0], len(ids), outcomes)
                    winners += won
                    deals += drawn
                    seats += [s] * len(ids)
            rec = {"profile": profile, "arm": arm, "start": start, "games": games, "seed": SEED, "step": step}
            if outcomes == "pimc":
                rec["outcomes"] = outcomes
            if arm == "equity":
                rec["model_path"] = mp
            rec.update(seats=seats, winners=winners, deals=deals)
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, lambda tmp, r=rec: tmp.write_text(json.dumps(r) + "\n", encoding="utf-8"))
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


def summary(data="data/equity/paired") -> list:
    """Step 1's paired games, one dict per profile (:func:`step_summary`)."""
    return step_summary(data, 1)


def step_summary(data="data/equity/paired", step: int = 1) -> list:
    """The stored paired games of one step, one dict per profile (complete pairs only).

    The equity arm of step ``k`` is paired with step 1's all-threshold arm
    (the same games).

    Returns
    -------
    list of dict
        ``profile``, ``games`` (pairs), ``share`` (the equity player's win
        share), ``share_low``, ``share_high`` (95 % Wilson), ``base`` (the
        same seats' share in the all-threshold games), ``gain`` (``share -
        base``) with ``gain_low``, ``gain_high`` (95 %, paired), and
        ``by_seat``: the share per equity seat; ``step``; ``outcomes``
        (``"dd"`` or ``"pimc"``, the games' kind); where every block records
        its pool deals, ``draws``, ``distinct``, ``deff`` and ``widened``
        (:func:`_reuse`): the share's and the gain's intervals are then
        widened by ``sqrt(deff)``.

    Raises
    ------
    BadArgument
        If a profile's folder mixes the two kinds of games, or holds two
        arms of different sizes.
    """
    out = []
    root = Path(data)
    for profile in PROFILES:
        won_e, won_b, seat_of, kinds = [], [], [], {}
        drawn: dict = {"equity": [], "threshold": []}  # None once a block does not record its deals
        folder = root / profile if step == 1 else root / profile / f"step{step}"
        for path in sorted(folder.glob("equity-*.json")):
            e = json.loads(path.read_text(encoding="utf-8"))
            bp = root / profile / path.name.replace("equity-", "threshold-")
            if not bp.is_file():
                continue
            b = json.loads(bp.read_text(encoding="utf-8"))
            kind = e.get("outcomes", "dd")
            if b.get("outcomes", "dd") != kind or kinds.setdefault("kind", kind) != kind:
                raise BadArgument(
                    f"{folder} mixes double-dummy and own-information games ({path.name}, {bp.name}): "
                    "keep each kind in a data folder of its own",
                    path=path,
                )
            if b.get("games") != e.get("games"):
                raise BadArgument(
                    f"{path} has {e['games']} games per seat, {bp} {b['games']}: not the same games",
                    path=path,
                )
            for arm, rec in (("equity", e), ("threshold", b)):
                if drawn[arm] is not None and "deals" in rec:
                    drawn[arm] += rec["deals"]
                else:
                    drawn[arm] = None
            for s, we, wb in zip(e["seats"], e["winners"], b["winners"], strict=True):
                won_e.append(we == s)
                won_b.append(wb == s)
                seat_of.append(s)
        n = len(won_e)
        if n == 0:
            continue
        we, wb, so = np.array(won_e, float), np.array(won_b, float), np.array(seat_of)
        lo, hi = proportion_ci(int(we.sum()), n, method="wilson")
        d = we - wb
        se = d.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
        reuse = _reuse(drawn)
        k = np.sqrt(reuse.get("deff", 1.0))
        lo, hi = widen(float(we.mean()), lo, hi, k, clip=(0.0, 1.0))
        se *= k
        out.append(
            {
                "profile": profile,
                "games": n,
                "share": float(we.mean()),
                "share_low": float(lo),
                "share_high": float(hi),
                "base": float(wb.mean()),
                "gain": float(d.mean()),
                "gain_low": float(d.mean() - _Z * se),
                "gain_high": float(d.mean() + _Z * se),
                "by_seat": [float(we[so == s].mean()) if (so == s).any() else None for s in range(3)],
                "step": step,
                "outcomes": kinds["kind"],
            }
            | reuse
        )
    return out


def all_steps(data="data/equity/paired") -> list:
    """The rows of every stored step 2, 3, ... (:func:`step_summary`), each
    with ``fit_games`` and the refit's held-out ``brier`` where its model is stored."""
    out, root = [], Path(data)
    steps = sorted({int(p.name[4:]) for p in root.glob("*/step*") if p.name[4:].isdigit()})
    for k in steps:
        for r in step_summary(data, k):
            mp = step_model_path(data, r["profile"], k)
            if mp.is_file():
                info = json.loads(mp.read_text(encoding="utf-8"))["info"]
                r["fit_games"] = info.get("games")
                r["brier"] = info["calibration"]["brier_model"]
                r["brier_baseline"] = info["calibration"]["brier_baseline"]
            out.append(r)
    return out


def shipped_summary() -> dict:
    """The summary shipped with the package: ``date``, ``seed``, ``step`` and
    ``rows`` (step 1, as :func:`summary`), and ``steps``: the rows of the
    later steps of :func:`iterate` (as :func:`all_steps`); ``bold``: the
    bolder score-blind seat's rows (:func:`analysis.equity.bolder.bold_summary`);
    ``draws``: the all-threshold arm's pool draws (:mod:`analysis.equity.draws`);
    ``own_information``: step 1 played as own-information games (``run
    --outcomes pimc``); empty lists when none is shipped."""
    keys = ("steps", "bold", "draws", "own_information")
    if not SUMMARY_FILE.is_file():
        return {"rows": []} | {k: [] for k in keys}
    doc = json.loads(SUMMARY_FILE.read_text(encoding="utf-8"))  # its keys in the file's order
    return doc | {k: doc.get(k, []) for k in keys}


def _merged(old: dict, rows: list, later: list, today: str) -> dict:
    """The shipped summary with the stored games merged in.

    ``rows`` (step 1): a profile's stored row replaces the shipped one only
    when it holds at least as many pairs; ``steps``: each profile with
    stored later steps gets its stored step-1 row (the same games as its
    later steps) and those steps, the others keep what was shipped.  Every
    row carries its ``date``.
    """
    stamp = old.get("date")
    shipped = {r["profile"]: dict(r, date=r.get("date", stamp)) for r in old.get("rows", [])}
    first = dict(shipped)
    for r in rows:
        if r["games"] >= shipped.get(r["profile"], {}).get("games", 0):
            first[r["profile"]] = dict(r, date=today)
    again = {r["profile"] for r in later}
    steps = [dict(r, date=r.get("date", stamp)) for r in old.get("steps", []) if r["profile"] not in again]
    steps += [dict(r, date=today) for r in rows if r["profile"] in again]
    steps += [dict(r, date=today) for r in later]
    order = {p: i for i, p in enumerate(PROFILES)}
    return {
        "date": today,
        "seed": SEED,
        "step": 1,
        "rows": sorted(first.values(), key=lambda r: order[r["profile"]]),
        "fit_seed": FIT_SEED,
        "steps": sorted(steps, key=lambda r: (order[r["profile"]], r["step"])),
        "bold": old.get("bold", []),
        "draws": old.get("draws", []),
        "own_information": old.get("own_information", []),
    }


def _merged_own(old: dict, rows: list, today: str) -> dict:
    """The shipped summary with the stored own-information step-1 rows in
    ``own_information`` (a profile's row replaced only by one of at least as
    many pairs), the rest as shipped."""
    kept = {r["profile"]: r for r in old.get("own_information", [])}
    for r in rows:
        if r["games"] >= kept.get(r["profile"], {}).get("games", 0):
            kept[r["profile"]] = dict(r, date=today)
    order = {p: i for i, p in enumerate(PROFILES)}
    return old | {"own_information": sorted(kept.values(), key=lambda r: order[r["profile"]])}


def _verdict(r) -> str:
    """``gain`` or ``loss`` only where both the paired difference's interval
    excludes 0 and the share's excludes a third; else no difference shown."""
    if r["gain_low"] > 0 and r["share_low"] > 1 / 3:
        return "gain"
    if r["gain_high"] < 0 and r["share_high"] < 1 / 3:
        return "loss"
    return "no difference shown"


def format_summary(rows) -> str:
    """The text table of :func:`summary`."""
    lines = [
        "profile  step  games  equity seat wins [95%]      all-threshold  gain [95%]                verdict",
    ]
    for r in rows:
        verdict = _verdict(r)
        lines.append(
            f"{r['profile']:<8} {r.get('step', 1):>4}  {r['games']:>5}  {r['share']:.3f} "
            f"[{r['share_low']:.3f}, {r['share_high']:.3f}]     {r['base']:.3f}        "
            f"{r['gain']:+.3f} [{r['gain_low']:+.3f}, {r['gain_high']:+.3f}]"
            f"   {verdict}"
        )
    return "\n".join(lines)


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
                run_profile(name, args.games, args.data, log=log, limit=args.limit, outcomes=args.outcomes)
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
                doc = _merged_own(old_doc, rows, today)
            else:
                doc = _merged(old_doc, rows, later, today)
            text = json.dumps(doc, indent=1) + "\n"
            replace_file(SUMMARY_FILE, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
