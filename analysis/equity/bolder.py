"""A bolder score-blind seat in the paired games: how much of the gain is boldness?

Against threshold players (risk 0.5), bidding more boldly pays whatever the
score, and the equity policy's break-even at a fresh table (about 0.46) is
itself bolder than 0.5.  This arm tells the two apart: the same games as
:mod:`analysis.equity.paired` (same seed, game ids and rotating seat),
with the seat on :class:`BolderSeat` (the threshold rule at a lower risk,
score-blind) instead of the equity policy.  Reported per profile: the bold
seat's win share, its gain over the all-threshold arm, and the equity seat's
win share minus the bold seat's on the same games, each with a 95 %
interval from the paired per-game differences.

Usage (from the repository root; resumable)::

    nohup nice -n 10 python -m analysis.equity.bolder run --rules club --games 300 --risk 0.35 \
        > bold.log 2>&1 &
    python -m analysis.equity.bolder show [--save]   # --save: into analysis/equity/paired_summary.json

The blocks are stored beside the paired games' (``bold<risk>-<start>.json``
under ``data/equity/paired/<profile>/``, atomically; a rerun skips them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import BadArgument
from ..game import GRID, EquityPolicy
from ..rules import PROFILES
from ..stats import mean_ci, proportion_ci
from . import paired
from .paired_store import SEED, block_path, blocks, save_summary, shipped_summary, write_block

__all__ = ["BolderSeat", "bold_summary"]

#: The threshold policy's (risk, barrel risk, block risk) for the other players.
_DEFAULTS = (0.5, 0.5, 0.35)
#: How far below ``risk`` a bold seat still bids against a barrel sitter (the threshold policy's margin).
_BLOCK_MARGIN = 0.15


@dataclass(frozen=True)
class BolderSeat(EquityPolicy):
    """The threshold policy with a lower ``risk`` for ``players``, the defaults for the others.

    A player of ``players`` bids while the estimate of the next level is at
    least ``risk`` (on the barrel too), and against a barrel sitter down to
    ``risk - 0.15``; the others at 0.5, 0.5 and 0.35.  Everyone names his
    contract, writes off and redeals as the threshold policy (his score
    change minus the mean of his opponents').  At ``risk=0.5`` it is the
    threshold policy for everyone.

    Parameters
    ----------
    risk : float
        On :data:`analysis.game.GRID` (steps of 0.025), from 0.175 to 0.975.
    players : tuple of int
        As :class:`~analysis.game.EquityPolicy`.

    Raises
    ------
    BadArgument
        On a risk off the grid or outside that range.
    """

    risk: float = 0.35

    name = "bolder-seat"

    def __post_init__(self) -> None:
        super().__post_init__()
        r = round(float(self.risk), 3)
        if r not in GRID or round(r - _BLOCK_MARGIN, 3) not in GRID:
            raise BadArgument(f"risk must be a multiple of 0.025 from 0.175 to 0.975, got {self.risk!r}")
        object.__setattr__(self, "risk", r)

    def params(self) -> dict:
        """As :meth:`EquityPolicy.params`, with ``risk``."""
        return super().params() | {"risk": self.risk}

    def table_limits(self, rules, state, limits) -> np.ndarray:
        """Per seat (normal, barrel, blocking) limits: ``risk`` for ``players``, the defaults else."""
        lim = np.asarray(limits)
        bold = [GRID.index(self.risk)] * 2 + [GRID.index(round(self.risk - _BLOCK_MARGIN, 3))]
        other = [GRID.index(t) for t in _DEFAULTS]
        out = np.empty((3, 3), dtype=np.int64)
        for s in range(3):
            player = (state.dealer + 1 + s) % 3
            out[s] = lim[s, bold if player in self.players else other]
        return out

    def deal_value(self, rules, state, result, declarer: int) -> float:
        """His score change minus the mean of his opponents' (the threshold policy's measure)."""
        dl = result.deltas
        return float(dl[declarer] - (dl.sum() - dl[declarer]) / 2.0)


def _arm(risk: float) -> str:
    return f"bold{round(risk, 3):g}"


def play_bold(profile: str, games: int, risk: float = 0.35, data="data/equity/paired", log=print, limit=None):
    """Play (or finish) the bold arm of ``profile``'s paired games.

    Parameters
    ----------
    profile : str
    games : int
        Games per seat, as the paired games' ``--games`` (the seat of game
        ``g`` is ``g // games``).
    risk : float
        The bold seat's risk (:class:`BolderSeat`).
    data : path
    log : callable
    limit : int, optional
        Only the first ``limit`` games (whole blocks).
    """
    # late: the pools load only here
    from .. import reference
    from ..game.pools import PoolSource

    rules = PROFILES[profile]
    ref = reference.pool_for(rules)
    pool = None if ref is None else PoolSource(ref.solutions_path, rules)
    BolderSeat(risk=risk)  # check the risk before any game
    for start, runs in blocks(games, limit):
        path = block_path(data, profile, _arm(risk), start)
        if path.is_file():
            continue
        t = time.perf_counter()
        winners = []
        for seat, first, count in runs:
            won, _ = paired.play_games(rules, pool, BolderSeat(players=(seat,), risk=risk), first, count)
            winners += won
        seats = [seat for seat, _, count in runs for _ in range(count)]
        rec = {"profile": profile, "arm": _arm(risk), "risk": risk, "start": start, "games": games}
        rec.update(seed=SEED, seats=seats, winners=winners)
        write_block(path, rec)
        took = time.perf_counter() - t
        log(f"{profile} {_arm(risk)} games {start}..{start + len(seats) - 1}: {took:.1f} s")


def _diff(a, b) -> tuple:
    return mean_ci(np.asarray(a, float) - np.asarray(b, float))


def bold_summary(data="data/equity/paired") -> list:
    """The stored bold arms, one dict per profile and risk.

    Returns
    -------
    list of dict
        ``profile``, ``risk``, ``games`` (games with the bold and the
        all-threshold arm), ``share`` (the bold seat's win share) with
        ``share_low``, ``share_high`` (95 % Wilson), ``gain`` over the same
        seats in the all-threshold games with ``gain_low``, ``gain_high``
        (95 %, paired); ``equity_games`` (games with the equity arm of step
        1 too) and ``equity_minus_bold`` with ``_low``, ``_high`` (95 %,
        paired; None without equity games).

    Raises
    ------
    BadArgument
        When arms of one block were played with different games per seat.
    """
    out, root = [], Path(data)
    for profile in PROFILES:
        risks = sorted({p.name.split("-")[0] for p in (root / profile).glob("bold*-*.json")})
        for arm in risks:
            bold, base, eq_w, bold_w = [], [], [], []
            for path in sorted((root / profile).glob(f"{arm}-*.json")):
                b = json.loads(path.read_text(encoding="utf-8"))
                tp = root / profile / path.name.replace(f"{arm}-", "threshold-")
                if not tp.is_file():
                    continue
                t = json.loads(tp.read_text(encoding="utf-8"))
                ep = root / profile / path.name.replace(f"{arm}-", "equity-")
                e = json.loads(ep.read_text(encoding="utf-8")) if ep.is_file() else None
                for other in (t, e):
                    if other is not None and other.get("games") != b["games"]:
                        raise BadArgument(f"{path} and its paired block differ in games per seat", path=path)
                for i, (s, wb, wt) in enumerate(zip(b["seats"], b["winners"], t["winners"], strict=True)):
                    bold.append(wb == s)
                    base.append(wt == s)
                    if e is not None:
                        eq_w.append(e["winners"][i] == s)
                        bold_w.append(wb == s)
            n = len(bold)
            if n == 0:
                continue
            lo, hi = proportion_ci(int(sum(bold)), n, method="wilson")
            g, glo, ghi = _diff(bold, base)
            row = {
                "profile": profile,
                "risk": float(arm[4:]),
                "games": n,
                "share": float(np.mean(bold)),
                "share_low": float(lo),
                "share_high": float(hi),
                "gain": g,
                "gain_low": glo,
                "gain_high": ghi,
                "equity_games": len(eq_w),
                "equity_minus_bold": None,
                "equity_minus_bold_low": None,
                "equity_minus_bold_high": None,
            }
            if eq_w:
                row["equity_minus_bold"], row["equity_minus_bold_low"], row["equity_minus_bold_high"] = _diff(
                    eq_w, bold_w
                )
            out.append(row)
    return out


def format_bold(rows) -> str:
    """The text table of :func:`bold_summary`."""
    head = "profile  risk   games  bold seat wins [95%]     gain over threshold [95%]"
    lines = [head + "   equity - bold [95%]"]
    for r in rows:
        emb = (
            "-"
            if r["equity_minus_bold"] is None
            else f"{r['equity_minus_bold']:+.3f} [{r['equity_minus_bold_low']:+.3f}, "
            f"{r['equity_minus_bold_high']:+.3f}] ({r['equity_games']} games)"
        )
        lines.append(
            f"{r['profile']:<8} {r['risk']:.3f} {r['games']:>6}  {r['share']:.3f} [{r['share_low']:.3f}, "
            f"{r['share_high']:.3f}]    {r['gain']:+.3f} [{r['gain_low']:+.3f}, {r['gain_high']:+.3f}]"
            f"     {emb}"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    """Command line: ``run`` or ``show`` (module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m analysis.equity.bolder", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play (or finish) the bold arm")
    r.add_argument("--rules", default="club", help="a profile or all (default club)")
    r.add_argument(
        "--games", type=int, default=300, help="games per seat, as the paired games' (default 300)"
    )
    r.add_argument("--risk", type=float, default=0.35, help="the bold seat's risk (default 0.35)")
    r.add_argument("--limit", type=int, default=None, help="play only the first N games")
    s = sub.add_parser("show", help="print the table from the stored games")
    s.add_argument("--save", action="store_true", help="also store it in paired_summary.json")
    for q in (r, s):
        q.add_argument("--data", default="data/equity/paired")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        names = list(PROFILES) if args.rules == "all" else [args.rules]
        if any(n not in PROFILES for n in names) or args.games < 1:
            raise BadArgument(f"--rules: one of {', '.join(PROFILES)} or all; --games at least 1")
        for name in names:
            play_bold(name, args.games, args.risk, args.data, lambda m: print(m, flush=True), args.limit)
    rows = bold_summary(args.data)
    print(format_bold(rows))
    if args.cmd == "show" and args.save:
        doc = shipped_summary()
        again = {(r["profile"], r["risk"]) for r in rows}
        today = time.strftime("%Y-%m-%d", time.gmtime())
        kept = [r for r in doc.get("bold", []) if (r["profile"], r["risk"]) not in again]
        doc["bold"] = kept + [dict(r, date=today) for r in rows]
        save_summary(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
