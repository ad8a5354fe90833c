"""How often the paired games drew a reference-pool deal they had drawn before.

The paired games (:mod:`analysis.equity.paired`) draw their deals from the
profile's double-dummy reference pool with replacement, so a pool deal can
stand behind several deals of the games.  The stored blocks keep only each
game's winner; this module replays the all-threshold arm (the reference
every gain is measured against; the threshold policy plays fast) with the
same seed and game ids, counts its draws, its distinct pool deals and the
draws that repeat a deal drawn before, and stores them in the shipped
summary under ``draws``.  The other arms start every game from the same
stream and draw the same deals until a decision makes their games differ.

Usage (from the repository root)::

    python -m analysis.equity.draws [--rules all] [--save]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..errors import BadArgument
from ..rules import PROFILES
from . import paired_store

__all__ = ["threshold_draws"]


def threshold_draws(profile: str, games: int) -> dict:
    """The pool draws of ``profile``'s all-threshold arm of the paired games.

    Parameters
    ----------
    profile : str
        A profile name.
    games : int
        Games of the arm (``3 *`` the games per equity seat), game ids
        ``0 .. games - 1`` of :data:`analysis.equity.paired_store.SEED`.

    Returns
    -------
    dict
        ``profile``, ``games``, ``pool`` (the reference pool's name),
        ``pool_size`` (its deals), ``draws`` (deals drawn, redeals
        included), ``distinct`` (distinct pool deals among them) and
        ``repeats`` (draws of a deal drawn before), as
        :func:`analysis.game.sources.draw_summary` counts them.

    Raises
    ------
    BadArgument
        If no reference pool serves the profile.
    """
    # late: the simulator and the pools load only here
    from .. import reference
    from ..game import ThresholdPolicy, simulate
    from ..game.pools import PoolSource

    rules = PROFILES[profile]
    ref = reference.pool_for(rules)
    if ref is None:
        raise BadArgument(f"no reference pool serves {profile}: its paired games cannot be replayed")
    pool = PoolSource(ref.solutions_path, rules)
    o = simulate(rules, games, paired_store.SEED, ThresholdPolicy(), pool=pool, start=0).attrs["outcomes"]
    return {
        "profile": profile,
        "games": int(games),
        "pool": ref.name,
        "pool_size": int(pool.size),
        "draws": int(o["deals_drawn"]),
        "distinct": int(o["distinct_deals"]),
        "repeats": int(o["repeated_draws"]),
    }


def main(argv=None) -> int:
    """Command line (module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m analysis.equity.draws", description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="all", help="a profile or all (default)")
    ap.add_argument("--save", action="store_true", help="store the counts in paired_summary.json")
    args = ap.parse_args(argv)
    doc = paired_store.shipped_summary()
    games = {r["profile"]: int(r["games"]) for r in doc.get("rows", [])}
    names = list(games) if args.rules == "all" else [args.rules]
    if any(n not in games for n in names):
        raise BadArgument(f"--rules: a profile with shipped paired games ({', '.join(games)}) or all")
    rows = []
    for name in names:
        t = time.perf_counter()
        rows.append(threshold_draws(name, games[name]))
        print(json.dumps(rows[-1]), f"({time.perf_counter() - t:.0f} s)", flush=True)
    if args.save:
        again = {r["profile"] for r in rows}
        doc["draws"] = [r for r in doc.get("draws", []) if r["profile"] not in again] + rows
        order = {p: i for i, p in enumerate(PROFILES)}
        doc["draws"].sort(key=lambda r: order[r["profile"]])
        paired_store.save_summary(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
