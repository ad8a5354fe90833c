"""The games datasets of a comparison: one ``games`` dataset per rule set.

Each is an ordinary ``games`` dataset (DESIGN.md, contract 4; readable by
:func:`analysis.dataset.read_frame` and summarised as ``thousand simulate``
does), written chunk by chunk through :func:`analysis.jobs.runner.run_job`,
so a stopped comparison resumes where it stopped.  Its parameters are
those of ``thousand simulate`` with the outcome source of
:mod:`analysis.comparison.arms` (a pool's draws kept to the deals every
pool of the comparison holds, or the pools' deals solved on the fly) under
``outcomes``, and ``comparison`` naming the shared range.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pyarrow as pa

from .. import dataset, reference
from ..dataset import games_schema
from ..game.pools import PoolSource, SDPoolSource, load_pool_frame
from ..game.simulate import simulate
from ..game.sources import BLOCK, SDSolverSource, SolverSource
from ..jobs.games import DEFAULT_CHUNK, game_params, policy_from_params
from ..jobs.runner import run_job
from ..rules import Rules
from .arms import Arm

__all__ = ["arm_folder", "arm_params", "run_arm", "portable", "local"]


#: Pool frames read in this process: path -> (frame, params).
_FRAMES: dict = {}
#: How a path under the reference root is recorded: relative to it, so that a
#: comparison's parameters, and the default folder keyed by them, are the same
#: in every checkout and under any ``THOUSAND_REFERENCE``.
REFERENCE_PREFIX = "<reference>/"


def portable(value):
    """``value`` with every path under the reference root written from ``<reference>/``.

    Strings, lists and dicts are rewritten recursively; other values are
    returned unchanged.  :func:`local` reads such a path back.
    """
    if isinstance(value, dict):
        return {k: portable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [portable(v) for v in value]
    if isinstance(value, str):
        return value.replace(f"{reference.root().as_posix()}/", REFERENCE_PREFIX)
    return value


def local(path):
    """A path recorded by :func:`portable`, under this machine's reference root."""
    if isinstance(path, str) and path.startswith(REFERENCE_PREFIX):
        return str(reference.root() / path[len(REFERENCE_PREFIX) :])
    return path


class _SharedDraws:
    """Draws with replacement kept to the first ``shared`` deals of the pool
    (every pool of a comparison holds them: deal k is the same cards)."""

    shared: int

    def draw(self, rng: np.random.Generator):
        idx = rng.integers(0, self.shared, BLOCK).astype(np.int64)
        return self.masks[idx], idx

    def describe(self) -> dict:
        d = super().describe()
        d["draws"] = f"uniform with replacement among the first {self.shared:,} deals (shared by every pool)"
        d["shared_deals"] = int(self.shared)
        return d


class SharedPool(_SharedDraws, PoolSource):
    """:class:`analysis.game.pools.PoolSource` drawing from the shared range.

    The pool's rows are read once per process and path, whatever the rule
    sets that play them (a sweep of one profile reads its pool once).
    """

    def __init__(self, pool, rules, shared: int):
        path = str(Path(pool).resolve())
        if path not in _FRAMES:
            _FRAMES.clear()
            _FRAMES[path] = load_pool_frame(path)
        frame, meta = _FRAMES[path]
        super().__init__(frame, rules, meta.get("solver_fingerprint"))
        self.path, self.meta = path, meta
        self.shared = min(int(shared), self.size)


class SharedSDPool(_SharedDraws, SDPoolSource):
    """:class:`analysis.game.pools.SDPoolSource` drawing from the shared range."""

    def __init__(self, pool, rules, shared: int):
        super().__init__(pool, rules)
        self.shared = min(int(shared), self.size)


class _PoolDeals:
    """Draws the pools' deals as a pool source does, to solve or play them on the fly."""

    masks: np.ndarray | None = None

    def draw(self, rng: np.random.Generator):
        if self.masks is None:
            return super().draw(rng)
        idx = rng.integers(0, len(self.masks), BLOCK).astype(np.int64)
        return self.masks[idx], np.full(BLOCK, -1, dtype=np.int64)

    def describe(self) -> dict:
        d = super().describe()
        if self.masks is not None:
            d["deals"] = f"the first {len(self.masks):,} deals of {self.deals_path}, drawn with replacement"
            d["shared_deals"] = len(self.masks)
        return d


class PoolDealsSolver(_PoolDeals, SolverSource):
    """Double-dummy outcomes solved on the fly for the pools' deals."""

    def __init__(self, rules, masks=None, deals_path=None):
        super().__init__(rules)
        self.masks, self.deals_path = masks, deals_path


class PoolDealsSDSolver(_PoolDeals, SDSolverSource):
    """Single-dummy play on the fly of the pools' deals."""

    def __init__(self, rules, worlds: int, masks=None, deals_path=None):
        super().__init__(rules, worlds)
        self.masks, self.deals_path = masks, deals_path


def _deal_masks(deals_path: str, n: int) -> np.ndarray:
    f = dataset.read_frame(deals_path, "deals", columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    f = f[f.deal_id < n].sort_values("deal_id")
    return np.ascontiguousarray(f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32))


_SOURCES: dict = {}


def make_arm_source(rules: Rules, spec: dict, worlds: int = 16):
    """The outcome source a comparison's ``spec`` (its recorded ``comparison`` parameter) names.

    Sources are kept per process (a pool is read once for all chunks).
    """
    path, deals_path = local(spec.get("pool_path")), local(spec.get("deals_path"))
    key = (rules.fingerprint(), spec["play"], path, spec["shared"], worlds)
    if key in _SOURCES:
        return _SOURCES[key]
    shared, play = int(spec["shared"]), spec["play"]
    if path is not None:
        src = SharedPool(path, rules, shared) if play == "dd" else SharedSDPool(path, rules, shared)
    else:
        masks = _deal_masks(deals_path, shared) if deals_path and shared else None
        if play == "dd":
            src = PoolDealsSolver(rules, masks, deals_path)
        else:
            src = PoolDealsSDSolver(rules, worlds, masks, deals_path)
    if len(_SOURCES) > 8:
        _SOURCES.clear()
    _SOURCES[key] = src
    return src


def arm_params(arm: Arm, games: int, seed: int, policy, outcomes: str, shared: int, deals_path, **kw) -> dict:
    """The recorded parameters of one rule set's games dataset.

    ``kw``: ``chunk_size``, ``max_deals``, ``worlds`` as
    :func:`analysis.jobs.games.game_params`.
    """
    worlds = kw.get("worlds", 16)
    params = game_params(
        games,
        seed,
        arm.rules,
        policy,
        None,
        kw.get("chunk_size") or DEFAULT_CHUNK,
        kw.get("max_deals"),
        outcomes,
        worlds,
    )
    spec = {
        "play": outcomes,
        "pool": arm.pool,
        "pool_path": arm.pool_path,
        "shared": int(shared),
        "deals_path": None if arm.pool_path else deals_path,
    }
    params["outcomes"] = portable(make_arm_source(arm.rules, spec, worlds).describe())
    params["comparison"] = portable(spec)
    return params


def compare_chunk(out: str, chunk: int, params: dict) -> str:
    """Play and write chunk ``chunk`` of one rule set's games; return its content hash."""
    rules = Rules.from_stored(params["rules"])
    cs = params["chunk_size"]
    start = chunk * cs
    n = min(cs, params["n_games"] - start)
    spec = params["comparison"]
    worlds = int(params["outcomes"].get("worlds") or 16)
    df = simulate(
        rules,
        n,
        params["seed"],
        policy_from_params(params["policy"]),
        pool=make_arm_source(rules, spec, worlds),
        start=start,
        max_deals=params["max_deals"],
        outcomes=spec["play"],
        worlds=worlds,
    )
    table = pa.Table.from_pandas(df, schema=games_schema(rules.players), preserve_index=False)
    return dataset.write_chunk(out, chunk, table, params)


def arm_folder(out, index: int, name: str) -> Path:
    """``OUT/NN-name``: the dataset folder of rule set ``index`` (the display
    name as it is, ``#``, ``,`` and ``=`` included; other characters as ``_``)."""
    slug = re.sub(r"[^A-Za-z0-9_.,#=+-]+", "_", name)[:80]
    return Path(out) / f"{index:02d}-{slug}"


def run_arm(folder, params: dict, *, workers=None, scheduler=None, progress=None) -> dict:
    """Write (or finish) one rule set's games dataset; return its manifest."""
    players = Rules.from_stored(params["rules"]).players
    return run_job(
        str(folder),
        params,
        compare_chunk,
        games_schema(players),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="compare",
    )
