"""The report's ``index.html``: the summary a reader cites.

One findings table (each headline question of
:data:`analysis.research.headline.QUESTIONS` answered per profile, with its
interval and its n in the figure's own unit, from the
``headline-<name>.json`` the pages write; a missing one is marked and
makes the report incomplete), a line per profile, the caveats (the
single-dummy comparison computed from that page's figures), the datasets
with their content hashes and links to the pages with their run times.
"""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

from .. import reference
from ..atomic import replace_file
from ..research.headline import QUESTIONS, missing, read_headlines
from ..research.notebook import commit
from ..rules import PROFILES as PROFILE_RULES
from ..version import __version__
from .profiles import profile_line

#: The profiles the index reports, default first.
PROFILES = tuple(PROFILE_RULES)

__all__ = ["write_index", "ANSI", "missing_headlines"]

#: Terminal colour codes, stripped from tracebacks shown in the index.
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A figure holds a number (else it is a result or a reason in words).
_DIGIT = re.compile(r"\d")
#: What the pages table's run time counts (the pages' own closing line counts less).
RUN_TIME_NOTE = (
    "The run time is the whole run of a page as the report makes it: the check of the pools it reads, "
    "the kernel's start, the imports, every cell and the writing of its HTML. A page's own closing line "
    "(\u201cThis page ran in\u201d) counts only its cells from the end of the imports, so it is lower "
    "by those steps."
)


CAVEATS = (
    "The games (bolts in games, the barrel, the conventions page) are played with <b>own "
    "information</b>: every decision (bid, gift, contract, write-off, every card) is the deciding "
    "player's, from his own cards and what he has seen, by Monte Carlo over double-dummy solves "
    "of the layouts he cannot see (PIMC; docs/SINGLE_DUMMY.md), read from the single-dummy "
    "reference pools. A rule set that no single-dummy pool serves (one that changes how a deal "
    "is played or decided) is played double-dummy, and its row says so. The row <i>double-dummy "
    "optimism in whole games</i> plays the same deals both ways.",
    "The per-deal figures (redeal rates, the chance a value reaches a contract, bolted defenders) "
    "are <b>double-dummy</b>: the solver plays each deal perfectly with every card visible, the "
    "declarer (after the best exchange) and both defenders alike. Seeing every card helps the "
    "defence as much as the declarer, so a double-dummy figure is neither a ceiling nor a floor "
    "for real play: {gap}",
    "Whole games use each profile's default <b>bidding policy</b>: each player bids up to the "
    "highest contract the default bidding model gives a chance of at least one half (the model's "
    "fit is described on each page), and claims the redeals the profile allows.",
    "The single-dummy pools are small ({sd_sizes}), so "
    "own-information games draw their deals <b>with replacement</b> and many draws repeat a deal "
    "drawn before (more than half at the full sizes of the pages): each page counts the repeats "
    "and widens its intervals for them, by a two-way bootstrap over games and pool deals (Owen, "
    "2007), for a share of auctions by an effective count of at most one auction per distinct "
    "deal, or, for a figure of whole games and in the paired comparisons of <code>thousand "
    "compare</code>, by the root of the draws per distinct deal (an upper bound; the "
    "score-and-bid page's paired games show theirs unwidened and say whether that widening "
    "would change any verdict). The "
    "double-dummy games set beside them draw the same deals the same way. Elsewhere a rule set "
    "no single-dummy pool serves draws the double-dummy pools (50,000–100,000 deals) without "
    "replacement, each game its own block of the pool; the paired comparisons (the conventions "
    "page, the dark-play and golden-round games) draw those pools with replacement instead, so "
    "that every rule set plays the same deals, and their pages count those repeats too and "
    "widen their intervals for them the same way.",
    "Every estimated figure has an interval in brackets: a 95 % interval (a share of (deal, seat) "
    "rows has one clustered by deal), except {widened} Under each figure, <i>n</i> is its sample "
    "size in the figure's own unit (deals, seats, defenders, stays or games).",
)


def _sd_sizes() -> str:
    """The built single-dummy pools and their deals, in words (for the caveats)."""
    try:
        pools = [p for p in reference.sd_pools() if p.state == "built"]
    except Exception as exc:  # a damaged registry must not hide the report
        return f"their sizes could not be read: {exc}"
    if not pools:
        return "none is built"
    return ", ".join(f"{p.name} {p.deals:,} deals" for p in pools)


def _gap_sentence(heads: dict) -> str:
    """What the single-dummy page measured of the double-dummy figures (computed)."""
    rows = heads.get(("single_dummy", "optimism"), {})
    gaps = {p: r["gap"] for p, r in rows.items() if isinstance(r.get("gap"), list)}
    if not gaps:
        return "the single-dummy page, which measures by how much, did not run in this report."
    above = [p for p, (_, lo, _) in gaps.items() if lo > 0]
    below = [p for p, (_, _, hi) in gaps.items() if hi < 0]
    zero = [p for p in gaps if p not in above + below]
    parts = []
    if zero:
        parts.append(
            f"on {', '.join(zero)} the declarer's mean double-dummy value is within the noise of "
            "his single-dummy value (PIMC play: each player sees only his cards)"
        )
    if above:
        parts.append(f"on {', '.join(above)} double-dummy overstates the declarer's value")
    if below:
        parts.append(f"on {', '.join(below)} double-dummy understates it (perfect defence costs him more)")
    worst = max(gaps.items(), key=lambda kv: abs(kv[1][0]))
    return (
        "the single-dummy page measures it: "
        + "; ".join(parts)
        + f". The largest mean gap, double- minus single-dummy, is {worst[1][0]:+.1f} points "
        f"({worst[0]}); individual deals differ by far more either way."
    )


#: What a widened interval is, in the caveats and under the findings.
WIDENED = (
    "a figure of whole games or of barrel stays (a win share, stays won, S(1), deals per game) from "
    "games whose pool deals repeat: its interval is a <i>widened</i> 95 % interval, the bootstrap "
    "interval over games scaled by the root of the draws per distinct pool deal, an upper bound "
    "wider than a 95 % interval (each page gives the factor)"
)


def _widened(heads: dict, pages) -> str:
    """The caveat's sentence on widened intervals, naming the findings whose pages flag one."""
    rows = [
        label
        for page, key, label in _columns(heads, pages)
        if any(r.get("widened") for r in heads.get((page, key), {}).values())
    ]
    if not rows:
        return WIDENED + "; no finding of this report carries one."
    named = "; ".join(f"<i>{html.escape(r)}</i>" for r in rows)
    return f"{WIDENED}. The findings that carry one: {named}."


def _columns(heads: dict, pages) -> list[tuple[str, str, str]]:
    """``(page, key, label)`` of the rows of the findings table, in reading order."""
    cols = [(q.page, q.key, q.label) for q in QUESTIONS if q.page in pages]
    known = {(q.page, q.key) for q in QUESTIONS}
    cols += [(pg, k, k) for pg in pages for (p2, k) in heads if p2 == pg and (pg, k) not in known]
    return cols


def _findings(heads: dict, pages, profiles) -> str:
    cols = _columns(heads, pages)
    if not cols:
        return "<p>No headline figures (no page ran).</p>"
    out = ["<table class='headline'><tr><th>figure</th>"]
    out += [f"<th>{html.escape(p)}</th>" for p in profiles]
    out.append("</tr>")
    for page, key, label in cols:
        got = heads.get((page, key), {})
        cells = []
        seen: dict = {}  # (figure, n) -> the first profile that gave it
        for prof in profiles:
            r = got.get(prof)
            if r is None:
                cells.append("<td class='missing'><b>missing</b>: the page saved no figure</td>")
                continue
            fig = html.escape(str(r["figure"]))
            same = ""
            if not r.get("applies", True):
                fig = f"<i>{fig}</i>"
            elif _DIGIT.search(str(r["figure"])):
                # two profiles that read one pool under rules alike: say so, or it reads as a slip
                # (a result in words, such as "no effect distinguishable", is not such a figure)
                first = seen.setdefault((str(r["figure"]), str(r["n"])), prof)
                if first != prof:
                    same = f"<br><small><b>the same figure as {html.escape(first)}</b></small>"
            wide = "<br><small>intervals marked widened: upper bounds, wider than 95 %</small>"
            wide = wide if r.get("widened") else ""
            cells.append(
                f"<td><a href='{page}.html'>{fig}</a><br><small>n = {html.escape(str(r['n']))}</small>"
                f"{wide}{same}</td>"
            )
        out.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells)}</tr>")
    out.append(
        "</table><p><small>95 % intervals in brackets, except where a cell says <i>widened</i> "
        "(see the caveats); each figure links to its page.</small></p>"
    )
    return "".join(out)


def _profiles_table(profiles) -> str:
    rows = []
    for p in profiles:
        what, how = profile_line(p)
        rows.append(
            f"<tr><th>{html.escape(p)}</th><td>{html.escape(what)}</td><td>{html.escape(how)}</td></tr>"
        )
    return (
        "<table><tr><th>profile</th><th>what it is (RULES.md)</th><th>redeals, and which deals the "
        f"figures keep</th></tr>{''.join(rows)}</table>"
    )


def _datasets_table() -> str:

    items = []
    for p in reference.pools():
        items.append(
            f"<tr><td>{p.name}</td><td>{p.rules}</td><td>{p.deals:,}</td><td>{reference.SEED}</td>"
            f"<td><code>{html.escape(str(p.content_hash))}</code></td>"
            f"<td><code>{p.fingerprint}</code></td></tr>"
        )
    return (
        "<table><tr><th>pool</th><th>solved under</th><th>deals</th><th>seed</th>"
        "<th>content hash</th><th>solver fingerprint</th></tr>"
        + "".join(items)
        + f"</table><p><small>All pools are dealt from seed {reference.SEED} with the same chunk "
        "size, so the smaller pools' deals are the first deals of club's. classic reads club's "
        "pool (the same play). The single-dummy pools' seeds are on the single-dummy "
        "page.</small></p>"
    )


def missing_headlines(data, pages) -> list[str]:
    """The headline figures the pages that ran did not save (``page: question (profile)``)."""
    return missing(data, pages, PROFILES)


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
        "<style>body{font-family:sans-serif;max-width:80em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
        "vertical-align:top;text-align:left}td.missing{background:#fdd}"
        ".incomplete{background:#fdd;padding:8px}</style>"
    )
    pages = [r[0] for r in rows]
    heads = read_headlines(data, pages) if data is not None else {}
    gaps = missing_headlines(data, pages) if data is not None else []
    banner = (
        f"<p class='incomplete'><b>Incomplete report</b>: {len(gaps)} headline figure(s) missing: "
        f"{html.escape('; '.join(gaps))}.</p>"
        if gaps
        else ""
    )
    caveats = [
        c.replace("{gap}", _gap_sentence(heads))
        .replace("{sd_sizes}", _sd_sizes())
        .replace("{widened}", _widened(heads, pages))
        for c in CAVEATS
    ]
    page = (
        f"<!doctype html><meta charset='utf-8'><title>Thousand research report</title>{style}"
        f"<h1>Thousand research report</h1><p>thousand-analysis {__version__} at commit "
        f"{html.escape(commit())}, {'quick (small sizes)' if quick else 'default sizes'}, made "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} in {total:,.0f} s.</p>{banner}"
        f"<h2>Findings</h2>{_findings(heads, pages, PROFILES) if data is not None else ''}"
        f"<h2>Profiles</h2>{_profiles_table(PROFILES)}"
        f"<h2>Caveats</h2><ul>{''.join(f'<li>{c}</li>' for c in caveats)}</ul>"
        f"<h2>Datasets</h2>{datasets}"
        f"<h2>Pages</h2><table><tr><th>page</th><th>run time (whole run)</th><th>status</th></tr>"
        f"{items}</table><p><small>{RUN_TIME_NOTE}</small></p>"
    )
    return replace_file(out / "index.html", lambda tmp: tmp.write_text(page, encoding="utf-8"))
