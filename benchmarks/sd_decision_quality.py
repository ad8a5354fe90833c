"""Decision quality of cheaper single-dummy rules against the exact one.

A cheaper rule may pick another gift or card than the exact pruning over
16 worlds; what matters is how much worse the pick is, not how often it
differs (two exact draws of 16 worlds pick the same gift on a quarter of
the deals).  For each random club deal (seat 0 declaring;
``numpy.random.default_rng(seed)``) this benchmark:

* **gift**: picks the declarer's gift by each rule
  (:func:`analysis.single_dummy.decide.choose_gift` on the worlds of the
  deal's decision 0) and values every pick on ``--eval`` evaluation worlds
  drawn from a stream independent of every rule's (the same worlds for all
  picks, so the differences are paired): the mean J of DESIGN.md contract 3
  in points (J / 1000) over the evaluation worlds;
* **cards** (``--cards``): plays the deal with the exact rule at 16
  worlds and, at every unforced card, picks the card by each rule as well
  (:func:`analysis.single_dummy.decide.choose_card`) and values each pick
  on ``--eval`` independent worlds of the mover's knowledge (J after the
  card, solved double-dummy; the mover's own sign: a defender's loss is a
  higher J).

It prints, per rule, the nodes beside the exact rule's, how often the
pick equals the exact rule's, and the mean loss against the exact rule
(points a deal for the gift, a decision for the cards) with its 95 %
interval, beside the same for the exact rule on another draw of its
worlds (``exact'``): the noise of the draw itself.  A rule whose loss is
within that noise loses nothing a second draw would not.

Usage: ``python benchmarks/sd_decision_quality.py [--deals N] [--eval E]
[--seed S] [--rules R] [--cards] [--card-deals N]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from analysis.rules import as_rules
from analysis.single_dummy import (
    Knowledge,
    MoveWorlds,
    choose_card,
    choose_gift,
    decision_rng,
    play_deal,
    sample_layouts,
)
from analysis.solver import Position, play_objective

#: Gift rules: (name, worlds, gift rule, stream offset); the offset 10_000
#: draws the exact rule's worlds again with another seed.
GIFT_RULES = (
    ("exact", 16, "exact", 0),
    ("exact'", 16, "exact", 10_000),
    ("shortlist", 16, "shortlist", 0),
    ("exact-8", 8, "exact", 0),
    ("exact-4", 4, "exact", 0),
    ("exact-2", 2, "exact", 0),
)
#: Card rules: (name, worlds, stream offset).
CARD_RULES = (("exact", 16, 0), ("exact'", 16, 10_000), ("exact-8", 8, 0), ("exact-4", 4, 0))
_EVAL = 777_777  # stream offset of the evaluation worlds


def _deal(rng):
    p = rng.permutation(24)
    hs = [int(sum(1 << int(c) for c in p[7 * k : 7 * k + 7])) for k in range(3)]
    return hs, int(sum(1 << int(c) for c in p[21:]))


def _ci(d):
    d = np.asarray(d, dtype=float)
    half = 1.96 * d.std(ddof=1) / np.sqrt(len(d)) if len(d) > 1 else float("nan")
    return d.mean(), half


def gift_quality(deals, rules, n_eval, seed, start=0, log=None):
    """Per rule: picks, nodes; and the evaluation means of every pick
    (deal ``i`` of ``deals`` is deal ``start + i`` of the stream); ``log``
    receives one line a deal: its index then each rule's value."""
    picks = {r[0]: [] for r in GIFT_RULES}
    nodes = {r[0]: 0 for r in GIFT_RULES}
    value = {r[0]: [] for r in GIFT_RULES}
    for i, (hs, w) in enumerate(deals, start):
        ten = hs[0] | w
        for name, worlds, rule, off in GIFT_RULES:
            st = np.zeros(1, dtype=np.int64)
            a, b, _, _ = choose_gift(ten, worlds, decision_rng(seed + off + i, 0), rules, stats=st, gift=rule)
            picks[name].append((a, b))
            nodes[name] += int(st[0])
        unseen = ((1 << 24) - 1) & ~ten
        ev = sample_layouts(
            Knowledge(0, (ten, unseen, unseen), (10, 7, 7)), n_eval, decision_rng(_EVAL + i, 0)
        )
        cache = {}
        for name in picks:
            g = picks[name][-1]
            if g not in cache:
                a, b = g
                d = ten & ~(1 << a) & ~(1 << b)
                js = [
                    play_objective(
                        (d, int(x[1]) | (1 << a), int(x[2]) | (1 << b)),
                        declarer=0,
                        leader=0,
                        first_trick=True,
                        rules=rules,
                    )
                    for x in ev
                ]
                cache[g] = float(np.mean(js)) / 1000
            value[name].append(cache[g])
        if log is not None:
            log(" ".join([str(i), *(f"{value[r[0]][-1]:.4f}" for r in GIFT_RULES)]))
    return picks, nodes, value


def card_quality(deals, rules, n_eval, seed):
    """Per card rule: over every unforced card of the exact play, the loss
    of its pick valued on independent worlds, the agreement and the nodes."""
    loss = {r[0]: [] for r in CARD_RULES}
    same = {r[0]: [] for r in CARD_RULES}
    nodes = {r[0]: 0 for r in CARD_RULES}

    for i, (hs, w) in enumerate(deals):

        def hook(k, mover, know, table, hands, legal, i=i):
            if len(legal) == 1:
                return
            got = {}
            for name, worlds, off in CARD_RULES:
                st = np.zeros(1, dtype=np.int64)
                got[name] = choose_card(
                    know, table, legal, worlds, decision_rng(seed + off + i, 100 + k), rules, stats=st
                )
                nodes[name] += int(st[0])
            ev = sample_layouts(know, n_eval, decision_rng(_EVAL + i, 100 + k))
            trump = table["trump"]
            pos = Position(
                hands=(int(ev[0, 0]), int(ev[0, 1]), int(ev[0, 2])),
                declarer=0,
                leader=table["leader"],
                trick=tuple(table["trick"]),
                trump=None if trump < 0 else trump,
                trump_owner=None if trump < 0 else table["owner"],
                first_trick=table["first"],
                points=tuple(table["points"]),
                tricks=tuple(table["tricks"]),
            )
            mw = MoveWorlds.from_layouts(pos, ev, rules)
            sign = 1 if mover == 0 else -1
            val = {}
            for j in set(got.values()):
                val[j] = sign * float(np.mean([mw.value(j, x) for x in range(len(ev))])) / 1000
            for name in got:
                loss[name].append(val[got["exact"]] - val[got[name]])
                same[name].append(got[name] == got["exact"])

        play_deal(hs[0], w, hs[1], hs[2], rules=rules, worlds=16, seed=seed + i, hook=hook)
    return loss, same, nodes


def combine(paths):
    """The gift table from the ``--per-deal`` lines of split runs (each deal once)."""
    rows = {}
    for path in paths:
        with open(path) as fh:
            for line in fh:
                parts = line.split()
                if len(parts) == 1 + len(GIFT_RULES) and parts[0].isdigit():
                    rows[int(parts[0])] = [float(x) for x in parts[1:]]
    v = np.array([rows[k] for k in sorted(rows)])
    print(f"\ngift: {len(v)} deals from {len(paths)} runs")
    print("  rule        same value  mean value  loss against exact (95 %)")
    for j, (name, *_) in enumerate(GIFT_RULES):
        m, h = _ci(v[:, 0] - v[:, j])
        same = 100 * np.mean(v[:, j] == v[:, 0])
        print(f"  {name:<10} {same:8.0f} %  {v[:, j].mean():10.2f}  {m:+.3f} ± {h:.3f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--eval", type=int, default=64, help="evaluation worlds per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="club")
    ap.add_argument("--cards", action="store_true", help="also the card decisions")
    ap.add_argument("--card-deals", type=int, default=60)
    ap.add_argument("--no-gift", action="store_true")
    ap.add_argument("--start", type=int, default=0, help="skip the stream's first deals (to split a run)")
    ap.add_argument("--per-deal", action="store_true", help="print each deal's gift values as it goes")
    ap.add_argument(
        "--combine", nargs="+", metavar="LOG", help="only combine the --per-deal logs of split runs"
    )
    args = ap.parse_args(argv)
    if args.combine:
        combine(args.combine)
        return
    rules = as_rules(args.rules)
    rng = np.random.default_rng(args.seed)
    deals = [_deal(rng) for _ in range(args.start + args.deals)][args.start :]
    t0 = time.process_time()
    if not args.no_gift:
        log = (lambda line: print(line, flush=True)) if args.per_deal else None
        picks, nodes, value = gift_quality(deals, rules, args.eval, 0, args.start, log)
        n = len(deals)
        print(f"\ngift: {n} {args.rules} deals (seed {args.seed}), {args.eval} evaluation worlds each")
        print("  rule        nodes/exact  same gift  mean value  loss against exact (95 %)")
        base = np.array(value["exact"])
        for name, *_ in GIFT_RULES:
            v = np.array(value[name])
            m, h = _ci(base - v)
            same = np.mean([a == b for a, b in zip(picks[name], picks["exact"])])
            print(
                f"  {name:<10} {nodes[name] / nodes['exact']:10.3f}  {100 * same:7.0f} %  {v.mean():10.2f}  "
                f"{m:+.3f} ± {h:.3f}"
            )
        print(f"  CPU {time.process_time() - t0:.0f} s", flush=True)
    if args.cards:
        t0 = time.process_time()
        loss, same, nodes = card_quality(deals[: args.card_deals], rules, args.eval, 0)
        k = len(loss["exact"])
        print(f"\ncards: {args.card_deals} deals, {k} unforced decisions, {args.eval} evaluation worlds each")
        print("  rule        nodes/exact  same card  loss against exact, points a decision (95 %)")
        for name, *_ in CARD_RULES:
            m, h = _ci(loss[name])
            print(
                f"  {name:<10} {nodes[name] / nodes['exact']:10.3f}  "
                f"{100 * np.mean(same[name]):7.0f} %  {m:+.3f} ± {h:.3f}"
            )
        print(f"  CPU {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main()
