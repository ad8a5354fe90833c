"""The numbers and tables of a research page as a reader sees them.

One format for every figure (:func:`fmt_num`: a comma for thousands, a
point for decimals, the minus sign U+2212; :func:`fmt_ci` and
:func:`fmt_num_ci` with their intervals; :data:`NO_CASES` where a share
has no trial), tables of strings in that format (:func:`table`,
:func:`ci_table`, :func:`same_figures`, :func:`show`), and
:func:`frame_html`, which every page's kernel uses to render a DataFrame
(:func:`register_frame_html`).  :mod:`analysis.research.notebook` offers
them to the pages.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

__all__ = [
    "NO_CASES",
    "ROUNDING_NOTE",
    "fmt_num",
    "fmt_pct",
    "fmt_ci",
    "fmt_num_ci",
    "decimals_for",
    "fmt_p",
    "table",
    "ci_table",
    "same_figures",
    "show",
    "and_list",
    "frame_html",
    "register_frame_html",
]


def and_list(items) -> str:
    """Names as a sentence lists them: ``'a'``, ``'a and b'``, ``'a, b and c'``.

    Examples
    --------
    >>> and_list(["club"]), and_list(["club", "ua"]), and_list(["book", "ua", "wiki"])
    ('club', 'club and ua', 'book, ua and wiki')
    """
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
    >>> cross = pd.DataFrame([[1]], index=pd.Index([0], name="aces"), columns=pd.Index([0], name="tens"))
    >>> html = frame_html(cross)
    >>> html.count("<tr"), "<th>aces \u2193 tens \u2192</th>" in html
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
    # no blank corner: the columns' names hold it (a cross table); each corner
    # cell of the first row then reads "rows ↓ columns →"
    cells = list(_TH.finditer(rows[0])) if len(rows) > 1 else []
    if len(cells) < k:
        return html
    filled, j = rows[0], 0
    for c, n in zip(cells[:k], names):
        at = filled.index(c.group(0), j)
        said = c.group(2).strip()
        text = "" if n is None else (f"{n} \u2193 {said} \u2192" if said else str(n))
        cell = f"<th{c.group(1)}>{text}</th>"
        filled = filled[:at] + cell + filled[at + len(c.group(0)) :]
        j = at + len(cell)
    body = "\n".join([filled, *rows[1:-1]])
    return html[: head.start(2)] + "\n" + body + "\n" + html[head.end(2) :]


def register_frame_html() -> None:
    """In an IPython kernel, render every DataFrame a page displays with :func:`frame_html`."""
    try:
        from IPython import get_ipython  # late: only a page's kernel has a shell to register with
    except ImportError:  # pragma: no cover - IPython ships with the notebooks' extra
        return
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.formatters["text/html"].for_type(pd.DataFrame, frame_html)


#: What a cell says where a share has no trial to rest on.
NO_CASES = "no cases"

#: Said once on a page that prints a difference (or a sum) beside the figures it
#: is made of: the pages compute it from the unrounded figures.
ROUNDING_NOTE = (
    "Differences and sums are computed from the unrounded figures and then rounded, so one can differ "
    "by 1 in its last digit from the difference of the printed figures."
)


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


def fmt_p(p) -> str:
    """A test's p-value as a reader expects it: ``'p = 0.43'``, ``'p = 0.004'``, ``'p < 0.001'``.

    Two significant figures down to 0.001; below, only the bound (the
    digits of a tiny p-value say nothing a reader uses, and e-notation is
    code, not prose).

    Examples
    --------
    >>> fmt_p(0.4321), fmt_p(0.0123), fmt_p(0.00404), fmt_p(8.4e-168)
    ('p = 0.43', 'p = 0.012', 'p = 0.0040', 'p < 0.001')
    """
    if not _finite(p):
        return NO_CASES
    p = float(p)
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.2f}" if p >= 0.1 else f"p = {p:.2g}" if p >= 0.01 else f"p = {p:.4f}"


def fmt_pct(p, digits: int = 1) -> str:
    """A probability as a percentage: ``0.1234 -> '12.3 %'`` (:data:`NO_CASES` if missing)."""
    return NO_CASES if not _finite(p) else f"{fmt_num(100 * float(p), digits)} %"


#: Decimals a difference's interval may grow to, past ``most``, so that an
#: end that is not 0 never prints as 0 (whether it holds 0 is its verdict).
SIGN_MOST = 8


def _enough(low, high, digits: int, most: int = 4, difference: bool = False) -> int:
    """``digits``, or more (up to ``most``) where an interval of some width
    would print as one of none (0 of 50,000: 0.0–0.0074 %), or, for a
    ``difference`` (where 0 is "no effect"), where an end that is not 0
    would print as 0 (−0.0002 to −0.0071 as "0.000 to −0.007"): that one
    grows past ``most`` too, up to :data:`SIGN_MOST` (a starred −0.0049
    (−0.0099 to −0.00003) never reads "−0.0099 to 0.0000")."""
    if not (_finite(low) and _finite(high)) or float(high) <= float(low):
        return digits
    lo, hi = float(low), float(high)

    def zero_end(d: int) -> bool:
        return difference and any(v != 0 and round(v, d) == 0 for v in (lo, hi))

    def unclear(d: int) -> bool:
        # compared as rounded numbers: "-0.0" and "0.0" print alike (fmt_num drops the sign of a zero)
        return round(lo, d) == round(hi, d) or zero_end(d)

    while digits < most and unclear(digits):
        digits += 1
    while digits < SIGN_MOST and zero_end(digits):
        digits += 1
    return digits


def decimals_for(low, high, digits: int, most: int = 4, difference: bool = False) -> int:
    """The decimals a whole column of intervals needs: ``digits``, or the
    most that any of its rows needs (:func:`_enough`), so that every row
    prints with one number of decimals and none grows its own.

    Parameters
    ----------
    low, high : array-like of float
        The column's interval ends (rows of no width or missing are left out).
    digits, most, difference
        As :func:`fmt_num_ci` uses them.

    Returns
    -------
    int

    Examples
    --------
    >>> decimals_for([-2.0, -2.42], [2.7, 0.02], 1, difference=True)
    2
    """
    need = [_enough(lo, hi, digits, most, difference) for lo, hi in zip(low, high)]
    return max([digits, *need])


def fmt_ci(p, low, high, digits: int = 1) -> str:
    """A probability with its interval: ``'12.3 % (11.9–12.7)'`` (percent).

    An interval that has a width never prints as one of none: the decimals
    grow until its ends differ (at most 4).

    Examples
    --------
    >>> fmt_ci(0.0, 0.0, 0.0000738)
    '0.00 % (0.00–0.01)'
    """
    if not _finite(p):
        return NO_CASES
    digits = _enough(100 * float(low), 100 * float(high), digits)
    p, low, high = (fmt_num(100 * float(v), digits) for v in (p, low, high))
    return f"{p} % ({low}–{high})"


def fmt_num_ci(x, low, high, digits: int = 1, signed: bool = False) -> str:
    """A number with its interval: ``'48.2 (46.9–49.5)'``, ``'−0.1 (−1.4 to 1.2)'``.

    Thousands take a comma and minus signs are U+2212 (:func:`fmt_num`); an
    interval reaching below zero, or of a ``signed`` figure (a difference,
    ``'+0.25 (+0.05 to +0.45)'``), is written with "to" so that its signs
    cannot be read as the dash.  An interval of no width (every value of
    the sample equal) is not printed as one: ``'0.0 (no spread in the
    sample)'``; one that has a width gets the decimals to show it, and a
    ``signed`` one (where 0 means no effect) the decimals that keep an end
    that is not 0 from printing as 0, so that the interval shows whether it
    holds 0 (at most 4 decimals for the width, :data:`SIGN_MOST` for an
    end near 0).  A column of them takes :func:`decimals_for` once, so
    that no row grows its own.

    Examples
    --------
    >>> fmt_num_ci(0.0, 0.0, 0.0074)
    '0.00 (0.00–0.01)'
    """
    if not _finite(x):
        return NO_CASES
    digits = _enough(low, high, digits, difference=signed)
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
