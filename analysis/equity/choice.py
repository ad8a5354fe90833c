"""Which shipped equity model answers: the one fitted on the games' kind of outcome.

Every profile ships a model fitted on double-dummy games
(``equity_<profile>.json``) and may ship one fitted on own-information games
(``equity_<profile>_pimc.json``), as the bidding-odds models do
(:func:`analysis.equity.model.model_file`).  :func:`choose_model` picks one:

- outcomes asked for (``"dd"`` or ``"pimc"``) read that model; a ``"pimc"``
  model that is not shipped is an error naming the command that fits it;
- ``None`` resolves as the games do
  (:func:`analysis.game.outcome_choice.default_play`): own information where
  a built single-dummy reference pool serves the rules, double-dummy
  otherwise; and then the own-information model where it is shipped, else
  the double-dummy one with a one-line note saying so;
- ``fallback=True`` (the equity policy inside games whose outcomes are
  settled) reads the model of the outcomes given, falling back from a
  missing ``"pimc"`` model to the double-dummy one with the same note.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BadArgument
from .model import OUTCOMES, model_file

__all__ = ["EquityChoice", "choose_model"]


@dataclass(frozen=True)
class EquityChoice:
    """The shipped equity model a query reads, and why.

    Attributes
    ----------
    profile : str
        The profile whose model it is.
    outcomes : {"dd", "pimc"}
        The kind of outcome of the games the model was fitted on.
    path : Path
        The model file.
    default : bool
        The outcomes were not asked for: the games' default chose them.
    fallback : bool
        Own-information outcomes were wanted but the profile ships no such
        model (or no single-dummy pool serves the rules): the double-dummy
        model answers.
    note : str or None
        One line for the user when ``fallback``.
    """

    profile: str
    outcomes: str
    path: Path
    default: bool = False
    fallback: bool = False
    note: str | None = None

    def warn(self, stacklevel: int = 3) -> None:
        """Issue the note as a ``UserWarning`` on a fallback (the Python fronts' way)."""
        if self.fallback and self.note:
            warnings.warn(self.note, UserWarning, stacklevel=stacklevel)


def _fit_command(profile: str) -> str:
    return f"`python -m analysis.equity.build fit --rules {profile} --outcomes pimc`"


@lru_cache(maxsize=32)
def _games_default(profile: str) -> tuple:
    """(outcomes, reason) of the default for ``profile``: the games' own resolution,
    remembered (it looks the reference pools up on disk, about 10 ms)."""
    # late: the games (and the reference registry) load only to resolve a default
    from ..game.outcome_choice import default_play, unserved_reason
    from ..rules import PROFILES

    rules = PROFILES[profile]
    if default_play(rules) == "dd":
        return "dd", unserved_reason(rules)
    return "pimc", None


def choose_model(profile: str, outcomes=None, *, fallback: bool | None = None, folder=None) -> EquityChoice:
    """The model file of ``profile`` that answers for ``outcomes``.

    Parameters
    ----------
    profile : str
        A profile name (``club`` ...): the rules the model serves.
    outcomes : {"dd", "pimc"} or None
        The games' kind of outcome; None: the games' default
        (:func:`analysis.game.outcome_choice.default_play`).
    fallback : bool, optional
        Whether a missing own-information model falls back to the
        double-dummy one (with a note) instead of raising.  Default: only
        for ``outcomes=None``.
    folder : path, optional
        Where the files are (default the package's).

    Returns
    -------
    EquityChoice

    Raises
    ------
    BadArgument
        On unknown outcomes, or ``"pimc"`` without fallback when the profile
        ships no own-information model (the message names the fit command).

    Examples
    --------
    >>> choose_model("club", "dd").path.name
    'equity_club.json'
    """
    if outcomes is not None and outcomes not in OUTCOMES:
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}", parameter="outcomes")
    default = outcomes is None
    fallback = default if fallback is None else fallback
    dd = model_file(profile, folder)
    if outcomes == "dd":
        return EquityChoice(profile, "dd", dd)
    reason = None
    if default:
        outcomes, reason = _games_default(profile)
    if outcomes == "dd":  # no single-dummy pool serves the rules: the games play double-dummy
        note = (
            f"note: {reason}, so games are played double-dummy and the chances are those of "
            f"double-dummy games ({dd.name})"
        )
        return EquityChoice(profile, "dd", dd, default, True, note)
    sd = model_file(profile, folder, outcomes="pimc")
    if sd.is_file():
        return EquityChoice(profile, "pimc", sd, default)
    if not fallback:
        raise BadArgument(
            f"no equity model of own-information games is shipped for {profile} ({sd.name}); fit it "
            f"with {_fit_command(profile)}, or ask for the double-dummy games' model (--outcomes dd)",
            parameter="outcomes",
        )
    note = (
        f"note: no equity model of own-information games is shipped for {profile} ({sd.name}), so "
        f"the chances are those of double-dummy games ({dd.name}); fit one with {_fit_command(profile)}"
    )
    return EquityChoice(profile, "dd", dd, default, True, note)
