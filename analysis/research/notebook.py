"""What every research notebook shares: quick mode, provenance, sizes, data.

A notebook's parameters cell reads :func:`quick_mode` to shrink its sample
sizes when the environment variable ``THOUSAND_QUICK`` (or ``CI``) is set,
and :func:`data_dir` for the folder of its datasets (``THOUSAND_DATA``,
else ``../data`` beside the notebooks).  :func:`provenance` is the table
each notebook prints first, so a reader can tell which profile, seed,
sample size and package version produced it; :func:`half_width` states the
precision its default sizes reach.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import subprocess
import warnings
from pathlib import Path

# tqdm.auto warns in a kernel without ipywidgets (the bars are off there
# anyway); the filter comes before the imports below, which import it.
warnings.filterwarnings("ignore", message="IProgress not found")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from .. import dataset  # noqa: E402
from ..folders import deals_folder  # noqa: E402
from ..jobs.deals import run_deal  # noqa: E402
from ..reference import SEED as POOL_SEED  # noqa: E402
from ..rules import as_rules  # noqa: E402
from ..stats import proportion_ci  # noqa: E402
from ..version import __version__  # noqa: E402
from . import headline  # noqa: E402
from .tables import (  # noqa: E402  the pages' formats and tables, offered here
    NO_CASES,
    ROUNDING_NOTE,
    and_list,
    ci_table,
    fmt_ci,
    fmt_num,
    fmt_num_ci,
    fmt_pct,
    frame_html,
    register_frame_html,
    same_figures,
    show,
    table,
)

register_frame_html()  # every page imports this module first (its parameters cell)

# a page's tables are documents: a long cell (a provenance entry) is shown whole
pd.set_option("display.max_colwidth", None)

__all__ = [
    "quick_mode",
    "data_dir",
    "provenance",
    "half_width",
    "max_half_width",
    "fmt_num",
    "fmt_pct",
    "fmt_ci",
    "fmt_num_ci",
    "and_list",
    "ci_table",
    "same_figures",
    "table",
    "commit",
    "NO_CASES",
    "ROUNDING_NOTE",
    "save_headline",
    "back_link",
    "deals_path",
    "ensure_deals",
    "read_deal_masks",
    "show",
    "frame_html",
]


#: Environment variables that switch the notebooks to their small sizes.
QUICK_VARS = ("THOUSAND_QUICK", "CI")
_FALSE = ("", "0", "false", "no", "off")


def quick_mode(environ=None) -> bool:
    """True when ``THOUSAND_QUICK`` or ``CI`` is set to a true value.

    Parameters
    ----------
    environ : mapping, optional
        The environment (default ``os.environ``).

    Returns
    -------
    bool
        False when neither is set or both are empty, ``0``, ``false``, ``no``
        or ``off`` (any case).

    Examples
    --------
    >>> quick_mode({"CI": "true"}), quick_mode({"THOUSAND_QUICK": "0"}), quick_mode({})
    (True, False, False)
    """
    env = os.environ if environ is None else environ
    return any(env.get(v, "").strip().lower() not in _FALSE for v in QUICK_VARS)


def data_dir(default: str | Path = "../data", environ=None) -> Path:
    """Folder for the notebooks' datasets: ``THOUSAND_DATA`` or ``default``."""
    env = os.environ if environ is None else environ
    return Path(env.get("THOUSAND_DATA") or default)


def provenance(profiles, seed: int, **sizes) -> pd.DataFrame:
    """The table that says what produced a notebook.

    Parameters
    ----------
    profiles : str or sequence of str
        Rules profiles (or variants) the notebook used.
    seed : int
        Root seed of its random streams.
    **sizes : int or str
        Sample sizes and other settings, e.g. ``deals=1_000_000``.

    Returns
    -------
    pandas.DataFrame
        One column ``value`` indexed by ``item``: package version, git
        commit, profiles, seed, the reference pools' seed, each size (its
        name's underscores read as spaces), the sizes ("full" or "quick",
        :func:`quick_mode`), numpy version, Python version, date (UTC).

    Raises
    ------
    ValueError
        If a profile's name holds a comma (the profiles are listed joined
        by commas: write ``club (one seat)``, not ``club, one seat``).
    """
    if isinstance(profiles, str):
        profiles = [profiles]
    profiles = list(dict.fromkeys(str(p) for p in profiles))
    joined = [p for p in profiles if "," in p]
    if joined:  # the list is printed joined by commas: such a name reads as two
        raise ValueError(f"a profile's name holds a comma, which the list reads as two entries: {joined}")
    rows = {
        "package": f"thousand-analysis {__version__}",
        "commit": commit(),
        "profiles": ", ".join(str(p) for p in profiles),
        "seed": seed,
        "seed of the reference pools' deals": POOL_SEED,
    }
    for k, v in sizes.items():
        rows[str(k).replace("_", " ")] = f"{v:,}" if isinstance(v, (int, np.integer)) else str(v)
    rows["sizes (THOUSAND_QUICK / CI)"] = "quick" if quick_mode() else "full"
    rows["numpy"] = np.__version__
    rows["python"] = platform.python_version()
    rows["run at (UTC)"] = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M")
    return pd.DataFrame({"value": [str(v) for v in rows.values()]}, index=pd.Index(list(rows), name="item"))


def half_width(p, n, alpha: float = 0.05):
    """Half-width of the 95 % interval of a proportion ``p`` seen in ``n`` trials.

    Parameters
    ----------
    p : float or ndarray of float
        Proportion, 0–1.
    n : int or ndarray of int
        Trials (deals, games, hands), positive.

    Returns
    -------
    float or ndarray of float64
        ``(high - low) / 2`` of :func:`analysis.stats.proportion_ci` at
        ``round(p * n)`` successes, in probability units (0.01 = 1 point of
        percentage).

    Raises
    ------
    ValueError
        If ``p`` is outside [0, 1] or ``n`` is not positive.

    Examples
    --------
    >>> round(half_width(0.5, 10_000), 4)
    0.0098
    """
    p = np.asarray(p, dtype=np.float64)
    n = np.asarray(n)
    if np.any((p < 0) | (p > 1)) or np.any(n <= 0):
        raise ValueError("half_width needs 0 <= p <= 1 and n > 0")
    k = np.rint(p * n)
    lo, hi = proportion_ci(k, np.broadcast_to(n, k.shape))
    out = (np.asarray(hi) - np.asarray(lo)) / 2
    return float(out) if out.ndim == 0 else out


def max_half_width(table: pd.DataFrame, low: str = "ci_low", high: str = "ci_high") -> float:
    """Largest interval half-width in a table with ``ci_low`` / ``ci_high`` columns.

    Raises
    ------
    ValueError
        If a column is missing or the table is empty.
    """
    for c in (low, high):
        if c not in table:
            raise ValueError(f"table has no column {c!r}")
    if len(table) == 0:
        raise ValueError("empty table")
    return float(((table[high] - table[low]) / 2).max())


def deals_path(data: str | Path, n: int, seed: int, rules="club") -> Path:
    """Where a deals dataset of ``n`` deals with ``seed`` lives under ``data``.

    The name is the one ``thousand run`` uses
    (``deals-<profile>-<fingerprint>-s<seed>-n<n>``), so the report reuses
    the deals that ``make run`` made.
    """

    return deals_folder(data, as_rules(rules), seed, n)


def ensure_deals(data: str | Path, n: int, seed: int, rules="club", workers: int | None = None) -> Path:
    """The deals dataset of :func:`deals_path`, made first if missing or unfinished.

    Raises
    ------
    analysis.dataset.DatasetError
        If the folder holds a dataset made with other parameters.
    """

    path = deals_path(data, n, seed, rules)
    manifest = path / "_manifest.json"
    if not manifest.exists():
        run_deal(str(path), n, seed, as_rules(rules), workers=workers, progress=False)
    return path


def read_deal_masks(path: str | Path) -> np.ndarray:
    """The (n, 4) uint32 masks hand0, hand1, hand2, widow of a deals dataset."""

    t = dataset.read_table(path, "deals", columns=["hand0", "hand1", "hand2", "widow"])
    return np.stack([t.column(c).to_numpy() for c in ("hand0", "hand1", "hand2", "widow")], axis=1).astype(
        np.uint32
    )


def commit() -> str:
    """The source tree's git commit (``abc1234``, ``+ changes`` when dirty), else why not."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            timeout=20,
        )
        if head.returncode != 0:
            return "not a git checkout"
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=20,
        )
        return head.stdout.strip() + (" + uncommitted changes" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "git not available"


def save_headline(page: str, rows: list, data=None) -> Path:
    """Write a page's headline figures for the report's index page.

    :func:`analysis.research.headline.save_headline` in :func:`data_dir`
    (or ``data``): rows of ``profile``, ``question``, ``figure`` and ``n``
    (the sample size in the figure's own unit).

    Raises
    ------
    ValueError
        If a figure is a placeholder (a dash, ``nan``) or a field is missing.
    """

    return headline.save_headline(page, rows, data_dir() if data is None else data)


def back_link() -> str:
    """Markdown of the link back to the report's index page."""
    return "[← back to the report's summary](index.html)"
