"""``thousand analyse "<hand0>" "<hand1>" "<hand2>" "<widow>" [--declarer 0]``.

Prints the best gift and the optimal (tie-broken) line trick by trick with
running points.  A thin wrapper over
:func:`analysis.solver.analyse_deal` and :func:`analysis.solver.format_line`.
"""

from __future__ import annotations

import json

from ..cards import check_parts, parse
from ._common import add_rules_options, rules_from_args


def register(sub) -> None:
    """Add the ``analyse`` sub-parser to ``sub`` (``func=run``)."""
    p = sub.add_parser(
        "analyse",
        help="best exchange and optimal play of one deal",
        description="Solve one deal double-dummy for a declarer: the best two cards "
        "to give away and the optimal line, trick by trick. Hands are "
        "7 cards each (seat 0 is the first hand), the widow 3 cards, "
        'e.g. "A♥ 10♥ K♠ Q♠ 9♦ J♣ 10♣" or ASCII "AH TH KS QS" '
        "(Latin T is the ten; Cyrillic Т is the ace).",
    )
    for i in range(3):
        p.add_argument(f"hand{i}", help=f"7 cards of seat {i}")
    p.add_argument("widow", help="the 3 cards of the widow")
    p.add_argument(
        "--declarer", type=int, default=0, choices=(0, 1, 2), help="declarer seat (default 0, the first hand)"
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``thousand analyse``; returns the exit code."""
    # late: the parser imports every command module; the work loads when it runs
    from ..solver import analyse_deal, format_line

    rules = rules_from_args(args)
    hands = [parse(getattr(args, f"hand{i}")) for i in range(3)]
    widow = parse(args.widow)
    check_parts([("hand0", hands[0], 7), ("hand1", hands[1], 7), ("hand2", hands[2], 7), ("widow", widow, 3)])
    res = analyse_deal(hands, widow, args.declarer, rules)
    if args.json:
        print(
            json.dumps(
                {
                    "declarer": res.declarer,
                    "value": res.value,
                    "objective": res.objective,
                    "give_left": res.give_left,
                    "give_right": res.give_right,
                    "hands": list(res.hands),
                    "widow": res.widow,
                    "rules": res.rules,
                    "tricks": [
                        {
                            "leader": t.leader,
                            "cards": [list(x) for x in t.cards],
                            "declared": t.declared,
                            "trump": t.trump,
                            "winner": t.winner,
                            "points": t.points,
                            "raw": list(t.raw),
                            "tricks": list(t.tricks),
                        }
                        for t in res.tricks
                    ],
                }
            )
        )
    else:
        print(format_line(res))
    return 0
