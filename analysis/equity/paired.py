"""Paired games: how much is reading the score worth?

Usage (from the repository root; resumable, so run it in the background)::

    nohup python -m analysis.equity.paired run --rules all --games 400 > paired.log 2>&1 &
    python -m analysis.equity.paired show            # the table, from the stored results
    python -m analysis.equity.paired show --save     # ... and ship it: analysis/equity/paired_summary.json

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
skips the blocks already there.  The step recorded is 1: the equity model
the policy reads is the shipped one, fitted on all-threshold games.
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
from ..rules import PROFILES

__all__ = ["summary", "shipped_summary"]

#: Games per stored block.
BLOCK = 50
#: Root seed of the paired games.
SEED = 3601
_Z = 1.959963984540054
#: The summary shipped with the package (``show --save``), read by the research page.
SUMMARY_FILE = Path(__file__).parent / "paired_summary.json"


def _wilson(k: int, n: int) -> tuple:
    """95 % Wilson interval of k successes in n trials."""
    p, z2 = k / n, _Z * _Z
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return mid - half, mid + half


def _winners(rules, pool, policy, start: int, n: int) -> list:
    # late: the simulator loads only for the games
    from ..game import simulate

    g = simulate(rules, n, SEED, policy, pool=pool, start=start)
    last = g.groupby("game_id").tail(1)
    return [int(w) for w in last.sort_values("game_id").winner]


def _block_path(data, profile: str, arm: str, start: int) -> Path:
    return Path(data) / profile / f"{arm}-{start:06d}.json"


def run_profile(profile: str, games: int, data="data/equity/paired", log=print) -> None:
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
    """
    # late: the simulator and the pools load only here
    from .. import reference
    from ..game import ThresholdPolicy
    from ..game.equity_policy import EquityPolicy
    from ..game.pools import PoolSource

    rules = PROFILES[profile]
    ref = reference.pool_for(rules)
    pool = None if ref is None else PoolSource(ref.solutions_path, rules)
    total = 3 * games
    for start in range(0, total, BLOCK):
        n = min(BLOCK, total - start)
        for arm in ("threshold", "equity"):
            path = _block_path(data, profile, arm, start)
            if path.is_file():
                continue
            t = time.perf_counter()
            if arm == "threshold":
                winners = _winners(rules, pool, ThresholdPolicy(), start, n)
                seats = [g // games for g in range(start, start + n)]
            else:
                winners, seats = [], []
                # games of one block may straddle two seats when games is not a multiple of BLOCK
                for s in sorted({g // games for g in range(start, start + n)}):
                    ids = [g for g in range(start, start + n) if g // games == s]
                    winners += _winners(rules, pool, EquityPolicy(players=(s,)), ids[0], len(ids))
                    seats += [s] * len(ids)
            rec = {"profile": profile, "arm": arm, "start": start, "games": games, "seed": SEED, "step": 1}
            rec.update(seats=seats, winners=winners)
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, lambda tmp, r=rec: tmp.write_text(json.dumps(r) + "\n", encoding="utf-8"))
            log(f"{profile} {arm} games {start}..{start + n - 1}: {time.perf_counter() - t:.1f} s")


def summary(data="data/equity/paired") -> list:
    """The stored paired games, one dict per profile (complete pairs only).

    Returns
    -------
    list of dict
        ``profile``, ``games`` (pairs), ``share`` (the equity player's win
        share), ``share_low``, ``share_high`` (95 % Wilson), ``base`` (the
        same seats' share in the all-threshold games), ``gain`` (``share -
        base``) with ``gain_low``, ``gain_high`` (95 %, paired), and
        ``by_seat``: the share per equity seat.
    """
    out = []
    root = Path(data)
    for profile in PROFILES:
        won_e, won_b, seat_of = [], [], []
        for path in sorted((root / profile).glob("equity-*.json")):
            e = json.loads(path.read_text(encoding="utf-8"))
            bp = path.with_name(path.name.replace("equity-", "threshold-"))
            if not bp.is_file():
                continue
            b = json.loads(bp.read_text(encoding="utf-8"))
            for s, we, wb in zip(e["seats"], e["winners"], b["winners"], strict=True):
                won_e.append(we == s)
                won_b.append(wb == s)
                seat_of.append(s)
        n = len(won_e)
        if n == 0:
            continue
        we, wb, so = np.array(won_e, float), np.array(won_b, float), np.array(seat_of)
        lo, hi = _wilson(int(we.sum()), n)
        d = we - wb
        se = d.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
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
            }
        )
    return out


def shipped_summary() -> dict:
    """The summary shipped with the package: ``date``, ``seed``, ``step`` and
    ``rows`` (as :func:`summary`); empty rows when none is shipped."""
    if not SUMMARY_FILE.is_file():
        return {"rows": []}
    return json.loads(SUMMARY_FILE.read_text(encoding="utf-8"))


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
        "profile  games  equity seat wins [95%]      all-threshold  gain [95%]                verdict",
    ]
    for r in rows:
        verdict = _verdict(r)
        lines.append(
            f"{r['profile']:<8} {r['games']:>5}  {r['share']:.3f} "
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
    r.add_argument("--data", default="data/equity/paired")
    s = sub.add_parser("show", help="print the table from the stored games")
    s.add_argument("--data", default="data/equity/paired")
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", action="store_true", help=f"also write {SUMMARY_FILE.name} beside this module")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        names = list(PROFILES) if args.rules == "all" else [args.rules]
        for name in names:
            if name not in PROFILES:
                raise BadArgument(f"unknown profile {name!r}: one of {', '.join(PROFILES)} or all")
        if args.games < 1:
            raise BadArgument(f"--games must be at least 1, got {args.games}")
        for name in names:
            run_profile(name, args.games, args.data, log=lambda m: print(m, flush=True))
        print(format_summary(summary(args.data)))
    else:
        rows = summary(args.data)
        print(json.dumps(rows, indent=1) if args.json else format_summary(rows))
        if args.save:
            doc = {"date": time.strftime("%Y-%m-%d", time.gmtime()), "seed": SEED, "step": 1, "rows": rows}
            text = json.dumps(doc, indent=1) + "\n"
            replace_file(SUMMARY_FILE, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
