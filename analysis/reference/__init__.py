"""Reference pools: solved and played deals shipped with the repository (DESIGN.md, contract 6).

A double-dummy reference pool is a deals dataset and its solutions (all
three seats, the tie-broken line included), made by the toolkit's own
``thousand deal`` and ``thousand solve`` from a fixed seed and kept under
``data/reference/NAME/`` (``deals/`` and ``solutions/`` side by side), so
that research answers need no solving on a fresh clone.  There is one pool
per solver fingerprint (:func:`analysis.solver.solver_fingerprint`):
``club``'s also serves ``classic`` and every variant that plays the same
way.  Every pool is dealt from the same seed and chunk size, so the smaller
pools hold the first deals of the larger: a comparison of profiles on their
common deals is paired (the same deals under each profile's rules).

A single-dummy pool (``club-sd`` and the others) is the PIMC play
(``thousand solve --play pimc``) of the first deals of a double-dummy
pool's deals folder, kept beside them (``POOL/sd``), so the two answers
compare on paired deals.

Both kinds share one registry (:mod:`.registry`: the specs, where each pool
is, what is on disk) and every function here takes either kind's name:
:func:`check` re-hashes every chunk file against the pinned content hashes,
:func:`load` reads a pool's rows with their deals, :func:`verify` re-solves
(or plays again) random rows with the current code, and :func:`build` makes
or resumes a pool (:mod:`.read`, :mod:`.build`).
"""

from ..errors import ReferencePoolError
from .build import build, build_commands, verify
from .read import check, load
from .registry import (
    BIG_SD_POOLS,
    POOLS,
    ROOT_VAR,
    SD_POOLS,
    SEED,
    PoolSpec,
    SDPoolSpec,
    growing_pools,
    pool,
    pool_for,
    pools,
    root,
    sd_pool_for,
    sd_pools,
    spec,
    specs,
)

__all__ = [
    "PoolSpec",
    "POOLS",
    "SDPoolSpec",
    "SD_POOLS",
    "BIG_SD_POOLS",
    "ROOT_VAR",
    "SEED",
    "ReferencePoolError",
    "root",
    "spec",
    "specs",
    "pool",
    "pools",
    "sd_pools",
    "growing_pools",
    "pool_for",
    "sd_pool_for",
    "load",
    "check",
    "verify",
    "build_commands",
    "build",
    "upgrade",
]
