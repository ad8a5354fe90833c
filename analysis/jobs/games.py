"""The ``games`` dataset job (DESIGN.md, contract 4; ``thousand simulate``).

Chunk ``c`` plays games ``c * chunk_size ...``; each game draws only from
its own stream ``SeedSequence(seed, spawn_key=(game_id,))``, so the content
depends on the seed, the number of games, the rules, the policy and the
outcome source, never on the chunk size, the workers or the backend.  The
parameters (recorded in the dataset) name the policy with its parameters
and the estimator (its content hash and the outcomes it was fitted on), the
equity policy's game-equity model (its file, the games it was fitted on and
its content hash), and
where outcomes came from (``outcomes.play``: ``"dd"`` double-dummy,
``"pimc"`` own-information play): solved or played on the fly, or drawn
uniformly with replacement from a pool of a stated size.  Outcomes not
asked for are resolved by
:func:`analysis.game.outcome_choice.resolve_outcomes`: own information from
the single-dummy reference pool that serves the rules, double-dummy where
none does.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from .. import dataset
from ..dataset.schema import games_schema
from ..errors import BadArgument
from ..game import resolve_outcomes
from ..game.estimators import estimator_digest
from ..game.policy import ThresholdPolicy
from ..game.simulate import MAX_DEALS, make_source, simulate
from ..rules import Rules
from .runner import n_chunks, run_job

__all__ = ["DEFAULT_CHUNK", "game_params", "run_games", "policy_from_params"]

DEFAULT_CHUNK = 200

# Pools loaded in this process, by path (a chunk function is called many times).
_POOLS: dict = {}


def game_params(
    n_games: int,
    seed: int,
    rules: Rules,
    policy: ThresholdPolicy | None = None,
    pool=None,
    chunk_size: int = DEFAULT_CHUNK,
    max_deals: int | None = None,
    outcomes: str | None = None,
    worlds: int = 16,
) -> dict:
    """The recorded parameters of a simulate job.

    Parameters
    ----------
    n_games, seed : int
    rules : Rules
    policy : ThresholdPolicy, optional
        Its estimator must be named (``estimator_name``: ``default`` or a
        BidModel file) so that worker processes can load it.
    pool : path, optional
        A solutions (or, with ``"pimc"``, single-dummy) dataset to draw
        outcomes from; None with ``outcomes`` given: solved or played on the fly.
    chunk_size : int
        Games per chunk and per Parquet file.
    outcomes : {"dd", "pimc"} or None
        Double-dummy outcomes, or own-information (single-dummy) play
        (:func:`analysis.game.simulate`); None: what ``pool`` holds, or
        without a pool the default of
        :func:`~analysis.game.outcome_choice.resolve_outcomes` (own
        information from the single-dummy reference pool that serves
        ``rules``; double-dummy, with a warning, where none does).  The
        policy's ``"default"`` estimator is the model shipped for the
        outcomes played (fitted on single-dummy play for ``"pimc"``).
    worlds : int
        With ``"pimc"`` on the fly: layouts per decision.

    Raises
    ------
    ValueError
        On a negative seed, bad counts, a pool of other conventions.
    """
    if seed < 0:
        raise BadArgument(
            f"seed must be a non-negative integer, got {seed}",
            parameter="seed",
            expected="a non-negative integer",
            got=seed,
        )
    policy = policy or ThresholdPolicy()
    if policy.estimator is not None:
        raise BadArgument(
            "a games job loads its estimator by name in every worker: give "
            "ThresholdPolicy(estimator_name=...) instead of an object"
        )
    choice = resolve_outcomes(rules, outcomes, pool, on_the_fly=outcomes is not None)
    choice.warn()
    outcomes, pool = choice.outcomes, choice.pool
    source = make_source(
        rules, None if pool is None else str(Path(pool).resolve()), outcomes=outcomes, worlds=worlds
    )
    if pool is not None:
        _POOLS[(outcomes, source.path)] = source

    info = getattr(policy.get_estimator(rules, outcomes), "info", {}) or {}
    est = {k: info.get(k) for k in ("rules", "solver_fingerprint", "fitted", "n_rows")}
    # what the model was fitted on (a model that records nothing: double-dummy values)
    est["outcomes"] = info.get("outcomes", "dd")
    est["content_hash"] = estimator_digest(policy.estimator_name, rules, outcomes)
    # a policy that reads a game-equity model records which (file, games, content hash)
    record = getattr(policy, "model_record", None)
    extra = {} if record is None else {"equity_model": record(rules, outcomes)}
    return {
        "kind": "games",
        "n_games": int(n_games),
        "seed": int(seed),
        "chunk_size": int(chunk_size),
        "n_chunks": n_chunks(n_games, chunk_size),
        "rules_name": rules.name,
        "rules": rules.to_dict(),
        "rules_fingerprint": rules.fingerprint(),
        "policy": policy.params(),
        "estimator": est,
        "outcomes": source.describe(),
        "max_deals": int(max_deals or MAX_DEALS),
    } | extra


def policy_from_params(p: dict) -> ThresholdPolicy:
    """Rebuild the policy recorded by :func:`game_params`.

    Raises
    ------
    ValueError
        On an unknown policy name.
    """
    p = dict(p)
    name = p.pop("name", "threshold")
    if name == "equity":
        # late: the equity models load only for games that use them
        from ..game.equity_policy import EquityPolicy

        return EquityPolicy(**p)
    if name != ThresholdPolicy.name:
        raise BadArgument(f"unknown policy {name!r}")
    return ThresholdPolicy(**p)


def games_chunk(out: str, chunk: int, params: dict) -> str:
    """Play and write chunk ``chunk``; return its content hash."""
    rules = Rules.from_stored(params["rules"])
    cs = params["chunk_size"]
    start = chunk * cs
    n = min(cs, params["n_games"] - start)
    src = params["outcomes"]
    pool, play = src.get("pool_path"), src.get("play", "dd")
    worlds = int(src.get("worlds") or 16)
    if pool is not None and (play, pool) not in _POOLS:
        _POOLS[(play, pool)] = make_source(rules, pool, outcomes=play)
    df = simulate(
        rules,
        n,
        params["seed"],
        policy_from_params(params["policy"]),
        pool=_POOLS.get((play, pool)) if pool else None,
        start=start,
        max_deals=params["max_deals"],
        outcomes=play,
        worlds=worlds,
    )
    table = pa.Table.from_pandas(df, schema=games_schema(rules.players), preserve_index=False)
    return dataset.write_chunk(out, chunk, table, params)


def run_games(
    out,
    n_games: int,
    seed: int,
    rules: Rules,
    policy: ThresholdPolicy | None = None,
    *,
    pool=None,
    chunk_size: int = DEFAULT_CHUNK,
    max_deals: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
    outcomes: str | None = None,
    worlds: int = 16,
) -> dict:
    """Write (or finish) a games dataset; return its manifest.

    ``pool``, ``outcomes`` and ``worlds`` as :func:`game_params` (no
    ``outcomes`` and no pool: own-information play from the single-dummy
    reference pool that serves ``rules``, double-dummy where none does).

    Raises
    ------
    analysis.dataset.DatasetError
        If ``out`` holds a dataset made with other parameters.
    """
    params = game_params(n_games, seed, rules, policy, pool, chunk_size, max_deals, outcomes, worlds)
    return run_job(
        out,
        params,
        games_chunk,
        games_schema(rules.players),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="simulate",
    )
