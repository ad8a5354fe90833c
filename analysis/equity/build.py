"""Fit the shipped equity model of each profile from simulated games.

Usage (from the repository root)::

    python -m analysis.equity.build fit --rules club       # analysis/equity/equity_club.json
    python -m analysis.equity.build fit --rules all        # the five profiles
    python -m analysis.equity.build fit --rules club --outcomes pimc   # own-information games

``fit`` simulates ``--games`` whole games (default 10,000, seed 36) with
the default policy (:class:`analysis.game.ThresholdPolicy`, the bidding
model shipped for the rules) and the outcomes of ``--outcomes``: ``dd``
draws double-dummy outcomes from the reference pool of the rules' solver
conventions with replacement, as ``thousand simulate`` does by default;
``pimc`` draws single-dummy ones from the single-dummy reference pool (or
plays them on the fly where none is built).  The games are a ``games``
dataset under ``--data`` (default ``data/equity``), resumed and reused
when rerun.  Every fifth game (``game_id % 5 == 4``) is held out; the model
and the scores-only baseline are fitted on the others
(:mod:`analysis.equity.fit`) and scored on the held-out games
(:mod:`analysis.equity.calibration`), the figures recorded in the file's
``info``.  Each file is written to a temporary name and renamed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from .. import dataset, reference
from ..errors import BadArgument
from ..folders import rules_tag
from ..game import ThresholdPolicy, repeat_counts
from ..jobs.games import run_games
from ..rules import PROFILES, load_rules
from ..rules import folder_label as _folder_label
from .calibration import compare, reliability
from .features import feature_names, features, sign_bounds
from .fit import cluster_covariance, fit_logit, softmax_chances
from .model import MODEL_DIR, EquityModel, model_file
from .states import game_states

__all__ = ["HOLD_OUT", "fit_games", "simulate_games", "games_folder", "pool_draws", "main"]

#: Held-out games: ``game_id % every == remainder``.
HOLD_OUT = {"rule": "held out: game_id % every == remainder", "every": 5, "remainder": 4}
#: Ridge penalty of the fits (mean log-likelihood scale).
ALPHA = 1e-4
#: Default number of games and seed of the shipped fits.
GAMES, SEED = 10_000, 36


def games_folder(data, rules, outcomes: str, seed: int, games: int) -> Path:
    """``games-<rules>-<fingerprint>-<outcomes>-s<seed>-n<games>`` under ``data``."""
    return Path(data) / f"games-{rules_tag(rules)}-{outcomes}-s{seed}-n{games}"


def simulate_games(
    rules,
    games: int,
    seed: int,
    outcomes: str = "dd",
    data="data/equity",
    workers=1,
    log=None,
    policy=None,
    folder=None,
):
    """Simulate (or reuse) the games a fit reads; returns (frame, params).

    The policy is ``policy`` (default :class:`~analysis.game.ThresholdPolicy`;
    an :class:`~analysis.game.equity_policy.EquityPolicy` reads its model
    from ``model_path`` in every worker); the outcomes come from the
    reference pool of the rules (``dd``) or its single-dummy pool
    (``pimc``), on the fly where none is built.  The games are written to
    ``folder`` (default :func:`games_folder` under ``data``, for the
    default policy).

    Raises
    ------
    BadArgument
        On an unknown ``outcomes``.
    analysis.dataset.DatasetError
        If the folder holds games made with other parameters.
    """

    if outcomes not in ("dd", "pimc"):
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}", parameter="outcomes")
    if outcomes == "dd":
        ref = reference.pool_for(rules)
        pool = None if ref is None else ref.solutions_path
    else:
        ref = reference.sd_pool_for(rules)
        pool = None if ref is None else ref.sd_path
    if pool is None and log:
        log(f"{rules.name}: no {outcomes} reference pool plays as these rules do; outcomes on the fly")
    out = Path(folder) if folder is not None else games_folder(data, rules, outcomes, seed, games)
    out.parent.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    m = run_games(
        out,
        games,
        seed,
        rules,
        policy or ThresholdPolicy(),
        pool=pool,
        workers=workers,
        progress=False,
        outcomes=outcomes,
    )
    if log:
        log(
            f"{rules.name}: {m['rows']:,} deals of {games:,} games at {out} ({time.perf_counter() - t:.1f} s)"
        )
    return dataset.read_frame(out, "games"), m["params"]


def fit_games(rules, frame, params=None, *, hold_out=None, alpha: float = ALPHA) -> EquityModel:
    """Fit the model and the baseline on simulated games; calibrate on the held-out ones.

    Parameters
    ----------
    rules : Rules
        The rules the games were simulated under.
    frame : pandas.DataFrame
        The games rows.
    params : dict, optional
        The games dataset's parameters (policy, outcomes), recorded in ``info``.
    hold_out : dict, optional
        Default :data:`HOLD_OUT`.
    alpha : float
        Ridge penalty.

    Returns
    -------
    EquityModel
        ``info`` holds the games, states, the held-out calibration
        (:func:`analysis.equity.calibration.compare` and the reliability
        curves of the model and the baseline) and the fit's time.

    Raises
    ------
    BadArgument
        If no held-out or no training game is finished, or the replay fails.
    """
    h = dict(HOLD_OUT if hold_out is None else hold_out)
    t0, c0 = time.perf_counter(), time.process_time()
    st = game_states(rules, frame)
    held = st["game_id"] % h["every"] == h["remainder"]
    if held.all() or not held.any():
        raise BadArgument("need finished games both in the fit and held out (every fifth game)")

    def part(mask):
        return {k: v[mask] for k, v in st.items()}

    tr, te = part(~held), part(held)
    names, bnames = feature_names(rules), feature_names(rules, scores_only=True)
    X = features(rules, tr)
    beta = fit_logit(X, tr["winner"], sign_bounds(names), alpha=alpha)
    cov = cluster_covariance(X, tr["winner"], tr["game_id"], beta, sign_bounds(names), alpha)
    Xb = features(rules, tr, scores_only=True)
    bbeta = fit_logit(Xb, tr["winner"], sign_bounds(bnames), alpha=alpha)
    del X, Xb
    pm = softmax_chances(features(rules, te), beta)
    pb = softmax_chances(features(rules, te, scores_only=True), bbeta)
    cal = compare(pm, pb, te["winner"], te["game_id"])
    p = params or {}
    n_games = int(frame["game_id"].nunique())
    info = {
        "games": n_games,
        "finished_games": int(np.unique(st["game_id"]).size),
        "seed": p.get("seed"),
        "states_fit": int((~held).sum()),
        "states_held_out": int(held.sum()),
        "hold_out": h,
        "alpha": alpha,
        "policy": p.get("policy"),
        "estimator": p.get("estimator"),
        "outcomes": p.get("outcomes"),
        "draws": pool_draws(frame),
        "interval": "95 %, delta method on logit(chance) with the cluster-robust (games) covariance",
        "calibration": cal,
        "reliability_model": reliability(pm, te["winner"]),
        "reliability_baseline": reliability(pb, te["winner"]),
        "fit_seconds": round(time.perf_counter() - t0, 1),
        "fit_cpu_seconds": round(time.process_time() - c0, 1),
    }
    return EquityModel(rules, names, beta, cov, bbeta, info)


def pool_draws(frame) -> dict | None:
    """How the games drew their deals from the pool.

    Parameters
    ----------
    frame : pandas.DataFrame
        Games rows with ``pool_deal`` (the pool's deal id, −1 on the fly).

    Returns
    -------
    dict or None
        ``deals_drawn`` (rows drawn from the pool, redeals included),
        ``distinct_deals`` and ``repeated_draws`` (draws of a deal drawn
        before); None when no row came from a pool.
    """
    if "pool_deal" not in frame.columns:
        return None
    drawn, distinct, repeats = repeat_counts(frame["pool_deal"])
    if drawn == 0:
        return None
    return {"deals_drawn": drawn, "distinct_deals": distinct, "repeated_draws": repeats}


def _profiles(spec: str) -> list:
    if spec == "all":
        return list(PROFILES.values())
    return [load_rules(spec)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m analysis.equity.build",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="simulate games and fit the equity model of a profile")
    f.add_argument("--rules", default="club", help="a profile, a rules file, or all (the five profiles)")
    f.add_argument("--games", type=int, default=GAMES, help=f"games to simulate (default {GAMES:,})")
    f.add_argument("--seed", type=int, default=SEED, help=f"root seed of the games (default {SEED})")
    f.add_argument(
        "--outcomes",
        choices=("dd", "pimc"),
        default="dd",
        help="dd: double-dummy outcomes from the reference pool (default); pimc: single-dummy play",
    )
    f.add_argument(
        "--data", default="data/equity", metavar="DIR", help="folder of the games (default data/equity)"
    )
    f.add_argument("--out-dir", default=str(MODEL_DIR), metavar="DIR", help="folder of the model files")
    f.add_argument("--workers", type=int, default=1, metavar="K", help="simulation processes (default 1)")
    args = p.parse_args(argv)
    if args.games < 10:
        raise SystemExit("--games must be at least 10 (every fifth game is held out)")
    out_dir = Path(args.out_dir)
    if not out_dir.is_dir():
        raise SystemExit(f"--out-dir {out_dir} is not a folder")
    log = lambda line: print(line, flush=True)  # noqa: E731
    models = []
    for rules in _profiles(args.rules):
        frame, params = simulate_games(
            rules, args.games, args.seed, args.outcomes, args.data, args.workers, log
        )
        m = fit_games(rules, frame, params)
        m.info["made_by"] = (
            f"python -m analysis.equity.build fit --rules {rules.name} --games {args.games} "
            f"--seed {args.seed} --outcomes {args.outcomes}"
        )
        c = m.info["calibration"]
        log(
            f"{rules.name}: {m.info['states_fit']:,} states fitted, {c['states']:,} held out "
            f"({c['games']:,} games); Brier model {c['brier_model']:.4f}, baseline "
            f"{c['brier_baseline']:.4f}, gain {c['brier_gain']:.4f} ± {c['brier_gain_se']:.4f}; "
            f"fit {m.info['fit_seconds']} s"
        )
        models.append((rules, m))
    for rules, m in models:
        name = rules.base if rules.fingerprint() == _profile_fp(rules.base) else folder_label(rules.name)
        print(f"wrote {m.save(model_file(name, out_dir, outcomes=args.outcomes))}")
    return 0


def _profile_fp(base: str) -> str:
    return PROFILES[base].fingerprint()


def folder_label(name: str) -> str:
    """A rules name made safe as a file name part (:func:`analysis.rules.folder_label`)."""
    return _folder_label(name)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
