"""``BidModel``: P(double-dummy value ≥ X | visible 7-card hand, seat).

One logistic regression per threshold on a grid of values (every 5 points),
with a small ridge penalty (the objective of statsmodels' ``GLM`` binomial
``fit_regularized(L1_wt=0)``, minimised by Newton's method,
:func:`~analysis.odds.ridge.ridge_logistic`) on the visible features of
:mod:`analysis.odds.features`; the probabilities are then made monotone
non-increasing in the threshold (running minimum along the grid).  Separate
fits per threshold let a feature act differently on the low and the high
contracts (a ♥ marriage barely moves P(≥ 100) but decides P(≥ 200)), which a
proportional-odds model cannot.

The value is the declarer's double-dummy total after the best exchange
(card points plus his declared marriages; DESIGN.md, contract 3), so the
model inherits the solver's optimism: the declarer is assumed to see every
card when choosing his gift and his play.  The same model fitted on a
single-dummy pool's play (``python -m analysis.odds.build fit --outcomes
pimc``, files ending ``_sd.json``) estimates P(value as played with own
information ≥ X) instead: the default of own-information games
(``BidModel.default(rules, outcomes="pimc")``).

The fitting itself is :func:`analysis.odds._fit.fit_arrays`; this module
holds the model, its queries, its files and which shipped model serves
which rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ..atomic import replace_file
from ..errors import BadArgument, ModelFileError
from ..rules import PROFILES, as_rules
from ..solver import SOLVER_FIELDS
from ._fit import check_features as _check_features
from ._fit import fit_arrays
from .features import FEATURES, check_hands, hand_features

__all__ = ["BidModel", "MODEL_FILES", "model_file", "pool_name_for"]

#: Features of the default model: every visible feature but the seat.  A
#: seat changes nothing in the deal's distribution (the declarer leads
#: whatever his seat, and the redeal conditions are symmetric), only the
#: payments, so it is left out of the value model.
DEFAULT_FEATURES = tuple(f for f in FEATURES if not f.startswith("seat"))

#: Version of the saved file layout.
MODEL_VERSION = 1

#: Folder of the shipped models.
MODEL_DIR = Path(__file__).parent

#: Shipped model file per reference pool (:data:`analysis.reference.POOLS`,
#: one pool per solver fingerprint); the points-only baseline of each is the
#: same name with ``_points`` before ``.json``.
MODEL_FILES = {
    "club": "default_bidmodel.json",
    "book": "default_bidmodel_book.json",
    "ua": "default_bidmodel_ua.json",
    "wiki": "default_bidmodel_wiki.json",
}

#: The club model (:meth:`BidModel.default` without rules; also classic's).
DEFAULT_MODEL_FILE = MODEL_DIR / MODEL_FILES["club"]


def pool_name_for(rules) -> str:
    """The reference pool (and shipped model) that serves ``rules``.

    Parameters
    ----------
    rules : str or Rules
        A profile, a rules file or a :class:`~analysis.rules.Rules`.

    Returns
    -------
    str
        The name of the pool of :data:`analysis.reference.POOLS` whose
        profile has the solver fingerprint of ``rules``
        (:func:`analysis.solver.solver_fingerprint`): ``club`` for club,
        classic and every variant that plays as club does.

    Raises
    ------
    ValueError
        On unknown rules, or rules whose solver fingerprint no pool has
        (a house variant that changes how the deal is played).
    """

    # the reference registry pulls in the dataset layer (pyarrow.dataset, about
    # 0.5 s): imported only here, so that `thousand odds` starts without it
    from ..reference import POOLS

    r = as_rules(rules)
    want = r.fingerprint(SOLVER_FIELDS)
    for s in POOLS:
        if PROFILES[s.rules].fingerprint(SOLVER_FIELDS) == want:  # a pool is solved under a profile
            return s.name
    raise ValueError(
        f"no bidding-odds model is shipped for rules {r.name!r}: their solver "
        f"fingerprint {want} is none of the profiles "
        f"{', '.join(s.rules for s in POOLS)} (the play conventions differ); fit "
        "one on their solutions (BidModel.fit) and give its file"
    )


def model_file(pool: str, points_only: bool = False, folder=None, *, outcomes: str = "dd") -> Path:
    """The file of the shipped model fitted on reference pool ``pool``.

    Parameters
    ----------
    pool : str
        A key of :data:`MODEL_FILES`.
    points_only : bool
        The card-points-only baseline's file instead.
    folder : path, optional
        Folder of the files (default :data:`MODEL_DIR`).
    outcomes : {"dd", "pimc"}
        ``"dd"``: fitted on the pool's double-dummy values; ``"pimc"``: on
        its single-dummy pool's play (the same name ending ``_sd.json``:
        ``default_bidmodel_sd.json``, ``default_bidmodel_book_points_sd.json``).

    Raises
    ------
    ValueError
        On an unknown pool name or outcomes.
    """
    if pool not in MODEL_FILES:
        raise ValueError(f"no model file for pool {pool!r}; pools: {', '.join(MODEL_FILES)}")
    if outcomes not in ("dd", "pimc"):
        raise ValueError(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}")
    p = Path(MODEL_DIR if folder is None else folder) / MODEL_FILES[pool]
    p = p.with_name(p.stem + "_points" + p.suffix) if points_only else p
    return p if outcomes == "dd" else p.with_name(p.stem + "_sd" + p.suffix)


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


class BidModel:
    """Success probabilities of contracts from the visible hand.

    Build it with :meth:`fit` (or :meth:`load`, :meth:`default`); query it
    with :meth:`p_make` or :meth:`p_table`.

    Attributes
    ----------
    features : tuple of str
        Names of the features used (a subset of :data:`~analysis.odds.features.FEATURES`).
    grid : ndarray of shape (k,), int64
        Thresholds fitted, points, multiples of 5, increasing.
    coef : ndarray of shape (k, len(features) + 1), float64
        Intercept then one coefficient per standardised feature, per threshold.
    mean, scale : ndarray of shape (len(features),), float64
        Standardisation of the features.
    info : dict
        How the model was made (rules, fingerprint, rows, seed, date, ...).
    """

    def __init__(self, features, grid, coef, mean, scale, info=None):
        self.features = _check_features(features)
        self.grid = np.asarray(grid, dtype=np.int64)
        self.coef = np.asarray(coef, dtype=np.float64)
        self.mean = np.asarray(mean, dtype=np.float64)
        self.scale = np.asarray(scale, dtype=np.float64)
        k, f = self.grid.shape[0], len(self.features)
        if (
            k == 0
            or self.coef.shape != (k, f + 1)
            or self.mean.shape != (f,)
            or self.scale.shape != (f,)
            or np.any(np.diff(self.grid) <= 0)
        ):
            raise BadArgument(
                "inconsistent BidModel arrays: need an increasing grid of k "
                "thresholds, coef (k, n_features + 1), mean and scale (n_features,)"
            )
        if not (
            np.isfinite(self.coef).all()
            and np.isfinite(self.mean).all()
            and np.isfinite(self.scale).all()
            and (self.scale > 0).all()
        ):
            raise BadArgument(
                "BidModel coefficients, means and scales must be finite numbers, the scales positive"
            )
        self._cols = np.array([FEATURES.index(c) for c in self.features], dtype=np.int64)
        self.info = dict(info or {})

    # --- fitting -------------------------------------------------------------

    @classmethod
    def fit(
        cls,
        frame,
        *,
        features=DEFAULT_FEATURES,
        grid=None,
        alpha: float = 1e-4,
        min_count: int = 10,
        drop_redealt: bool = True,
        info=None,
    ) -> BidModel:
        """Fit on deals joined with solutions.

        Parameters
        ----------
        frame : pandas.DataFrame or path
            Rows per (deal, seat) with ``seat``, ``value``, ``hand0 hand1
            hand2`` (``analysis.dataset.load(solutions_path)`` or
            :func:`analysis.odds.sample.make_sample`); see
            :func:`analysis.odds.sample.solutions_long`.
        features : sequence of str
            Features to use (default :data:`DEFAULT_FEATURES`);
            ``("points",)`` is the card-points baseline.
        grid : sequence of int, optional
            Thresholds (points); default every 5 from 50 up to the highest
            at which at least ``min_count`` training values reach it and at
            least ``min_count`` fall short.
        alpha : float
            Ridge penalty per row on the standardised coefficients (not on
            the intercept), statsmodels' ``GLM.fit_regularized(L1_wt=0)``.
        min_count : int
            See ``grid``.
        drop_redealt : bool
            Leave out deals the profile redeals by force before play
            (column ``redeal_forced``; RULES.md, "Redeals"): they are never
            played.
        info : dict, optional
            Extra provenance recorded in :attr:`info`.  The solutions'
            ``rules``, ``solver_fingerprint`` and ``solver_version`` are
            recorded without it when the frame says where it comes from (a
            dataset path, or a frame from :func:`analysis.dataset.load`,
            whose ``attrs["solutions"]`` names them); ``thousand simulate``
            then notes a model fitted under other solver conventions than
            the simulated rules'.

        Returns
        -------
        BidModel

        Raises
        ------
        ValueError
            On missing columns, too few rows, no usable threshold, unknown or
            repeated features, a negative ``alpha`` or ``min_count`` below 1.
        """

        return cls(*fit_arrays(frame, features, grid, alpha, min_count, drop_redealt, info))

    # --- queries -------------------------------------------------------------

    def p_table(self, hands7, seats=0) -> np.ndarray:
        """P(value ≥ t) for every threshold ``t`` of :attr:`grid`.

        Parameters
        ----------
        hands7 : ndarray of shape (n,), uint32 masks
        seats : int or ndarray of shape (n,), int

        Returns
        -------
        ndarray of shape (n, len(grid)), float64
            Probabilities, non-increasing along the grid.

        Raises
        ------
        ValueError
            On masks that are not 7-card hands or seats outside 0..2.
        """
        return self._table(hands7, seats, self.grid.size)

    _BLOCK = 1 << 15

    def _table(self, hands7, seats, k: int) -> np.ndarray:
        """The first ``k`` columns of :meth:`p_table`, in cache-sized blocks."""
        X = hand_features(hands7, seats)[:, self._cols]
        out = np.empty((X.shape[0], k))
        w = (self.coef[:k, 1:] / self.scale).T
        b = self.coef[:k, 0] - self.mean @ w
        for i in range(0, X.shape[0], self._BLOCK):
            lin = X[i : i + self._BLOCK] @ w
            lin += b
            np.minimum.accumulate(_sigmoid(lin), axis=1, out=out[i : i + self._BLOCK])
        return out

    def p_make(self, hands7, seats=0, contract=100) -> np.ndarray:
        """P(double-dummy value ≥ contract | visible hand, seat).

        Parameters
        ----------
        hands7 : int or ndarray of shape (n,), uint32 masks
            Visible 7-card hands.
        seats : int or ndarray of shape (n,), int
            Seats relative to the dealer (0 first hand).
        contract : int or ndarray of shape (n,), int
            Points to reach (any integer; contracts are multiples of 5).

        Returns
        -------
        ndarray of shape (n,), float64
            Probabilities in [0, 1].  Between grid thresholds the
            probability is interpolated linearly; below the lowest it is
            that threshold's, and 1 for a contract of 0 or less (every value
            reaches it); above the highest fitted threshold it is 0 (fewer
            than ``min_count`` training values reached it).

        Raises
        ------
        ValueError
            On bad hands or seats, seats or contracts of another shape than
            the hands, or contracts that are not whole points (NaN, 120.5).

        Examples
        --------
        >>> from analysis.cards import parse
        >>> m = BidModel.default()
        >>> h = np.array([parse("A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣")], np.uint32)
        >>> bool(m.p_make(h, 0, 120)[0] > 0.9)
        True
        """
        h = check_hands(hands7)
        for what, x in (("contract", contract), ("seats", seats)):
            shape = np.shape(x)
            if shape not in ((), h.shape):
                raise BadArgument(
                    f"{what} has shape {shape}: give one for all hands or one per hand, shape {h.shape}"
                )
        c = np.broadcast_to(np.asarray(contract), h.shape)
        if not np.issubdtype(c.dtype, np.number) or np.issubdtype(c.dtype, np.bool_):
            raise BadArgument("contract must be numeric points")
        if not np.all(np.isfinite(c)) or np.any(c != np.floor(c)):
            bad = c[~np.isfinite(c) | (c != np.floor(c))][0]
            raise BadArgument(f"contract must be whole points; got {bad}")
        g = self.grid
        k = np.searchsorted(g, c, side="left")  # first grid point >= c
        tab = self._table(h, seats, int(min(k.max(initial=0) + 1, g.size)))
        hi_i = np.clip(k, 0, g.size - 1)
        lo_i = np.clip(k - 1, 0, g.size - 1)
        rows = np.arange(h.shape[0])
        p_hi = tab[rows, hi_i]
        p_lo = tab[rows, lo_i]
        span = np.where(hi_i > lo_i, (g[hi_i] - g[lo_i]).astype(np.float64), 1.0)
        w = np.clip((g[hi_i] - c) / span, 0.0, 1.0)
        w = np.where(hi_i > lo_i, w, 0.0)
        p = w * p_lo + (1 - w) * p_hi
        p = np.where(c > g[-1], 0.0, p)
        return np.where(c <= 0, 1.0, p)  # every value reaches 0

    # --- files ---------------------------------------------------------------

    def to_dict(self) -> dict:
        """JSON-ready dictionary of the model."""
        return {
            "kind": "thousand-bidmodel",
            "version": MODEL_VERSION,
            "features": list(self.features),
            "grid": self.grid.tolist(),
            "coef": self.coef.tolist(),
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "info": self.info,
        }

    def save(self, path) -> Path:
        """Write the model as a small JSON file (a few KB); returns the path.

        The file is written under a temporary name in the same folder, then
        renamed: an existing file at ``path`` is replaced whole or not at all.

        Raises
        ------
        FileNotFoundError
            If the folder of ``path`` does not exist.
        ValueError
            If ``path`` lies inside a dataset folder (Parquet readers of the
            dataset would then trip over it; names starting with ``.`` or
            ``_`` they skip): save it next to the dataset.
        """
        # the dataset layer (pyarrow.dataset, about 0.5 s) only when a model is saved
        from ..dataset import check_outside_datasets

        check_outside_datasets(path, f"cannot save the BidModel to {path}")
        text = json.dumps(self.to_dict(), ensure_ascii=False) + "\n"
        return replace_file(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))

    @classmethod
    def load(cls, path, text: str | bytes | None = None) -> BidModel:
        """Read a model written by :meth:`save`.

        Parameters
        ----------
        path : str or Path
            The model file.
        text : str or bytes, optional
            Its content when the caller has read it already (the file is
            then not read again; ``path`` names it in messages).

        Raises
        ------
        ModelFileError
            A ValueError: the file is not a BidModel file of this version.
        """
        try:
            d = json.loads(Path(path).read_text(encoding="utf-8") if text is None else text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ModelFileError(f"{path} is not a BidModel JSON file: {exc}", path=path) from None
        if not isinstance(d, dict) or d.get("kind") != "thousand-bidmodel":
            raise ModelFileError(f"{path} is not a BidModel file", path=path)
        if d.get("version") != MODEL_VERSION:
            raise ModelFileError(
                f"{path} is BidModel version {d.get('version')}, this code reads {MODEL_VERSION}",
                path=path,
                expected=MODEL_VERSION,
                got=d.get("version"),
            )
        missing = [k for k in ("features", "grid", "coef", "mean", "scale") if k not in d]
        if missing:
            raise ModelFileError(f"{path} is a damaged BidModel file: no {', '.join(missing)}", path=path)
        try:
            return cls(d["features"], d["grid"], d["coef"], d["mean"], d["scale"], d.get("info"))
        except (TypeError, ValueError) as exc:
            raise ModelFileError(f"{path} is a damaged BidModel file: {exc}", path=path) from None

    @classmethod
    def default(cls, rules="club", points_only: bool = False, *, outcomes: str = "dd") -> BidModel:
        """The model shipped for ``rules``, fitted on their reference pool.

        Parameters
        ----------
        rules : str or Rules
            A profile, rules file or :class:`~analysis.rules.Rules`; the model
            is that of the pool with the same solver fingerprint
            (:func:`pool_name_for`): classic and club's variants get club's.
        points_only : bool
            The card-points-only baseline fitted on the same rows instead.
        outcomes : {"dd", "pimc"}
            ``"dd"``: fitted on double-dummy values (P(double-dummy value ≥
            X)); ``"pimc"``: on the pool's single-dummy play (P(value as
            played with own information ≥ X)), the default of
            own-information games (:func:`model_file`).

        Raises
        ------
        ValueError
            If no pool has the solver fingerprint of ``rules``, or the
            pool's model file is not installed (the message names the
            command that fits it).
        """
        name = pool_name_for(rules)
        path = model_file(name, points_only, outcomes=outcomes)
        if not path.is_file():
            sd = " --outcomes pimc" if outcomes == "pimc" else ""
            raise ValueError(
                f"the bidding-odds model of the {name} pool is not installed "
                f"({path}); fit it with `python -m analysis.odds.build fit "
                f"--pool {name}{sd}`"
            )
        return cls.load(path)

    def __repr__(self) -> str:
        return (
            f"BidModel(features={len(self.features)}, grid={int(self.grid[0])}.."
            f"{int(self.grid[-1])}, rules={self.info.get('rules')!r}, "
            f"rows={self.info.get('n_rows')})"
        )
