"""Reading a reference pool: its files re-hashed against the pins
(:func:`check`), its rows joined with their deals (:func:`load`).

Both take any pool's name, double- or single-dummy
(:mod:`analysis.reference.registry`).
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from .. import dataset
from ..errors import BadArgument, ReferencePoolError
from ..rules import load_rules
from ..single_dummy import sd_fingerprint
from . import registry
from .registry import Pool, SDPool, SDPoolSpec, manifest

__all__ = ["check", "load"]


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
    s = registry.spec(name)
    base = registry.root() if base is None else base
    paths = s.paths(base)
    for kind, i, pinned in s.pinned():
        _rehash(name, kind, paths[i], pinned)
    return s.entry(base)


def _rehash(name: str, kind: str, path: Path, pinned: str | None) -> None:
    """:func:`check` of one dataset folder of a pool."""
    m = manifest(path)
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


def load(name: str, base: Path | None = None, rules=None):
    """A finished pool's rows joined with their deals.

    Parameters
    ----------
    name : str
        Pool name, double- or single-dummy.
    base : path, optional
        Reference root (default :func:`analysis.reference.root`).
    rules : str or Rules, optional
        Rules the deals are to be played under, if not the pool's own (a
        variant with the pool's solver fingerprint, ``classic`` for club's
        pool; for a single-dummy pool, with its single-dummy fingerprint):
        the redeal columns are recomputed under them (RULES.md, "Redeals"),
        since they decide which deals are played.

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), sorted by ``deal_id`` then ``seat``, with
        the deals' columns beside the solutions' (as
        :func:`analysis.dataset.load` reads them; a single-dummy pool's rows
        as :func:`analysis.dataset.load_sd` reads them);
        ``attrs["reference"]`` holds the pool's entry.

    Raises
    ------
    ReferencePoolError
        If the pool is not finished (built).
    ValueError
        If ``rules`` play a single-dummy pool otherwise than it was played.
    """
    s = registry.spec(name)
    p = s.entry(registry.root() if base is None else base)
    if isinstance(s, SDPoolSpec):
        if p.state != "built":
            raise ReferencePoolError(name, f"it is {p.state} at {p.sd_path}")
        f = dataset.load_sd(p.sd_path)
    else:
        if p.content_hash is None:
            raise ReferencePoolError(name, f"it is not finished at {p.solutions_path}")
        f = dataset.load(p.solutions_path)
        f = f.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)
    f.attrs["reference"] = p.as_dict()
    if rules is not None:
        r = load_rules(rules)
        if isinstance(s, SDPoolSpec) and sd_fingerprint(r) != p.sd_fingerprint:
            raise BadArgument(
                f"{name} was played under {p.rules}'s single-dummy conventions "
                f"({p.sd_fingerprint}); {r.name} plays otherwise ({sd_fingerprint(r)}): "
                f"read the pool of {r.name} (thousand reference list)",
                parameter="rules",
            )
        if r.fingerprint() != load_rules(p.rules).fingerprint():
            dataset.redeals_under(f, r.to_dict())
            f.attrs["reference"]["redeal_columns"] = f"recomputed under {r.name}"
    return f
