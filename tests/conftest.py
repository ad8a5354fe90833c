"""Fixtures shared by the test modules.

The tiny single-dummy pools: a 6-deal club reference pool and the
single-dummy pools of a module's registry (``sd_registry``) that play its
deals, built once per module by :func:`analysis.reference.build` (the real
commands) in a temporary folder.  ``sd_env`` points the registries and
``$THOUSAND_REFERENCE`` at them for one test.  ``terminal_signals`` starts
a command stopped by signal with a terminal's signal dispositions.
"""

from __future__ import annotations

import pytest

from analysis import reference

#: The double-dummy registry of the tiny pools: club, 6 deals.
TINY_DD = (reference.PoolSpec("club", "club", 6, solutions_chunk=6),)
#: The tiny club-sd pool: 3 of club's deals, 2 worlds, 2 deals a chunk.
TINY_CLUB_SD = reference.SDPoolSpec("club-sd", "club", "club", 3, worlds=2, chunk=2)


@pytest.fixture(scope="module")
def sd_registry():
    """The single-dummy registry of the tiny pools: club-sd alone.

    A module overrides this fixture to list more pools; those whose
    ``pool`` is not ``club`` are listed but not built.
    """
    return (TINY_CLUB_SD,)


@pytest.fixture(scope="module")
def sd_tiny(sd_registry, tmp_path_factory):
    """A tiny club pool and the single-dummy pools of ``sd_registry`` that
    play its deals, built by :func:`analysis.reference.build`; the folder."""
    base = tmp_path_factory.mktemp("reference")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reference.registry, "POOLS", TINY_DD)
        mp.setattr(reference.registry, "SD_POOLS", sd_registry)
        reference.build("club", base, workers=1, progress=False)
        for s in sd_registry:
            if s.pool == "club":
                reference.build(s.name, base, workers=1, progress=False)
    return base


@pytest.fixture
def sd_env(sd_tiny, sd_registry, monkeypatch):
    """The tiny pools as the reference pools of one test: the folder."""
    monkeypatch.setattr(reference.registry, "POOLS", TINY_DD)
    monkeypatch.setattr(reference.registry, "SD_POOLS", sd_registry)
    monkeypatch.setenv(reference.ROOT_VAR, str(sd_tiny))
    return sd_tiny


@pytest.fixture
def terminal_signals():
    """A ``preexec_fn`` giving a command the signal dispositions of a
    terminal session: a test run started under nohup or in the background
    of a script inherits SIGINT and SIGHUP ignored, which the command
    rightly keeps, so a test that stops it by signal would see it run on."""
    import signal

    def reset():
        for sig in (signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)

    return reset
