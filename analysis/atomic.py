"""Write a file whole or not at all: to a temporary name beside it, then rename.

The one atomic writer of the toolkit (STYLE: writes are atomic).  Local
files (reports, figures, fitted models) and dataset files behind fsspec
URLs (:mod:`analysis.dataset`) alike go through :func:`replace_file`; an
interrupted run leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

__all__ = ["replace_file"]


def replace_file(path, write, *, fs=None):
    """Write ``path`` through ``write(tmp)``, a temporary file beside it, then rename.

    Parameters
    ----------
    path : str or Path
        The file to create or replace (a path inside ``fs`` when given).
    write : callable
        Called with the temporary file's path, in the same folder; it must
        create that file.  Locally the path is a :class:`~pathlib.Path` with
        the same suffix (writers that infer a format from the name still
        do); on an fsspec filesystem it is a str ending in ``.tmp``, to open
        with ``fs.open(tmp, "wb")``.
    fs : fsspec.AbstractFileSystem, optional
        The filesystem of ``path`` (default: the local one, through
        :mod:`os`).

    Returns
    -------
    Path or str
        ``path`` (a Path locally).

    Raises
    ------
    FileNotFoundError
        If the folder of a local ``path`` does not exist.
    IsADirectoryError
        If a local ``path`` is a folder.  Whatever ``write`` raises is
        raised too; ``path`` is then as it was and the temporary file is
        removed.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> replace_file(folder / "a.txt", lambda tmp: tmp.write_text("whole")).read_text()
    'whole'
    >>> sorted(f.name for f in folder.iterdir())
    ['a.txt']
    """
    if fs is not None:
        parent, _, name = str(path).rpartition("/")
        tmp = f"{parent}/.{name}.{uuid.uuid4().hex}.tmp"  # a dataset's clean-up removes ``.*.tmp``
        try:
            write(tmp)
            fs.mv(tmp, str(path))
        except BaseException:
            if fs.exists(tmp):
                fs.rm(tmp)
            raise
        return path
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
