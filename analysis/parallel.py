"""Run independent chunks through a ``concurrent.futures.Executor``.

Local default: a process pool (``--workers K``); ``--workers 1`` runs in
the calling process; ``--scheduler ADDR`` hands the same chunks to a Dask
distributed cluster through ``Client.get_executor()`` (``--scheduler
local`` starts a ``LocalCluster``).  No home-made cluster code.

Every chunk function must be deterministic in its arguments (the chunk
index and the root seed), so the output is the same whatever runs it.
"""

from __future__ import annotations

import multiprocessing
import numbers
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager

from tqdm.auto import tqdm

from .errors import BadArgument, ChunkFailed

__all__ = ["SerialExecutor", "LogProgress", "executor", "run_chunks", "default_workers", "check_workers"]


def default_workers() -> int:
    """Number of usable cores (the default of ``--workers``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - non-Linux
        return max(1, os.cpu_count() or 1)


class SerialExecutor(Executor):
    """An executor that runs each task in the calling process at submit time."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - stored in the future
            if isinstance(exc, KeyboardInterrupt):
                raise
            fut.set_exception(exc)
        return fut


def check_workers(workers: int | None) -> None:
    """Refuse a worker count below 1 (``None``: the default, accepted).

    Raises
    ------
    ValueError
        If ``workers`` is below 1 or not a whole number.
    """
    if workers is None:
        return
    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral):
        raise BadArgument(
            f"workers must be a whole number, got {workers!r}",
            parameter="workers",
            expected="a whole number",
            got=workers,
        )
    if workers < 1:
        raise BadArgument(
            f"workers must be at least 1, got {workers}",
            parameter="workers",
            expected="at least 1",
            got=workers,
        )


@contextmanager
def executor(
    workers: int | None = None, scheduler: str | None = None, timeout: float = 5.0
) -> Iterator[Executor]:
    """Open the executor chosen on the command line.

    Parameters
    ----------
    workers : int or None
        Local processes; ``None`` means :func:`default_workers`, 1 means
        serial in this process.
    scheduler : str or None
        ``tcp://HOST:PORT`` of a running Dask scheduler, or ``local`` for a
        ``LocalCluster`` of ``workers`` single-threaded workers.
    timeout : float
        Seconds to wait for a remote scheduler before giving up.

    Raises
    ------
    ValueError
        If ``workers`` is below 1, or ``scheduler`` is not an address.
    ConnectionError
        If the scheduler cannot be reached within ``timeout`` seconds.
    """
    check_workers(workers)
    n = workers or default_workers()
    if scheduler is not None and not scheduler.strip():
        raise BadArgument(
            "scheduler is empty: give tcp://HOST:8786, or 'local'",
            parameter="scheduler",
            expected="tcp://HOST:8786 or 'local'",
            got=scheduler,
        )
    if scheduler:
        # dask is heavy: loaded only for a scheduler
        from dask.distributed import Client, LocalCluster

        if scheduler == "local":
            cluster, client = _local_cluster(LocalCluster, Client, n)
        else:
            cluster = None
            try:
                client = _client_within(Client, scheduler, timeout)
            except (OSError, TimeoutError) as exc:
                raise ConnectionError(
                    f"cannot reach the Dask scheduler at {scheduler} within {timeout:g} s: {exc}"
                ) from None
            except ValueError as exc:  # Dask could not read the address at all
                raise BadArgument(
                    f"scheduler {scheduler!r} is not a scheduler address "
                    f"({exc}); give tcp://HOST:8786, or 'local'",
                    parameter="scheduler",
                    expected="tcp://HOST:8786 or 'local'",
                    got=scheduler,
                ) from None
            except Exception as exc:  # noqa: BLE001 - a server that is not Dask
                raise ConnectionError(
                    f"{scheduler} answered, but not as a Dask scheduler "
                    f"({type(exc).__name__}); is it the scheduler's port (8786 by "
                    f"default), not the dashboard's?"
                ) from None
        # the scheduler of a local cluster runs here, with Dask's garbage-collection
        # callbacks: a Ctrl-C raised in one is swallowed ("Exception ignored"), so
        # it is flagged instead, and run_chunks (or the end of the run) stops on it
        flag = cluster is not None and threading.current_thread() is threading.main_thread()
        old = signal.signal(signal.SIGINT, _flag_interrupt) if flag else None
        try:
            yield client.get_executor(pure=False)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
            if flag:
                signal.signal(signal.SIGINT, old)
                if _INTERRUPTED.is_set():
                    _INTERRUPTED.clear()
                    raise KeyboardInterrupt
    elif n == 1:
        yield SerialExecutor()
    else:
        # forkserver, not fork: forking a process that already runs pyarrow's
        # and numba's native threads aborted the parent at exit now and then
        ctx = multiprocessing.get_context("forkserver")
        # the workers come from a server that has this module loaded, so the
        # initializer that makes them ignore Ctrl-C runs at once
        ctx.set_forkserver_preload(["__main__", __name__])
        pool = ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_ignore_sigint)
        try:
            yield pool
        except KeyboardInterrupt:
            _terminate(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _local_cluster(LocalCluster, Client, n: int):
    """A ``LocalCluster`` of ``n`` single-threaded worker processes and its client.

    A terminal's Ctrl-C reaches every process of its group: the preload makes
    each worker ignore SIGINT once it has started, and the driver stops the
    cluster itself.  A Ctrl-C while the cluster starts is held until it is up
    (Dask's start-up, interrupted half-way, hung at exit): then the cluster is
    closed and ``KeyboardInterrupt`` raised, as a Ctrl-C during the run does.
    Called outside the main thread, where no handler can be set, the signal
    is not held.

    Raises
    ------
    KeyboardInterrupt
        When a Ctrl-C came while the cluster started.
    """
    held = []
    hold = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum)) if hold else None
    _INTERRUPTED.clear()
    cluster = client = None
    try:
        cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            preload=["analysis._dask_worker"],
        )
        client = Client(cluster)
    except BaseException:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        if held:  # workers that took the Ctrl-C while importing fail the start
            raise KeyboardInterrupt from None
        raise
    finally:
        if hold:
            signal.signal(signal.SIGINT, old)
    if held:
        client.close()
        cluster.close()
        raise KeyboardInterrupt
    return cluster, client


def _client_within(Client, scheduler: str, timeout: float):
    """``Client(scheduler, timeout=timeout)``, given up after ``timeout``
    seconds and a little more: Dask's own timeout does not cover a server
    that accepts the connection and never answers (the call hung).

    Raises
    ------
    TimeoutError
        If no client was made in time (the attempt is left to its daemon
        thread).
    """
    box: dict = {}

    def attempt():
        try:
            box["client"] = Client(scheduler, timeout=timeout)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc

    th = threading.Thread(target=attempt, daemon=True, name="thousand-dask-connect")
    th.start()
    th.join(timeout + 2.0)
    if th.is_alive():
        raise TimeoutError("the server accepted the connection but did not answer")
    if "error" in box:
        raise box["error"]
    return box["client"]


#: Set by a Ctrl-C while a local Dask cluster runs (:func:`_flag_interrupt`).
_INTERRUPTED = threading.Event()


def _flag_interrupt(signum, frame) -> None:
    """SIGINT handler while a local Dask cluster runs: flag the interrupt, which
    :func:`run_chunks` turns into ``KeyboardInterrupt`` within half a second.

    Raising at once, as Python's own handler does, let the exception land in
    Dask's garbage-collection callbacks, which swallow it with a traceback."""
    _INTERRUPTED.set()


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the
    pool).  A worker that took the signal itself printed a traceback, often
    from the middle of an import, before the parent's clean message."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now, running chunks included (a chunk is
    written to a temporary file and renamed when complete, so nothing
    finished is lost; the rerun redoes the rest)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5)


class LogProgress:
    """Progress of a long job written to a log: one plain line at most every ``interval`` seconds.

    A tqdm bar redraws one line with carriage returns, which a log file
    (``nohup ... >> build.log``) keeps as one unreadable line; this writes
    ``desc: 37 of 125 chunks done in 45 min, about 1 h 40 min left`` to
    stderr instead, the first once ``interval`` seconds have passed (a short
    job prints nothing) and a last one when the job ends after any.

    Parameters
    ----------
    total : int
        Chunks of the job.
    desc : str
        What the job is (its first words on every line).
    interval : float
        Seconds between lines (default 60).
    """

    def __init__(self, total: int, desc: str, interval: float = 60.0):
        self.total, self.desc, self.interval = total, desc, interval
        self.done, self.lines = 0, 0
        self.start = self.last = time.monotonic()

    def update(self, n: int = 1) -> None:
        """Count ``n`` more chunks done; write a line if ``interval`` has passed."""
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.interval:
            self._write(now)

    def close(self) -> None:
        """Write the last line, if any was written before."""
        if self.lines:
            self._write(time.monotonic())

    def _write(self, now: float) -> None:
        spent = now - self.start
        left = ""
        if 0 < self.done < self.total:
            left = f", about {_duration(spent * (self.total - self.done) / self.done)} left"
        print(
            f"{self.desc}: {self.done:,} of {self.total:,} chunks done in {_duration(spent)}{left}",
            file=sys.stderr,
            flush=True,
        )
        self.last, self.lines = now, self.lines + 1


def _duration(seconds: float) -> str:
    """``"45 s"``, ``"12 min"``, ``"1 h 40 min"``."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def run_chunks(
    ex: Executor,
    fn: Callable,
    chunk_args: Sequence[tuple],
    *,
    desc: str = "chunks",
    progress: bool | None = None,
    retries: int = 1,
    describe: Callable[[tuple], str] = repr,
) -> list:
    """Run ``fn(*args)`` for every tuple in ``chunk_args``; return the results.

    Results come back in the order of ``chunk_args``.  A failed chunk is
    retried ``retries`` times; chunks that still fail are reported together
    in a :class:`ChunkFailed` after every other chunk has finished.  On
    Ctrl-C the pending chunks are cancelled and ``KeyboardInterrupt``
    propagates; chunks already finished stay written.  If a worker process
    dies, the pool is broken: ``concurrent.futures.BrokenExecutor``
    propagates at once so the caller can reopen it (see
    :func:`analysis.jobs.runner.run_job`).

    Parameters
    ----------
    progress : bool or None
        Show a tqdm bar; ``None`` shows it when stderr is a terminal and
        otherwise (a background job writing to a log) a plain line at most
        once a minute (:class:`LogProgress`); ``False`` shows nothing.
    describe : callable
        Turns a chunk's arguments into text for error messages (chunk id
        and seed).
    """
    results: list = [None] * len(chunk_args)
    attempts = [0] * len(chunk_args)
    failed: list[tuple[int, BaseException]] = []
    if progress is None and not sys.stderr.isatty():
        bar = LogProgress(len(chunk_args), desc)  # a log file: a plain line now and then
    else:
        bar = tqdm(total=len(chunk_args), desc=desc, disable=not progress, unit="chunk")
    pending: dict[Future, int] = {ex.submit(fn, *a): i for i, a in enumerate(chunk_args)}
    try:
        while pending:
            finished, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
            if _INTERRUPTED.is_set():
                raise KeyboardInterrupt  # a Ctrl-C during a local Dask run
            for done in sorted(finished, key=pending.get):
                i = pending.pop(done)
                exc = done.exception()
                if isinstance(exc, BrokenExecutor):
                    raise exc  # a worker process died: the caller reopens the pool
                if exc is None:
                    results[i] = done.result()
                    bar.update(1)
                elif attempts[i] < retries:
                    attempts[i] += 1
                    pending[ex.submit(fn, *chunk_args[i])] = i
                else:
                    failed.append((i, exc))
                    bar.update(1)
    except KeyboardInterrupt:
        for f in pending:
            f.cancel()
        raise
    finally:
        bar.close()
    if failed:
        lines = [f"  {describe(chunk_args[i])}: {type(e).__name__}: {e}" for i, e in failed]
        # the first failure is the cause: ``--debug`` prints its traceback (a
        # worker process's exception carries the remote one)
        raise ChunkFailed(
            f"{len(failed)} chunk(s) failed after {retries + 1} tries:\n" + "\n".join(lines)
        ) from failed[0][1]
    return results
