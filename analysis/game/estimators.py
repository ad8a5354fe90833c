"""Estimators a policy can use (objects with ``p_make(hands7, seats, contract)``).

- :func:`load_estimator` resolves a name: ``"default"`` is the bidding-odds
  model shipped with the package for the game's rules and outcomes
  (``analysis.odds.BidModel.default(rules, outcomes=...)``: the model of the
  reference pool with the rules' solver fingerprint, club's without rules,
  fitted on that pool's double-dummy values for double-dummy games and on
  its single-dummy pool's play for own-information games), a path is a
  saved BidModel JSON file.
- :class:`OracleEstimator` is not a model of what a player can know: it
  answers from the double-dummy value of the deal itself (probability 1 when
  the value reaches the contract, else 0).  It is for tests and for an
  upper bound ("perfectly informed bidders"), never a default.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from ..errors import BadArgument
from ..odds import BidModel
from ..odds.model import model_file, pool_name_for

__all__ = ["load_estimator", "estimator_digest", "OracleEstimator"]


def _estimator_file(name: str, rules=None, outcomes: str = "dd") -> Path:
    """The BidModel JSON file an estimator name stands for (``rules`` and
    ``outcomes`` pick the default model; ValueError for rules no shipped
    model serves)."""
    if name == "default":
        return model_file("club" if rules is None else pool_name_for(rules), outcomes=outcomes)
    return Path(name)


def estimator_digest(name: str = "default", rules=None, outcomes: str = "dd") -> str:
    """Content hash of the model file behind an estimator name.

    Parameters
    ----------
    name : str
        ``"default"`` or the path of a BidModel JSON file.
    rules : str or Rules, optional
        The game's rules: ``"default"`` is the model shipped for them
        (club's when None).
    outcomes : {"dd", "pimc"}
        The game's outcomes: ``"default"`` is the model fitted on them.

    Games datasets record it, so that a resumed simulation whose model file
    was refitted or replaced in the meantime is refused instead of mixing
    chunks played with two models.

    Returns
    -------
    str
        The first 16 hex digits of the file's SHA-256.

    Raises
    ------
    ValueError
        If the file cannot be read, or no shipped model serves ``rules``.
    """
    return _read(name, rules, outcomes)[2]


def _read(name: str, rules, outcomes: str = "dd") -> tuple[Path, bytes, str]:
    """The model file behind an estimator name, its bytes and their digest
    (first 16 hex digits of the SHA-256): the file is read once.

    Raises
    ------
    BadArgument
        If the file cannot be read, or no shipped model serves ``rules``.
    """
    p = _estimator_file(name, rules, outcomes)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise BadArgument(f"estimator {name!r}: cannot read {p}: {exc.strerror or exc}") from None
    return p, data, hashlib.sha256(data).hexdigest()[:16]


def load_estimator(name: str = "default", rules=None, outcomes: str = "dd"):
    """The estimator called ``name`` (loaded once per process and file content).

    Parameters
    ----------
    name : str
        ``"default"`` (the package's BidModel for ``rules``) or the path of
        a BidModel JSON file (``BidModel.save``).
    rules : str or Rules, optional
        The game's rules; ``"default"`` is then the model of the reference
        pool with their solver fingerprint (``BidModel.default(rules)``),
        club's when None.  Ignored for a file.
    outcomes : {"dd", "pimc"}
        The game's outcomes: ``"default"`` is the model fitted on the
        pool's double-dummy values (``"dd"``) or on its single-dummy play
        (``"pimc"``, the ``_sd.json`` file).  Ignored for a file.

    Returns
    -------
    analysis.odds.BidModel

    Raises
    ------
    ValueError
        If the file does not exist or is not a BidModel file, or the
        default model of ``rules`` is not shipped or not installed.
    """
    if name != "default" and not Path(name).is_file():
        what = "is a folder" if Path(name).is_dir() else "is not found"
        raise BadArgument(f"estimator {name!r} {what}: give 'default' or a BidModel JSON file")
    try:
        path, data, digest = _read(name, rules, outcomes)
    except ValueError as exc:
        if name != "default":
            raise

        pool = "club" if rules is None else pool_name_for(rules)
        sd = " --outcomes pimc" if outcomes == "pimc" else ""
        raise BadArgument(
            f"the default bidding-odds model is not installed ({exc}); fit it "
            f"with `python -m analysis.odds.build fit --pool {pool}{sd}`, or give "
            "--estimator PATH to a BidModel JSON file"
        ) from None
    # keyed by content too: a model file refitted in place is parsed again
    key = (str(path), digest)
    if key not in _LOADED:
        if len(_LOADED) >= 8:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = BidModel.load(path, data)
    return _LOADED[key]


#: (path, digest) -> the BidModel parsed from that content, in this process (at most 8).
_LOADED: dict = {}


class OracleEstimator:
    """P(make) from the true double-dummy values of known deals (tests, bounds).

    Parameters
    ----------
    hands : ndarray of shape (n, 3), uint32 masks
        7-card hands of seats 0, 1, 2 of the known deals.
    values : ndarray of shape (n, 3), int
        Double-dummy value of each seat as declarer (points).

    Notes
    -----
    ``p_make`` looks a (hand, seat) up among the known deals and returns
    1.0 when its value reaches the contract, 0.0 otherwise; an unknown hand
    raises ``ValueError``.  A 7-card hand and its seat identify the deal's
    row only if no two known deals share them, which holds for random deals
    with overwhelming probability and is checked.
    """

    def __init__(self, hands, values):
        h = np.asarray(hands, dtype=np.int64)
        v = np.asarray(values, dtype=np.int64)
        if h.shape != v.shape or h.ndim != 2 or h.shape[1] != 3:
            raise BadArgument("hands and values must both have shape (n, 3)")
        keys = (h << 2) | np.arange(3)
        self._keys = keys.reshape(-1)
        order = np.argsort(self._keys, kind="stable")
        self._sorted = self._keys[order]
        if np.any(np.diff(self._sorted) == 0):
            raise BadArgument("two known deals share a hand at the same seat")
        self._values = v.reshape(-1)[order]

    def p_make(self, hands7, seats, contract):
        """1.0 where the known value reaches ``contract``, else 0.0 (shape (n,))."""
        k = (np.asarray(hands7, dtype=np.int64) << 2) | np.asarray(seats, dtype=np.int64)
        i = np.searchsorted(self._sorted, k)
        i = np.clip(i, 0, self._sorted.size - 1)
        if np.any(self._sorted[i] != k):
            raise BadArgument("OracleEstimator asked about a hand it does not know")
        return (self._values[i] >= np.asarray(contract)).astype(np.float64)
