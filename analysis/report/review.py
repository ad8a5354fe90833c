"""Read a rendered report page as a reader would, and list what is wrong with it.

:func:`review_page` takes the HTML of a page (or of the index), reduces it
to its text and tables and reports what a researcher citing it would trip
over: a code cell on the page, a warning printed by the code, a traceback, a dash, ``NaN`` or ``None``
where a figure belongs, a table row printed twice, a header or row label
that is a program's name (``four_nines_any``), a cell cut short (``...``), a count of five digits or
more without a thousands separator or with a point as one.
:func:`review_report` reviews every page of a report folder.  The tests run
it on the quick report (``make test``) and the full one (``make verify``).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["page_tables", "page_text", "review_page", "review_report"]

#: A cell that holds a placeholder where a figure belongs.
_PLACEHOLDER = re.compile(r"^\s*(—|–|-|nan|NaN|None|<NA>|NaT|inf|-inf)\s*$|\bnan\b|\bNaN\b|<NA>|\bNone\b")
#: A program's name: lower-case words joined by underscores (``barrel_exit``).
_CODE_NAME = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w(])")
#: A count of five digits or more without a separator, or with points as separators.
_BARE_COUNT = re.compile(r"^\s*\d{5,}\s*$")
_POINT_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?![\d.,])")
#: Where the lab template puts a code cell's source.
_CODE_CELL = ("jp-InputArea-editor", "jp-CodeMirrorEditor", "jp-InputPrompt")


class _Reader(HTMLParser):
    """Collect the visible text and every table's rows of cell texts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tables: list[list[list[tuple[str, str]]]] = []
        self._stack: list = []  # open tables: list of rows
        self._cell: list | None = None
        self._kind = ""
        self._skip = 0
        self.code_cells = 0
        self.stderr = 0
        self._carry: dict = {}  # column -> (cell, rows still spanned)
        self._col = 0
        self._span = 1
        self._anchor = False

    def handle_starttag(self, tag, attrs):
        self.text.append(" ")
        a = dict(attrs)
        cls = a.get("class") or ""
        if any(c in cls for c in _CODE_CELL):
            self.code_cells += 1
        if a.get("data-mime-type") == "application/vnd.jupyter.stderr":
            self.stderr += 1
        if tag in ("script", "style", "title") or (tag == "a" and "anchor-link" in cls):
            self._skip += 1
            self._anchor = tag == "a"
        elif tag == "table":
            self._stack.append([])
            self._carry = {}
        elif tag == "tr" and self._stack:
            self._stack[-1].append([])
            self._col = 0
            self._fill()
        elif tag in ("td", "th") and self._stack:
            self._cell, self._kind = [], tag
            self._span = int(a.get("rowspan") or 1)
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title") or (tag == "a" and self._skip and self._anchor):
            self._skip = max(0, self._skip - 1)
            self._anchor = False
        elif tag in ("td", "th") and self._cell is not None and self._stack and self._stack[-1]:
            row = self._stack[-1][-1]
            cell = (self._kind, " ".join("".join(self._cell).split()))
            if self._span > 1:  # a label spanning rows below (pandas' outer index level)
                self._carry[len(row)] = (cell, self._span - 1)
            row.append(cell)
            self._cell = None
            self._fill()
        elif tag == "table" and self._stack:
            self.tables.append([r for r in self._stack.pop() if r])

    def _fill(self):
        """Put the cells spanning down from earlier rows into the current row."""
        row = self._stack[-1][-1] if self._stack and self._stack[-1] else None
        while row is not None and len(row) in self._carry:
            cell, left = self._carry.pop(len(row))
            if left == 0:
                break
            row.append(cell)
            if left > 1:
                self._carry[len(row) - 1] = (cell, left - 1)

    def handle_data(self, data):
        if self._skip:
            return
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _read(html_text: str) -> _Reader:
    r = _Reader()
    r.feed(html_text)
    r.close()
    return r


def page_text(html_text: str) -> str:
    """The visible text of a page (no scripts or styles), whitespace collapsed."""
    return " ".join("".join(_read(html_text).text).split())


def page_tables(html_text: str) -> list[list[list[str]]]:
    """Every table of a page as rows of cell texts (headers and data alike)."""
    return [[[t for _, t in row] for row in table] for table in _read(html_text).tables]


#: The text of a stream printed to standard error, as nbconvert renders it.
_STDERR = re.compile(r'data-mime-type="application/vnd\.jupyter\.stderr"[^>]*>(.*?)</div>', re.S)


def review_page(html_text: str, name: str = "page") -> list[str]:
    """What a reader would object to on one rendered page.

    Parameters
    ----------
    html_text : str
        The page's HTML (a rendered notebook or the index).
    name : str
        Prefix of every problem (the page's name).

    Returns
    -------
    list of str
        One line per problem; empty when the page reads cleanly.
    """
    r = _read(html_text)
    problems = []
    if r.code_cells:
        problems.append(f"{r.code_cells} code cell(s) shown")
    if r.stderr:
        first = _STDERR.search(html_text)
        said = re.sub(r"<[^>]+>|\s+", " ", first.group(1)).strip()[:300] if first else ""
        problems.append(f"{r.stderr} warning or error stream(s) printed on the page: {said!r}")
    text = " ".join("".join(r.text).split())
    if re.search(r"\b(PosixPath|WindowsPath)\(|<[a-zA-Z_.]+ object at 0x", text):
        problems.append("a program's value is printed (a path or an object)")
    if "Traceback (most recent call last)" in text or re.search(r"\b\w+Error: ", text):
        problems.append("an error or traceback is shown")
    for i, table in enumerate(r.tables, 1):
        seen = set()
        for row in table:
            texts = tuple(t for _, t in row)
            if any(k == "td" for k, _ in row):
                if texts in seen:
                    problems.append(f"table {i}: row printed twice: {' | '.join(texts)[:120]}")
                seen.add(texts)
            for kind, t in row:
                if kind == "td" and t and _PLACEHOLDER.search(t):
                    problems.append(f"table {i}: placeholder in a cell: {t[:80]!r} (row {texts[0][:40]!r})")
                if kind == "th" or (row and (kind, t) == row[0]):
                    m = _CODE_NAME.search(t)
                    if m:
                        problems.append(
                            f"table {i}: label names a program variable: {m.group(0)!r} in {t[:60]!r}"
                        )
                if kind == "td" and t.endswith("..."):
                    problems.append(f"table {i}: cell cut short: {t[-60:]!r}")
                if _BARE_COUNT.match(t):
                    problems.append(f"table {i}: count without a thousands separator: {t}")
                if _POINT_THOUSANDS.search(t):
                    problems.append(f"table {i}: points as thousands separators: {t[:60]}")
    return [f"{name}: {p}" for p in dict.fromkeys(problems)]


def review_report(folder) -> list[str]:
    """:func:`review_page` of every ``*.html`` in a report folder (the index included)."""
    problems = []
    for f in sorted(Path(folder).glob("*.html")):
        problems += review_page(f.read_text(encoding="utf-8"), f.stem)
    return problems
