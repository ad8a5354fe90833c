"""The headline figures the research pages hand to the report's index.

Each page ends by saving one figure per profile for each of its
:data:`QUESTIONS` (:func:`save_headline`, a ``headline-<page>.json`` in
the datasets folder); the index (:mod:`analysis.report.index`) shows them
side by side and names every one that is missing (:func:`missing`), which
fails the report.  A figure that does not apply to a profile is saved all
the same, as the reason in words (``no bolts by rule``), never as a dash.

Every figure carries its ``n`` in the figure's own unit (``91,875 played
deals (183,750 defenders)``, ``2,780 barrel stays in 1,000 games``), as text
the index prints under it.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["QUESTIONS", "save_headline", "not_applicable", "read_headlines", "missing"]


@dataclass(frozen=True)
class Question:
    """One column of the index: a page's headline figure, asked of every profile.

    Attributes
    ----------
    page : str
        The notebook's name (``bolts``).
    key : str
        The figure's name in the page's ``headline-<page>.json``.
    label : str
        The column's header: what was measured, in a reader's words.
    """

    page: str
    key: str
    label: str


#: The index's columns, in reading order.  A page not listed here may still
#: save headlines: they are shown after these, under the label it gives.
QUESTIONS = (
    Question(
        "redeals",
        "redeal_rate",
        "Deals redealt for a condition of the deal itself (share of deals dealt; exact value; "
        "redeals after the exchange not included)",
    ),
    Question(
        "bidding_odds",
        "reach",
        "Chance one seat's double-dummy value reaches 120 / 140 (any hand, not the auction's winner)",
    ),
    Question(
        "bidding_odds",
        "bid_success",
        "Bids won in the auction and made, in simulated games: own information (OI), double-dummy (DD) "
        "beside; the first hand's 100 kept (everyone else passed) apart, named as each profile's rules "
        "make it: forced (he must open exactly 100) or his own opening (at least 100)",
    ),
    Question(
        "bolts",
        "bolts",
        "Bolts: defenders bolted (double-dummy, per deal) and bolts per 100 played deals "
        "(games, own information)",
    ),
    Question(
        "barrel",
        "barrel",
        "Barrel stays won, and stays still on the barrel after one deal, S(1) (games, own information)",
    ),
    Question(
        "barrel",
        "both_ways",
        "Double-dummy optimism in whole games: the same deals played double-dummy (DD) and with "
        "own information (OI), DD − OI",
    ),
    Question("conventions", "largest", "Largest effect of one house convention on deals per game"),
    Question(
        "single_dummy",
        "optimism",
        "Double- against single-dummy: P(value ≥ 120) both ways, and the mean value gap DD − SD, on the "
        "declarer seats that have a single-dummy play only (a subset: seats written off without one are "
        "left out, so the chance is not every seat's; the single-dummy page sets every seat's beside it)",
    ),
    Question(
        "score_and_bid",
        "equity_gain",
        "Reading the score: the win share of one seat bidding by game equity minus the same seat's in "
        "all-threshold games (paired games)",
    ),
    Question(
        "dark_golden",
        "dark",
        "Dark play: P(a blind first hand makes 120), and going dark minus bidding normally, points a "
        "deal (double-dummy, per deal)",
    ),
    Question(
        "dark_golden",
        "golden",
        "Golden round: share of games won by the first hand of the first deal, with a golden start and "
        "without (each figure names how its games were played)",
    ),
)

#: What a figure's text must not be or contain: a placeholder where a
#: figure belongs.
_PLACEHOLDER = re.compile(r"(^\s*$|—|\bnan\b|\bNaN\b|\bNone\b|<NA>)")


def check_figure(text: str, what: str = "figure") -> str:
    """``text`` if it reads as a figure or a reason, else ``ValueError``.

    Raises
    ------
    ValueError
        If the text is empty or holds a dash, ``nan``, ``None`` or ``<NA>``
        where a figure belongs.
    """
    if not isinstance(text, str) or _PLACEHOLDER.search(text):
        raise ValueError(f"{what} {text!r} is a placeholder, not a figure or a reason")
    return text


def not_applicable(profile: str, question: str, why: str, n: str) -> dict:
    """A headline row that gives the reason a figure does not apply, in place of the figure.

    Parameters
    ----------
    profile, question : str
        As in the rows of :func:`save_headline`.
    why : str
        The reason in words (``no bolts by rule``), never a dash.
    n : str
        What the reason rests on, in its own unit (``0 barrel stays in 1,000 games``).

    Returns
    -------
    dict
        ``profile``, ``question``, ``applies`` (False), ``figure`` (``why``), ``n``.

    Examples
    --------
    >>> not_applicable("book", "bolts", "no bolts by rule", "no deals")["applies"]
    False
    """
    return {"profile": profile, "question": question, "applies": False, "figure": why, "n": n}


def save_headline(page: str, rows: list, data) -> Path:
    """Write a page's headline figures for the report's index page.

    Parameters
    ----------
    page : str
        The notebook's name (``bolts``).
    rows : list of dict
        One per profile and question: ``profile``, ``question`` (a
        :class:`Question` key, or for a page not in :data:`QUESTIONS` the
        column's label), ``figure`` (the text, or the reason it does not
        apply), ``n`` (its sample size in the figure's own unit, text) and
        optionally ``applies`` (False for a reason in place of a figure) and
        ``widened`` (True where an interval of the figure is a widened 95 %
        interval, :meth:`analysis.research.uncertainty.PoolBootstrap.widen`:
        the index names such findings).
        A legacy ``deals`` (int or text) stands for ``n`` in deals.
    data : path
        The datasets folder (``THOUSAND_DATA``).

    Returns
    -------
    Path
        ``headline-<page>.json`` in ``data`` (written atomically).

    Raises
    ------
    ValueError
        If a row lacks a field or its figure or n is a placeholder
        (:func:`check_figure`).
    """
    out = []
    for r in rows:
        r = dict(r)
        if "n" not in r and "deals" in r:
            d = r.pop("deals")
            r["n"] = f"{d:,} deals" if isinstance(d, int) else str(d)
        for k in ("profile", "question", "figure", "n"):
            if k not in r:
                raise ValueError(f"headline row of {page} lacks {k!r}: {r}")
        check_figure(r["figure"], f"{page} {r['question']} {r['profile']}")
        check_figure(r["n"], f"{page} {r['question']} {r['profile']} n")
        r.setdefault("applies", True)
        out.append(r)
    folder = Path(data)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"headline-{page}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, default=_plain, ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)
    return path


def _plain(v):
    if hasattr(v, "item"):
        return v.item()
    if isinstance(v, float) and not math.isfinite(v):
        raise ValueError("a headline holds a non-finite number")
    return str(v)


def read_headlines(data, pages) -> dict:
    """The saved headlines of ``pages``: ``{(page, question): {profile: row}}``."""
    out: dict = {}
    for page in pages:
        f = Path(data) / f"headline-{page}.json"
        if f.exists():
            for r in json.loads(f.read_text("utf-8")):
                out.setdefault((page, r["question"]), {})[r["profile"]] = r
    return out


def missing(data, pages, profiles) -> list[str]:
    """The headline figures of ``pages`` that were not saved, as ``page: question (profile)``.

    Every :class:`Question` of a page that ran must have one figure (or a
    reason) per profile.
    """
    got = read_headlines(data, pages)
    gaps = []
    for q in QUESTIONS:
        if q.page not in pages:
            continue
        have = got.get((q.page, q.key), {})
        gaps += [f"{q.page}: {q.label} ({p})" for p in profiles if p not in have]
    return gaps
