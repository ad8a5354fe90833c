"""Compile every numba entry point of the package ahead of use.

``python -m analysis.warmup`` (run by ``make install``; run it after
``pip install`` and after editing a jitted module) calls each public front
that reaches a numba function on tiny inputs, so that numba compiles and
caches every entry point with the argument types the commands use; the
first ``thousand analyse`` or ``thousand odds`` then only loads compiled
code.  With a valid cache it takes a few seconds.

The steps cover the dealer and its ranking (:mod:`analysis.deal`), the
redeal conditions (:mod:`analysis.redeal`), the exact enumeration
(:mod:`analysis.probabilities`), the solver's play value, threshold queries,
exchange with and without its line, move values, lines, the batch fronts
and the plain baseline (:mod:`analysis.solver`), and the odds commands
(:mod:`analysis.odds`).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import pandas as pd

from . import _jitcache
from .cards import parse
from .rules import PROFILES, as_rules

__all__ = ["warm_up"]

# Each step imports the jitted modules it compiles inside its function: they
# must be imported after main() has installed the cache key and the compile
# note (_jitcache.install_now), and a step's time then includes loading them.

_HAND = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
_README_DEAL = ("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "A♠ K♠ Q♠ J♠ 10♣ K♣ Q♣", "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦", "9♦ J♣ 9♣")


def _deals():
    # numba: after main() installed the cache key (see above)
    from .deal import chunk_rng, deal

    return deal(chunk_rng(0, 0), 4)


def _dealer():
    # numba: after main() installed the cache key (see above)
    from .deal import check_deals, chunk_rng, deal_constrained, deal_rank, deal_unrank

    d = _deals()
    check_deals(d)
    deal_unrank(deal_rank(d))
    deal_constrained(chunk_rng(0, 1), 2, {0: int(d[0, 0])})


def _redeal():
    # numba: after main() installed the cache key (see above)
    from .redeal import hand_bidding_reasons, redeal_after_exchange, redeal_flags

    club = PROFILES["club"]
    d = _deals()
    redeal_flags(d, club)
    hand_bidding_reasons(int(d[0, 0]), club)

    both = (d[:, 0] | d[:, 3]).astype(np.int64)
    a = both & -both  # the declarer's two lowest cards as gifts
    b = (both & ~a) & -(both & ~a)
    hands8 = np.stack([both & ~a & ~b, d[:, 1] | a, d[:, 2] | b], axis=1).astype(np.uint32)
    redeal_after_exchange(hands8, club)


def _exact():
    # numba: after main() installed the cache key (see above)
    from .probabilities import p_hand_points_under, redeal_probabilities

    p_hand_points_under(50)
    redeal_probabilities("club")


def _solver_values():
    # numba: after main() installed the cache key (see above)
    from .solver import makes, play_value

    hands = [parse(h) for h in _README_DEAL[:3]]
    play_value(hands, declarer=0)
    makes(hands, 100, declarer=0)


def _exchange():
    # numba: after main() installed the cache key (see above)
    from .solver import exchange_makes, exchange_value

    h, left, right, w = (parse(x) for x in _README_DEAL)
    exchange_value(h, w, left, right, line=True)
    exchange_value(h, w, left, right, line=False)
    exchange_makes(h, w, left, right, 120)


def _moves():
    # numba: after main() installed the cache key (see above)
    from .solver import Position, card_values, line_from

    pos = Position(hands=tuple(parse(x) for x in ("K♥ Q♥", "A♠ 9♠", "10♠ J♠")))
    card_values(pos)
    card_values(pos, objective="J")
    line_from(pos)
    # the driver kernels single-dummy play calls from Python (legal_moves, apply_move)
    from .single_dummy.pimc import MoveWorlds

    MoveWorlds([pos], as_rules("club"))


def _analyse():
    # numba: after main() installed the cache key (see above)
    from .solver import analyse_deal, format_line

    format_line(analyse_deal([parse(x) for x in _README_DEAL[:3]], parse(_README_DEAL[3]), 0))


def _batch():
    # numba: after main() installed the cache key (see above)
    from .solver import solve_deals, solve_exchanges

    d = _deals()
    solve_exchanges(d[:2, 0], d[:2, 3], d[:2, 1], d[:2, 2], line=True)
    solve_exchanges(d[:2, 0], d[:2, 3], d[:2, 1], d[:2, 2], line=False)
    frame = pd.DataFrame(
        {"deal_id": range(2), "hand0": d[:2, 0], "hand1": d[:2, 1], "hand2": d[:2, 2], "widow": d[:2, 3]}
    )
    solve_deals(frame, seats=(0,), lines=True)


def _baseline():
    # numba: after main() installed the cache key (see above)
    from .solver.baseline import baseline_value

    baseline_value([parse(x) for x in ("K♥ Q♥", "A♠ 9♠", "10♠ J♠")], declarer=0)


def _odds():
    # numba: after main() installed the cache key (see above)
    from .odds.hand import hand_odds
    from .odds.widow import widow_odds

    hand_odds(_HAND, "club", 4, 0, progress=False)
    widow_odds(_HAND, "A♠ 10♣ K♦", "club", 2, 0, progress=False)


#: (name, function) of each warm-up step, in order.
STEPS = (
    ("dealer", _dealer),
    ("redeal conditions", _redeal),
    ("exact enumeration", _exact),
    ("play value", _solver_values),
    ("exchange", _exchange),
    ("move values", _moves),
    ("analyse", _analyse),
    ("batch solver", _batch),
    ("baseline", _baseline),
    ("odds", _odds),
)


def warm_up(out=None) -> float:
    """Run every step of :data:`STEPS`; returns the seconds taken.

    Parameters
    ----------
    out : file, optional
        Where each step's line (name, seconds) goes; ``None``: silent.
    """
    t0 = time.perf_counter()
    for i, (name, step) in enumerate(STEPS, 1):
        t = time.perf_counter()
        step()
        if out is not None:
            print(f"  {i:2d}/{len(STEPS)} {name}: {time.perf_counter() - t:.1f} s", file=out, flush=True)
    return time.perf_counter() - t0


def main(argv=None) -> int:
    """``python -m analysis.warmup [--quiet]``; returns the exit code."""
    p = argparse.ArgumentParser(
        prog="python -m analysis.warmup", description="Compile and cache every numba entry point."
    )
    p.add_argument("--quiet", action="store_true", help="print only the total")
    args = p.parse_args(argv)
    print(
        "warm-up: compiling the solver's numba code (about 5 minutes on 2 cores the "
        "first time, a few seconds once cached) ...",
        flush=True,
    )

    _jitcache.install_now()
    # numba: loaded by install_now just above
    from ._jitnumba import NOTE

    NOTE.quiet = True  # this command's own lines say what is going on
    secs = warm_up(None if args.quiet else sys.stdout)
    print(
        f"warm-up: done in {secs:.1f} s ({NOTE.count} functions compiled, {NOTE.seconds:.1f} s of it)",
        flush=True,
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
