"""Executors give the same datasets; failures are retried or reported."""

import os
import signal
import time
from pathlib import Path

import pytest

from analysis.dataset import deals_schema
from analysis.jobs.deals import deal_chunk, deal_params, run_deal
from analysis.jobs.runner import run_job
from analysis.parallel import ChunkFailed, SerialExecutor, executor, run_chunks
from analysis.rules import PROFILES

CLUB = PROFILES["club"]


def test_serial_pool_and_dask_give_identical_deals(tmp_path):
    kw = dict(n=20_000, seed=4, rules=CLUB, chunk_size=6_000)
    a = run_deal(tmp_path / "serial", workers=1, **kw)
    b = run_deal(tmp_path / "pool", workers=2, **kw)
    c = run_deal(tmp_path / "dask", workers=2, scheduler="local", **kw)
    d = run_deal(f"file://{tmp_path}/url", workers=2, **kw)
    assert a["content_hash"] == b["content_hash"] == c["content_hash"] == d["content_hash"]


def test_unreachable_scheduler_fails_fast_with_a_clear_error():
    t0 = time.perf_counter()
    with pytest.raises(ConnectionError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        with executor(1, "tcp://127.0.0.1:9", timeout=2):
            pass
    assert time.perf_counter() - t0 < 30


def test_an_empty_scheduler_is_refused_not_ignored():
    with pytest.raises(ValueError, match="^scheduler is empty"):
        with executor(1, "  "):
            pass


@pytest.mark.parametrize(
    "address, why", [("garbage", "missing port number"), ("ftp://x:1", "unknown address scheme")]
)
def test_a_scheduler_that_is_no_address_is_named_as_such(address, why):
    # nothing answered: it is not an address at all
    with pytest.raises(
        ValueError, match=f"^scheduler '{address}' is not a scheduler address .*{why}.*tcp://HOST:8786"
    ):
        with executor(1, address, timeout=2):
            pass


def _flaky(marker: str, x: int) -> int:
    # fails on its first call for x == 3, succeeds on the retry
    if x == 3 and not os.path.exists(marker):
        Path(marker).write_text("failed once")
        raise RuntimeError("transient failure")
    return x * x


def _always_fails(x: int) -> int:
    if x == 2:
        raise RuntimeError("broken input")
    return x


def test_failed_chunk_is_retried_once(tmp_path):
    marker = str(tmp_path / "m")
    with executor(2) as ex:
        assert run_chunks(ex, _flaky, [(marker, i) for i in range(6)]) == [0, 1, 4, 9, 16, 25]
    assert os.path.exists(marker)


def test_chunk_failing_twice_is_reported_after_the_others_finish():
    with pytest.raises(ChunkFailed, match=r"(?s)1 chunk\(s\) failed.*chunk 2.*broken input"):
        run_chunks(
            SerialExecutor(), _always_fails, [(i,) for i in range(5)], describe=lambda a: f"chunk {a[0]}"
        )


def _kill_once(out: str, chunk: int, params: dict) -> str:
    marker = Path(out) / f".killed-{chunk}"
    if chunk == 1 and not marker.exists():
        marker.write_text("")
        os._exit(9)  # the worker process dies as if killed
    return deal_chunk(out, chunk, params)


def test_killed_worker_process_is_recovered(tmp_path):
    params = deal_params(12_000, 8, CLUB, chunk_size=3_000)
    ref = run_deal(tmp_path / "ref", 12_000, 8, CLUB, chunk_size=3_000, workers=1)
    m = run_job(tmp_path / "k", params, _kill_once, deals_schema(), workers=2)
    assert (tmp_path / "k" / ".killed-1").exists()
    assert m["content_hash"] == ref["content_hash"]


def test_workers_must_be_positive():
    with pytest.raises(ValueError, match="at least 1"):
        with executor(0):
            pass


def test_solve_and_simulate_identical_on_every_backend(tmp_path):
    from analysis.jobs.games import run_games
    from analysis.jobs.solutions import run_solve

    run_deal(tmp_path / "deals", 40, 21, CLUB, chunk_size=40, workers=1)
    solved = [
        run_solve(tmp_path / "deals", tmp_path / f"s{i}", n=6, chunk_size=2, **kw)
        for i, kw in enumerate([dict(workers=1), dict(workers=2), dict(workers=2, scheduler="local")])
    ]
    assert len({m["content_hash"] for m in solved}) == 1
    games = [
        run_games(tmp_path / f"g{i}", 4, 5, CLUB, pool=tmp_path / "s0", chunk_size=1, **kw)
        for i, kw in enumerate([dict(workers=1), dict(workers=2), dict(workers=2, scheduler="local")])
    ]
    assert len({m["content_hash"] for m in games}) == 1


@pytest.mark.parametrize("how", ["ctrl-c", "kill", "hangup", "ctrl-c dask"])
def test_a_stopped_run_with_worker_processes_is_quiet_quick_and_leaves_none(tmp_path, how, terminal_signals):
    # Ctrl-C in a terminal reaches the workers too; they leave it to the
    # parent, which stops them (running chunks included) and prints one line.
    # `kill PID` (SIGTERM) and a closed terminal (SIGHUP) reach the driver
    # alone: it stops its workers the same way, instead of dying and leaving
    # them to run every queued chunk and then idle on
    import signal
    import subprocess
    import sys
    import time

    import psutil

    # two chunks of 2,000 deals x 3 seats, one a worker, each about 25 s of
    # CPU: the run cannot finish before the signal, and stopping within
    # 20 s means the running chunks were stopped
    run_deal(tmp_path / "deals", 4000, 3, CLUB, chunk_size=4000, workers=1)
    cmd = [
        sys.executable,
        "-m",
        "analysis",
        "solve",
        "--deals",
        str(tmp_path / "deals"),
        "--out",
        str(tmp_path / "sol"),
        "--n",
        "4000",
        "--chunk-size",
        "2000",
        "--workers",
        "2",
        "--no-progress",
    ]
    if how == "ctrl-c dask":
        # Dask's worker processes printed pages of tracebacks when the signal
        # reached them in Python code (writing chunks; not inside numba)
        cmd = [
            sys.executable,
            "-m",
            "analysis",
            "deal",
            "--n",
            "100000000",
            "--seed",
            "1",
            "--chunk-size",
            "250000",
            "--out",
            str(tmp_path / "sol"),
            "--workers",
            "2",
            "--scheduler",
            "local",
            "--no-progress",
        ]

    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=terminal_signals,
    )
    me = psutil.Process(proc.pid)
    # the fork server (or Dask's tracker) and two workers are up once all three
    # ignore SIGINT: the workers set it when they start (an initializer, Dask's
    # preload), and a worker still importing on a loaded machine would take
    # the signal itself, which is the start-up window, not the run being stopped
    deadline = time.time() + 120
    while time.time() < deadline and not _up(me.children(recursive=True)):
        time.sleep(0.05)
    time.sleep(0.5)
    children = me.children(recursive=True)
    if proc.poll() is not None:  # say why: a run this long ends early only on an error
        out, err = proc.communicate()
        pytest.fail(f"the run ended (exit {proc.returncode}) before the signal was sent:\n{err[-3000:]}")
    t0 = time.time()
    if how.startswith("ctrl-c"):
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM if how == "kill" else signal.SIGHUP)
    _, err = proc.communicate(timeout=60)
    code = {"kill": 128 + signal.SIGTERM, "hangup": 128 + signal.SIGHUP}.get(how, 130)
    assert proc.returncode == code, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "interrupted" in err
    assert time.time() - t0 < 20  # a chunk of 2,000 deals x 3 seats takes longer
    _, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, [p.cmdline() for p in alive]
    if how != "ctrl-c dask":
        assert not list((tmp_path / "sol").glob("part-*.parquet"))


def _ignores_sigint(pid: int) -> bool:
    """Whether process ``pid`` ignores SIGINT (Linux: the SigIgn mask in /proc)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            mask = next(int(line.split()[1], 16) for line in f if line.startswith("SigIgn:"))
    except (OSError, StopIteration):
        return False
    return bool(mask >> (signal.SIGINT - 1) & 1)


def _up(children) -> bool:
    """At least three child processes, every one ignoring SIGINT."""
    return len(children) >= 3 and all(_ignores_sigint(p.pid) for p in children)


def test_a_server_that_never_answers_is_a_connection_error_in_seconds():
    # Dask's own connect timeout does not cover a port that accepts and then
    # stays silent (the call hung for good)
    import socket
    import threading

    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(5)
    held = []
    threading.Thread(target=lambda: [held.append(srv.accept()) for _ in range(5)], daemon=True).start()
    t0 = time.time()
    with pytest.raises(ConnectionError, match="did not answer"):
        with executor(2, f"tcp://127.0.0.1:{srv.getsockname()[1]}", timeout=2):
            pass
    assert time.time() - t0 < 15
    srv.close()


def test_no_more_worker_processes_than_chunks_left(tmp_path, monkeypatch):
    # --workers 1000 on a few chunks started 1000 Pythons with numba loaded
    from analysis.jobs import runner

    seen = []
    real = runner.executor

    def spy(workers=None, scheduler=None, **kw):
        seen.append(workers)
        return real(workers, scheduler, **kw)

    monkeypatch.setattr(runner, "executor", spy)
    run_deal(tmp_path / "a", 300, 1, CLUB, chunk_size=100, workers=1000)
    run_deal(tmp_path / "b", 300, 1, CLUB, chunk_size=300, workers=None)
    assert seen == [3, 1]


def test_local_dask_workers_drop_only_the_lost_heartbeat_record():
    import logging

    from analysis._dask_worker import HEARTBEAT_LOST, _not_a_lost_heartbeat

    def passes(msg):
        return _not_a_lost_heartbeat(
            logging.LogRecord("distributed.worker", logging.ERROR, "w.py", 1, msg, (), None)
        )

    assert not passes(HEARTBEAT_LOST)
    assert passes("Unexpected exception during heartbeat. Closing worker.")


def test_a_ctrl_c_while_the_local_cluster_starts_stops_the_run(tmp_path, terminal_signals):
    # Dask's start-up interrupted half-way hung at exit; the signal is now held
    # until the cluster is up, then stops the run (a worker still importing may
    # print its own traceback: that window is the workers', not the driver's)
    psutil = pytest.importorskip("psutil")
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "analysis", "deal", "--n", "100000000", "--seed", "1"]
    cmd += ["--chunk-size", "250000", "--out", str(tmp_path / "d"), "--workers", "2"]
    cmd += ["--scheduler", "local", "--no-progress"]
    proc = subprocess.Popen(
        cmd, stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=terminal_signals
    )
    me = psutil.Process(proc.pid)
    deadline = time.time() + 120
    while time.time() < deadline and len(me.children(recursive=True)) < 2:
        time.sleep(0.02)  # the cluster is starting: its first processes exist
    children = me.children(recursive=True)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in err
    _, alive = psutil.wait_procs(children, timeout=30)
    assert not alive, [p.cmdline() for p in alive]


def test_a_job_writing_to_a_log_gets_plain_progress_lines(capsys, monkeypatch):
    """Off a terminal (``nohup ... >> build.log``) progress is a plain line at
    most once an interval, with what is done and an estimate of what is left;
    a job shorter than the interval prints nothing, ``progress=False`` nothing."""
    import analysis.parallel as par

    clock = iter(range(0, 10_000, 50))  # every reading of the clock 50 s later
    monkeypatch.setattr(par.time, "monotonic", lambda: next(clock))
    log = par.LogProgress(4, "play", interval=60)
    for _ in range(4):
        log.update(1)
    log.close()
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "play: 2 of 4 chunks done in 2 min, about 2 min left",
        "play: 4 of 4 chunks done in 3 min",
        "play: 4 of 4 chunks done in 4 min",
    ]


def test_run_chunks_off_a_terminal_is_quiet_on_short_jobs_and_silent_when_asked(capsys):
    for progress in (None, False):
        assert run_chunks(SerialExecutor(), abs, [(-1,), (-2,)], desc="x", progress=progress) == [1, 2]
        assert capsys.readouterr().err == ""
