"""The registry of the reference pools: how each is made, where it is, and
what is on disk.

Two kinds of pool share one name space and one interface
(:class:`PoolSpec` and :class:`SDPoolSpec`: ``paths``, ``entry``,
``commands``):

- a **double-dummy pool** (``club``, ``book``, ``ua``, ``wiki``) is a deals
  dataset and its solutions, ``POOL/deals`` and ``POOL/solutions``, one per
  solver fingerprint (:func:`analysis.solver.solver_fingerprint`);
- a **single-dummy pool** (``club-sd`` and the others) is an ``sd`` dataset
  of the first ``n`` deals of a double-dummy pool's deals folder, under
  ``POOL/sd`` (``POOL/sd-RULES`` for another profile's play of them), one
  per single-dummy fingerprint (:func:`analysis.single_dummy.sd_fingerprint`),
  so ``classic`` has its own (``classic-sd-25k``, its payments differ
  from club's).  A single-dummy pool is built in the background and may take
  several runs; until it is finished, and while its content hash is not
  pinned in :data:`SD_POOLS`, it is reported as "not built" (or "not
  finished") and skipped, which is not an error for the other pools.

The registry is read at each call (``registry.POOLS``, ``registry.SD_POOLS``),
so tests may point it at tiny pools.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path

from .. import dataset
from ..errors import BadArgument
from ..rules import PROFILES, Rules, load_rules
from ..single_dummy import sd_fingerprint
from ..solver import solver_fingerprint

__all__ = [
    "ROOT_VAR",
    "SEED",
    "PoolSpec",
    "SDPoolSpec",
    "POOLS",
    "SD_POOLS",
    "Pool",
    "SDPool",
    "root",
    "spec",
    "specs",
    "pool",
    "pools",
    "sd_pools",
    "pool_for",
    "sd_pool_for",
    "manifest",
]

#: Environment variable naming another folder of reference pools.
ROOT_VAR = "THOUSAND_REFERENCE"
#: Seed of every pool's deals (the same for all: smaller pools are prefixes).
SEED = 1000


def root(environ=None) -> Path:
    """Folder of the reference pools: ``$THOUSAND_REFERENCE`` or the repository's
    ``data/reference`` (beside the ``analysis`` package of an editable install)."""
    env = os.environ if environ is None else environ
    if env.get(ROOT_VAR):
        return Path(env[ROOT_VAR]).resolve()
    return Path(__file__).resolve().parents[2] / "data" / "reference"


def manifest(path: Path) -> dict | None:
    """The ``_manifest.json`` of a dataset folder, or None while it is unfinished."""
    f = Path(path) / dataset.MANIFEST_FILE
    return json.loads(f.read_text("utf-8")) if f.is_file() else None


@dataclass(frozen=True)
class Pool:
    """A double-dummy pool on disk (the entry ``thousand reference list`` prints)."""

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
            play="dd",
        )


@dataclass(frozen=True)
class SDPool:
    """A single-dummy pool as it is on disk.

    ``state`` is ``"built"`` (finished: ``content_hash`` is its manifest's),
    ``"not finished"`` (``chunks_done`` of ``n_chunks`` chunks written) or
    ``"not built"`` (no rows yet).
    """

    name: str
    rules: str
    fingerprint: str
    sd_fingerprint: str
    deals: int
    deals_path: str
    sd_path: str
    content_hash: str | None
    pinned: str | None
    state: str
    chunks_done: int
    n_chunks: int
    worlds: int
    bid: int
    seed: int

    @property
    def serves(self) -> list[str]:
        """The profiles whose own-information games and odds read this pool:
        those whose single-dummy fingerprint (play conventions and what
        players see) is the pool's."""
        return [p for p in PROFILES if sd_fingerprint(Rules.profile(p)) == self.sd_fingerprint]

    def as_dict(self) -> dict:
        """The JSON object ``thousand reference list --json`` prints for a
        single-dummy pool: the keys of DESIGN.md contract 6 (``solutions_path``
        is the ``sd`` folder, ``fingerprint`` the solver's, ``play`` is
        ``"pimc"``, ``deals`` the deals whose rows are built, ``serves`` the
        profiles that read it) and the single-dummy ones, in that order."""
        contract6 = Pool(
            self.name,
            self.rules,
            self.fingerprint,
            self.deals,
            self.deals_path,
            self.sd_path,
            self.content_hash,
        )
        return contract6.as_dict() | dict(
            play="pimc",
            worlds=self.worlds,
            serves=self.serves,
            sd_fingerprint=self.sd_fingerprint,
            state=self.state,
            bid=self.bid,
            seed=self.seed,
        )


@dataclass(frozen=True)
class PoolSpec:
    """How one double-dummy pool is made.

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

    play = "dd"

    def paths(self, base: Path) -> tuple[Path, Path]:
        """Its deals folder and its solutions folder under ``base``."""
        return base / self.name / "deals", base / self.name / "solutions"

    def pinned(self) -> tuple[tuple[str, int, str | None], ...]:
        """``(kind, index in paths, pinned hash)`` of each dataset whose files
        :func:`analysis.reference.check` re-hashes."""
        return (("deals", 0, self.deals_hash), ("solutions", 1, self.solutions_hash))

    def entry(self, base: Path) -> Pool:
        """The pool as it is on disk (``content_hash`` None and ``deals`` 0
        while it is not finished)."""
        dp, sp = self.paths(base)
        m = manifest(sp)
        deals = int(m["rows"]) // len(m["params"]["seats"]) if m else 0
        return Pool(
            self.name,
            self.rules,
            solver_fingerprint(self.rules),
            deals,
            str(dp),
            str(sp),
            m["content_hash"] if m else None,
        )

    def commands(self, base: Path, workers: int | None = None) -> list[str]:
        """The two ``thousand`` command lines that build (or resume) it."""
        dp, sp = self.paths(base)
        w = "" if workers is None else f" --workers {workers}"
        return [
            f"thousand deal --n {self.n} --seed {self.seed} --rules {self.rules} "
            f"--chunk-size {self.deals_chunk} --out {dp}",
            f"thousand solve --deals {dp} --out {sp} --rules {self.rules} "
            f"--chunk-size {self.solutions_chunk}{w}",
        ]


@dataclass(frozen=True)
class SDPoolSpec:
    """How one single-dummy pool is made.

    Attributes
    ----------
    name : str
        The pool's name (``club-sd``).
    pool : str
        The double-dummy pool whose deals folder it plays
        (``data/reference/POOL/deals``); the rows go to ``POOL/sd``.
    rules : str
        Profile the deals are played under.
    n : int
        Deals played, the first ``n`` of the deals folder, each for seats 0,
        1 and 2.
    sd_hash : str or None
        Content hash of the finished dataset (``_manifest.json``), pinned
        once built; None until then.
    worlds, bid, seed, chunk : int
        ``thousand solve --play pimc`` options: layouts per decision, the
        recorded bid, the seed of the play, deals per chunk.
    folder : str or None
        Folder of its rows under ``POOL/`` (default ``sd``, or ``sd-RULES``
        when it plays another profile's deals); an absolute path puts them
        outside the reference root (a big pool built in the background,
        :data:`BIG_SD_POOLS`).
    """

    name: str
    pool: str
    rules: str
    n: int
    sd_hash: str | None = None
    worlds: int = 16
    bid: int = 100
    seed: int = 0
    chunk: int = 20
    folder: str | None = None

    play = "pimc"

    def paths(self, base: Path) -> tuple[Path, Path]:
        """The deals folder it plays and its ``sd`` folder, under ``base``
        (``sd-RULES`` when it plays another profile's deals: club's deals
        played under classic go to ``club/sd-classic``; :attr:`folder` when
        set)."""
        sd = self.folder or ("sd" if self.rules == self.pool else f"sd-{self.rules}")
        return base / self.pool / "deals", base / self.pool / sd

    def pinned(self) -> tuple[tuple[str, int, str | None], ...]:
        """As :meth:`PoolSpec.pinned`: its single-dummy rows only (its deals
        are its double-dummy pool's)."""
        return (("single-dummy rows", 1, self.sd_hash),)

    def entry(self, base: Path) -> SDPool:
        """The pool as it is on disk."""
        dp, sp = self.paths(base)
        n_chunks = -(-self.n // self.chunk)
        info = None
        try:
            info = dataset.describe(sp)
        except dataset.DatasetError:
            pass
        m = (info or {}).get("manifest")
        chunks = sorted(int(f.stem.split("-")[1]) for f in sp.glob("part-*.parquet")) if info else []
        if m is not None:
            state, done = "built", n_chunks
        elif info is not None:
            state, done = "not finished", len(chunks)
        else:
            state, done = "not built", 0
        return SDPool(
            self.name,
            self.rules,
            solver_fingerprint(self.rules),
            sd_fingerprint(self.rules),
            int(m["params"]["n"]) if m else sum(min(self.chunk, self.n - i * self.chunk) for i in chunks),
            str(dp),
            str(sp),
            m["content_hash"] if m else None,
            self.sd_hash,
            state,
            done,
            n_chunks,
            self.worlds,
            self.bid,
            self.seed,
        )

    def commands(self, base: Path, workers: int | None = None) -> list[str]:
        """The ``thousand`` command line that builds (or resumes) it."""
        dp, sp = self.paths(base)
        w = "" if workers is None else f" --workers {workers}"
        return [
            f"thousand solve --play pimc --deals {dp} --out {sp} --rules {self.rules} --n {self.n} "
            f"--worlds {self.worlds} --bid {self.bid} --sd-seed {self.seed} --chunk-size {self.chunk}{w}"
        ]

    def elsewhere(self, out) -> SDPoolSpec:
        """The same pool with its rows in the folder ``out`` (made absolute)."""
        return replace(self, folder=str(Path(out).resolve()))


#: The shipped double-dummy pools, one per solver fingerprint.
POOLS: tuple[PoolSpec, ...] = (
    PoolSpec("club", "club", 100_000, "000efa7ec9f70a3f", "f5622ea00d884b81"),
    PoolSpec("book", "book", 50_000, "e06c8ae6c4b35179", "6dff4390ff8af614"),
    PoolSpec("ua", "ua", 50_000, "6495cc75c563e32b", "b26f2ad0cea364a0"),
    PoolSpec("wiki", "wiki", 50_000, "9546c67c85bd57c8", "1d054d5e0e9dc292"),
)

#: The single-dummy pools: club's on 50,000 deals, every other profile's on
#: 25,000 (classic's plays club's deals under classic's payments), 200 a
#: chunk, built in the background over several sessions; they replaced the
#: 2,000-deal ``club-sd`` and the 500-deal ``classic-sd``, ``book-sd``,
#: ``ua-sd`` and ``wiki-sd``, which played their first deals.
SD_POOLS: tuple[SDPoolSpec, ...] = (
    SDPoolSpec("club-sd-50k", "club", "club", 50_000, "6b542c3a5b297efd", chunk=200, folder="sd-50k"),
    SDPoolSpec(
        "classic-sd-25k", "club", "classic", 25_000, "dded5f91cdb1f31a", chunk=200, folder="sd-classic-25k"
    ),
    SDPoolSpec("book-sd-25k", "book", "book", 25_000, "21bad198f10119be", chunk=200, folder="sd-25k"),
    SDPoolSpec("ua-sd-25k", "ua", "ua", 25_000, "b37e8db53b2f7aed", chunk=200, folder="sd-25k"),
    SDPoolSpec("wiki-sd-25k", "wiki", "wiki", 25_000, "ca706ebc6c8444a9", chunk=200, folder="sd-25k"),
)


#: The big single-dummy pools still growing (DESIGN.md, contract 6 once
#: shipped), built in the background in the repository's folder
#: (docs/SINGLE_DUMMY.md, section 7) and pinned into :data:`SD_POOLS` once
#: complete and verified, as every pool above was; until then a smaller
#: pool serves every page and game.  Empty while none grows: a new one (a
#: larger pool, another profile's) is added here with no content hash.
BIG_SD_POOLS: tuple[SDPoolSpec, ...] = ()


def _base(base: Path | None) -> Path:
    return root() if base is None else base


def specs() -> tuple[PoolSpec | SDPoolSpec, ...]:
    """Every pool of the registry: :data:`POOLS` then :data:`SD_POOLS`."""
    return (*POOLS, *SD_POOLS)


def spec(name: str) -> PoolSpec | SDPoolSpec:
    """The pool called ``name``, of either kind (a big single-dummy pool of
    :data:`BIG_SD_POOLS` too).

    Raises
    ------
    ValueError
        On an unknown pool, naming the pools there are.
    """
    for s in (*specs(), *BIG_SD_POOLS):
        if s.name == name:
            return s
    names = [s.name for s in (*specs(), *BIG_SD_POOLS)]
    raise BadArgument(f"no reference pool {name!r}; the pools are {', '.join(names)}", parameter="pool")


def pool(name: str, base: Path | None = None) -> Pool | SDPool:
    """The pool called ``name`` as it is on disk (:meth:`PoolSpec.entry`)."""
    return spec(name).entry(_base(base))


def pools(base: Path | None = None) -> list[Pool]:
    """Every double-dummy pool of :data:`POOLS`, as on disk."""
    return [s.entry(_base(base)) for s in POOLS]


def sd_pools(base: Path | None = None) -> list[SDPool]:
    """Every single-dummy pool of :data:`SD_POOLS`, as on disk (built or not)."""
    return [s.entry(_base(base)) for s in SD_POOLS]


def growing_pools(base: Path | None = None) -> list[SDPool]:
    """The big single-dummy pools of :data:`BIG_SD_POOLS` that have rows
    under the reference root (``"not finished"``, or built and not pinned
    yet), as on disk.

    A big pool takes more hours than a session keeps a machine (about 28
    CPU hours for the five, docs/PERFORMANCE.md), so it is built in the
    repository's own folder and its finished chunks are committed as they
    land, each verified first (:func:`analysis.reference.verify` plays
    rows of a pool being built again); the next session resumes it. Such a
    pool serves nothing until it is complete and pinned in :data:`SD_POOLS`.
    """
    found = (s.entry(_base(base)) for s in BIG_SD_POOLS)
    return [p for p in found if p.state != "not built"]


def pool_for(rules, base: Path | None = None) -> Pool | None:
    """The finished double-dummy pool whose solver fingerprint is that of ``rules``, if any.

    Parameters
    ----------
    rules : str or Rules
        A profile, a rules file or a :class:`analysis.rules.Rules`; variants
        that play as a profile does (``club+barrel_seats=1``, ``classic``)
        share that profile's pool.
    """
    want = solver_fingerprint(load_rules(rules))
    for p in pools(base):
        if p.fingerprint == want and p.content_hash is not None:
            return p
    return None


def sd_pool_for(rules, base: Path | None = None) -> SDPool | None:
    """The built single-dummy pool whose single-dummy fingerprint is that of
    ``rules``, if any (``classic`` has its own, ``classic-sd-25k``: its payments
    differ from club's; ``club+barrel_seats=1`` shares club's)."""
    want = sd_fingerprint(load_rules(rules))
    for p in sd_pools(base):
        if p.sd_fingerprint == want and p.state == "built":
            return p
    return None
