"""The report's ``index.html``: the summary a reader cites.

One headline table (each research question answered per profile, with its
interval and the distinct solved deals behind it, from the
``headline-<name>.json`` the pages write), the caveats, the datasets with
their content hashes and links to the pages with their run times.
"""

from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path

from .. import reference
from ..atomic import replace_file
from ..version import __version__

__all__ = ["write_index", "ANSI"]

#: Terminal colour codes, stripped from tracebacks shown in the index.
ANSI = re.compile(r"\x1b\[[0-9;]*m")


#: The questions of the headline table, in order, with the page answering each.
QUESTIONS = (
    ("bidding_odds", "P(bid made) for a random hand: 120 / 140"),
    ("redeals", "redeal rate (deals redealt before play)"),
    ("bolts", "bolts"),
    ("barrel", "barrel: win from the barrel (per stay); S(1)"),
    ("conventions", "largest convention effect on deals a game"),
    ("single_dummy", "double-dummy optimism: P(120) both ways, mean value gap"),
)

CAVEATS = (
    "Every outcome but the single-dummy page's is <b>double-dummy</b>: the solver plays each "
    "deal perfectly with every card visible (the declarer after the best exchange). Real "
    "players see less, so bid success is an upper bound and bolts are those perfect defence "
    "cannot avoid; the single-dummy page measures by how much, on the profiles whose "
    "single-dummy pool is built (PIMC play: each player sees only his cards).",
    "Whole games use the default <b>bidding policy</b>: each player bids up to the highest "
    "contract the default BidModel (a logistic model of the double-dummy value from the "
    "visible hand) gives a chance of at least one half, writes off a contract it expects to "
    "lose, and takes redeals the profile allows.",
    "Games draw the reference pools' deals <b>without replacement</b> (each game its own block "
    "of the pool); where a game ran past its block the page says how many draws repeated, and "
    "the intervals come from a bootstrap over games and pool deals.",
    "A share of (deal, seat) rows has an interval clustered by deal; <i>deals</i> is the number "
    "of distinct solved deals behind a figure.",
)


def _count(v) -> str:
    return f"{v:,}" if isinstance(v, int) else str(v)


def _headline_table(data: Path) -> str:

    rows = {}
    for page, _ in QUESTIONS:
        f = Path(data) / f"headline-{page}.json"
        if f.exists():
            for r in json.loads(f.read_text("utf-8")):
                rows.setdefault(r["profile"], {})[r["question"]] = (r["figure"], r["deals"], page)
    if not rows:
        return "<p>No headline figures (the pages did not run).</p>"
    head = "".join(f"<th>{html.escape(q)}</th>" for _, q in QUESTIONS)
    body = []
    for prof in ("club", "classic", "book", "ua", "wiki"):
        if prof not in rows:
            continue
        cells = []
        for page, q in QUESTIONS:
            fig = rows[prof].get(q)
            cells.append(
                "<td>—</td>"
                if fig is None
                else f"<td><a href='{page}.html'>{html.escape(str(fig[0]))}</a>"
                f"<br><small>deals: {html.escape(_count(fig[1]))}</small></td>"
            )
        body.append(f"<tr><th>{prof}</th>{''.join(cells)}</tr>")
    return (
        f"<table class='headline'><tr><th>profile</th>{head}</tr>{''.join(body)}</table>"
        "<p><small>Percentages with 95 % intervals in brackets.</small></p>"
    )


def _datasets_table() -> str:

    items = []
    for p in reference.pools():
        items.append(
            f"<tr><td>{p.name}</td><td>{p.rules}</td><td>{p.deals:,}</td>"
            f"<td><code>{html.escape(str(p.content_hash))}</code></td>"
            f"<td><code>{p.fingerprint}</code></td></tr>"
        )
    return (
        "<table><tr><th>pool</th><th>solved under</th><th>deals</th>"
        "<th>content hash</th><th>solver fingerprint</th></tr>"
        + "".join(items)
        + "</table><p><small>All pools are dealt from seed 1000 with the same chunk size, "
        "so the smaller pools' deals are the first deals of club's. classic reads club's "
        "pool (the same play).</small></p>"
    )


def write_index(out: Path, rows: list, quick: bool, data: Path | None = None) -> Path:
    """Write ``index.html``: headline table, caveats, datasets and page links.

    Parameters
    ----------
    out : Path
        The report folder.
    rows : list of (name, seconds, error or None, title)
        One per executed notebook, in order.
    quick : bool
        The notebooks ran at their small sizes.
    data : Path, optional
        The datasets folder holding the pages' ``headline-<name>.json``
        (no headline table when None).

    Returns
    -------
    Path
        The index file, written to a temporary name and renamed.
    """

    def status(e):
        if e is None:
            return "ok"
        text = ANSI.sub("", str(e)).strip().splitlines() or [type(e).__name__]
        return "failed: " + html.escape(text[-1][:200])

    items = "\n".join(
        f"<tr><td><a href='{html.escape(n)}.html'>{html.escape(title)}</a></td>"
        f"<td>{t:.0f} s</td><td>{status(e)}</td></tr>"
        for n, t, e, title in rows
    )
    total = sum(r[1] for r in rows)
    try:
        datasets = _datasets_table()
    except Exception as exc:  # a damaged pool must not hide the pages' links
        datasets = f"<p>datasets unavailable: {html.escape(str(exc))}</p>"
    style = (
        "<style>body{font-family:sans-serif;max-width:70em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
        "vertical-align:top}</style>"
    )
    page = (
        f"<!doctype html><meta charset='utf-8'><title>Thousand research report</title>{style}"
        f"<h1>Thousand research report</h1><p>thousand-analysis {__version__}, "
        f"{'quick (small sizes)' if quick else 'default sizes'}, made "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} in {total:.0f} s.</p>"
        f"<h2>Findings</h2>{_headline_table(data) if data is not None else ''}"
        f"<h2>Caveats</h2><ul>{''.join(f'<li>{c}</li>' for c in CAVEATS)}</ul>"
        f"<h2>Datasets</h2>{datasets}"
        f"<h2>Pages</h2><table><tr><th>page</th><th>run time</th><th>status</th></tr>"
        f"{items}</table>"
    )
    return replace_file(out / "index.html", lambda tmp: tmp.write_text(page, encoding="utf-8"))
