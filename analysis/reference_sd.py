"""Single-dummy reference pools: PIMC play of the first deals of the reference pools.

A single-dummy pool is an ``sd`` dataset (docs/DATA.md; ``thousand solve
--play pimc``) of the first ``n`` deals of a double-dummy pool's deals
folder, all three seats as declarer, kept beside them under
``data/reference/POOL/sd`` (``POOL/sd-RULES`` for another profile's play of
them).  There is one per single-dummy fingerprint
(:func:`analysis.single_dummy.sd_fingerprint`: the solver conventions, what
the players see and the fields the declarer's decisions depend on), so
``classic``, whose payments and after-exchange redeals differ from club's,
has its own, ``classic-sd``, on club's deals.  The deals are
the double-dummy pool's, so the two answers compare on paired deals.

A pool is built in the background and may take several runs: the job
resumes where it stopped.  Until it is finished, and while its content
hash is not pinned in :data:`SD_POOLS`, it is reported as "not built" (or
"not finished") by ``thousand reference list`` and ``verify`` and skipped,
which is not an error for the other pools; once pinned, a missing or
different pool is one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import dataset

__all__ = [
    "SDPoolSpec",
    "SDPool",
    "SD_POOLS",
    "sd_spec",
    "sd_pool",
    "sd_pools",
    "sd_pool_for",
    "sd_paths",
    "sd_build_commands",
]


@dataclass(frozen=True)
class SDPoolSpec:
    """How one single-dummy reference pool is made.

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


#: The single-dummy pools: club's on 2,000 deals, the others on 500.
SD_POOLS: tuple[SDPoolSpec, ...] = (
    SDPoolSpec("club-sd", "club", "club", 2_000, "387bf335ad8d79d8"),
    SDPoolSpec("classic-sd", "club", "classic", 500, "6a65185df1ffea50"),
    SDPoolSpec("book-sd", "book", "book", 500, "d2396845b8a54921"),
    SDPoolSpec("ua-sd", "ua", "ua", 500, "219fe292cefbe470"),
    SDPoolSpec("wiki-sd", "wiki", "wiki", 500, "b8c14c58321ebd35"),
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

    def as_dict(self) -> dict:
        """The JSON object ``thousand reference list --json --sd`` prints: the keys
        of DESIGN.md contract 6 (``solutions_path`` is the ``sd`` folder,
        ``fingerprint`` the solver's, ``deals`` 0 until finished) and the
        single-dummy ones (``play`` is ``"pimc"``), in that order."""
        from .reference import Pool

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
            sd_fingerprint=self.sd_fingerprint,
            state=self.state,
            worlds=self.worlds,
            bid=self.bid,
            seed=self.seed,
        )


def sd_spec(name: str, specs=None) -> SDPoolSpec:
    """The :class:`SDPoolSpec` called ``name``.

    Raises
    ------
    ValueError
        On an unknown name, naming the single-dummy pools there are.
    """
    specs = SD_POOLS if specs is None else specs
    for s in specs:
        if s.name == name:
            return s
    from .errors import BadArgument

    raise BadArgument(
        f"no single-dummy reference pool {name!r}; they are {', '.join(s.name for s in specs)}",
        parameter="pool",
    )


def sd_paths(s: SDPoolSpec, base: Path) -> tuple[Path, Path]:
    """The deals folder a pool plays and its ``sd`` folder, under ``base``
    (``sd-RULES`` when the pool plays another profile's deals: ``classic-sd``
    plays club's into ``club/sd-classic``)."""
    sd = "sd" if s.rules == s.pool else f"sd-{s.rules}"
    return base / s.pool / "deals", base / s.pool / sd


def sd_pool(s: SDPoolSpec, base: Path) -> SDPool:
    """The pool of ``s`` under ``base`` as it is on disk."""
    from .single_dummy import sd_fingerprint
    from .solver import solver_fingerprint

    dp, sp = sd_paths(s, base)
    n_chunks = -(-s.n // s.chunk)
    info = None
    try:
        info = dataset.describe(sp)
    except dataset.DatasetError:
        pass
    m = (info or {}).get("manifest")
    if m is not None:
        state, done = "built", n_chunks
    elif info is not None:
        state = "not finished"
        done = len(list(sp.glob("part-*.parquet")))
    else:
        state, done = "not built", 0
    return SDPool(
        s.name,
        s.rules,
        solver_fingerprint(s.rules),
        sd_fingerprint(s.rules),
        int(m["params"]["n"]) if m else 0,
        str(dp),
        str(sp),
        m["content_hash"] if m else None,
        s.sd_hash,
        state,
        done,
        n_chunks,
        s.worlds,
        s.bid,
        s.seed,
    )


def sd_pools(base: Path, specs=None) -> list[SDPool]:
    """Every single-dummy pool of ``specs`` (default :data:`SD_POOLS`), as on disk."""
    return [sd_pool(s, base) for s in (SD_POOLS if specs is None else specs)]


def sd_pool_for(rules, base: Path, specs=None) -> SDPool | None:
    """The built single-dummy pool whose fingerprint is that of ``rules``, if any.

    Parameters
    ----------
    rules : str or Rules
        A profile, a rules file or a Rules; variants with a profile's
        single-dummy fingerprint (``club+barrel_seats=1``) share its pool.
    """
    from .rules import load_rules
    from .single_dummy import sd_fingerprint

    want = sd_fingerprint(load_rules(rules))
    for p in sd_pools(base, specs):
        if p.sd_fingerprint == want and p.state == "built":
            return p
    return None


def sd_build_commands(s: SDPoolSpec, base: Path, workers: int | None = None) -> list[str]:
    """The ``thousand`` command line that builds (or resumes) a single-dummy pool."""
    dp, sp = sd_paths(s, base)
    w = "" if workers is None else f" --workers {workers}"
    return [
        f"thousand solve --play pimc --deals {dp} --out {sp} --rules {s.rules} --n {s.n} "
        f"--worlds {s.worlds} --bid {s.bid} --sd-seed {s.seed} --chunk-size {s.chunk}{w}"
    ]


def replay_rows(frame, rows: int, rng: np.random.Generator, rules) -> tuple:
    """Play ``rows`` random rows of a loaded pool again.

    Returns
    -------
    tuple of (stored, again)
        The stored rows drawn (a DataFrame) and the same rows played now
        (:func:`analysis.single_dummy.play_deals` with the pool's
        parameters), in the same order.
    """
    import pandas as pd

    from .single_dummy.batch import play_deals

    p = frame.attrs["sd"]
    pick = np.sort(rng.choice(len(frame), size=min(rows, len(frame)), replace=False))
    got = frame.iloc[pick].reset_index(drop=True)
    again = [
        play_deals(
            got.iloc[[i]],
            seats=(int(got["seat"][i]),),
            rules=rules,
            worlds=p["worlds"],
            seed=p["seed"],
            bid=p["bid"],
        )
        for i in range(len(got))
    ]
    return got, pd.concat(again, ignore_index=True)


def load_sd(s: SDPoolSpec, base: Path, rules=None):
    """A built pool's rows (:func:`analysis.reference.load` of its name)."""
    from .reference import ReferencePoolError
    from .rules import load_rules
    from .single_dummy import load

    p = sd_pool(s, base)
    if p.state != "built":
        raise ReferencePoolError(s.name, f"it is {p.state} at {p.sd_path}")
    f = load(p.sd_path)
    f.attrs["reference"] = p.as_dict()
    if rules is not None:
        from .dataset.join import redeals_under
        from .errors import BadArgument
        from .single_dummy import sd_fingerprint

        r = load_rules(rules)
        if sd_fingerprint(r) != p.sd_fingerprint:
            raise BadArgument(
                f"{s.name} was played under {p.rules}'s single-dummy conventions "
                f"({p.sd_fingerprint}); {r.name} plays otherwise ({sd_fingerprint(r)}): "
                f"read the pool of {r.name} (thousand reference list)",
                parameter="rules",
            )
        if r.fingerprint() != load_rules(p.rules).fingerprint():
            redeals_under(f, r.to_dict())
            f.attrs["reference"]["redeal_columns"] = f"recomputed under {r.name}"
    return f


def verify_sd(s: SDPoolSpec, base: Path, rows: int, rng: np.random.Generator) -> int | None:
    """:func:`analysis.reference.verify` of one pool: its files re-hashed,
    then ``rows`` random rows played again and compared in every column.

    Returns
    -------
    int or None
        Rows played again; None for a pool skipped as not built (or not
        finished) and not pinned yet.

    Raises
    ------
    analysis.reference.ReferencePoolError
        From :func:`analysis.reference.check`, or when a row plays otherwise
        now (the message names the deal, the seat and the columns).
    """
    from .reference import ReferencePoolError, check
    from .rules import Rules
    from .single_dummy.batch import SD_COLUMNS

    if s.sd_hash is None and sd_pool(s, base).state != "built":
        return None
    check(s.name, base)
    frame = load_sd(s, base)
    rules = Rules.from_stored(dataset.read_params(frame.attrs["sd"]["path"])["rules"])
    stored, again = replay_rows(frame, rows, rng, rules)
    for (_, old), (_, new) in zip(stored.iterrows(), again.iterrows()):
        bad = [c for c in SD_COLUMNS if _cell(old[c]) != _cell(new[c])]
        if bad:
            raise ReferencePoolError(
                s.name,
                f"deal {old['deal_id']} seat {old['seat']} plays otherwise now "
                f"({', '.join(f'{c}: {_cell(old[c])} stored, {_cell(new[c])} now' for c in bad)})",
            )
    return len(stored)


def _cell(x):
    """A cell as a comparable value: list cells (numpy arrays or lists) as lists."""
    return [int(v) for v in x] if isinstance(x, list | tuple | np.ndarray) else x


def build_sd(s: SDPoolSpec, base: Path, **kw) -> SDPool:
    """Build a pool or resume it (:func:`analysis.reference.build` of its name).

    Raises
    ------
    analysis.reference.ReferencePoolError
        If the double-dummy pool's deals are missing or unfinished (naming
        the command that builds them), or from the check of the result.
    """
    from .jobs.single_dummy import run_sd
    from .reference import ReferencePoolError, check
    from .rules import load_rules

    dp, sp = sd_paths(s, base)
    if (sp / dataset.MANIFEST_FILE).is_file():
        return check(s.name, base)
    if not (dp / dataset.MANIFEST_FILE).is_file():
        raise ReferencePoolError(
            s.name,
            f"it plays the deals at {dp}, which are missing or unfinished: build them with "
            f"`thousand reference build {s.pool}` first",
        )
    run_sd(
        str(dp),
        str(sp),
        load_rules(s.rules),
        n=s.n,
        worlds=s.worlds,
        bid=s.bid,
        seed=s.seed,
        chunk_size=s.chunk,
        **kw,
    )
    return check(s.name, base)
