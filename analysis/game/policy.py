"""Bidding policies for the game simulator.

A policy turns each player's *estimate* of his chances into decisions: how
high to bid, whether to claim a redeal, whether to write off.  The estimate
comes from an object with one method (the :class:`Estimator` protocol),
``p_make(hands7, seats, contract) -> probabilities``: the chance that the
double-dummy value of the 7-card hand at that seat (0 first hand, 1, 2
dealer), after the best exchange, reaches the contract.
``analysis.odds.BidModel`` is such an object.

The default policy, :class:`ThresholdPolicy` (RULES.md):

- a player keeps raising by the smallest legal step (``rules.raise_step``,
  5 in every profile) while his estimated success probability of the next
  level is at least ``risk``; the first hand opens with the obligatory 100
  whatever his hand.  With ``jump_bids`` a player bids straight to the
  highest legal level his estimate supports (and the first hand opens
  there where the rules allow more than 100), so that the opening, raise
  and jump conventions show (:func:`analysis.game.auction.auction`);
- a player sitting on the barrel bids only when his estimate of the
  contract his target needs (``rules.barrel_min_contract``: 120, book 100,
  wiki 125) is at least ``barrel_risk``, and then up to the highest level
  whose estimate stays at least ``barrel_risk`` (any made contract at or
  above that level wins);
- while a barrel sitter is still in the auction, every other player keeps
  raising as long as his own estimate of the next level is at least
  ``block_risk`` (default 0.15 below ``risk``: keeping the sitter from
  buying the widow is worth a likelier failure);
- nobody bids above the cap of his 7-card hand (120 plus the marriages
  held, ``rules.bid_cap``).

Decisions after the auction are the declarer's and use the double-dummy
value (see :mod:`analysis.game.deal_flow`): the final contract is the
highest one he makes; with a lost contract he writes off or creates an
after-exchange redeal only when that leaves him better placed than playing.

Because every decision compares the estimate with a threshold and the
estimate is non-increasing in the contract, a policy needs, per hand and
seat, only the highest level at which the estimate still reaches each
threshold: :func:`bid_limits` computes these limits for whole arrays of
hands in one call of the estimator.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..errors import BadArgument
from .estimators import load_estimator

__all__ = ["ThresholdPolicy", "bid_limits"]
__all__ = [
    "Estimator",
    "ThresholdPolicy",
    "LEVELS",
    "NO_LEVEL",
    "BLOCK_MARGIN",
    "bid_limits",
    "claims_redeal",
]

#: Contract levels an estimate is asked for: 100, 105, ..., 400 (points).
LEVELS = np.arange(100, 401, 5, dtype=np.int64)
#: Default gap between ``risk`` and ``block_risk`` (see :class:`ThresholdPolicy`).
BLOCK_MARGIN = 0.15
#: Limit meaning "not even 100": the estimate of 100 is below the threshold.
NO_LEVEL = 95


@runtime_checkable
class Estimator(Protocol):
    """What a policy needs from a bidding-odds model."""

    def p_make(self, hands7, seats, contract):
        """P(double-dummy value ≥ contract | 7-card hand, seat).

        Parameters
        ----------
        hands7 : ndarray of shape (n,), uint32 masks
        seats : ndarray of shape (n,), int (0 first hand, 1, 2 dealer)
        contract : int or ndarray of shape (n,), points

        Returns
        -------
        ndarray of shape (n,), float64, probabilities in [0, 1]
        """


def bid_limits(estimator: Estimator, hands7, thresholds, *, batch: int = 4096) -> np.ndarray:
    """Highest contract level each hand's estimate supports, per threshold.

    Parameters
    ----------
    estimator : Estimator
        Object with ``p_make(hands7, seats, contract)``.
    hands7 : ndarray of shape (n, 3), uint32 masks
        The 7-card hands of seats 0, 1, 2 (relative to the dealer) of ``n``
        deals.
    thresholds : sequence of float, length k
        Probabilities in [0, 1].
    batch : int
        Deals per estimator call (bounds the memory: ``batch * 3 * 61``
        probabilities at once).

    Returns
    -------
    ndarray of shape (n, 3, k), int16
        For each deal, seat and threshold: the highest level ``L`` of
        :data:`LEVELS` such that the estimate is at least the threshold at
        every level from 100 to ``L`` (points, 100..400), or
        :data:`NO_LEVEL` (95) when even 100 falls short.  Taking the
        contiguous prefix makes the limit well defined for an estimator
        that is not exactly monotone.

    Raises
    ------
    ValueError
        If ``hands7`` is not (n, 3), a threshold is outside [0, 1], or the
        estimator returns the wrong shape or values outside [0, 1].
    """
    h = np.asarray(hands7)
    if h.ndim != 2 or h.shape[1] != 3:
        raise BadArgument(f"hands7 must have shape (n, 3), got {h.shape}")
    th = np.asarray(thresholds, dtype=np.float64).reshape(-1)
    if th.size == 0 or np.any((th < 0) | (th > 1)) or np.any(np.isnan(th)):
        raise BadArgument(f"thresholds must be probabilities in [0, 1], got {thresholds!r}")
    n = h.shape[0]
    out = np.empty((n, 3, th.size), dtype=np.int16)
    for lo in range(0, n, batch):
        hb = h[lo : lo + batch].astype(np.uint32).reshape(-1)  # (m*3,)
        p = _p_levels(estimator, hb, np.tile(np.arange(3, dtype=np.int64), hb.size // 3))
        for j, t in enumerate(th):
            count = np.cumprod(p >= t, axis=1).sum(axis=1)
            out[lo : lo + batch, :, j] = (NO_LEVEL + 5 * count).reshape(-1, 3)
    return out


def _p_levels(estimator, hands, seats) -> np.ndarray:
    """Estimates at every level of :data:`LEVELS`: ndarray (m, 61) float64."""
    m, nl = hands.size, LEVELS.size
    grid = getattr(estimator, "grid", None)
    if hasattr(estimator, "p_table") and grid is not None:
        g = np.asarray(grid, dtype=np.int64)
        if g.size and np.all(g % 5 == 0) and np.all(np.diff(g) == 5):
            # BidModel fast path: one row of the table per hand, the same
            # values p_make gives (first column below the grid, 0 above it)
            tab = np.asarray(estimator.p_table(hands, seats), dtype=np.float64)
            idx = np.clip((LEVELS - g[0]) // 5, 0, g.size - 1)
            p = tab[:, idx]
            p[:, LEVELS > g[-1]] = 0.0
            return _checked(p, (m, nl))
    p = estimator.p_make(np.repeat(hands, nl), np.repeat(seats, nl), np.tile(LEVELS, m))
    return _checked(np.asarray(p, dtype=np.float64), (m * nl,)).reshape(m, nl)


def _checked(p, shape):
    if p.shape != shape:
        raise BadArgument(f"estimator returned shape {p.shape}, expected {shape}")
    if np.any(~((p >= 0) & (p <= 1))):
        raise BadArgument("estimator returned values outside [0, 1]")
    return p


#: Policy options added after games were first recorded, with their defaults.
ADDED_OPTIONS = {"claim_weak": False, "jump_bids": False}
#: The dark-play options (RULES.md, "Dark play"), also left out of
#: :meth:`ThresholdPolicy.params` at their defaults.
DARK_OPTIONS = {"dark_behind": None, "dark_players": None}


def claims_redeal(rules, policy, limits) -> bool:
    """Whether a redeal condition of this deal is acted on.

    Forced redeals (``rules.redeal_claim='forced'``) always are.  A
    claimable one is claimed under ``policy.claim_redeals``; with
    ``policy.claim_weak`` only when a player entitled to claim
    (``rules.redeal_claimer``: 'any' player, or 'first_hand', the player
    "on the hundred", wiki "Пересдавать может только играющий на сотне")
    has a hand whose estimate supports no bid.

    Parameters
    ----------
    rules : Rules
    policy : ThresholdPolicy
    limits : array of shape (3, 3), int
        The seats' limits (:meth:`ThresholdPolicy.limits`; seat 0 is the
        first hand).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> weak_dealer = [[150, 150, 150], [130, 130, 130], [NO_LEVEL] * 3]
    >>> wiki = PROFILES["wiki"]
    >>> choosy = ThresholdPolicy(claim_weak=True, estimator=object())
    >>> claims_redeal(wiki, choosy, weak_dealer)
    True
    >>> claims_redeal(wiki.with_changes(redeal_claimer="first_hand"), choosy, weak_dealer)
    False
    """
    if rules.redeal_claim == "forced":
        return True
    if not policy.claim_redeals:
        return False
    if not policy.claim_weak:
        return True
    seats = (0,) if rules.redeal_claimer == "first_hand" else (0, 1, 2)
    return any(int(limits[s][0]) < 100 for s in seats)


@dataclass(frozen=True)
class ThresholdPolicy:
    """The default bidding policy (see the module docstring).

    Parameters
    ----------
    risk : float
        Lowest estimated success probability at which a player raises to
        the next level (0.5: he bids what he makes more often than not;
        higher is more cautious).
    barrel_risk : float or None
        The same for a barrel sitter, applied to the contract his target
        needs and above; None uses ``risk``.
    block_risk : float or None
        Lowest estimate at which a player keeps raising while a barrel
        sitter is still bidding; None uses ``risk - BLOCK_MARGIN`` (0.15
        below ``risk``, at least 0): a player accepts a somewhat likelier
        failure to keep a sitter from buying the widow.
    claim_redeals : bool
        A player who holds a claimable redeal condition claims it (RULES.md,
        "Redeals": book †, wiki).  Forced redeals happen regardless.
    claim_weak : bool
        With ``claim_redeals``: a claimable redeal is claimed only when a
        player entitled to claim (``rules.redeal_claimer``: anyone, or the
        first hand) holds a hand whose estimate supports no bid (his
        ``risk`` limit is below 100); see :func:`claims_redeal`.
    jump_bids : bool
        Players bid straight to the highest legal level their estimate
        supports instead of raising by the smallest step (see the module
        docstring).
    gift_redeals : bool
        A declarer facing a lost contract may give a card that creates an
        after-exchange redeal condition when that beats playing and writing
        off.
    write_offs : bool
        The declarer may write off a lost contract where the profile allows.
    dark_behind : int or None
        Where the rules allow dark play (``Rules.dark_play``), the first hand
        goes dark when his score is at least this many points below the best
        of his opponents' (:func:`analysis.game.dark.goes_dark`); None (the
        default, measured against going dark in docs/RULES.md, "Dark play"):
        never.
    dark_players : tuple of int or None
        The players (0..2) whom ``dark_behind`` concerns; None: everyone (a
        tuple lets paired games measure one player going dark against a
        table that never does).
    estimator : object or None
        An :class:`Estimator`; None loads the one ``estimator_name`` names
        (:func:`analysis.game.estimators.load_estimator`; ``"default"`` is
        the model shipped for the game's rules and outcomes: fitted on
        single-dummy play for own-information games, on double-dummy values
        for double-dummy ones).
    estimator_name : str
        How the estimator is described in dataset metadata.

    Raises
    ------
    ValueError
        If a probability is outside [0, 1].
    """

    risk: float = 0.5
    barrel_risk: float | None = None
    block_risk: float | None = None
    claim_redeals: bool = True
    gift_redeals: bool = True
    write_offs: bool = True
    claim_weak: bool = False
    jump_bids: bool = False
    dark_behind: int | None = None
    dark_players: tuple | None = None
    estimator: Any = field(default=None, compare=False, repr=False)
    estimator_name: str = "default"

    name = "threshold"

    def __post_init__(self) -> None:
        for k in ("risk", "barrel_risk", "block_risk"):
            v = getattr(self, k)
            if v is None:
                continue
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 1:
                raise BadArgument(f"policy parameter {k} must be a probability in [0, 1], got {v!r}")
        b = self.dark_behind
        if b is not None and (not isinstance(b, int) or isinstance(b, bool) or b < 0):
            raise BadArgument(f"policy parameter dark_behind must be None or points >= 0, got {b!r}")

    @property
    def thresholds(self) -> tuple[float, float, float]:
        """(risk, barrel_risk, block_risk) with the None defaults resolved."""
        r = float(self.risk)
        b = r if self.barrel_risk is None else float(self.barrel_risk)
        k = max(0.0, r - BLOCK_MARGIN) if self.block_risk is None else float(self.block_risk)
        return r, b, k

    def params(self) -> dict:
        """JSON-ready parameters (recorded in the games metadata).

        The options added after games were first recorded (:data:`ADDED_OPTIONS`)
        are left out at their defaults, so the games and comparisons recorded
        before keep their keys.
        """
        d = asdict(self)
        d.pop("estimator")
        for k, default in (ADDED_OPTIONS | DARK_OPTIONS).items():
            if d[k] == default:
                d.pop(k)
        r, b, k = self.thresholds
        d.update(risk=r, barrel_risk=b, block_risk=k, name=self.name)
        return d

    def get_estimator(self, rules=None, outcomes: str = "dd") -> Estimator:
        """The estimator, loaded by name when none was given.

        Parameters
        ----------
        rules : str or Rules, optional
            The game's rules: the name ``"default"`` loads the model shipped
            for them (club's when None).
        outcomes : {"dd", "pimc"}
            The game's outcomes: ``"default"`` is the model fitted on
            double-dummy values, or on single-dummy play for own-information
            games (:func:`analysis.game.estimators.load_estimator`).

        Raises
        ------
        ValueError
            If the model cannot be loaded or none is shipped for ``rules``.
        """
        if self.estimator is not None:
            return self.estimator

        return load_estimator(self.estimator_name, rules, outcomes)

    def with_estimator(self, rules=None, outcomes: str = "dd") -> ThresholdPolicy:
        """This policy with its estimator loaded (itself when it has one).

        A simulation loads the named model once, here, instead of at every
        call of :meth:`get_estimator`; the copy compares and records as the
        original (``estimator`` is neither compared nor recorded).

        Raises
        ------
        ValueError
            As :meth:`get_estimator`.
        """
        if self.estimator is not None:
            return self
        return replace(self, estimator=self.get_estimator(rules, outcomes))

    def limits(self, hands7, rules=None, outcomes: str = "dd") -> np.ndarray:
        """:func:`bid_limits` of ``hands7`` (n, 3) for (risk, barrel_risk, block_risk),
        with the estimator of :meth:`get_estimator` ``(rules, outcomes)``.

        Returns
        -------
        ndarray of shape (n, 3, 3), int16
            Last axis: normal limit, barrel limit, blocking limit (points).
        """
        return bid_limits(self.get_estimator(rules, outcomes), hands7, self.thresholds)
