"""Preload of the Dask workers that ``--scheduler local`` starts.

A terminal's Ctrl-C reaches every process of its group: each worker process
printed a page of ``KeyboardInterrupt`` tracebacks before the driver's
one-line message.  The driver stops the cluster itself, so the workers ignore
the signal (Dask calls :func:`dask_setup` in each worker as it starts).

When the driver stops the cluster, a worker whose heartbeat is under way
finds the scheduler gone and logs the failed heartbeat with a traceback,
now and then, after the driver's message; it closes itself anyway.  That one
record is dropped; every other worker log passes.
"""

from __future__ import annotations

import logging
import signal
import threading

#: The worker's log message for a heartbeat to a scheduler that has stopped.
HEARTBEAT_LOST = "Failed to communicate with scheduler during heartbeat."


def _not_a_lost_heartbeat(record: logging.LogRecord) -> bool:
    return record.msg != HEARTBEAT_LOST


def dask_setup(worker) -> None:
    """Ignore SIGINT in this worker process (its event loop's thread is the
    main thread there), and drop the lost-heartbeat record of a stopped
    cluster."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.getLogger("distributed.worker").addFilter(_not_a_lost_heartbeat)
