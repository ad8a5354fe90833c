"""The names of every dataset folder the toolkit chooses itself.

``thousand run``, the report's notebooks and :mod:`analysis.research` find
each other's datasets by name, so the names are made here alone.  Each one
carries the rules' display name (made safe for a path by
:func:`analysis.rules.folder_label`) for a reader, and their fingerprint,
which is what tells rules apart; the other parts are the parameters that
make the dataset another one (seed, sizes).

Examples
--------
>>> from analysis.rules import PROFILES
>>> deals_folder("data", PROFILES["club"], seed=7, n=1000).as_posix()
'data/deals-club-9361ae3fbacc-s7-n1000'
>>> solutions_folder("data", PROFILES["club"], seed=7, n_deals=1000, n_solved=200).name
'solutions-club-9361ae3fbacc-s7-d1000-n200'
>>> sd_folder("data/deals", PROFILES["club"], worlds=16, bid=100, seed=0).as_posix()
'data/sd-club-9361ae3fbacc-deals-w16-b100-s0'
"""

from __future__ import annotations

from pathlib import Path

from .rules import Rules, folder_label, takes_rules

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_SOLUTIONS",
    "DEFAULT_GAMES",
    "rules_tag",
    "deals_folder",
    "solutions_folder",
    "games_folder",
    "sd_folder",
    "pool_solutions_folder",
    "games_cache_file",
]

#: Output folders of ``thousand deal``, ``solve`` and ``simulate`` by default.
DEFAULT_DEALS = "data/deals"
DEFAULT_SOLUTIONS = "data/solutions"
DEFAULT_GAMES = "data/games"


@takes_rules
def rules_tag(rules: Rules) -> str:
    """``<name>-<fingerprint>``: the rules' part of a folder name."""
    return f"{folder_label(rules.name)}-{rules.fingerprint()}"


@takes_rules
def deals_folder(data, rules: Rules, seed: int, n: int) -> Path:
    """``deals-<rules>-s<seed>-n<n>`` under ``data``: ``thousand run``'s deals."""
    return Path(data) / f"deals-{rules_tag(rules)}-s{seed}-n{n}"


@takes_rules
def solutions_folder(data, rules: Rules, seed: int, n_deals: int, n_solved: int) -> Path:
    """``solutions-<rules>-s<seed>-d<n_deals>-n<n_solved>``: the first
    ``n_solved`` of ``thousand run``'s ``n_deals`` deals, solved (named after
    the deals too: another ``--n`` into the same folder is other solutions)."""
    return Path(data) / f"solutions-{rules_tag(rules)}-s{seed}-d{n_deals}-n{n_solved}"


@takes_rules
def games_folder(data, rules: Rules, seed: int, n_games: int, pool: str) -> Path:
    """``games-<rules>-s<seed>-g<games>-<pool>``: ``thousand run``'s games,
    ``pool`` naming the solved deals they are played on (``poolclub`` for a
    reference pool, ``d<deals>-pool<solved>`` for the run's own sample)."""
    return Path(data) / f"games-{rules_tag(rules)}-s{seed}-g{n_games}-{pool}"


@takes_rules
def sd_folder(
    deals, rules: Rules, *, worlds: int, bid: int, seed: int, n: int | None = None, seats=(0, 1, 2)
) -> Path:
    """``sd-<rules>-<deals folder>-w<worlds>-b<bid>-s<seed>[-n<n>][-seats<..>]``
    beside ``deals``: ``thousand solve --play pimc``'s single-dummy rows of
    those deals (``n`` and ``seats`` named only when not all of them)."""
    deals = Path(deals)
    name = f"sd-{rules_tag(rules)}-{deals.name}-w{worlds}-b{bid}-s{seed}"
    if n is not None:
        name += f"-n{n}"
    if tuple(sorted(seats)) != (0, 1, 2):
        name += "-seats" + "".join(str(s) for s in sorted(seats))
    return deals.parent / name


def pool_solutions_folder(data, solver_fingerprint: str, deals, n: int) -> Path:
    """``solutions-<solver fingerprint>-<deals folder>-n<n>``: the research
    helpers' solutions of the first ``n`` deals of ``deals``."""
    return Path(data) / f"solutions-{solver_fingerprint}-{Path(deals).name}-n{n}"


def games_cache_file(data, label: str, key: str) -> Path:
    """``games-<label>-<key>.parquet``: the research helpers' cached game table."""
    return Path(data) / f"games-{folder_label(label)}-{key}.parquet"
