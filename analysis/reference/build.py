"""Making a reference pool's rows, and making them again to verify them.

:func:`build` runs the commands of :func:`build_commands` (``thousand
deal`` and ``thousand solve``; ``thousand solve --play pimc`` for a
single-dummy pool) and resumes a stopped build; :func:`verify` re-solves (or
plays again) random rows of every pool with the current code and compares
every column, so a change that changes any stored row cannot go unnoticed.
A single-dummy pool's decisions (contract and write-off at its bid) are
cheap to make again from each row's stored worlds, so :func:`verify` makes
them again for every row: a change of the declarer's criterion that leaves
the play alone shows on the rows it moves, however few.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .. import dataset
from ..errors import BadArgument, ReferencePoolError
from ..jobs.deals import run_deal
from ..jobs.solutions import run_solve
from ..rules import Rules, load_rules
from ..single_dummy import has_play, play_deals, stored_decisions
from ..solver import solve_deals
from . import registry
from .read import _rehash, check, load
from .registry import Pool, SDPool, SDPoolSpec, manifest

#: The columns of a row's play, 0 in an older dataset's written-off rows.
_PLAYED = ("value", "left_points", "right_points", "declarer_tricks", "left_tricks", "right_tricks")

__all__ = ["build_commands", "build", "verify"]


def build_commands(
    name: str, base: Path | None = None, workers: int | None = None, out: Path | None = None
) -> list[str]:
    """The ``thousand`` command lines that build (or resume) a pool: two for
    a double-dummy pool, one for a single-dummy pool (whose deals are its
    double-dummy pool's; its rows in ``out`` when given, as :func:`build`)."""
    s = registry.spec(name)
    if out is not None and isinstance(s, SDPoolSpec):
        s = s.elsewhere(out)
    return s.commands(registry.root() if base is None else base, workers)


def build(
    name: str,
    base: Path | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
    out: Path | None = None,
) -> Pool | SDPool:
    """Build a pool, or resume it where it stopped (the commands of
    :func:`build_commands`); a finished pool is checked and left as it is
    (it may have been made by an earlier version, whose parameters record
    fewer rules fields).

    Parameters
    ----------
    name : str
        A pool of :func:`analysis.reference.specs` or
        :data:`~analysis.reference.BIG_SD_POOLS`.
    base : path, optional
        Reference root (default :func:`analysis.reference.root`): where the
        deals are read and, without ``out``, the rows written.
    workers, scheduler, progress
        As ``thousand solve``.
    out : path, optional
        A single-dummy pool's rows go to this folder instead (outside the
        repository, for a big pool built in the background); run again with
        the same ``out`` to resume.  Its files are re-hashed against their
        manifest at the end; the pin is checked once it is moved under the
        root and pinned.

    Raises
    ------
    ReferencePoolError
        From the check of the result; for a single-dummy pool, also when
        its double-dummy pool's deals are missing or unfinished (naming the
        command that builds them).
    BadArgument
        On ``out`` for a double-dummy pool.
    """
    s = registry.spec(name)
    base = registry.root() if base is None else base
    if out is not None:
        if not isinstance(s, SDPoolSpec):
            raise BadArgument(f"--out is for a single-dummy pool; {name} is double-dummy", parameter="out")
        s = s.elsewhere(out)
    dp, rows = s.paths(base)
    kw = dict(workers=workers, scheduler=scheduler, progress=progress)
    # finished: its rows (and a double-dummy pool's own deals) have their manifests
    if manifest(rows) is not None and (isinstance(s, SDPoolSpec) or manifest(dp) is not None):
        return _checked(s, base)
    rules = load_rules(s.rules)
    if isinstance(s, SDPoolSpec):
        if manifest(dp) is None:
            raise ReferencePoolError(
                name,
                f"it plays the deals at {dp}, which are missing or unfinished: build them with "
                f"`thousand reference build {s.pool}` first",
            )
        run_solve(
            str(dp),
            str(rows),
            rules,
            n=s.n,
            play="pimc",
            worlds=s.worlds,
            bid=s.bid,
            seed=s.seed,
            chunk_size=s.chunk,
            **kw,
        )
    else:
        run_deal(str(dp), s.n, s.seed, rules, chunk_size=s.deals_chunk, **kw)
        run_solve(str(dp), str(rows), rules, chunk_size=s.solutions_chunk, **kw)
    return _checked(s, base)


def _checked(s, base: Path) -> Pool | SDPool:
    """:func:`~analysis.reference.check` of the pool ``s`` wherever its rows are."""
    paths = s.paths(base)
    for kind, i, pinned in s.pinned():
        _rehash(s.name, kind, paths[i], pinned)
    return s.entry(base)


def verify(
    rows: int = 30,
    *,
    sd_rows: int = 4,
    seed: int = 0,
    names=None,
    base: Path | None = None,
    progress=None,
) -> dict[str, int | None]:
    """Re-solve (or play again) random rows of every pool with the current code, exactly.

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
        Pools to verify (default: all, :data:`~analysis.reference.POOLS`,
        :data:`~analysis.reference.SD_POOLS`, then the big pools being
        built under ``base``, :func:`~analysis.reference.growing_pools`).
        A single-dummy pool not finished is verified on the chunks written
        so far: each re-hashed, ``sd_rows`` of their rows played again.
        Every row of a single-dummy pool also has its contract and
        write-off made again from its stored worlds (about 2 ms a row: 5
        minutes for a pool of 50,000 deals).
    progress : callable, optional
        Called as ``progress(name, done, total, rows)`` after each pool,
        ``rows`` None for a single-dummy pool with no rows yet and not
        pinned, which is skipped.

    Returns
    -------
    dict
        Rows re-solved per pool (every column compared equal); None for a
        single-dummy pool skipped as not built.

    Raises
    ------
    ReferencePoolError
        From :func:`~analysis.reference.check`, or when a row solves or
        plays otherwise now, or a single-dummy row's stored decision is not
        the one the current criterion makes from its worlds (the message
        names the deal, the seat and the columns; for decisions, how many
        rows differ).
    BadArgument
        If ``rows`` or ``sd_rows`` is below 1.
    """
    if rows < 1:
        raise BadArgument(f"--rows must be at least 1, got {rows}", parameter="rows")
    if sd_rows < 1:
        raise BadArgument(f"--sd-rows must be at least 1, got {sd_rows}", parameter="sd_rows")
    base = registry.root() if base is None else base
    if names is None:
        names = [s.name for s in registry.specs()] + [p.name for p in registry.growing_pools(base)]
    names = list(names)
    done = {}
    for i, name in enumerate(names):
        s = registry.spec(name)
        rng = np.random.default_rng([seed, i])
        state = s.entry(base).state if isinstance(s, SDPoolSpec) and s.sd_hash is None else "built"
        if state == "not built":
            done[name] = None
        elif state == "not finished":
            frame = _rows_so_far(s, base)
            _check_decisions(name, frame)
            done[name] = _compare(name, frame, sd_rows, rng, True)
        else:
            check(name, base)
            frame = load(name, base)
            if isinstance(s, SDPoolSpec):
                _check_decisions(name, frame)
            k = sd_rows if isinstance(s, SDPoolSpec) else rows
            done[name] = _compare(name, frame, k, rng, isinstance(s, SDPoolSpec))
        if progress is not None:
            progress(name, i + 1, len(names), done[name])
    return done


def _rows_so_far(s: SDPoolSpec, base: Path) -> pd.DataFrame:
    """The rows of a single-dummy pool being built, joined with their deals:
    every chunk written so far, each re-hashed against the hash its footer
    recorded.

    Raises
    ------
    ReferencePoolError
        Naming the first chunk file that is damaged, edited or not the
        pool's own.
    """
    p = s.entry(base)
    params = dataset.read_params(p.sd_path)
    bad = [f for f in dataset.inspect(p.sd_path, params, rehash=True) if f.kind != dataset.FOREIGN_FILE]
    if bad:
        raise ReferencePoolError(s.name, f"{bad[0].path}: {bad[0].why}")
    frame = dataset.load_sd(p.sd_path, require_complete=False)
    frame.attrs["reference"] = p.as_dict()
    return frame


def _compare(name: str, frame: pd.DataFrame, rows: int, rng: np.random.Generator, sd: bool) -> int:
    """Make ``rows`` random rows of a loaded pool again and compare every column.

    Raises
    ------
    ReferencePoolError
        Naming the first row that differs, its seat and the columns.
    """
    p = frame.attrs["reference"]
    rules = Rules.from_stored(dataset.read_params(p["solutions_path"])["rules"])
    pick = np.sort(rng.choice(len(frame), size=min(rows, len(frame)), replace=False))
    stored = frame.iloc[pick].reset_index(drop=True)
    if sd:
        columns, verb = dataset.SD_COLUMNS, "plays"

        def again_of(row, seat):
            return play_deals(
                row, seats=(seat,), rules=rules, worlds=p["worlds"], seed=p["seed"], bid=p["bid"]
            )
    else:
        columns, verb = dataset.SOLUTION_COLUMNS, "solves"

        def again_of(row, seat):
            return solve_deals(row, seats=(seat,), rules=rules, lines=True)

    again = pd.concat(
        [again_of(stored.iloc[[i]], int(stored["seat"][i])) for i in range(len(stored))], ignore_index=True
    )
    # a pool of an older sd schema lacks the per-world columns added since,
    # and its written-off rows hold no play (what play_deal returned then)
    columns = [c for c in columns if c in stored]
    if sd:
        again = _without_play(again, ~has_play(stored))
    for (_, old), (_, new) in zip(stored.iterrows(), again.iterrows(), strict=True):
        bad = [c for c in columns if _cell(old[c]) != _cell(new[c])]
        if bad:
            raise ReferencePoolError(
                name,
                f"deal {old['deal_id']} seat {old['seat']} {verb} otherwise now "
                f"({', '.join(f'{c}: {_cell(old[c])} stored, {_cell(new[c])} now' for c in bad)})",
            )
    return len(stored)


def _check_decisions(name: str, frame: pd.DataFrame) -> None:
    """Every row's stored contract and write-off against the current
    criterion's, made again from the row's worlds.

    Raises
    ------
    ReferencePoolError
        Naming the first row that differs and how many do.
    """
    p = frame.attrs["reference"]
    rules = Rules.from_stored(dataset.read_params(p["solutions_path"])["rules"])
    contract, written_off = stored_decisions(frame, rules, int(p["bid"]))
    stored_c = frame["contract"].to_numpy(np.int64)
    stored_w = frame["written_off"].to_numpy(bool)
    bad = np.flatnonzero((contract != stored_c) | (written_off != stored_w))
    if bad.size:
        i = int(bad[0])
        raise ReferencePoolError(
            name,
            f"{bad.size:,} of {len(frame):,} rows hold another decision than the current criterion "
            f"makes from their worlds; first deal {int(frame['deal_id'].iat[i])} seat "
            f"{int(frame['seat'].iat[i])} (contract {stored_c[i]} stored, {contract[i]} now; "
            f"written off {bool(stored_w[i])} stored, {bool(written_off[i])} now): "
            "analysis.reference.upgrade.redecide_sd rewrites them",
        )


def _without_play(rows: pd.DataFrame, where: np.ndarray) -> pd.DataFrame:
    """``rows`` with the play of the rows ``where`` cleared as an older
    ``sd`` dataset stored a written-off row: 0 points and tricks, no moves."""
    out = rows.copy()
    for i in np.flatnonzero(where):
        for c in _PLAYED:
            out.iat[i, out.columns.get_loc(c)] = 0
        out.iat[i, out.columns.get_loc("moves")] = []
    return out


def _cell(x):
    """A cell as a comparable value: list cells (numpy arrays or lists) as lists."""
    return [int(v) for v in x] if isinstance(x, list | tuple | np.ndarray) else x
