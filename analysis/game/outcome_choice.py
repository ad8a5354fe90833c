"""Which outcomes a game plays: own information by default, double-dummy one option away.

Every command and front that plays games (``thousand simulate``, ``thousand
run``, ``thousand compare``, :func:`analysis.game.simulate`,
:func:`analysis.jobs.games.run_games`, :func:`analysis.comparison.compare`)
settles its outcomes with :func:`resolve_outcomes`:

- outcomes asked for (``"dd"`` or ``"pimc"``) are played as asked;
- a pool given says what it holds: a ``solutions`` dataset (or frame, or
  double-dummy source) double-dummy outcomes, an ``sd`` one single-dummy play;
- otherwise :func:`default_play` decides: **own information**
  (``"pimc"``: every decision, bid to last card, from the deciding player's
  own cards; docs/SINGLE_DUMMY.md) drawn from the built single-dummy
  reference pool that serves the rules
  (:func:`analysis.reference.sd_pool_for`).  Where no built pool serves them
  (a rule that changes the play, what the players see or what the
  declarer's decisions weigh: the ace marriage, a house write-off payment),
  the game is played **double-dummy** from the rules' double-dummy reference
  pool (solved on the fly without one), and the choice carries a one-line
  note saying why and how to get own-information play.  Own-information
  play on the fly (seconds a deal, hours a run) is never chosen by default.

The games dataset records which it is: ``outcomes.play`` of its metadata
(DESIGN.md, contract 4).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .. import dataset
from ..errors import BadArgument
from ..reference.registry import pool_for, sd_pool_for, sd_pools
from ..rules import Rules, as_rules
from ..single_dummy import SD_FIELDS, sd_fingerprint

__all__ = ["OUTCOMES", "check_outcomes", "unserved_reason", "default_play", "resolve_outcomes"]

#: The kinds of outcome: double-dummy solves, or single-dummy (own-information) play.
OUTCOMES = ("dd", "pimc")

#: How to get own-information play where no single-dummy pool serves the rules.
OWN_INFORMATION_ADVICE = (
    "--outcomes pimc plays every deal single-dummy on the fly (seconds a deal), or build a "
    "single-dummy pool for these rules (docs/SINGLE_DUMMY.md)"
)


@dataclass(frozen=True)
class OutcomeChoice:
    """The outcomes a game plays and where they come from.

    Attributes
    ----------
    outcomes : {"dd", "pimc"}
        Double-dummy outcomes, or own-information (single-dummy) play.
    pool : str, DataFrame, source or None
        What the deals are drawn from (a reference pool's folder, or the
        pool given); None: solved or played on the fly.
    reference : str or None
        The reference pool's name when the choice picked one (``club-sd``).
    default : bool
        The outcomes were not asked for: :func:`resolve_outcomes` chose them.
    fallback : bool
        The default is double-dummy because no built single-dummy pool
        serves the rules.
    note : str or None
        One line for the user: where the outcomes come from, and with a
        fallback why and how to get own-information play (None for a pool
        given).
    """

    outcomes: str
    pool: Any = None
    reference: str | None = None
    default: bool = False
    fallback: bool = False
    note: str | None = None

    def warn(self, stacklevel: int = 3) -> None:
        """Issue the note as a ``UserWarning`` when the default fell back to
        double-dummy outcomes (the Python fronts' way of saying it)."""
        if self.fallback and self.note:
            warnings.warn(self.note, UserWarning, stacklevel=stacklevel)


def check_outcomes(outcomes) -> str | None:
    """``outcomes`` checked: None (resolve the default), ``"dd"`` or ``"pimc"``.

    Raises
    ------
    BadArgument
        On anything else.
    """
    if outcomes is not None and outcomes not in OUTCOMES:
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}", parameter="outcomes")
    return outcomes


def pool_play(pool) -> str | None:
    """The kind of outcome a pool holds.

    Parameters
    ----------
    pool : path, pandas.DataFrame or source
        A game source (its ``play``), a frame (single-dummy rows have
        ``estimates``) or a dataset folder (``solutions``: ``"dd"``, ``sd``:
        ``"pimc"``).

    Returns
    -------
    {"dd", "pimc"} or None
        None for a dataset of another kind (the source refuses it, naming it).

    Raises
    ------
    analysis.dataset.DatasetError
        If a folder is missing or not a dataset of this toolkit.
    """
    if hasattr(pool, "play") and hasattr(pool, "outcome"):
        return pool.play
    if isinstance(pool, pd.DataFrame):
        return "pimc" if "estimates" in pool.columns else "dd"
    return {"solutions": "dd", "sd": "pimc"}.get(dataset.read_params(pool).get("kind"))


def unserved_reason(rules: Rules) -> str:
    """Why no built single-dummy pool serves ``rules``, in one clause."""
    want = sd_fingerprint(rules)
    entries = sd_pools()
    for p in entries:
        if p.sd_fingerprint == want:
            return (
                f"the single-dummy pool {p.name} that serves {rules.name} is {p.state} "
                f"(thousand reference build {p.name})"
            )
    near = next((p for p in entries if p.rules == rules.base), None) or next(
        (p for p in entries if p.rules == "club"), None
    )
    if near is None:
        return f"no single-dummy reference pool plays as {rules.name} does"
    profile = Rules.profile(near.rules)
    diff = [f for f in SD_FIELDS if getattr(rules, f) != getattr(profile, f)]
    what = f" (it differs from {near.name}'s {near.rules} in {', '.join(diff)})" if diff else ""
    return f"no single-dummy reference pool plays as {rules.name} does{what}"


def default_play(rules) -> str:
    """The kind of outcome :func:`resolve_outcomes` chooses for ``rules`` when
    none is asked for: ``"pimc"`` when a built single-dummy reference pool
    serves them (:func:`analysis.reference.sd_pool_for`), else ``"dd"``."""
    return "pimc" if sd_pool_for(as_rules(rules)) is not None else "dd"


def resolve_outcomes(rules, outcomes=None, pool=None, *, on_the_fly: bool = False) -> OutcomeChoice:
    """The outcomes a game plays, and where from: the one resolution of every front.

    Parameters
    ----------
    rules : str or Rules
    outcomes : {"dd", "pimc"} or None
        Asked for (``--outcomes``), or None: the kind a pool given holds,
        else own information where a built single-dummy reference pool
        serves the rules (:func:`default_play`), double-dummy otherwise.
    pool : path, DataFrame, source or None
        The pool given (``--pool``), if any: the deals come from it.
    on_the_fly : bool
        No pool: every deal solved (``"dd"``) or played (``"pimc"``) as it
        comes.  Without it and without a pool, the deals are drawn from the
        reference pool of the kind (:func:`analysis.reference.pool_for`,
        :func:`~analysis.reference.sd_pool_for`), or, with none built,
        solved or played on the fly; a default never falls back to play on
        the fly: it falls back to double-dummy outcomes.  The Python fronts
        pass ``on_the_fly=True`` for outcomes asked for without a pool (their
        ``pool=None``).

    Returns
    -------
    OutcomeChoice

    Raises
    ------
    BadArgument
        On unknown outcomes.
    analysis.dataset.DatasetError
        If a pool folder given with ``outcomes=None`` is no dataset.

    Examples
    --------
    >>> resolve_outcomes("club", "dd", on_the_fly=True)
    OutcomeChoice(outcomes='dd', pool=None, reference=None, default=False, fallback=False, note=None)
    """
    outcomes = check_outcomes(outcomes)
    rules = as_rules(rules)
    if pool is not None:
        if outcomes is not None:
            return OutcomeChoice(outcomes, pool)
        return OutcomeChoice(pool_play(pool) or "dd", pool, default=True)
    default = outcomes is None
    sd = None if outcomes == "dd" else sd_pool_for(rules)
    kind = outcomes or ("pimc" if sd is not None else "dd")
    fallback = default and kind == "dd"
    if on_the_fly:
        if not default:
            return OutcomeChoice(kind)
        if kind == "pimc":
            note = (
                "note: own-information outcomes (every decision from the player's own cards), every "
                "deal played single-dummy on the fly (seconds a deal); --outcomes dd solves double-dummy"
            )
        else:
            note = _fallback(rules, "every deal solved on the fly")
        return OutcomeChoice(kind, None, None, True, fallback, note)
    if kind == "pimc":
        if sd is None:
            note = (
                f"note: no built single-dummy reference pool plays as {rules.name} does; playing "
                "every deal single-dummy on the fly (seconds a deal; --pool SD draws from a "
                "single-dummy dataset)"
            )
            return OutcomeChoice(kind, note=note)
        pool_words = (
            f"the single-dummy reference pool {sd.name!r} ({sd.deals:,} deals, content hash "
            f"{sd.content_hash})"
        )
        if default:
            note = (
                "note: own-information outcomes (every decision from the player's own cards), drawn "
                f"from {pool_words}; --outcomes dd plays double-dummy outcomes"
            )
        else:
            note = f"note: drawing deals from {pool_words}; --on-the-fly plays each deal instead"
        return OutcomeChoice(kind, sd.sd_path, sd.name, default, False, note)
    dd = pool_for(rules)
    if dd is None:
        if fallback:
            note = _fallback(rules, "every deal solved on the fly")
        else:
            note = (
                f"note: no reference pool plays as {rules.name} does; solving every deal on the fly "
                "(--pool SOLUTIONS draws from a solved dataset)"
            )
        return OutcomeChoice(kind, None, None, default, fallback, note)
    pool_words = f"the reference pool {dd.name!r} ({dd.deals:,} solved deals, content hash {dd.content_hash})"
    if fallback:
        note = _fallback(rules, f"drawn from {pool_words}")
    else:
        note = f"note: drawing deals from {pool_words}; --on-the-fly solves each deal instead"
    return OutcomeChoice(kind, dd.solutions_path, dd.name, default, fallback, note)


def _fallback(rules: Rules, where: str) -> str:
    """The note of a default fallen back to double-dummy outcomes."""
    return (
        f"note: {unserved_reason(rules)}, so the outcomes are double-dummy (as if every player saw "
        f"every card), {where}; for own-information play, {OWN_INFORMATION_ADVICE}"
    )
