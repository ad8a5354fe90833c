"""A bidding policy that reads the score: bid what maximises the chance to win.

:class:`EquityPolicy` is the threshold policy's counterpart for players who
know the score (``docs/EQUITY.md``, "Bidding by equity").  At each deal an
equity player asks, for every level ``L`` from 100 to the highest whose
estimate reaches 0.05, what declaring it is worth in game equity
(:func:`analysis.equity.bidding.level_equity`):

- made with his estimate ``p(L)`` of making it (the bidding-odds model,
  as the threshold policy reads it), failed otherwise (or written off where
  the rules allow and his equity prefers it);
- against passing: an opponent declares 120 and makes it with the share
  threshold players make their contracts, he defending.

He is willing to hold ``L`` while ``p(L) * made(L) + (1 - p(L)) *
failed(L)`` is at least the equity of passing, and bids up to the highest
such level within his hand's cap; the auction (:func:`analysis.game.auction.auction`)
is the threshold policy's, with this limit in every slot (so a barrel
sitter bids only when it reaches the contract he needs, and nobody keeps a
separate blocking rule: an opponent on the barrel lowers the equity of
passing by itself).  After the widow he writes off a failed contract, or
creates a gift redeal, by his equity after the deal instead of the points
(:meth:`deal_value`; with double-dummy outcomes, which the simulator
uses by default: single-dummy ones keep their declarer's own rule).

The equity model is the one fitted on games of the kind being played
(:meth:`EquityPolicy.model_choice`): the double-dummy games' model in
double-dummy games (the paired games of :mod:`analysis.equity.paired`),
the own-information games' model in own-information games, the simulator's
default, falling back with a note to the double-dummy one where a profile
ships none.  A games dataset records the file read and its content hash
(:meth:`EquityPolicy.model_record`).

``players`` says who plays it; the others play the threshold policy with
its defaults (risk 0.5, barrel risk 0.5, block risk 0.35) or ``others``,
reading the same estimates, so one game can seat one equity player against
two threshold players (the paired games of :mod:`analysis.equity.paired`).

The estimates are kept per hand as limits on a grid of probabilities
(:data:`GRID`, every 0.025): ``p(L)`` is read as the middle of the grid
step the hand's estimate of ``L`` falls in.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import BadArgument
from .estimators import load_estimator
from .policy import ADDED_OPTIONS, NO_LEVEL, _p_levels

__all__ = ["EquityPolicy", "GRID"]

#: Probabilities at which a hand's limits are kept (0.025, 0.05, ..., 0.975).
GRID = tuple(round(0.025 * k, 3) for k in range(1, 40))
_G = np.array(GRID)
#: The threshold policy's defaults, for the players who do not read the score.
_THRESHOLD = (0.5, 0.5, 0.35)
#: Levels weighed by equity: up to the highest whose estimate is at least 0.05.
_TOP = GRID.index(0.05)


@dataclass(frozen=True)
class EquityPolicy:
    """Bid, name the contract and write off by game equity (module docstring).

    Parameters
    ----------
    players : tuple of int
        The players (0..2, fixed around the table) who bid by equity; the
        others play the threshold policy.  Default all three.
    others : tuple of 3 float
        The threshold policy's (risk, barrel risk, block risk) of the
        players outside ``players`` (:attr:`ThresholdPolicy.thresholds
        <analysis.game.policy.ThresholdPolicy.thresholds>`); each a point of
        :data:`GRID` (a multiple of 0.025).  Default its defaults, (0.5, 0.5,
        0.35); recorded in :meth:`params` only when changed.
    defence : tuple of two tuples of int, optional
        Defenders' points in the equity of a contract
        (:func:`analysis.equity.bidding.level_equity`); None: its default.
    passing : tuple (int, float), optional
        The opponent's contract and chance of making it when he passes;
        None: the default of :func:`~analysis.equity.bidding.level_equity`.
    claim_redeals, gift_redeals, write_offs, claim_weak, jump_bids : bool
        As :class:`~analysis.game.policy.ThresholdPolicy` (the auction and
        the redeal claims read them from any policy).
    estimator : object or None
        The bidding-odds estimator; None loads ``estimator_name``.
    estimator_name : str
        ``"default"``: the model shipped for the rules.
    model : EquityModel or None
        The equity model; None loads ``model_path``, or without one the
        model shipped for the rules and fitted on the games' kind of
        outcome (:meth:`model_choice`: double-dummy games read
        ``equity_<profile>.json``, own-information games
        ``equity_<profile>_pimc.json`` where it is shipped).
    model_path : str, tuple of str or None
        Equity model files (``thousand equity-fit``) to read instead of the
        shipped one (:func:`analysis.equity.model_for`: a single file must
        serve the rules of the game, same fingerprint; from a tuple, the one
        fitted for the game's rules, else the shipped model); recorded in
        :meth:`params`, so the workers of a games job load it too.

    Raises
    ------
    BadArgument
        On a player outside 0..2, or ``others`` off the grid.
    """

    players: tuple = (0, 1, 2)
    others: tuple = _THRESHOLD
    defence: tuple | None = None
    passing: tuple | None = None
    claim_redeals: bool = True
    gift_redeals: bool = True
    write_offs: bool = True
    estimator: Any = field(default=None, compare=False, repr=False)
    estimator_name: str = "default"
    model: Any = field(default=None, compare=False, repr=False)
    claim_weak: bool = False
    jump_bids: bool = False
    model_path: str | tuple | None = None

    name = "equity"
    #: The options it shares with the threshold policy.
    SHARED = ("claim_redeals", "gift_redeals", "write_offs", "estimator_name", "claim_weak", "jump_bids")

    def __post_init__(self) -> None:
        pl = tuple(int(p) for p in self.players)
        if not pl or any(p not in (0, 1, 2) for p in pl) or len(set(pl)) != len(pl):
            raise BadArgument(f"players must be distinct players 0..2, got {self.players!r}")
        object.__setattr__(self, "players", pl)
        try:
            others = tuple(round(float(t), 3) for t in self.others)
        except (TypeError, ValueError):
            others = ()
        if len(others) != 3 or any(t not in GRID for t in others):
            raise BadArgument(
                "others must be the threshold players' (risk, barrel risk, block risk), each a "
                f"multiple of 0.025 from 0.025 to 0.975, got {self.others!r}",
                parameter="others",
            )
        object.__setattr__(self, "others", others)
        if self.defence is not None:
            object.__setattr__(self, "defence", tuple(tuple(int(x) for x in d) for d in self.defence))
        if self.passing is not None:
            object.__setattr__(self, "passing", (int(self.passing[0]), float(self.passing[1])))
        if isinstance(self.model_path, (list, tuple)):
            object.__setattr__(self, "model_path", tuple(str(p) for p in self.model_path) or None)
        elif self.model_path is not None:
            object.__setattr__(self, "model_path", str(self.model_path))

    def checked(self, rules, outcomes: str | None = None) -> EquityPolicy:
        """Itself, once the equity model of ``rules`` is known to load.

        Parameters
        ----------
        rules : str or Rules
        outcomes : {"dd", "pimc"} or None
            The games' outcomes (:meth:`model_choice`); None: the games' default.

        Raises
        ------
        BadArgument
            When no equity model serves the rules (house variants: the message
            names the command that fits one), or ``model_path`` was fitted
            for other rules.
        """
        self._model(rules, outcomes)
        return self

    def model_choice(self, rules, outcomes: str | None = None):
        """The shipped equity model read in games with ``outcomes``, or None
        when the policy reads a given model or ``model_path`` files.

        Games played double-dummy read the model fitted on double-dummy
        games (``equity_<profile>.json``), own-information games the one
        fitted on own-information games (``equity_<profile>_pimc.json``),
        falling back to the double-dummy one, with a note, where that is
        not shipped (:func:`analysis.equity.model_choice` with
        ``fallback=True``).

        Returns
        -------
        analysis.equity.EquityChoice or None

        Raises
        ------
        BadArgument
            On rules no shipped model serves.
        """
        # late: the equity models load only for a game that uses them
        from ..equity import model_choice
        from ..rules import as_rules

        if self.model is not None or self.model_path is not None:
            return None
        return model_choice(as_rules(rules or "club"), outcomes, fallback=True)

    def model_record(self, rules, outcomes: str | None = None) -> dict:
        """What a games dataset records of the equity model read (so that a
        resume with another model is refused): its file name, the games it
        was fitted on and the first 16 hex digits of its content's SHA-256.

        Raises
        ------
        BadArgument
            As :meth:`checked`; for a policy given a model object (not a file).
        """
        # late: see model_choice
        from ..equity import model_source
        from ..rules import as_rules

        if self.model is not None:
            raise BadArgument(
                "a games job loads the equity model by file in every worker: give "
                "EquityPolicy(model_path=...) instead of a model object"
            )
        r = as_rules(rules or "club")
        c = self.model_choice(r, outcomes)
        path = c.path if c is not None else model_source(r, self.model_path, outcomes, fallback=True)
        data = Path(path).read_bytes()
        info = json.loads(data).get("info") or {}
        return {
            "file": str(path) if c is None else Path(path).name,
            "outcomes": (info.get("outcomes") or {}).get("play") or "dd",
            "content_hash": hashlib.sha256(data).hexdigest()[:16],
        }

    def _model(self, rules, outcomes: str | None = None):
        # late: see model_choice
        from ..equity import model_for
        from ..rules import as_rules

        if self.model is not None:
            return self.model
        return model_for(as_rules(rules or "club"), self.model_path, outcomes, fallback=True)

    @cached_property
    def _other_columns(self) -> list:
        """The columns of :data:`GRID` the threshold players read (``others``)."""
        return [GRID.index(t) for t in self.others]

    @property
    def thresholds(self) -> tuple:
        """The grid of probabilities the limits are kept at (:data:`GRID`)."""
        return GRID

    def params(self) -> dict:
        """JSON-ready parameters (recorded in the games metadata)."""
        return (
            {
                "name": self.name,
                "players": list(self.players),
                "defence": None if self.defence is None else [list(d) for d in self.defence],
                "passing": None if self.passing is None else list(self.passing),
                "claim_redeals": self.claim_redeals,
                "gift_redeals": self.gift_redeals,
                "write_offs": self.write_offs,
                "estimator_name": self.estimator_name,
            }
            | {k: getattr(self, k) for k, v in ADDED_OPTIONS.items() if getattr(self, k) != v}
            | ({} if self.others == _THRESHOLD else {"others": list(self.others)})
            | (
                {}
                if self.model_path is None
                else {
                    "model_path": self.model_path
                    if isinstance(self.model_path, str)
                    else list(self.model_path)
                }
            )
        )

    def get_estimator(self, rules=None, outcomes: str = "dd"):
        """The bidding-odds estimator, loaded by name when none was given
        (``"default"``: the model shipped for ``rules`` and ``outcomes``,
        :func:`analysis.game.estimators.load_estimator`)."""
        if self.estimator is not None:
            return self.estimator
        return load_estimator(self.estimator_name, rules, outcomes)

    def with_estimator(self, rules=None, outcomes: str = "dd") -> EquityPolicy:
        """This policy with its estimator and equity model loaded for ``rules``
        and the games' ``outcomes`` (the estimator: :meth:`get_estimator`; the
        equity model: :meth:`model_choice`, a fallback to the double-dummy
        games' model issued as a ``UserWarning``).

        Raises
        ------
        BadArgument
            When no bidding or equity model serves the rules, or
            ``model_path`` was fitted for other rules.
        """
        est = self.get_estimator(rules, outcomes)
        c = self.model_choice(rules, outcomes)
        if c is not None:
            c.warn(stacklevel=3)
        return replace(self, estimator=est, model=self._model(rules, outcomes))

    def limits(self, hands7, rules=None, outcomes: str = "dd", *, batch: int = 4096) -> np.ndarray:
        """The hands' limits at every probability of :data:`GRID`.

        Parameters
        ----------
        hands7 : ndarray of shape (n, 3), uint32 masks
            The 7-card hands of seats 0, 1, 2 of ``n`` deals.
        rules : str or Rules, optional
            Whose shipped bidding model ``"default"`` loads.
        outcomes : {"dd", "pimc"}
            Which of their shipped models (:meth:`get_estimator`).
        batch : int
            Deals per estimator call.

        Returns
        -------
        ndarray of shape (n, 3, 39), int16
            As :func:`analysis.game.policy.bid_limits` gives them (the
            highest level up to which every estimate is at least the
            probability; 95 when even 100 falls short), computed at once
            for the whole grid from the running minimum of the estimates.
        """
        est = self.get_estimator(rules, outcomes)
        h = np.asarray(hands7)
        if h.ndim != 2 or h.shape[1] != 3:
            raise BadArgument(f"hands7 must have shape (n, 3), got {h.shape}")
        out = np.empty((h.shape[0], 3, len(GRID)), dtype=np.int16)
        for lo in range(0, h.shape[0], batch):
            hb = h[lo : lo + batch].astype(np.uint32).reshape(-1)
            p = _p_levels(est, hb, np.tile(np.arange(3, dtype=np.int64), hb.size // 3))
            run = np.minimum.accumulate(p, axis=1)  # (m, 61), non-increasing
            # levels whose running minimum reaches each probability
            count = (run[:, :, None] >= _G[None, None, :]).sum(axis=1)
            out[lo : lo + batch] = (NO_LEVEL + 5 * count).reshape(-1, 3, len(GRID))
        return out

    def table_limits(self, rules, state, limits) -> np.ndarray:
        """The auction's limits of one deal at this table.

        Parameters
        ----------
        rules : Rules
        state : TableState
            The table before the deal.
        limits : ndarray of shape (3, 39), int
            :meth:`limits` of the deal's three hands, by seat.

        Returns
        -------
        ndarray of shape (3, 3), int
            Per seat (normal, barrel, blocking) limits for
            :func:`analysis.game.auction.auction`: the threshold policy's
            for a player outside ``players``, the equity limit in all three
            slots for one inside.
        """
        # late: see with_estimator
        from ..equity.bidding import level_equity

        lim = np.asarray(limits)
        out = np.empty((3, 3), dtype=np.int64)
        kw = {}
        if self.defence is not None:
            kw["defence"] = self.defence
        if self.passing is not None:
            kw["passing"] = self.passing
        for s in range(3):
            player = (state.dealer + 1 + s) % 3
            if player not in self.players or state.winner >= 0:
                out[s] = lim[s, self._other_columns]
                continue
            top = int(lim[s, _TOP])
            levels = np.arange(100, max(top, 100) + 1, 5)
            p = _grid_p(lim[s], levels)
            passed, made, failed = level_equity(
                rules, state, player, levels, model=self.model, write_offs=self.write_offs, **kw
            )
            ok = p * made + (1 - p) * failed >= passed
            out[s] = int(levels[ok].max()) if ok.any() else NO_LEVEL
        return out

    def deal_value(self, rules, state, result, declarer: int) -> float:
        """What a declarer of ``players`` weighs a deal's result by: his equity
        after it minus before (others: his score change minus the mean of his
        opponents', as the threshold policy)."""
        if declarer not in self.players:
            dl = result.deltas
            return float(dl[declarer] - (dl.sum() - dl[declarer]) / 2.0)
        # late: see with_estimator
        from ..equity.bidding import state_equities

        eq = state_equities(self.model, [result.state, state], declarer)
        return float(eq[0] - eq[1])


def _grid_p(lim, levels) -> np.ndarray:
    """Each level's estimate, the middle of its grid step (0 below the grid)."""
    reach = lim[None, :] >= levels[:, None]  # (k, 39): the estimate is at least GRID[j]
    count = reach.sum(axis=1)
    lo = np.where(count > 0, _G[np.maximum(count - 1, 0)], 0.0)
    hi = np.where(count < len(GRID), _G[np.minimum(count, len(GRID) - 1)], 1.0)
    return np.where(count > 0, (lo + hi) / 2, _G[0] / 2)
