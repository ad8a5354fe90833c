"""Replace a local file whole or not at all (STYLE: write to a temporary
file, then rename).  Datasets, which may live behind fsspec URLs, use
:func:`analysis.dataset._files.atomic_write` instead."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["replace_file"]


def replace_file(path, write) -> Path:
    """Write ``path`` through ``write(tmp)``, a temporary file beside it.

    Parameters
    ----------
    path : str or Path
        The file to create or replace.
    write : callable
        Called with the temporary file's path (same folder, same suffix, so
        writers that infer a format from the name still do); it must create
        that file.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    FileNotFoundError
        If the folder of ``path`` does not exist.
    IsADirectoryError
        If ``path`` is a folder.  Whatever ``write``
        raises is raised too; ``path`` is then as it was and the temporary
        file is removed.
    """
    p = Path(path)
    if not p.parent.is_dir():
        raise FileNotFoundError(f"cannot write {p}: no folder {p.parent}")
    if p.is_dir():
        raise IsADirectoryError(f"cannot write {p}: it is a folder; give a file name")
    tmp = p.with_name(f".{p.stem}.{os.getpid()}.tmp{p.suffix}")
    try:
        write(tmp)
        os.replace(tmp, p)
    finally:
        tmp.unlink(missing_ok=True)
    return p
