"""Read a rendered report page as a reader would, and list what is wrong with it.

:func:`review_page` takes the HTML of a page (or of the index), reduces it
to its text and tables and reports what a researcher citing it would trip
over: a code cell on the page, a warning printed by the code, a traceback, a dash, ``NaN`` or ``None``
where a figure belongs, a table row printed twice, a header or row label
that is a program's name (``four_nines_any``), a cell cut short (``...``), a count of five digits or
more without a thousands separator or with a point as one; in the prose as
well as the tables, a program's identifier (``hand_odds``, a module path
``analysis.odds``, a class name ``BidModel`` or its repr ``BidModel(rows=1)``;
the names of rules settings, which a reader types after ``--set``, are
words of the guide), an interval of no width (``0.0 % (0.0–0.0)``: nothing
is known that exactly), a count that disagrees with its noun (``1 deals``),
a table whose rows differ only by their label (variants that played alike,
unless the label says so), a negative number written with a hyphen-minus
(the report's minus is U+2212: :func:`analysis.research.notebook.fmt_num`),
cells of one table row that are percentages printed to different decimals
(a share beside the exact value it is compared with), a header row that
holds only the names of the row labels (pandas' index names, ``rules``,
``item``, on a line of their own under the column labels: it reads as an
empty row; :func:`analysis.research.notebook.frame_html` puts them in the
header instead), an image without a description (alt text).
:func:`review_report` reviews every page of a report folder and checks that
every number the index cites under a page's figure is printed on that page
(the same n in both places).  The tests run it on the quick report (``make
test``) and the full one (``make verify``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import fields
from html.parser import HTMLParser
from pathlib import Path

from ..rules import PROFILES, Rules

__all__ = ["page_tables", "page_text", "review_page", "review_report", "index_against_pages", "one_commit"]

#: A cell that holds a placeholder where a figure belongs.
_PLACEHOLDER = re.compile(r"^\s*(—|–|-|nan|NaN|None|<NA>|NaT|inf|-inf)\s*$|\bnan\b|\bNaN\b|<NA>|\bNone\b")
#: A program's name: lower-case words joined by underscores (``barrel_exit``).
_CODE_NAME = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w(])")
#: A count of five digits or more without a separator, or with points as separators.
_BARE_COUNT = re.compile(r"^\s*\d{5,}\s*$")
_POINT_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?![\d.,])")
#: A program's identifier in prose: snake case, a module path, a class name, a repr.
_PROSE_NAME = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?=\()")
_MODULE_PATH = re.compile(r"(?<!-m )\banalysis(?:\.[A-Za-z_]\w*)+")  # not a command: python -m ...
_CLASS_NAME = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")
_REPR = re.compile(r"\b[A-Za-z_]\w*\((?:[a-z_]\w*=|\))")
#: Product names spelt in camel case, which are words, not identifiers.
_PRODUCTS = {"JupyterLab", "GitHub", "NumPy", "SciPy", "PyPI", "LaTeX", "JavaScript"}
#: An interval of no width: ``x (a–a)`` or ``x % (a–a)``.
_NUM = r"[-+−]?[\d,]+(?:\.\d+)?"
_INTERVAL = re.compile(rf"({_NUM})\s*%?\s*\(({_NUM})\s*(?:–|-| to )\s*({_NUM})\)")
#: A hyphen-minus used as a minus sign: before a digit, after a space, a bracket or the start.
_HYPHEN_MINUS = re.compile(r"(?<![\w.,+\-−–/:=])-(?=\d)")
#: A cell that is a percentage (perhaps with its interval): its decimals.
_PERCENT_CELL = re.compile(r"^\d[\d,]*(?:\.(\d+))? %")
#: Nouns the report counts, singular -> plural.
_NOUNS = {
    w: w + "s"
    for w in (
        "deal",
        "game",
        "stay",
        "hand",
        "seat",
        "defender",
        "player",
        "row",
        "bid",
        "cell",
        "variant",
        "contract",
        "world",
        "sample",
        "trick",
        "bolt",
        "redeal",
        "replicate",
        "figure",
    )
}
_COUNT_NOUN = re.compile(
    r"(?<![\w.,−-])(\d[\d,]*(?:\.\d+)?) ("
    + "|".join(sorted(set(_NOUNS) | set(_NOUNS.values()), key=len, reverse=True))
    + r")\b(?![-\w])"
)
#: Tags that end a run of text (a paragraph, a heading, a table cell).
_BLOCKS = {"p", "div", "li", "td", "th", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"}
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
        self.images: list[str] = []  # the alt text of every image ("" if none)
        self.lines: list[str] = []  # the text with a line break at each block and cell

    def handle_starttag(self, tag, attrs):
        self.text.append(" ")
        self.lines.append("\n" if tag in _BLOCKS else " ")
        a = dict(attrs)
        if tag == "img":
            self.images.append((a.get("alt") or "").strip())
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
        self.lines.append(data)
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
    for line in "".join(r.lines).split("\n"):  # a sentence or a cell: no run across cells
        problems += _prose_problems(" ".join(line.split()))
    problems += [
        f"image {i} has no description (alt text)"
        for i, alt in enumerate(r.images, 1)
        if not alt or alt.startswith("No description")
    ]
    for i, table in enumerate(r.tables, 1):
        problems += _alike_rows(i, table)
        names = _names_row(table)
        if names:
            said = " | ".join(names)[:80]
            problems.append(f"table {i}: a header row holds only the row labels' names: {said!r}")
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
            shares = [_PERCENT_CELL.match(t) for k, t in row if k == "td"]
            decimals = {len(m.group(1) or "") for m in shares if m}
            if len(decimals) > 1:
                both = " and ".join(map(str, sorted(decimals)))
                problems.append(f"table {i}: percentages of one row to {both} decimals: {texts[0][:40]!r}")
    return [f"{name}: {p}" for p in dict.fromkeys(problems)]


def _names_row(table) -> list[str]:
    """The texts of a header row (not the first) that names the row labels and is empty after them.

    Only as many leading cells as the body rows have row labels can be
    their names: a second row of column labels (a column level's name and
    its labels) is not one.
    """
    body = next((row for row in table if any(kind == "td" for kind, _ in row)), None)
    labels = 0 if body is None else next((j for j, (kind, _) in enumerate(body) if kind != "th"), len(body))
    for row in table[1:]:
        if not row or any(kind != "th" for kind, _ in row):
            continue
        texts = [t for _, t in row]
        k = next((j for j, t in enumerate(texts) if not t), len(texts))
        if 0 < k <= labels and k < len(texts) and not any(texts[k:]):
            return texts[:k]
    return []


@functools.lru_cache(maxsize=1)
def _setting_names() -> frozenset:
    """Names of the rules settings (``--set NAME=VALUE``): words of the guide, not code."""
    return frozenset(f.name for f in fields(Rules))


def _prose_problems(text: str) -> list[str]:
    """Identifiers, reprs, intervals of no width and counts at odds with their noun in ``text``."""
    out = []
    settings = _setting_names()
    names = {m.group(0) for m in _CODE_NAME.finditer(text) if m.group(0) not in settings}
    names |= {m.group(0) for m in _PROSE_NAME.finditer(text) if m.group(0) not in settings}
    names |= {m.group(0) for m in _MODULE_PATH.finditer(text)}
    names |= {m.group(0) for m in _CLASS_NAME.finditer(text) if m.group(0) not in _PRODUCTS}
    names |= {m.group(0) for m in _REPR.finditer(text)}
    out += [f"the text names a program's identifier: {n!r}" for n in sorted(names)]
    for m in _HYPHEN_MINUS.finditer(text):
        out.append(f"a minus sign written as a hyphen: {text[max(0, m.start() - 20) : m.end() + 10]!r}")
    for m in _INTERVAL.finditer(text):
        lo, hi = (float(g.replace(",", "").replace("−", "-")) for g in m.group(2, 3))
        if lo == hi:
            out.append(f"an interval of no width (nothing is known that exactly): {m.group(0)!r}")
    for m in re.finditer(r"\b(?:Conclusion|Verdict|Reading the table)\. ([a-z]\w*)", text):
        if m.group(1) not in PROFILES:  # a profile's name is spelt in lower case
            out.append(f"a sentence starts in lower case: {m.group(0)!r}")
    for m in _COUNT_NOUN.finditer(text):
        number, noun = m.group(1), m.group(2)
        if "." in number:
            continue
        one = number == "1"
        if one and noun in _NOUNS.values():
            out.append(f"a count at odds with its noun: {m.group(0)!r}")
        elif not one and noun in _NOUNS:
            out.append(f"a count at odds with its noun: {m.group(0)!r}")
    return out


def _alike_rows(i: int, table) -> list[str]:
    """Sibling rows of one table (labels equal but the last) whose figures are the same, unless
    a label says so: two variants, or two conditions, that gave one result."""
    groups: dict = {}
    for row in table:
        labels = tuple(t for k, t in row if k == "th")
        values = tuple(t for k, t in row if k == "td")
        if labels and len(values) >= 2 and "0" not in values:  # two counts of nothing are alike
            groups.setdefault((labels[:-1], values), []).append(" / ".join(labels))
    out = []
    for labels in groups.values():
        labels = list(dict.fromkeys(labels))
        if len(labels) > 1 and not any(
            re.search(r"identical|same (?:figures |deals )?as|alike", lab) for lab in labels
        ):
            out.append(
                f"table {i}: rows {', '.join(repr(lab[:50]) for lab in labels)} show the same figures "
                "and no label says they are identical"
            )
    return out


def review_report(folder) -> list[str]:
    """:func:`review_page` of every ``*.html`` in a report folder (the index included)."""
    problems = []
    pages = {f.stem: f.read_text(encoding="utf-8") for f in sorted(Path(folder).glob("*.html"))}
    for name, html_text in pages.items():
        problems += review_page(html_text, name)
    if "index" in pages:
        problems += index_against_pages(pages["index"], pages)
    return problems + one_commit(pages)


#: The commit the index's heading names ("... at commit abc123, quick ...").
_INDEX_COMMIT = re.compile(r"at commit ([^,<]+)")


def one_commit(pages: dict) -> list[str]:
    """Whether every page of a report names the same source commit.

    A report read as one piece of work must come from one state of the
    code: a page built before a commit and another after it can disagree
    for reasons no page shows.

    Parameters
    ----------
    pages : dict of str -> str
        The HTML of every page, by name; a notebook page names its commit
        in its "This page ran" table (row ``commit``), the index in its
        heading.

    Returns
    -------
    list of str
        One line naming each commit and its pages when they differ, else
        empty (pages that name no commit are not counted).
    """
    named = {}
    for name, html_text in pages.items():
        found = [
            row[1]
            for table in page_tables(html_text)
            for row in table
            if len(row) == 2 and row[0] == "commit"
        ]
        if not found:
            found = _INDEX_COMMIT.findall(html_text)[:1]
        for c in dict.fromkeys(found):
            named.setdefault(c.strip(), []).append(name)
    if len(named) < 2:
        return []
    return [
        "report: its pages name "
        + f"{len(named)} commits: "
        + "; ".join(f"{c} ({', '.join(sorted(ps))})" for c, ps in sorted(named.items()))
    ]


#: A figure of the index: its page, its text and its n.
_INDEX_CELL = re.compile(r"<td><a href='([\w-]+)\.html'>(.*?)</a><br><small>(.*?)</small></td>", re.S)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?")  # "4," ends a clause: 4


def index_against_pages(index_html: str, pages: dict) -> list[str]:
    """Numbers the index cites under a page's figure that the page itself does not print.

    Parameters
    ----------
    index_html : str
        The report's ``index.html``.
    pages : dict of str -> str
        The HTML of every page, by name.

    Returns
    -------
    list of str
        One line per number of an index cell (figure or n) missing from
        its page's text: the reader who follows the link must find the
        same figure and the same n there.
    """
    out = []
    texts = {}
    for page, figure, n in _INDEX_CELL.findall(index_html):
        if page not in pages:
            continue
        if page not in texts:
            texts[page] = set(_NUMBER.findall(page_text(pages[page]).replace("−", "-")))
        cited = page_text(f"<p>{figure} {n}</p>").replace("−", "-")
        gone = [x for x in dict.fromkeys(_NUMBER.findall(cited)) if x not in texts[page]]
        if gone:
            out.append(
                f"index: {page} does not print {', '.join(gone)} that the index cites ({cited[:100]!r})"
            )
    return out
