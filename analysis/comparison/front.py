"""``compare(rules_list, games=..., seed=...)``: paired games of several rule sets."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from .. import dataset
from ..errors import BadArgument, ThousandError
from ..folders import DEFAULT_GAMES
from ..game import ThresholdPolicy
from ..odds.model import pool_name_for
from ..rules import Rules, as_rules
from .arms import comparison_outcomes, fly_cost, pairing, plan_arms, pool_advice, served
from .games import arm_folder, arm_params, run_arm
from .metrics import pool_reuse
from .result import Comparison
from .ruleset import display_names
from .table import COLUMNS, exact_rows, game_rows, pool_rows

__all__ = ["compare", "estimator_advice"]


def estimator_advice(policy, rules, name: str | None = None, outcomes: str = "dd") -> None:
    """Load the policy's bidding model for ``rules``, or say what to do.

    ``name`` is the rule set's display name in the message (default its
    ``Rules.name``); ``outcomes`` picks the shipped model a ``"default"``
    estimator names (fitted on single-dummy play for ``"pimc"``).

    Raises
    ------
    BadArgument
        When no shipped model serves the rules (their play conventions are
        no profile's) or the model file cannot be read, with the option
        that fixes it.
    """
    try:
        policy.get_estimator(rules, outcomes)
    except ThousandError:  # a model file that cannot be read, named as it is
        raise
    except ValueError:  # no shipped model plays the rules' solver conventions
        try:
            near = pool_name_for(Rules.profile(rules.base))
        except ValueError:
            near = "club"
        near += "-sd" if outcomes == "pimc" else ""
        raise BadArgument(
            f"no bidding-odds model was fitted for {name or rules.name}: its play conventions are no "
            f"profile's; give --estimator {near} to bid with the model shipped for {near}, or "
            "--estimator MODEL.json fitted on its solutions (analysis.odds.BidModel.fit)",
            parameter="estimator",
        ) from None


def _check_servable(rules, names, policy, outcomes: str, on_the_fly: bool) -> None:
    """Refuse, in one message, every rule set that lacks a pool or a bidding model.

    Each such rule set is named with everything it needs (``--on-the-fly``
    and ``--estimator``), so one corrected command runs.

    Raises
    ------
    BadArgument
        Naming each rule set and each option it needs.
    """
    problems = []
    for r, n in zip(rules, names):
        needs = []
        if not on_the_fly and not served(r, outcomes):
            needs.append(pool_advice(n, outcomes))
        try:
            estimator_advice(policy, r, n, outcomes)
        except BadArgument as e:
            needs.append(str(e.args[0]))
        if len(needs) == 2:
            problems.append(f"{n} needs two options: {needs[0]}; and {needs[1]}")
        elif needs:
            problems.append(needs[0])
    if problems:
        raise BadArgument("; ".join(problems), parameter="rules")


def limited_draws(arms, shared: int) -> list[str]:
    """Notes for every rule set whose draws are kept to fewer deals than its pool holds.

    Its figures then differ from ``thousand simulate``'s on the same seed
    (that run draws from the whole pool), and from those the same rule set
    gets in another comparison: this is said whatever the pairing.
    """
    out = []
    for a in arms:
        if a.pool is not None and a.pool_size > shared:
            out.append(
                f"note: {a.name} draws among the first {shared:,} of its pool {a.pool}'s "
                f"{a.pool_size:,} deals (the deals every rule set's pool holds: deal k is the same "
                "cards in each), so its figures are not those of thousand simulate on the same "
                "seed, nor of another comparison"
            )
    return out


#: Above this share of repeated pool draws the comparison warns (and says what to do).
REPEAT_WARN = 0.2


def reuse_notes(arms, reuse) -> list[str]:
    """One line on the pools' reuse, and a warning per rule set above :data:`REPEAT_WARN`.

    Every game figure's interval is widened by ``sqrt(design effect)``
    (:func:`analysis.comparison.metrics.pool_reuse`), so the line says by
    how much.
    """
    seen = [(a, s, d) for a, (s, d) in zip(arms, reuse) if a.pool is not None and s > 0]
    if not seen:
        return []
    parts = ", ".join(f"{a.name} {100 * s:.1f} % (×{np.sqrt(d):.2f})" for a, s, d in seen)
    out = [
        "note: played pool draws that repeat an earlier draw, and the widening of each rule set's "
        f"intervals for it (the root of the draws per distinct deal): {parts}"
    ]
    for a, s, _ in seen:
        if s > REPEAT_WARN:
            out.append(
                f"warning: {a.name} reuses its pool {a.pool} ({a.pool_size:,} deals): {100 * s:.1f} % "
                "of its played draws repeat an earlier one, so its games are fewer independent "
                "observations than they look (its intervals are widened for it); more games add "
                "little, a larger pool adds more (--outcomes dd: the double-dummy pools; the larger "
                "single-dummy pools: docs/SINGLE_DUMMY.md)"
            )
    return out


def _check_count(name: str, v) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
        raise BadArgument(f"{name} must be a non-negative integer, got {v!r}", parameter=name, got=v)
    return int(v)


def default_out(params: list[dict], under=None) -> Path:
    """``<under>/<key>`` (default ``data/compare/<key>``), ``key`` hashing the
    recorded parameters of every rule set's games dataset.

    The same comparison resumes in its folder, from any checkout (the pools
    are recorded from the reference root, :func:`.games.portable`); any
    other (rule sets, sizes, seed, policy, outcomes, the pools played,
    package version) gets its own, so a data folder shared between
    checkouts or versions never meets a dataset of other parameters.
    """
    key = hashlib.sha256(json.dumps(params, sort_keys=True, default=str).encode()).hexdigest()[:12]
    return Path(under if under is not None else Path(DEFAULT_GAMES).parent / "compare") / key


def compare(
    rules_list,
    *,
    games: int,
    seed: int,
    outcomes: str | None = None,
    policy=None,
    out=None,
    on_the_fly: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = False,
    chunk_size: int | None = None,
    worlds: int = 16,
    on_note=None,
    under=None,
) -> Comparison:
    """Play the same games under several rule sets and compare them.

    Parameters
    ----------
    rules_list : sequence of str or Rules
        At least two rule sets: profile names, rules files, their spelling
        with changes (``"club barrel_seats=1"``,
        :func:`analysis.rules.as_rules`) or ``Rules``.  The first is
        the baseline.
    games : int
        Games per rule set (game ids ``0 .. games - 1``, the same for all).
    seed : int
        Root seed; game ``g`` draws its dealer and deals from its own stream.
    outcomes : {"dd", "pimc"}, optional
        Deal outcomes as ``thousand simulate --outcomes``.  None (the
        default): own information (``"pimc"``) from the single-dummy
        reference pools when a built one serves every rule set, else
        double-dummy (``"dd"``) for all, with a note naming the rule sets no
        single-dummy pool serves and why
        (:func:`analysis.comparison.arms.comparison_outcomes`).
    policy : analysis.game.ThresholdPolicy, optional
        Bidding policy with a named estimator (default ``ThresholdPolicy()``;
        its ``"default"`` estimator is the model shipped for the outcomes
        played: fitted on single-dummy play for ``"pimc"``).
    out : path, optional
        Folder of the games datasets, one sub-folder per rule set (default
        ``<under>/<key>``, :func:`default_out`); a stopped run resumes.
    on_the_fly : bool
        Solve (or play) on the fly the rule sets no reference pool serves;
        refused otherwise.
    workers, scheduler, progress, chunk_size
        As ``thousand simulate``.
    worlds : int
        With ``"pimc"`` on the fly: layouts per decision.
    on_note : callable, optional
        Called with each note: before the games run, a default fallen back
        to double-dummy outcomes, the cost of play on
        the fly and the draws limited to the deals every pool holds; after,
        each rule set's pool reuse (a warning above
        :data:`REPEAT_WARN`) and why a ``p_first_hand_*`` row (or, at
        three beside four, ``win_third_hand``) is n/a.
    under : path, optional
        Without ``out``: the folder that holds the per-parameters folder
        (default ``data/compare``).

    Returns
    -------
    Comparison
        ``.table`` (DESIGN.md, contract 8), ``.paths``, ``.pairs``,
        ``.identical``, ``.plot()``.

    Raises
    ------
    BadArgument
        Fewer than two rule sets, a bad count or seed, an unknown field or
        value, a rule set no pool (without ``on_the_fly``) or no bidding
        model serves; three- or four-player rules.
    """
    rules = [as_rules(r) for r in rules_list]
    if len(rules) < 2:
        raise BadArgument(
            f"compare needs at least two rule sets, got {len(rules)}: give another, or --vary "
            "field=v1,v2 to sweep one field",
            parameter="rules",
        )
    games = _check_count("games", games)
    if games < 2:
        raise BadArgument(f"games must be at least 2 for an interval, got {games}", parameter="games")
    seed = _check_count("seed", seed)
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1
    ):
        raise BadArgument(
            f"chunk_size must be a positive integer (games per chunk), got {chunk_size!r}",
            parameter="chunk_size",
            got=chunk_size,
        )
    policy = policy or ThresholdPolicy()
    names = display_names(rules)
    outcomes, fell_back = comparison_outcomes(rules, names, outcomes)
    _check_servable(rules, names, policy, outcomes, on_the_fly)
    arms, shared, deals_path = plan_arms(rules, names, outcomes, on_the_fly)
    notes = [] if fell_back is None else [fell_back]
    cost = fly_cost(arms, games, outcomes)
    if cost:
        notes.append(cost)
    pairs = [(a.name, arms[0].name, pairing(arms[0], a, outcomes)) for a in arms[1:]]
    notes += limited_draws(arms, shared)
    for n in notes:
        if on_note:
            on_note(n)
    recorded = [
        arm_params(a, games, seed, policy, outcomes, shared, deals_path, chunk_size=chunk_size, worlds=worlds)
        for a in arms
    ]
    out = Path(out) if out is not None else default_out(recorded, under)
    paths, frames = [], []
    for i, (a, params) in enumerate(zip(arms, recorded)):
        folder = arm_folder(out, i, a.name)
        run_arm(folder, params, workers=workers, scheduler=scheduler, progress=progress)
        paths.append(folder)
        frames.append(dataset.read_frame(folder, "games"))
    reuse = [pool_reuse(f) for f in frames]
    after = reuse_notes(arms, reuse)
    claim = bool(getattr(policy, "claim_redeals", True))
    rows = game_rows(frames, names, deff=[d for _, d in reuse], on_note=after.append)
    rows += exact_rows(rules, names, games)
    rows += pool_rows(rules, names, games, claim=claim, on_note=after.append)
    for n in after:
        if on_note:
            on_note(n)
    notes += after
    table = pd.DataFrame(rows)
    table["beyond_noise"] = (table["diff_low"] > 0) | (table["diff_high"] < 0)
    share = dict(zip(names, (r for r, _ in reuse)))
    table["pool_repeat_share"] = np.where(table["sample"] == "games", table["rules"].map(share), np.nan)
    table = table[COLUMNS + ["sample", "n", "beyond_noise", "pool_repeat_share"]]
    cols = [c for c in frames[0].columns]
    base = frames[0].sort_values(["game_id", "deal_no"]).reset_index(drop=True)[cols]
    identical = [
        names[i]
        for i in range(1, len(frames))
        if list(frames[i].columns) == cols  # a table of four is never one of three
        and frames[i].sort_values(["game_id", "deal_no"]).reset_index(drop=True)[cols].equals(base)
    ]
    return Comparison(
        table=table,
        rules=rules,
        names=names,
        paths=paths,
        pairs=pairs,
        identical=identical,
        notes=notes,
        games=games,
        seed=seed,
        outcomes=outcomes,
        pool_repeat_share=share,
        out=out,
    )
