"""Which outcomes each rule set plays, and how two rule sets are paired.

Every rule set plays games ``0 .. G-1`` of one root seed, and game ``g``
draws its first dealer and its deals from its own stream whatever the
rules (:func:`analysis.game.game_rng`).  What the stream's draws mean
depends on the outcome source:

- rule sets with the same solver conventions read the same reference pool
  (:func:`analysis.reference.pool_for`): the same draws give the same pool
  rows, so they are paired on the **same outcomes** (the same cards, the
  same solved play) until their decisions differ;
- rule sets whose play differs read their own pools.  The pools are dealt
  from one seed, so deal ``k`` is the same cards in every pool; the draws
  are then kept to the deals every pool holds (the smallest pool's size),
  and the pair is paired on the **same deals only**;
- a rule set no pool serves is played on the fly when asked
  (``on_the_fly``): it draws the same deal ids from the pools' deals (or,
  with no pool in the comparison at all, the same fresh deals from the
  stream) and solves or plays each one.  Two rule sets solved on the fly
  under the same conventions get the same double-dummy outcomes.

With only one pool in play the draws range over the whole pool, so each
rule set's games are exactly those of ``thousand simulate`` with the same
seed and policy.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import reference
from ..errors import BadArgument
from ..game import check_outcomes, default_play, unserved_reason
from ..rules import Rules
from ..solver import solver_fingerprint

__all__ = ["Arm", "plan_arms", "pairing", "served", "pool_advice", "comparison_outcomes"]

#: Rough CPU seconds to solve (dd) or play single-dummy (pimc) one played
#: deal on the fly, for the cost said up front (docs/PERFORMANCE.md).
FLY_SECONDS = {"dd": 0.01, "pimc": 2.0}


@dataclass(frozen=True)
class Arm:
    """One rule set's source of outcomes.

    Attributes
    ----------
    rules : Rules
    name : str
        Display name (unique within the comparison).
    pool : str or None
        The reference pool's name (``club``, ``club-sd``), None on the fly.
    pool_path : str or None
        Its solutions (dd) or single-dummy (pimc) folder.
    pool_size : int
        Deals the pool holds (0 on the fly).
    """

    rules: Rules
    name: str
    pool: str | None
    pool_path: str | None
    pool_size: int

    @property
    def on_the_fly(self) -> bool:
        """No pool: every played deal is solved or played as it comes."""
        return self.pool is None


def _pool_of(rules: Rules, outcomes: str):
    if outcomes == "dd":
        p = reference.pool_for(rules)
        return None if p is None else (p.name, p.solutions_path, p.deals, p.deals_path)
    p = reference.sd_pool_for(rules)
    return None if p is None else (p.name, p.sd_path, p.deals, p.deals_path)


def plan_arms(rules_list, names, outcomes: str, on_the_fly: bool) -> tuple[list[Arm], int, str | None]:
    """Each rule set's source, the shared deal range and the deals folder.

    Parameters
    ----------
    rules_list : list of Rules
    names : list of str
        Display names, one per rule set.
    outcomes : {"dd", "pimc"}
    on_the_fly : bool
        Solve (or play) on the fly the rule sets no pool serves; refused
        otherwise.

    Returns
    -------
    (arms, shared, deals_path)
        ``shared`` is the number of pool deals the draws range over (the
        smallest pool's; 0 with no pool), ``deals_path`` a deals folder of
        one of the pools (None with no pool), whose first ``shared`` deals
        the rule sets on the fly draw from.

    Raises
    ------
    BadArgument
        A rule set no pool serves without ``on_the_fly`` (with advice).
    """
    arms, deals_path = [], None
    for r, n in zip(rules_list, names):
        found = _pool_of(r, outcomes)
        if found is None:
            if not on_the_fly:
                raise BadArgument(pool_advice(n, outcomes), parameter="rules")
            arms.append(Arm(r, n, None, None, 0))
            continue
        name, path, size, dp = found
        deals_path = deals_path or dp
        arms.append(Arm(r, n, name, path, int(size)))
    sizes = {a.pool_size for a in arms if not a.on_the_fly}
    shared = min(sizes) if sizes else 0
    return arms, shared, deals_path


def served(rules: Rules, outcomes: str) -> bool:
    """Whether a built reference pool plays as ``rules`` do under ``outcomes``."""
    return _pool_of(rules, outcomes) is not None


def pool_advice(name: str, outcomes: str) -> str:
    """The advice for a rule set no pool serves: ``--on-the-fly`` and its cost."""
    kind = "solved (double-dummy)" if outcomes == "dd" else "single-dummy"
    return (
        f"no {kind} reference pool plays as {name} does (its play conventions differ "
        f"from every built pool's): add --on-the-fly to "
        f"{'solve' if outcomes == 'dd' else 'play'} its deals as they come "
        f"(about {FLY_SECONDS[outcomes]:g} s a played deal), or compare rule sets "
        "a pool serves (thousand reference list)"
    )


def pairing(a: Arm, b: Arm, outcomes: str) -> str:
    """How two arms are paired: ``"same outcomes"`` or ``"same deals"``.

    Same outcomes: the same pool, or both solved double-dummy on the fly
    under the same solver conventions (the solver is deterministic).
    """
    if a.pool is not None and a.pool == b.pool:
        return "same outcomes"
    if outcomes == "dd" and a.on_the_fly and b.on_the_fly:
        if solver_fingerprint(a.rules) == solver_fingerprint(b.rules):
            return "same outcomes"
    return "same deals"


def fly_cost(arms, games: int, outcomes: str, played_per_game: float = 25.0) -> str | None:
    """The cost of the rule sets played on the fly, said before they run (None if none)."""
    fly = [a.name for a in arms if a.on_the_fly]
    if not fly:
        return None
    cpu = len(fly) * games * played_per_game * FLY_SECONDS[outcomes]
    how = "solving every played deal double-dummy" if outcomes == "dd" else "playing every deal single-dummy"
    size = f"roughly {cpu / 60:,.0f} CPU minutes" if cpu >= 90 else "under two CPU minutes"
    return (
        f"note: {', '.join(fly)}: no pool plays as {'it does' if len(fly) == 1 else 'they do'}; "
        f"{how} on the fly, on the same deal ids as the pools, about "
        f"{FLY_SECONDS[outcomes]:g} s a deal and some {played_per_game:g} played deals a game: {size}"
    )


def comparison_outcomes(rules_list, names, outcomes) -> tuple[str, str | None]:
    """The one kind of outcome every rule set of a comparison plays, and a note.

    Parameters
    ----------
    rules_list : list of Rules
    names : list of str
        Display names, one per rule set.
    outcomes : {"dd", "pimc"} or None
        Asked for, or None: each rule set's default
        (:func:`analysis.game.default_play`, as ``thousand simulate``'s): own
        information when a built single-dummy pool serves every rule set;
        else double-dummy for all (a comparison plays one kind, so that its
        differences are the rules', not the information's).

    Returns
    -------
    (outcomes, note)
        ``note`` (None unless the default fell back to double-dummy) names
        the rule sets no single-dummy pool serves, why, and how to play them
        with own information.

    Raises
    ------
    BadArgument
        On unknown outcomes.
    """
    if outcomes is not None:
        return check_outcomes(outcomes), None
    fallen = [(n, unserved_reason(r)) for r, n in zip(rules_list, names) if default_play(r) != "pimc"]
    if not fallen:
        return "pimc", None
    why = "; ".join(reason for _, reason in fallen)
    return "dd", (
        f"note: {why}, so every rule set plays double-dummy outcomes (as if every player saw every "
        "card; a comparison plays one kind); for own-information play, --outcomes pimc "
        f"--on-the-fly plays {', '.join(n for n, _ in fallen)} single-dummy on the fly on the "
        "pools' deals (seconds a deal)"
    )
