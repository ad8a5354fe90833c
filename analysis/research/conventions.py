"""What each house convention changes, per profile, on paired games.

The conventions page plays, for a profile, every convention field set to
each other value the seed texts give it (the five profiles' values, RULES.md)
against the profile as played, with :func:`analysis.comparison.compare`:
the same games on the same deals, paired intervals.  Fields that change how
a deal is played (the solver conventions) need another pool and are
compared profile against profile instead (``thousand compare club book``);
fields that only say what the players see are left out too (no pool
plays them).

The games are played with own information (``outcomes="pimc"``) where
the profile's single-dummy pool serves the variant (the variant changes
no field that pool's decisions depend on: :func:`split_variants`), and
double-dummy otherwise (a variant of the write-off payment or of an
after-exchange redeal), against the profile played the same way, so
every difference stays paired.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pandas as pd

from .. import reference
from ..comparison import compare
from ..errors import BadArgument
from ..game import ThresholdPolicy
from ..rules import CONVENTIONS, INFORMATION_FIELDS, PROFILES, Rules, as_rules, change_words, is_four_only
from ..solver import SOLVER_FIELDS
from .tables import decimals_for

__all__ = [
    "METRIC_LABELS",
    "change_label",
    "seed_values",
    "variants",
    "split_variants",
    "profile_comparison",
    "effects",
    "largest_effects",
    "largest_per_profile",
    "typical_decimals",
    "column_decimals",
    "interval_words",
    "none_by_rule",
    "still_rows",
    "no_change_reason",
    "SKIPPED",
]

#: Fields left out, and why (the page says so).
SKIPPED = {
    "play": "change how a deal is played (solver conventions): compared profile against profile",
    "information": "only say what the players see (no reference pool plays them)",
}


#: Values the seeds give as agreements to conventions every profile leaves
#: off (RULES.md, "Options named by the seeds"): played against each profile too.
AGREEMENTS = {
    "raise_step": [10],  # ua: a step of 10
    "minus_bidding": [-120],  # wiki: bidding in the minus
    "barrel_bidding": ["yield"],  # wiki: the widow given to the sitter
    "write_off_banned": [True],  # ua: whether a write-off is allowed
    "write_off_no_barrel": [True],  # wiki
    "write_off_limit": [3],  # wiki: three a game, free
    "write_off_fine": ["third", "every_third"],  # wiki
    "crossing": ["allowed", "not_on_barrel"],  # wiki «крещусь»
    "round_declarer": [True],  # wiki
    "redeal_four_jacks": [True],  # ua, wiki
    "redeal_after_four_jacks": [True],  # wiki: after the exchange too
    "reset_at": [300],  # ua: «або іншого узгодженого числа»
    "knock_off_penalty": [200],  # classic: a common variant of the fine
    "reverse_barrel": [-760],  # wiki «обратная бочка»
    "bad_deal_fine": [120],  # wiki
    "barrel_defence_points": [True],
    "barrel_bolts": [True],
}


def seed_values(field: str) -> list:
    """The values the five profiles give ``field``, in profile order, distinct,
    then the seeds' agreements for it (:data:`AGREEMENTS`)."""
    out: list = []
    for p in PROFILES.values():
        v = getattr(p, field)
        if v not in out:
            out.append(v)
    for v in AGREEMENTS.get(field, ()):
        if v not in out:
            out.append(v)
    return out


def variants(profile, fields=None) -> dict[str, Rules]:
    """The profile changed in one convention field to each other seed value.

    Parameters
    ----------
    profile : str or Rules
    fields : sequence of str, optional
        Only these fields (default: every convention field).

    Returns
    -------
    dict of str -> Rules
        ``"field=value"`` -> the variant, in the order of the fields of
        ``Rules``; fields of :data:`SKIPPED` kinds and combinations the
        rules refuse (a fixed write-off amount where the payment is not
        fixed) are left out.
    """
    base = as_rules(profile)
    out = {}
    for f in CONVENTIONS:
        if f in SOLVER_FIELDS or f in INFORMATION_FIELDS or (fields is not None and f not in fields):
            continue
        for v in seed_values(f):
            if v == getattr(base, f):
                continue
            try:
                out[f"{f}={v}"] = base.with_changes(**{f: v})
            except BadArgument:
                continue
    return out


def split_variants(profile, fields=None) -> dict[str, dict[str, Rules]]:
    """:func:`variants` by the outcomes they can be played with.

    Returns
    -------
    dict
        ``{"pimc": {...}, "dd": {...}}``: the variants the profile's built
        single-dummy pool serves (the same single-dummy fingerprint:
        :func:`analysis.reference.sd_pool_for`), played with own
        information; the others, played double-dummy.  With no built
        single-dummy pool for the profile, every variant is ``"dd"``.
    """
    base = as_rules(profile)
    pool = reference.sd_pool_for(base)
    out: dict = {"pimc": {}, "dd": {}}
    for name, r in variants(base, fields).items():
        p = reference.sd_pool_for(r) if pool is not None else None
        out["pimc" if p is not None and p.name == pool.name else "dd"][name] = r
    return out


def profile_comparison(
    profile, games: int, seed: int, data, *, outcomes: str, workers: int | None = 1, fields=None
):
    """:func:`analysis.comparison.compare` of the profile and its variants played with ``outcomes``.

    Parameters
    ----------
    profile : str or Rules
    games, seed : int
        Paired games per rule set and their root seed.
    data : path
        The games datasets go under ``data/compare-conventions/``, in a
        folder per profile, outcomes, sizes and seed and, inside it, one per
        the games' recorded parameters, as ``thousand compare`` keys its
        folders (resumed when there; other code or pools get another).
    outcomes : {"pimc", "dd"}
        Own information (the variants :func:`split_variants` serves from
        the profile's single-dummy pool) or double-dummy (the others).
    workers : int, optional
        Worker processes (None: all cores).
    fields : sequence of str, optional
        Only these convention fields.

    Returns
    -------
    analysis.comparison.Comparison or None
        None when no variant is played with these outcomes.
    """
    base = as_rules(profile)
    vs = split_variants(base, fields)[outcomes]
    if not vs:
        return None
    key = "all" if fields is None else str(len(vs))
    under = Path(data) / "compare-conventions" / f"{base.name}-{outcomes}-{games}-{seed}-{key}"
    rule_sets = [base, *vs.values()]
    return compare(rule_sets, games=games, seed=seed, workers=workers, under=under, outcomes=outcomes)


def effects(c, metrics) -> pd.DataFrame:
    """The paired differences of ``metrics`` against the profile, one row per variant.

    Returns
    -------
    pandas.DataFrame
        Indexed by the variant's name (without the profile); per metric the
        columns ``<metric>`` (difference), ``<metric> low``, ``<metric>
        high`` and ``<metric> *`` (beyond the noise), then ``widened``:
        whether ``thousand compare`` widened the row's game intervals for
        repeated pool draws (the profile's or the variant's
        ``pool_repeat_share`` above 0: a paired difference is widened by
        the larger arm's factor); variants that played identically to the
        profile are left out (see ``c.identical``).
    """
    t = c.table[(c.table.rules != c.names[0]) & ~c.table.rules.isin(c.identical)]
    t = t[t.metric.isin(metrics)]
    share = getattr(c, "pool_repeat_share", None) or {}
    base = share.get(c.names[0], 0.0) or 0.0
    cols = {}
    for m in metrics:
        sub = t[t.metric == m].set_index("rules")
        cols[m] = sub["diff"]
        cols[f"{m} low"] = sub["diff_low"]
        cols[f"{m} high"] = sub["diff_high"]
        cols[f"{m} *"] = sub["beyond_noise"]
    out = pd.DataFrame(cols)
    out["widened"] = [bool(base > 0 or (share.get(n, 0.0) or 0.0) > 0) for n in out.index]
    out.index = [i.split("+", 1)[-1] for i in out.index]
    return out


def largest_effects(
    comparisons: dict, metric: str = "deals_per_game", k: int = 3, beyond_noise: bool = True
) -> pd.DataFrame:
    """The ``k`` variants of each profile that move ``metric`` most (beyond the noise).

    Parameters
    ----------
    comparisons : dict of str -> Comparison or dict of str -> Comparison
        By profile: one comparison, or one per outcomes (``{"pimc": ...,
        "dd": ...}``, as the conventions page plays them; None entries
        are skipped).
    beyond_noise : bool
        Only differences whose paired interval excludes 0 (default).

    Returns
    -------
    pandas.DataFrame
        Columns ``profile``, ``change``, ``diff``, ``diff_low``,
        ``diff_high``, ``beyond_noise``, ``outcomes`` (the comparison's:
        ``pimc`` or ``dd``), ``widened`` (:func:`effects`), sorted by profile then by ``|diff|``
        descending.
    """
    rows = []
    for prof, cs in comparisons.items():
        cs = cs if isinstance(cs, dict) else {None: cs}
        parts = [effects(c, [metric]).assign(outcomes=c.outcomes) for c in cs.values() if c is not None]
        e = pd.concat(parts) if parts else pd.DataFrame()
        if len(e) and beyond_noise:
            e = e[e[f"{metric} *"].astype(bool)]
        if len(e):
            e = e.iloc[np.argsort(-e[metric].abs().to_numpy(), kind="stable")][:k]
        for name, r in e.iterrows():
            rows.append(
                {
                    "profile": prof,
                    "change": name,
                    "diff": r[metric],
                    "diff_low": r[f"{metric} low"],
                    "diff_high": r[f"{metric} high"],
                    "beyond_noise": bool(r[f"{metric} *"]),
                    "outcomes": r["outcomes"],
                    "widened": bool(r["widened"]),
                }
            )
    cols = ["profile", "change", "diff", "diff_low", "diff_high", "beyond_noise", "outcomes", "widened"]
    return pd.DataFrame(rows, columns=cols).astype({"diff": np.float64})


def largest_per_profile(comparisons: dict, metric: str = "deals_per_game") -> pd.DataFrame:
    """One row per profile: its largest effect beyond the noise, else its largest effect.

    The page's conclusion reads this, so it says what the table above it
    stars: a profile with any difference beyond the noise (the same
    ``beyond_noise`` flag, paired 95 % interval excluding 0) is named by
    the largest of those, never by a larger one within the noise.

    Parameters
    ----------
    comparisons : dict
        As :func:`largest_effects`.
    metric : str

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`largest_effects`, in the order of
        ``comparisons``; ``beyond_noise`` False where the profile has no
        difference beyond the noise (its row is then the largest within it).
        A profile without any variant played has no row.
    """
    beyond = largest_effects(comparisons, metric, k=1)
    within = largest_effects(comparisons, metric, k=1, beyond_noise=False)
    rows = [
        (beyond if (beyond.profile == p).any() else within)[lambda t, p=p: t.profile == p]
        for p in comparisons
    ]
    rows = [r for r in rows if len(r)]
    return pd.concat(rows, ignore_index=True) if rows else within.iloc[:0]


#: The game metrics of the conventions page, in a reader's words.
METRIC_LABELS = {
    "deals_per_game": "deals per game",
    "barrel_entries_per_game": "barrel entries per game",
    "bolts_per_game": "bolts per game",
    "win_first_hand": "first hand wins the game (share)",
    "made_share": "contracts made (share)",
    "write_off_share": "contracts written off (share)",
}


def typical_decimals(low, high, most: int = 4) -> int:
    """Two significant digits of the typical (median) half-width of intervals
    ``low`` to ``high`` (those of no width left out; ``most`` when none
    has any), at most ``most``: a metric's decimals on the whole page,
    before any column's rows ask for more (:func:`column_decimals`).

    Examples
    --------
    >>> typical_decimals([-2.0, -2.42], [2.7, 0.02])
    1
    """
    half = (np.asarray(high, float) - np.asarray(low, float)) / 2
    half = half[np.isfinite(half) & (half > 0)]
    if not half.size:
        return most
    return int(min(most, max(0, 1 - np.floor(np.log10(np.median(half))))))


def column_decimals(low, high, most: int = 4, at_least: int | None = None) -> int:
    """Decimals a column of differences warrants, the same for every row.

    Two significant digits of its typical (median) interval half-width (at
    least ``at_least``), or more where any row needs them
    (:func:`analysis.research.tables.decimals_for`: an interval that
    would print as one of no width, or an end that is not 0 that would
    print as 0), so that no row grows its own.

    Parameters
    ----------
    low, high : array-like of float
        The column's interval ends; intervals of no width (nothing varied)
        are left out.
    most : int
        At most this many decimals from the half-widths; an end near 0 may
        ask for more.
    at_least : int, optional
        At least this many (the page's decimals for the metric); also the
        answer for a column with no interval of any width (default: ``most``).

    Returns
    -------
    int

    Examples
    --------
    >>> column_decimals([-1.2, 0.5], [3.8, 5.9]), column_decimals([0.150, 0.001], [0.273, 0.056])
    (1, 3)
    >>> column_decimals([-2.0, -2.42], [2.7, 0.02])  # the second row's +0.02 would print as 0.0
    2
    """
    low, high = np.asarray(low, float), np.asarray(high, float)
    if not np.any(np.isfinite(high - low) & (high > low)):
        return most if at_least is None else at_least
    base = max(typical_decimals(low, high, most), at_least or 0)
    return decimals_for(low, high, base, most, difference=True)


def interval_words(widened) -> str:
    """What a column of paired intervals is: ``"widened 95 % interval"`` when
    ``thousand compare`` widened every one of them for repeated pool draws,
    ``"95 % interval"`` when none, else ``"95 % interval, † widened"``
    (the widened rows then carry a ``†``).

    Examples
    --------
    >>> interval_words([True, True]), interval_words([False]), interval_words([True, False])
    ('widened 95 % interval', '95 % interval', '95 % interval, † widened')
    """
    flags = [bool(w) for w in widened]
    if flags and all(flags):
        return "widened 95 % interval"
    return "95 % interval, † widened" if any(flags) else "95 % interval"


def none_by_rule(metric: str, *rules) -> bool:
    """Whether ``metric`` cannot happen under any of ``rules`` by rule (bolts
    where ``bolt_rule`` is ``"none"``: book, ua), so that its cell says so
    rather than showing a zero estimate."""
    return metric == "bolts_per_game" and all(as_rules(r).bolt_rule == "none" for r in rules)


def still_rows(e: pd.DataFrame, metrics) -> list:
    """Rows of :func:`effects` with no figure moved: every metric's difference
    0 with an interval of no width (the same in every game)."""
    still = np.ones(len(e), bool)
    for m in metrics:
        lo, hi = e[f"{m} low"].to_numpy(float), e[f"{m} high"].to_numpy(float)
        still &= (e[m].to_numpy(float) == 0) & (lo == hi)
    return list(e.index[still])


#: Fields that act only when a player bids dark, which the default bidding policy
#: never does (``ThresholdPolicy.dark_behind`` None; docs/RULES.md, "Dark play").
_DARK_FIELDS = ("dark_play",)


def no_change_reason(c, name: str, profile, identical: bool) -> str:
    """Why a variant's row shows no change, in a reader's words, without its name.

    Parameters
    ----------
    c : Comparison
        Its comparison (``games``, and ``rules`` by ``names``).
    name : str
        The variant (with or without the ``profile+`` prefix).
    profile : str or Rules
    identical : bool
        Its games are row for row the profile's (``c.identical``); else only
        the page's figures are the same in every game.

    Returns
    -------
    str
        A head for the variants it concerns (the page lists them after
        it): a field that acts only at a table of four has no effect by
        rule at three; dark play is not exercised, the default bidding
        policy never bidding dark; else what the games showed.
    """
    base = as_rules(profile)
    fields = [pair.partition("=")[0].strip() for pair in name.split("+", 1)[-1].split(",")]
    four = {f.name for f in dataclasses.fields(base) if is_four_only(f)}
    if base.players == 3 and all(f in four for f in fields):
        return "rules of the table of four, with no effect by rule at three players"
    if all(f in _DARK_FIELDS for f in fields) and ThresholdPolicy().dark_behind is None:
        return (
            "not exercised here, as the default bidding policy never bids dark (docs/RULES.md, "
            '"Dark play"; see the page on dark play and the golden round)'
        )
    if identical:
        return f"games the profile's own (no decision and no score changed in these {c.games:,} games)"
    return (
        f"the table's figures the same in every one of these {c.games:,} games (the games differ from "
        "the profile's only in what the table does not count)"
    )


def change_label(name: str, profile) -> str:
    """A variant's name as a reader reads it, in a player's words.

    Parameters
    ----------
    name : str
        The variant (``field=value`` pairs joined by commas, with or
        without the ``profile+`` prefix).
    profile : str or Rules
        The profile it changes (for the value it had).

    Returns
    -------
    str
        Each changed field as :func:`analysis.rules.change_words` says it,
        the profile's value before the arrow, joined by ``"; "`` (the words
        ``thousand compare`` uses too).

    Examples
    --------
    >>> change_label("club+write_off_limit=3", "club")
    'write-offs per player and game: no limit, each costs the contract → at most 3, each free'
    >>> change_label("barrel_seats=1", "club")
    'players on the barrel at once: 2 → 1'
    """
    base = as_rules(profile)
    parts = []
    for pair in name.split("+", 1)[-1].split(","):
        field, _, value = (x.strip() for x in pair.partition("="))
        old = getattr(base, field, None)
        try:
            new = getattr(base.with_changes(f"{field}={value}"), field)  # the value as the rules hold it
        except BadArgument:  # a value this profile refuses alone: as spelt
            new = value
        parts.append(change_words(field, old, new))
    return "; ".join(parts)
