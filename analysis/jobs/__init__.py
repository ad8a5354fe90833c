"""Chunked jobs that write datasets: ``deal``, ``solve``, ``simulate``.

Each job module defines the parameters of a run, the Arrow schema, and a
chunk function ``(out, chunk, params) -> (rows, content_hash)`` that is a
pure function of its arguments, so any executor gives the same dataset.
"""

# The command line, the pools and the notebooks run a job through its module
# (``jobs.deals.run_deal``): each module loads only what its job needs.
__all__ = ["deals", "solutions", "games", "runner"]
