"""``EquityModel``: each player's chance to win the game from a table state.

A conditional logit over per-player features
(:mod:`analysis.equity.features`, fitted by :mod:`analysis.equity.fit`):
player ``i``'s chance is ``exp(u_i) / (exp(u_0) + exp(u_1) + exp(u_2))``
with ``u_i = X_i @ beta``.  So the chances are positive and sum to 1 by
construction (up to rounding, below 1e-12), smooth in the scores, and the
same whatever the players are called.  Intervals come from the fit's own
uncertainty: the cluster-robust covariance of ``beta`` (games as
clusters), carried to each chance by the delta method on the logit scale,
so ``0 < low <= win <= high < 1``.  They say how well the simulated games
pin the model down, not how far the model's form is from the game (the
held-out calibration in ``info["calibration"]`` shows that).

The file holds the scores-only baseline beside the model (the same logit
over the score columns alone) for the calibration comparison.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from scipy.stats import norm

from ..atomic import replace_file
from ..errors import BadArgument, ModelFileError
from ..rules import Rules
from .features import feature_names, features
from .fit import softmax_chances

__all__ = ["EquityModel", "MODEL_DIR", "OUTCOMES", "model_file"]

#: Version of the saved file layout.
MODEL_VERSION = 1
#: Folder of the shipped models: ``equity_<profile>.json`` (double-dummy games) and
#: ``equity_<profile>_pimc.json`` (own-information games).
MODEL_DIR = Path(__file__).parent
#: The kinds of outcome a shipped model is fitted on (as the games': double-dummy, own information).
OUTCOMES = ("dd", "pimc")
#: Normal quantile of a 95 % interval.
_Z95 = 1.959963984540054


def model_file(profile: str, folder=None, outcomes: str = "dd") -> Path:
    """The shipped model file of ``profile``.

    Parameters
    ----------
    profile : str
        A profile name (or the name part :mod:`analysis.equity.build` gives
        other rules).
    folder : path, optional
        Folder of the files (default :data:`MODEL_DIR`).
    outcomes : {"dd", "pimc"}
        The games the model is fitted on: ``"dd"`` double-dummy
        (``equity_club.json``), ``"pimc"`` own-information play
        (``equity_club_pimc.json``, the name ``build fit --outcomes pimc``
        writes).

    Raises
    ------
    BadArgument
        On unknown outcomes.
    """
    if outcomes not in OUTCOMES:
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}", parameter="outcomes")
    tail = "" if outcomes == "dd" else f"_{outcomes}"
    return Path(MODEL_DIR if folder is None else folder) / f"equity_{profile}{tail}.json"


class EquityModel:
    """Chances to win from table states under one set of rules.

    Attributes
    ----------
    rules : Rules
        The rules the games were simulated under (the model answers only
        for rules with the same fingerprint).
    names : tuple of str
        Feature names (:func:`analysis.equity.features.feature_names`).
    beta : ndarray of shape (p,), float64
    cov : ndarray of shape (p, p), float64
        Cluster-robust covariance of ``beta``.
    base_beta : ndarray of shape (q,), float64
        The scores-only baseline's coefficients (its names are
        ``feature_names(rules, scores_only=True)``).
    info : dict
        Provenance: games, seed, policy, outcomes, held-out calibration.
    """

    def __init__(self, rules, names, beta, cov, base_beta, info=None):
        self.rules = rules
        self.names = tuple(names)
        self.beta = np.asarray(beta, dtype=np.float64)
        self.cov = np.asarray(cov, dtype=np.float64)
        self.base_beta = np.asarray(base_beta, dtype=np.float64)
        p = len(self.names)
        if self.names != feature_names(rules):
            raise BadArgument(f"the model's features are not those this code computes for {rules.name}")
        if self.beta.shape != (p,) or self.cov.shape != (p, p):
            raise BadArgument("inconsistent EquityModel arrays: beta (p,), cov (p, p)")
        if self.base_beta.shape != (len(feature_names(rules, True)),):
            raise BadArgument("the baseline's coefficients do not match its features")
        if not (
            np.isfinite(self.beta).all() and np.isfinite(self.cov).all() and np.isfinite(self.base_beta).all()
        ):
            raise BadArgument("EquityModel coefficients must be finite")
        self.info = dict(info or {})
        #: The file it was read from (None: made in memory).
        self.source: Path | None = None

    # --- queries ---------------------------------------------------------------

    def chances(self, arrays: dict, baseline: bool = False) -> np.ndarray:
        """Each player's chance to win from each state.

        Parameters
        ----------
        arrays : dict
            States as :func:`analysis.equity.features.state_arrays` gives them.
        baseline : bool
            The scores-only baseline's chances instead.

        Returns
        -------
        ndarray of shape (n, 3), float64
            Rows sum to 1.
        """
        X = features(self.rules, arrays, scores_only=baseline)
        return softmax_chances(X, self.base_beta if baseline else self.beta)

    def interval(self, arrays: dict, level: float = 0.95):
        """Chances with their intervals from the fit's covariance.

        Parameters
        ----------
        arrays : dict
            As :meth:`chances`.
        level : float
            Two-sided level (only 0.95 is precomputed; others use scipy).

        Returns
        -------
        (win, low, high) : three ndarrays of shape (n, 3), float64
            ``low <= win <= high``; the delta method on ``logit(win)``.
        """
        X = features(self.rules, arrays)
        p = softmax_chances(X, self.beta)
        xbar = np.einsum("ri,rip->rp", p, X)
        g = X - xbar[:, None, :]  # d log p_i / d beta
        var = np.einsum("rip,pq,riq->ri", g, self.cov, g)  # var of log p_i
        # d logit p = d log p / (1 - p)
        se = np.sqrt(np.maximum(var, 0.0)) / np.maximum(1.0 - p, 1e-12)
        z = _Z95 if level == 0.95 else _z(level)
        lo_p = np.clip(p, 1e-15, 1 - 1e-15)
        logit = np.log(lo_p) - np.log1p(-lo_p)
        low = 1.0 / (1.0 + np.exp(-(logit - z * se)))
        high = 1.0 / (1.0 + np.exp(-(logit + z * se)))
        return p, np.minimum(low, p), np.maximum(high, p)

    # --- files -----------------------------------------------------------------

    def to_dict(self) -> dict:
        """JSON-ready dictionary of the model."""
        return {
            "kind": "thousand-equity",
            "version": MODEL_VERSION,
            "rules": self.rules.to_dict(),
            "fingerprint": self.rules.fingerprint(),
            "features": list(self.names),
            "beta": self.beta.tolist(),
            "cov": self.cov.tolist(),
            "baseline_beta": self.base_beta.tolist(),
            "info": self.info,
        }

    def save(self, path) -> Path:
        """Write the model as a small JSON file, atomically; returns the path."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"
        return replace_file(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))

    @classmethod
    def load(cls, path) -> EquityModel:
        """Read a model written by :meth:`save`.

        Raises
        ------
        ModelFileError
            The file is not an equity model of this version, or is damaged.
        """
        try:
            d = json.loads(Path(path).read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ModelFileError(f"{path} is not an equity model JSON file: {exc}", path=path) from None
        if not isinstance(d, dict) or d.get("kind") != "thousand-equity":
            raise ModelFileError(f"{path} is not an equity model file", path=path)
        if d.get("version") != MODEL_VERSION:
            raise ModelFileError(
                f"{path} is equity model version {d.get('version')}, this code reads {MODEL_VERSION}",
                path=path,
                expected=MODEL_VERSION,
                got=d.get("version"),
            )
        try:
            rules = Rules.from_dict(d["rules"])
            m = cls(rules, d["features"], d["beta"], d["cov"], d["baseline_beta"], d.get("info"))
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelFileError(f"{path} is a damaged equity model file: {exc}", path=path) from None
        m.source = Path(path)
        return m

    def __repr__(self) -> str:
        return (
            f"EquityModel(rules={self.rules.name!r}, features={len(self.names)}, "
            f"games={self.info.get('games')}, outcomes={self.info.get('outcomes', {}).get('play')!r})"
        )


def _z(level: float) -> float:
    if not 0 < level < 1:
        raise BadArgument(f"level must be in (0, 1), got {level}", parameter="level")
    return float(norm.ppf(0.5 + level / 2))
