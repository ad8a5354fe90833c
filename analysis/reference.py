"""Reference pools: solved deals shipped with the repository (DESIGN.md, contract 6).

A reference pool is a deals dataset and its solutions (all three seats, the
tie-broken line included), made by the toolkit's own ``thousand deal`` and
``thousand solve`` from a fixed seed and kept under ``data/reference/NAME/``
(``deals/`` and ``solutions/`` side by side), so that research answers need
no solving on a fresh clone.  There is one pool per solver fingerprint
(:func:`analysis.solver.solver_fingerprint`): ``club``'s also serves
``classic`` and every variant that plays the same way.

Every pool is dealt from the same seed and chunk size, so the smaller pools
hold the first deals of the larger: a comparison of profiles on their common
deals is paired (the same deals under each profile's rules).

The pinned content hashes below are the pools' identity: a test compares
them with the shipped manifests, :func:`check` re-hashes every chunk file
against them, and :func:`verify` re-solves random rows with the current
solver, so a solver change that changes any solution cannot go unnoticed.

Single-dummy pools (``club-sd`` and the others, :mod:`analysis.reference_sd`)
play the first deals of these pools' deals folders; :func:`check`,
:func:`load`, :func:`verify`, :func:`build_commands` and :func:`build` take
their names too.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from . import dataset
from . import reference_sd as _sd
from .errors import BadArgument, ReferencePoolError
from .reference_sd import SD_POOLS, SDPool, SDPoolSpec
from .rules import Rules, load_rules

__all__ = [
    "PoolSpec",
    "Pool",
    "POOLS",
    "SDPoolSpec",
    "SDPool",
    "SD_POOLS",
    "sd_pools",
    "sd_pool_for",
    "root",
    "spec",
    "pools",
    "pool",
    "pool_for",
    "load",
    "check",
    "verify",
    "build_commands",
    "build",
]

#: Environment variable naming another folder of reference pools.
ROOT_VAR = "THOUSAND_REFERENCE"
#: Seed of every pool's deals (the same for all: smaller pools are prefixes).
SEED = 1000


@dataclass(frozen=True)
class PoolSpec:
    """How one reference pool is made.

    Attributes
    ----------
    name : str
        Folder name under the reference root.
    rules : str
        Profile the deals are dealt and solved under (RULES.md, profiles).
    n : int
        Deals in the pool (each solved for seats 0, 1 and 2).
    deals_hash, solutions_hash : str or None
        Content hashes of the finished datasets (``_manifest.json``), pinned
        when the pool was built; None for a pool not built yet.
    """

    name: str
    rules: str
    n: int
    deals_hash: str | None = None
    solutions_hash: str | None = None
    seed: int = SEED
    deals_chunk: int = 500_000
    solutions_chunk: int = 1_000


#: The shipped pools, one per solver fingerprint.
POOLS: tuple[PoolSpec, ...] = (
    PoolSpec("club", "club", 100_000, "000efa7ec9f70a3f", "f5622ea00d884b81"),
    PoolSpec("book", "book", 50_000, "e06c8ae6c4b35179", "6dff4390ff8af614"),
    PoolSpec("ua", "ua", 50_000, "6495cc75c563e32b", "b26f2ad0cea364a0"),
    PoolSpec("wiki", "wiki", 50_000, "9546c67c85bd57c8", "1d054d5e0e9dc292"),
)


@dataclass(frozen=True)
class Pool:
    """A reference pool on disk (the entry ``thousand reference list`` prints)."""

    name: str
    rules: str
    fingerprint: str
    deals: int
    deals_path: str
    solutions_path: str
    content_hash: str | None

    def as_dict(self) -> dict:
        """The JSON object of DESIGN.md, contract 6."""
        return dict(
            name=self.name,
            rules=self.rules,
            fingerprint=self.fingerprint,
            deals=self.deals,
            deals_path=self.deals_path,
            solutions_path=self.solutions_path,
            content_hash=self.content_hash,
        )


def root(environ=None) -> Path:
    """Folder of the reference pools: ``$THOUSAND_REFERENCE`` or the repository's
    ``data/reference`` (beside the ``analysis`` package of an editable install)."""
    env = os.environ if environ is None else environ
    if env.get(ROOT_VAR):
        return Path(env[ROOT_VAR]).resolve()
    return Path(__file__).resolve().parent.parent / "data" / "reference"


def spec(name: str) -> PoolSpec:
    """The :class:`PoolSpec` called ``name``.

    Raises
    ------
    ValueError
        On an unknown pool, naming the pools there are.
    """
    for s in POOLS:
        if s.name == name:
            return s
    names = [s.name for s in POOLS] + [s.name for s in SD_POOLS]
    raise BadArgument(f"no reference pool {name!r}; the pools are {', '.join(names)}", parameter="pool")


def _paths(s: PoolSpec, base: Path | None = None) -> tuple[Path, Path]:
    base = root() if base is None else base
    return base / s.name / "deals", base / s.name / "solutions"


def _manifest(path: Path) -> dict | None:
    f = path / dataset.MANIFEST_FILE
    return json.loads(f.read_text("utf-8")) if f.is_file() else None


def _fingerprint(s: PoolSpec) -> str:
    from .solver import solver_fingerprint

    return solver_fingerprint(s.rules)


def pool(name: str, base: Path | None = None) -> Pool:
    """The pool called ``name`` as it is on disk (``content_hash`` None and
    ``deals`` 0 while it is not finished)."""
    s = spec(name)
    dp, sp = _paths(s, base)
    m = _manifest(sp)
    deals = int(m["rows"]) // len(m["params"]["seats"]) if m else 0
    return Pool(s.name, s.rules, _fingerprint(s), deals, str(dp), str(sp), m["content_hash"] if m else None)


def pools(base: Path | None = None) -> list[Pool]:
    """Every pool of :data:`POOLS`, as on disk."""
    return [pool(s.name, base) for s in POOLS]


def pool_for(rules, base: Path | None = None) -> Pool | None:
    """The finished pool whose solver fingerprint is that of ``rules``, if any.

    Parameters
    ----------
    rules : str or Rules
        A profile, a rules file or a :class:`analysis.rules.Rules`; variants
        that play as a profile does (``club+barrel_seats=1``, ``classic``)
        share that profile's pool.
    """
    from .solver import solver_fingerprint

    want = solver_fingerprint(load_rules(rules))
    for p in pools(base):
        if p.fingerprint == want and p.content_hash is not None:
            return p
    return None


def check(name: str, base: Path | None = None) -> Pool | SDPool:
    """A finished pool, its files re-hashed against the manifest and the pin.

    Every chunk file of the deals and the solutions (of a single-dummy
    pool: of its ``sd`` rows) is read whole and its rows hashed
    (:func:`analysis.dataset.content_hash`) against the hash its manifest
    recorded; the manifests' content hashes must be the pinned ones.

    Raises
    ------
    ReferencePoolError
        If the pool is missing or unfinished, a chunk file is missing,
        unreadable or edited, or a manifest is not the pinned one.
    """
    if _is_sd(name):
        s = _sd.sd_spec(name, SD_POOLS)
        _rehash(name, "single-dummy rows", _sd.sd_paths(s, _base(base))[1], s.sd_hash)
        return _sd.sd_pool(s, _base(base))
    s = spec(name)
    for kind, path, pinned in zip(("deals", "solutions"), _paths(s, base), (s.deals_hash, s.solutions_hash)):
        _rehash(name, kind, path, pinned)
    return pool(name, base)


def _rehash(name: str, kind: str, path: Path, pinned: str | None) -> None:
    """:func:`check` of one dataset folder of a pool."""
    m = _manifest(path)
    if m is None:
        raise ReferencePoolError(name, f"its {kind} at {path} are missing or unfinished")
    for c, want in enumerate(m["chunk_hashes"]):
        f = Path(dataset.chunk_path(path, c))
        try:
            got = dataset.content_hash(pq.read_table(f))
        except (OSError, ValueError) as exc:
            raise ReferencePoolError(name, f"{f} cannot be read ({exc})") from None
        if got != want:
            raise ReferencePoolError(
                name, f"{f} does not hold the rows its manifest recorded (damaged or edited)"
            )
    if pinned is not None and m["content_hash"] != pinned:
        raise ReferencePoolError(
            name, f"its {kind} have content hash {m['content_hash']}, not the pinned {pinned}"
        )


def _is_sd(name: str) -> bool:
    return any(s.name == name for s in SD_POOLS)


def _base(base: Path | None) -> Path:
    return root() if base is None else base


def sd_pools(base: Path | None = None) -> list[SDPool]:
    """Every single-dummy pool of :data:`SD_POOLS`, as on disk (built or not)."""
    return _sd.sd_pools(_base(base), SD_POOLS)


def sd_pool_for(rules, base: Path | None = None) -> SDPool | None:
    """The built single-dummy pool whose single-dummy fingerprint is that of
    ``rules``, if any (``classic`` has its own, ``classic-sd``: its payments
    differ from club's)."""
    return _sd.sd_pool_for(rules, _base(base), SD_POOLS)


def load(name: str, base: Path | None = None, rules=None):
    """A finished pool read as :func:`analysis.dataset.load` reads solutions.

    Parameters
    ----------
    name : str
        Pool name.
    base : path, optional
        Reference root (default :func:`root`).
    rules : str or Rules, optional
        Rules the deals are to be played under, if not the pool's own (a
        variant with the pool's solver fingerprint, ``classic`` for club's
        pool): the redeal columns are recomputed under them (RULES.md,
        "Redeals"), since they decide which deals are played.

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), sorted by ``deal_id`` then ``seat``, with
        the deals' columns beside the solutions'; ``attrs["solutions"]``
        records the source, ``attrs["reference"]`` the pool's entry.

    Raises
    ------
    ReferencePoolError
        If the pool is not finished.

    A single-dummy pool's name gives its rows as
    :func:`analysis.single_dummy.load` reads them.
    """
    if _is_sd(name):
        return _sd.load_sd(_sd.sd_spec(name, SD_POOLS), _base(base), rules)
    p = pool(name, base)
    if p.content_hash is None:
        raise ReferencePoolError(name, f"it is not finished at {p.solutions_path}")
    f = dataset.load(p.solutions_path)
    f = f.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)
    f.attrs["reference"] = p.as_dict()
    if rules is not None:
        from .dataset.join import redeals_under

        r = load_rules(rules)
        if r.fingerprint() != load_rules(p.rules).fingerprint():
            redeals_under(f, r.to_dict())
            f.attrs["reference"]["redeal_columns"] = f"recomputed under {r.name}"
    return f


def verify(
    rows: int = 30,
    *,
    sd_rows: int = 4,
    seed: int = 0,
    names=None,
    base: Path | None = None,
    progress=None,
) -> dict[str, int | None]:
    """Re-solve random rows of every pool with the current solver, exactly.

    Parameters
    ----------
    rows : int
        (deal, seat) rows drawn per double-dummy pool, uniformly without
        replacement.
    sd_rows : int
        Rows drawn per single-dummy pool, played again with the pool's
        worlds, bid and seed (each costs a whole single-dummy play).
    seed : int
        Seed of the draw.
    names : sequence of str, optional
        Pools to verify (default: all, :data:`POOLS` then :data:`SD_POOLS`).
    progress : callable, optional
        Called as ``progress(name, done, total, rows)`` after each pool,
        ``rows`` None for a single-dummy pool not built (or not finished)
        and not pinned, which is skipped.

    Returns
    -------
    dict
        Rows re-solved per pool (every column compared equal); None for a
        single-dummy pool skipped as not built.

    Raises
    ------
    ReferencePoolError
        From :func:`check`, or when a re-solved row differs in any column
        (the message names the deal, the seat and the columns).
    ValueError
        If ``rows`` or ``sd_rows`` is below 1.
    """
    from .jobs.solutions import SOLUTION_COLUMNS
    from .solver import solve_deals

    if rows < 1:
        raise ValueError(f"rows must be at least 1, got {rows}")
    if sd_rows < 1:
        raise ValueError(f"sd_rows must be at least 1, got {sd_rows}")
    names = [s.name for s in POOLS + SD_POOLS] if names is None else list(names)
    done = {}
    for i, name in enumerate(names):
        if _is_sd(name):
            s = _sd.sd_spec(name, SD_POOLS)
            done[name] = _sd.verify_sd(s, _base(base), sd_rows, np.random.default_rng([seed, i]))
            if progress is not None:
                progress(name, i + 1, len(names), done[name])
            continue
        check(name, base)
        frame = load(name, base)
        rng = np.random.default_rng([seed, i])
        pick = np.sort(rng.choice(len(frame), size=min(rows, len(frame)), replace=False))
        got = frame.iloc[pick]
        rules = Rules.from_stored(dataset.read_params(pool(name, base).solutions_path)["rules"])

        for seat in (0, 1, 2):
            mine = got[got["seat"] == seat]
            if mine.empty:
                continue
            again = solve_deals(mine, seats=(seat,), rules=rules, lines=True)
            for (_, old), (_, new) in zip(mine.iterrows(), again.iterrows()):
                bad = [c for c in SOLUTION_COLUMNS if old[c] != new[c]]
                if bad:
                    raise ReferencePoolError(
                        name,
                        f"deal {old['deal_id']} seat {seat} solves otherwise now "
                        f"({', '.join(f'{c}: {old[c]} stored, {new[c]} now' for c in bad)})",
                    )
        done[name] = len(got)
        if progress is not None:
            progress(name, i + 1, len(names), done[name])
    return done


def build_commands(name: str, base: Path | None = None, workers: int | None = None) -> list[str]:
    """The two ``thousand`` command lines that build (or resume) a pool (one
    for a single-dummy pool, whose deals are its double-dummy pool's)."""
    if _is_sd(name):
        return _sd.sd_build_commands(_sd.sd_spec(name, SD_POOLS), _base(base), workers)
    s = spec(name)
    dp, sp = _paths(s, base)
    w = "" if workers is None else f" --workers {workers}"
    return [
        f"thousand deal --n {s.n} --seed {s.seed} --rules {s.rules} --chunk-size {s.deals_chunk} --out {dp}",
        f"thousand solve --deals {dp} --out {sp} --rules {s.rules} --chunk-size {s.solutions_chunk}{w}",
    ]


def build(
    name: str,
    base: Path | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
) -> Pool | SDPool:
    """Build a pool, or resume it where it stopped (the commands of
    :func:`build_commands`); a finished pool is checked and left as it is
    (it may have been made by an earlier version, whose parameters record
    fewer rules fields).

    A single-dummy pool needs its double-dummy pool's deals folder
    (ReferencePoolError otherwise, naming the command that builds it)."""
    from .jobs.deals import run_deal
    from .jobs.solutions import run_solve

    if _is_sd(name):
        s = _sd.sd_spec(name, SD_POOLS)
        return _sd.build_sd(s, _base(base), workers=workers, scheduler=scheduler, progress=progress)

    s = spec(name)
    dp, sp = _paths(s, base)
    if _manifest(dp) is not None and _manifest(sp) is not None:
        return check(name, base)
    rules = load_rules(s.rules)
    kw = dict(workers=workers, scheduler=scheduler, progress=progress)
    run_deal(str(dp), s.n, s.seed, rules, chunk_size=s.deals_chunk, **kw)
    run_solve(str(dp), str(sp), rules, chunk_size=s.solutions_chunk, **kw)
    return check(name, base)
