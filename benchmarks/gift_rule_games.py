"""Paired whole games: the shortlist gift rule against the exact one.

Both arms play the same game ids from the same seed with single-dummy play
on the fly (:class:`analysis.game.sources.SDSolverSource`); only the
declarer's gift rule differs (``play_deal(gift=...)``).  Games run in
blocks of ``--block`` game ids, each block written to
``OUT/<rule>/games_<start>.parquet`` as soon as it is played, so a long run
can be read while it goes on and resumed (blocks already written are
skipped).  ``--table`` reads the game ids both arms have finished and
prints :mod:`analysis.comparison`'s paired table (deals per game, barrel
stay endings, bolts, write-offs, win shares ...) with 95 % intervals.

Usage::

    python benchmarks/gift_rule_games.py --rule exact --games 200 --out /tmp/gifts &
    python benchmarks/gift_rule_games.py --rule shortlist --games 200 --out /tmp/gifts &
    python benchmarks/gift_rule_games.py --table --out /tmp/gifts
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from analysis.comparison.table import game_rows
from analysis.game import simulate
from analysis.game.outcomes import from_result
from analysis.game.sources import SDSolverSource
from analysis.rules import load_rules
from analysis.single_dummy import play_deal
from analysis.single_dummy.batch import deal_seed, playing_rules


class GiftRuleSource(SDSolverSource):
    """:class:`SDSolverSource` whose declarer chooses his gift by ``gift``."""

    def __init__(self, rules, worlds: int, gift: str):
        super().__init__(rules, worlds)
        self.gift = gift

    def describe(self) -> dict:
        """Metadata, with the gift rule."""
        return {**super().describe(), "gift": self.gift}

    def outcome(self, masks, ref: int, seat: int, *, bid: int, deal_no: int, replay: bool = False):
        """Play deal ``masks`` for declarer ``seat`` at ``bid`` with this gift rule."""
        h = [int(x) for x in masks]
        r = play_deal(
            h[seat],
            h[3],
            h[(seat + 1) % 3],
            h[(seat + 2) % 3],
            bid=int(bid),
            rules=playing_rules(self.rules),
            worlds=self.worlds,
            seed=deal_seed(self._seed, self._game, deal_no, seat),
            gift=self.gift,
        )
        return from_result(r)


def play(args):
    rules = load_rules(args.rules)
    folder = Path(args.out) / args.rule
    folder.mkdir(parents=True, exist_ok=True)
    src = GiftRuleSource(rules, args.worlds, args.rule)
    for start in range(args.start, args.games, args.block):
        path = folder / f"games_{start:05d}.parquet"
        if path.exists():
            continue
        n = min(args.block, args.games - start)
        games = simulate(rules, n, args.seed, pool=src, start=start, outcomes="pimc")
        tmp = path.with_suffix(".tmp")
        games.to_parquet(tmp)
        tmp.rename(path)
        print(f"{args.rule}: games {start}..{start + n - 1} written", flush=True)


def table(args):
    frames = {}
    for rule in ("exact", "shortlist"):
        parts = sorted((Path(args.out) / rule).glob("games_*.parquet"))
        frames[rule] = pd.concat([pd.read_parquet(p) for p in parts], ignore_index=True)
    ids = sorted(set(frames["exact"].game_id) & set(frames["shortlist"].game_id))
    pair = [frames[r][frames[r].game_id.isin(ids)].reset_index(drop=True) for r in ("exact", "shortlist")]
    rows = pd.DataFrame(game_rows(pair, ["exact", "shortlist"]))
    base = rows[rows.rules == "exact"].set_index("metric")
    other = rows[rows.rules == "shortlist"].set_index("metric")
    out = pd.DataFrame(
        {
            "exact": base.value,
            "shortlist": other.value,
            "diff": other["diff"],
            "diff_low": other.diff_low,
            "diff_high": other.diff_high,
        }
    )
    n_deals = sum(len(f) for f in pair)
    print(f"{len(ids)} paired games ({n_deals} deals in both), seed {args.seed}, {args.worlds} worlds")
    with pd.option_context(
        "display.width", 200, "display.max_rows", 100, "display.float_format", "{:.3f}".format
    ):
        print(out.to_string())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rule", choices=("exact", "shortlist"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--block", type=int, default=10)
    ap.add_argument("--start", type=int, default=0, help="first game id to play (a second process)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--rules", default="club")
    ap.add_argument("--out", required=True)
    ap.add_argument("--table", action="store_true", help="print the paired table of the finished games")
    args = ap.parse_args(argv)
    if args.table:
        table(args)
    else:
        play(args)


if __name__ == "__main__":
    main()
