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
import re
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
    "ci_table",
    "same_figures",
    "table",
    "commit",
    "NO_CASES",
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
        rows[_words(k)] = f"{v:,}" if isinstance(v, (int, np.integer)) else str(v)
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


def show(table: pd.DataFrame, pct=("p", "ci_low", "ci_high", "exact"), digits: int = 3):
    """A table for display: probability columns in percent, the rest as numbers.

    Parameters
    ----------
    table : pandas.DataFrame
    pct : sequence of str
        Columns holding probabilities 0–1 (shown as ``12.345%``); columns
        whose name starts with one of them (``p_hand``) too.
    digits : int
        Decimals of the percentages.

    Returns
    -------
    pandas.io.formats.style.Styler
        Renders as an HTML table in a notebook; ``.data`` is the frame.
    """
    fmt = {}
    for c in table.columns:
        name = str(c)
        if any(name == q or name.startswith(q + "_") for q in pct):
            fmt[c] = f"{{:.{digits}f}}%".format
    shown = table.copy()
    for c in fmt:
        shown[c] = 100 * shown[c]
    num = {c: lambda v: fmt_num(v, 2, signed=True) for c in shown.columns if str(c) == "z"}
    return shown.style.format({**fmt, **num}, precision=4, thousands=",")


_THEAD = re.compile(r"(<thead>)(.*?)(</thead>)", re.S)
_ROW = re.compile(r"<tr[^>]*>.*?</tr>", re.S)
_TH = re.compile(r"<th([^>]*)>(.*?)</th>", re.S)


def frame_html(frame: pd.DataFrame) -> str:
    """A table's HTML with its row labels' names in the header, not on a line of their own.

    pandas prints the names of the index levels (``rules``, ``item``) as an
    extra header row under the column labels, which reads as an empty row
    of the table.  Here they go into the blank corner cells of the first
    header row that has them blank (for a single row of column labels, the
    row of the labels), and their own row goes.

    Parameters
    ----------
    frame : pandas.DataFrame

    Returns
    -------
    str
        HTML of the table (``frame.to_html()`` otherwise unchanged).

    Examples
    --------
    >>> f = pd.DataFrame({"value": ["1"]}, index=pd.Index(["seed"], name="item"))
    >>> html = frame_html(f)
    >>> html.count("<tr"), "<th>item</th>" in html
    (2, True)
    """
    html = frame.to_html()
    names = list(frame.index.names)
    if all(n is None for n in names):
        return html
    head = _THEAD.search(html)
    if head is None:  # pragma: no cover - pandas always writes a thead for labelled columns
        return html
    rows = _ROW.findall(head.group(2))
    k = len(names)
    # the names row: the index names, then only empty cells
    if not rows or [m.group(2) for m in _TH.finditer(rows[-1])][:k] != [str(n or "") for n in names]:
        return html
    for i, row in enumerate(rows[:-1]):
        cells = list(_TH.finditer(row))
        if len(cells) >= k and all(not c.group(2).strip() for c in cells[:k]):
            filled, j = row, 0
            for c, n in zip(cells[:k], names):  # the corner cells, in order
                at = filled.index(c.group(0), j)
                cell = f"<th{c.group(1)}>{'' if n is None else n}</th>"
                filled = filled[:at] + cell + filled[at + len(c.group(0)) :]
                j = at + len(cell)
            rows[i] = filled
            body = "\n".join(rows[:-1])
            return html[: head.start(2)] + "\n" + body + "\n" + html[head.end(2) :]
    return html


def _register_frame_html() -> None:
    """In an IPython kernel, render every DataFrame a page displays with :func:`frame_html`."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with the notebooks' extra
        return
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.formatters["text/html"].for_type(pd.DataFrame, frame_html)


_register_frame_html()  # every page imports this module first (its parameters cell)

#: What a cell says where a share has no trial to rest on.
NO_CASES = "no cases"


def _finite(x) -> bool:
    return x is not None and np.isfinite(float(x))


def fmt_num(x, digits: int = 1, signed: bool = False) -> str:
    """A number in the report's one format: comma for thousands, point for decimals.

    ``1234.56 -> '1,234.6'``; integers (or ``digits=0``) without decimals;
    a negative number takes the minus sign (U+2212), as the pages' prose
    does, never a hyphen, and a number that rounds to zero takes no sign.
    ``signed`` puts a plus before a positive number (a difference, a
    z-score).  A missing value reads :data:`NO_CASES`, never a dash or
    ``nan``.

    Examples
    --------
    >>> fmt_num(-0.1234, 3), fmt_num(0.25, 2, signed=True), fmt_num(-0.0004, 3, signed=True)
    ('−0.123', '+0.25', '0.000')
    """
    if not _finite(x):
        return NO_CASES
    text = f"{int(x):,}" if isinstance(x, (int, np.integer)) else f"{float(x):,.{digits}f}"
    if text.startswith("-") and not text.strip("-0.,"):  # −0.000: no sign
        text = text[1:]
    if signed and not text.startswith("-") and text.strip("0.,"):
        text = "+" + text
    return text.replace("-", "\u2212")


def fmt_pct(p, digits: int = 1) -> str:
    """A probability as a percentage: ``0.1234 -> '12.3 %'`` (:data:`NO_CASES` if missing)."""
    return NO_CASES if not _finite(p) else f"{100 * float(p):,.{digits}f} %"


def fmt_ci(p, low, high, digits: int = 1) -> str:
    """A probability with its interval: ``'12.3 % (11.9–12.7)'`` (percent)."""
    if not _finite(p):
        return NO_CASES
    return f"{100 * float(p):.{digits}f} % ({100 * float(low):.{digits}f}–{100 * float(high):.{digits}f})"


def fmt_num_ci(x, low, high, digits: int = 1, signed: bool = False) -> str:
    """A number with its interval: ``'48.2 (46.9–49.5)'``, ``'−0.1 (−1.4 to 1.2)'``.

    Thousands take a comma and minus signs are U+2212 (:func:`fmt_num`); an
    interval reaching below zero, or of a ``signed`` figure (a difference,
    ``'+0.25 (+0.05 to +0.45)'``), is written with "to" so that its signs
    cannot be read as the dash.  An interval of no width (every value of
    the sample equal) is not printed as one: ``'0.0 (no spread in the
    sample)'``.
    """
    if not _finite(x):
        return NO_CASES
    num = [fmt_num(float(v), digits, signed) for v in (x, low, high)]
    if _finite(low) and _finite(high) and float(low) == float(high):
        return f"{num[0]} (no spread in the sample)"
    sep = " to " if float(low) < 0 or signed else "–"
    return f"{num[0]} ({num[1]}{sep}{num[2]})"


def table(frame: pd.DataFrame, digits: int = 1) -> pd.DataFrame:
    """A table as a reader sees it: numbers in :func:`fmt_num`, labels in words.

    Integers get a comma for thousands, floats ``digits`` decimals, index
    and column names lose their underscores.

    Returns
    -------
    pandas.DataFrame
        Of strings (the index kept, renamed).
    """
    out = frame.copy()
    for c in out.columns:
        col = out[c]
        if pd.api.types.is_bool_dtype(col):
            out[c] = col.map({True: "yes", False: "no"})
        elif pd.api.types.is_integer_dtype(col):
            out[c] = [fmt_num(int(v)) for v in col]
        elif pd.api.types.is_float_dtype(col):
            out[c] = [fmt_num(v, digits) for v in col]
    out.columns = [_words(c) for c in out.columns]
    out.index = out.index.set_names([_words(n) if n else n for n in out.index.names])
    return out


def _words(name):
    return name.replace("_", " ") if isinstance(name, str) else name


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


def ci_table(
    table: pd.DataFrame,
    keep=(),
    p="p",
    low="ci_low",
    high="ci_high",
    name="estimate (95 % CI)",
    digits: int = 1,
) -> pd.DataFrame:
    """The one table format of the research pages: ``p (low–high)`` in percent.

    Parameters
    ----------
    table : pandas.DataFrame
        With probability columns ``p``, ``ci_low``, ``ci_high``.
    keep : sequence of str
        Other columns shown as they are (counts get thousands separators).

    Returns
    -------
    pandas.DataFrame
        The ``keep`` columns then ``name``, strings.
    """
    out = pd.DataFrame(index=table.index)
    for c in keep:
        v = table[c]
        out[c] = [
            f"{int(x):,}"
            if isinstance(x, (int, np.integer)) or (isinstance(x, float) and float(x).is_integer())
            else str(x)
            for x in v
        ]
    out[name] = [fmt_ci(a, b, c, digits) for a, b, c in zip(table[p], table[low], table[high])]
    return out


def same_figures(frame: pd.DataFrame, level: int = 0) -> pd.DataFrame:
    """Name the groups of a table that show exactly the same figures as an earlier group.

    Two profiles that read one pool under the same rules (``classic`` and
    ``ua`` without redeals) give identical rows; printed side by side
    without a word they read as a copying error.  Each such group's label
    becomes ``"ua (same figures as classic)"``.

    Parameters
    ----------
    frame : pandas.DataFrame
        A table as displayed (strings or numbers).
    level : int
        The index level whose groups are compared (the profile).

    Returns
    -------
    pandas.DataFrame
        The same table, relabelled.
    """
    keys = list(dict.fromkeys(frame.index.get_level_values(level)))
    first: dict = {}
    rename = {}
    for k in keys:
        if frame.index.nlevels > 1:
            part = frame.xs(k, level=level, drop_level=True)
            sig = (tuple(map(str, part.index)), tuple(map(tuple, part.astype(str).to_numpy())))
        else:
            sig = ((), tuple(map(tuple, frame.loc[[k]].astype(str).to_numpy())))
        if sig in first:
            rename[k] = f"{k} (same figures as {first[sig]})"
        else:
            first[sig] = k
    return frame.rename(index=rename, level=level if frame.index.nlevels > 1 else None)


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
