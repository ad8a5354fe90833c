"""The errors a user can act on, and nothing else.

Every error the toolkit raises on purpose derives from :class:`ThousandError`;
the command line (:mod:`analysis.cli`) catches these alone, prints one line
and exits with status 2.  Any other exception is a bug: it is shown with its
traceback and exit status 1.

The kinds below :class:`ThousandError` are the ones a user can act on:

``BadArgument``
    an argument (a card, a rules field, a worker count, ...) is not one the
    function accepts;
``DatasetError``
    a dataset folder does not fit what is asked (missing, of another kind,
    made with other parameters, incomplete, holding files not its own);
``DamagedFile``
    a file that exists cannot be read as what it claims to be;
``ModelFileError``
    a fitted-model file is not one this version reads;
``ReferencePoolError``
    a reference pool is missing, unfinished, damaged or not the pinned one
    (a ``DatasetError`` that names the command rebuilding it);
``ReportError``
    one or more report notebooks failed;
``ChunkFailed``
    one or more chunks of a parallel job failed twice.

All but the base and the last two subclass :class:`ValueError`, so callers
that catch ``ValueError`` (and the contracts that promise it) keep working;
``ReportError`` and ``ChunkFailed`` subclass :class:`RuntimeError`.

Exceptions carry fields: ``path`` (the file or folder concerned),
``parameter`` (the argument's name in the library, e.g. ``workers``),
``expected`` and ``got``.  Messages name the parameter as the library does;
the command line words it as its option (``workers`` as ``--workers``).

Examples
--------
>>> err = BadArgument("workers must be at least 1, got 0", parameter="workers",
...                   expected="at least 1", got=0)
>>> isinstance(err, ValueError), err.parameter, err.got
(True, 'workers', 0)
>>> str(err)
'workers must be at least 1, got 0'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ThousandError",
    "BadArgument",
    "DatasetError",
    "DamagedFile",
    "DamagedDataset",
    "ModelFileError",
    "ReferencePoolError",
    "ReportError",
    "ChunkFailed",
    "NoEffectWarning",
]


class ThousandError(Exception):
    """An error a user can act on; the command line prints it as one line.

    Parameters
    ----------
    message : str
        What is wrong, and where useful what to do.
    path : str, optional
        The file or folder concerned.
    parameter : str, optional
        The argument concerned, by its name in the library.
    expected, got : optional
        What the argument or file should hold, and what it holds.
    """

    def __init__(
        self,
        message: str,
        *,
        path: Any = None,
        parameter: str | None = None,
        expected: Any = None,
        got: Any = None,
    ):
        super().__init__(message)
        self.message = message
        self.path = None if path is None else str(path)
        self.parameter = parameter
        self.expected = expected
        self.got = got


class BadArgument(ThousandError, ValueError):
    """An argument the function does not accept (its ``parameter`` named)."""


class DatasetError(ThousandError, ValueError):
    """A dataset is missing, incomplete, of another kind or schema version,
    holds files that are not its own, or was made with other parameters
    than those asked for."""


class DamagedFile(ThousandError, ValueError):
    """A file that exists but cannot be read as what it claims to be."""


class DamagedDataset(DatasetError, DamagedFile):
    """A dataset's parameters file or one of its chunk files is damaged."""


class ModelFileError(DamagedFile):
    """A fitted-model file that is not one this version of the toolkit reads."""


class ReferencePoolError(DatasetError):
    """A reference pool that is missing, unfinished, damaged or not the pinned one.

    Parameters
    ----------
    pool : str
        The pool's name (``club``, ``club-sd``, ...).
    why : str
        What is wrong with it.

    Attributes
    ----------
    pool : str
        The pool's name.
    command : str
        The command that builds or repairs it.
    """

    def __init__(self, pool: str, why: str):
        self.pool = pool
        self.command = f"thousand reference build {pool}"
        super().__init__(f"reference pool {pool!r}: {why}; rebuild it with `{self.command}`")


class ReportError(ThousandError, RuntimeError):
    """One or more notebooks failed; their HTML shows the traceback."""


class ChunkFailed(ThousandError, RuntimeError):
    """One or more chunks failed twice; the message names them."""


class NoEffectWarning(UserWarning):
    """A setting that is legal but changes nothing under the other settings
    (``reset_at`` with the 555 reset off); the command line prints it as a
    one-line note and goes on."""
