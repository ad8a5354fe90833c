"""Preload of the Dask workers that ``--scheduler local`` starts.

A terminal's Ctrl-C reaches every process of its group: each worker process
printed a page of ``KeyboardInterrupt`` tracebacks before the driver's
one-line message.  The driver stops the cluster itself, so the workers ignore
the signal (Dask calls :func:`dask_setup` in each worker as it starts).
"""

from __future__ import annotations

import signal
import threading


def dask_setup(worker) -> None:
    """Ignore SIGINT in this worker process (its event loop's thread is the
    main thread there)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
