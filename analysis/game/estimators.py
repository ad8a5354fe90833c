"""Estimators a policy can use (objects with ``p_make(hands7, seats, contract)``).

- :func:`load_estimator` resolves a name: ``"default"`` is the bidding-odds
  model shipped with the package (``analysis.odds.BidModel.default()``), a
  path is a saved BidModel JSON file.
- :class:`OracleEstimator` is not a model of what a player can know: it
  answers from the double-dummy value of the deal itself (probability 1 when
  the value reaches the contract, else 0).  It is for tests and for an
  upper bound ("perfectly informed bidders"), never a default.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import BadArgument

__all__ = ["load_estimator", "estimator_digest", "OracleEstimator"]


def _estimator_file(name: str) -> Path:
    """The BidModel JSON file an estimator name stands for."""
    if name == "default":
        from ..odds.model import DEFAULT_MODEL_FILE
        return DEFAULT_MODEL_FILE
    return Path(name)


def estimator_digest(name: str = "default") -> str:
    """Content hash of the model file behind an estimator name.

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
        If the file cannot be read.
    """
    import hashlib
    p = _estimator_file(name)
    try:
        return hashlib.sha256(p.read_bytes()).hexdigest()[:16]
    except OSError as exc:
        raise BadArgument(f"estimator {name!r}: cannot read {p}: {exc.strerror or exc}") from None


def load_estimator(name: str = "default"):
    """The estimator called ``name`` (loaded once per process and file content).

    Parameters
    ----------
    name : str
        ``"default"`` (the package's BidModel) or the path of a BidModel
        JSON file (``BidModel.save``).

    Returns
    -------
    analysis.odds.BidModel

    Raises
    ------
    ValueError
        If the file does not exist or is not a BidModel file, or the
        default model is not installed.
    """
    if name != "default" and not Path(name).is_file():
        what = "is a folder" if Path(name).is_dir() else "is not found"
        raise BadArgument(f"estimator {name!r} {what}: give 'default' or a BidModel JSON file")
    try:
        digest = estimator_digest(name)
    except ValueError as exc:
        if name != "default":
            raise
        raise BadArgument(f"the default bidding-odds model is not installed ({exc}); "
                         "give --estimator PATH to a BidModel JSON file") from None
    # keyed by content too: a model file refitted in place is read again
    return _load(name, digest)


@lru_cache(maxsize=8)
def _load(name: str, digest: str):
    try:
        from ..odds import BidModel
    except ImportError as exc:  # pragma: no cover - odds package missing
        raise BadArgument(f"the bidding-odds model is not available: {exc}") from None
    return BidModel.default() if name == "default" else BidModel.load(Path(name))


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
