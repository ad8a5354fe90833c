"""The stored paired games: where their blocks live, their tables, the shipped summary.

The paired games of :mod:`analysis.equity.paired` (and the bold arm of
:mod:`analysis.equity.bolder`) are stored per block of :data:`BLOCK` games
as small JSON files under a data folder, one folder per profile::

    <data>/<profile>/threshold-000000.json   all three on the threshold policy
    <data>/<profile>/equity-000000.json      one seat on the equity policy
    <data>/<profile>/step2/equity-000000.json, step2/model.json   later steps

Each block records ``profile``, ``arm``, ``start``, ``games`` (per seat),
``seed``, ``step``, ``seats``, ``winners`` and, where recorded, ``deals``
(the pool deals its played deals drew) and ``outcomes`` (``"pimc"`` for
own-information games).  This module reads them into one row per profile
(:func:`step_summary`), merges those rows into the summary shipped with the
package (:data:`SUMMARY_FILE`, read by the research page) and prints them.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ..atomic import replace_file
from ..errors import BadArgument
from ..game import repeat_counts
from ..rules import PROFILES
from ..stats import mean_ci, proportion_ci, widen

__all__ = [
    "SEED",
    "all_steps",
    "format_summary",
    "merged_own_information",
    "merged_rows",
    "shipped_summary",
    "step_summary",
    "summary",
    "verdict",
]

#: Games per stored block.
BLOCK = 50
#: Root seed of the paired games.
SEED = 3601
#: Root seed of the games each refit of :func:`analysis.equity.paired.iterate`
#: is fitted on (the shipped fits' seed).
FIT_SEED = 36
#: Default folders of the stored blocks, by the games' outcomes.
DATA = {"dd": "data/equity/paired", "pimc": "data/equity/paired-pimc"}
#: The summary shipped with the package (``show --save``), read by the research page.
SUMMARY_FILE = Path(__file__).parent / "paired_summary.json"


def block_path(data, profile: str, arm: str, start: int, step: int = 1) -> Path:
    """The file of one block: ``arm`` (``threshold``, ``equity``, ``bold0.35``) from game ``start``."""
    folder = Path(data) / profile
    if step > 1 and arm == "equity":
        folder = folder / f"step{step}"
    return folder / f"{arm}-{start:06d}.json"


def blocks(games: int, limit: int | None = None):
    """The stored blocks of a profile's ``3 * games`` paired games, in order.

    Game ``g`` has its studied seat (the equity or the bold player) at
    ``g // games``; a block of :data:`BLOCK` games straddles two seats when
    ``games`` is not a multiple of it.

    Parameters
    ----------
    games : int
        Games per studied seat.
    limit : int, optional
        Only the first ``limit`` games, rounded up to whole blocks.

    Yields
    ------
    start : int
        The block's first game.
    runs : list of (seat, first, count)
        Its games by studied seat: ``count`` games from game ``first`` with
        the seat ``seat``.
    """
    total = 3 * games if limit is None else min(3 * games, BLOCK * -(-limit // BLOCK))
    for start in range(0, total, BLOCK):
        stop = min(start + BLOCK, total)
        runs = []
        for seat in range(start // games, (stop - 1) // games + 1):
            first, last = max(start, seat * games), min(stop, (seat + 1) * games)
            runs.append((seat, first, last - first))
        yield start, runs


def write_block(path: Path, rec: dict) -> None:
    """Write one block's record as a line of JSON, atomically (temporary file, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_file(path, lambda tmp: tmp.write_text(json.dumps(rec) + "\n", encoding="utf-8"))


def step_model_path(data, profile: str, step: int) -> Path:
    """The equity model refitted at ``step`` (2, 3, ...) of :func:`analysis.equity.paired.iterate`."""
    return Path(data) / profile / f"step{step}" / "model.json"


def pool_reuse(drawn: dict) -> dict:
    """How the two arms reuse the pool's deals, and the widening it asks.

    ``drawn``: each arm's played pool deals (None where a block did not
    record them: the shipped double-dummy blocks).  Games that share a deal
    share its outcome, so, as ``thousand compare`` does, the intervals are
    widened by the root of the larger arm's played draws per distinct deal
    (:func:`analysis.comparison.metrics.pool_reuse`).

    Returns
    -------
    dict
        Empty when an arm did not record its deals; else ``draws`` and
        ``distinct`` (both arms), ``deff`` (the larger arm's draws per
        distinct deal) and ``widened`` (``deff > 1``).
    """
    if any(v is None for v in drawn.values()):
        return {}
    per_arm = [repeat_counts(v) for v in drawn.values()]
    deff = max((n / k if k else 1.0) for n, k, _ in per_arm)
    draws, distinct, _ = repeat_counts(drawn["equity"] + drawn["threshold"])
    return {"draws": draws, "distinct": distinct, "deff": float(deff), "widened": bool(deff > 1)}


def summary(data="data/equity/paired") -> list:
    """Step 1's paired games, one dict per profile (:func:`step_summary`)."""
    return step_summary(data, 1)


def step_summary(data="data/equity/paired", step: int = 1) -> list:
    """The stored paired games of one step, one dict per profile (complete pairs only).

    The equity arm of step ``k`` is paired with step 1's all-threshold arm
    (the same games).

    Returns
    -------
    list of dict
        ``profile``, ``games`` (pairs), ``share`` (the equity player's win
        share), ``share_low``, ``share_high`` (95 % Wilson), ``base`` (the
        same seats' share in the all-threshold games), ``gain`` (``share -
        base``) with ``gain_low``, ``gain_high`` (95 %, paired), and
        ``by_seat``: the share per equity seat; ``step``; ``outcomes``
        (``"dd"`` or ``"pimc"``, the games' kind); where every block records
        its pool deals, ``draws``, ``distinct``, ``deff`` and ``widened``
        (:func:`pool_reuse`): the share's and the gain's intervals are then
        widened by ``sqrt(deff)``.

    Raises
    ------
    BadArgument
        If a profile's folder mixes the two kinds of games, or holds two
        arms of different sizes.
    """
    out = []
    root = Path(data)
    for profile in PROFILES:
        won_e, won_b, seat_of, kinds = [], [], [], {}
        drawn: dict = {"equity": [], "threshold": []}  # None once a block does not record its deals
        folder = root / profile if step == 1 else root / profile / f"step{step}"
        for path in sorted(folder.glob("equity-*.json")):
            e = json.loads(path.read_text(encoding="utf-8"))
            bp = root / profile / path.name.replace("equity-", "threshold-")
            if not bp.is_file():
                continue
            b = json.loads(bp.read_text(encoding="utf-8"))
            kind = e.get("outcomes", "dd")
            if b.get("outcomes", "dd") != kind or kinds.setdefault("kind", kind) != kind:
                raise BadArgument(
                    f"{folder} mixes double-dummy and own-information games ({path.name}, {bp.name}): "
                    "keep each kind in a data folder of its own",
                    path=path,
                )
            if b.get("games") != e.get("games"):
                raise BadArgument(
                    f"{path} has {e['games']} games per seat, {bp} {b['games']}: not the same games",
                    path=path,
                )
            for arm, rec in (("equity", e), ("threshold", b)):
                if drawn[arm] is not None and "deals" in rec:
                    drawn[arm] += rec["deals"]
                else:
                    drawn[arm] = None
            for s, we, wb in zip(e["seats"], e["winners"], b["winners"], strict=True):
                won_e.append(we == s)
                won_b.append(wb == s)
                seat_of.append(s)
        n = len(won_e)
        if n == 0:
            continue
        we, wb, so = np.array(won_e, float), np.array(won_b, float), np.array(seat_of)
        lo, hi = proportion_ci(int(we.sum()), n, method="wilson")
        reuse = pool_reuse(drawn)
        k = float(np.sqrt(reuse.get("deff", 1.0)))
        lo, hi = widen(float(we.mean()), lo, hi, k, clip=(0.0, 1.0))
        gain, gain_low, gain_high = mean_ci(we - wb, factor=k)
        out.append(
            {
                "profile": profile,
                "games": n,
                "share": float(we.mean()),
                "share_low": float(lo),
                "share_high": float(hi),
                "base": float(wb.mean()),
                "gain": gain,
                "gain_low": gain_low,
                "gain_high": gain_high,
                "by_seat": [float(we[so == s].mean()) if (so == s).any() else None for s in range(3)],
                "step": step,
                "outcomes": kinds["kind"],
            }
            | reuse
        )
    return out


def all_steps(data="data/equity/paired") -> list:
    """The rows of every stored step 2, 3, ... (:func:`step_summary`), each
    with ``fit_games`` and the refit's held-out ``brier`` where its model is stored."""
    out, root = [], Path(data)
    steps = sorted({int(p.name[4:]) for p in root.glob("*/step*") if p.name[4:].isdigit()})
    for k in steps:
        for r in step_summary(data, k):
            mp = step_model_path(data, r["profile"], k)
            if mp.is_file():
                info = json.loads(mp.read_text(encoding="utf-8"))["info"]
                r["fit_games"] = info.get("games")
                r["brier"] = info["calibration"]["brier_model"]
                r["brier_baseline"] = info["calibration"]["brier_baseline"]
            out.append(r)
    return out


def shipped_summary() -> dict:
    """The summary shipped with the package: ``date``, ``seed``, ``step`` and
    ``rows`` (step 1, as :func:`summary`), and ``steps``: the rows of the
    later steps of :func:`analysis.equity.paired.iterate` (as :func:`all_steps`); ``bold``: the
    bolder score-blind seat's rows (:func:`analysis.equity.bolder.bold_summary`);
    ``draws``: the all-threshold arm's pool draws (:mod:`analysis.equity.draws`);
    ``own_information``: step 1 played as own-information games (``run
    --outcomes pimc``); empty lists when none is shipped."""
    keys = ("steps", "bold", "draws", "own_information")
    if not SUMMARY_FILE.is_file():
        return {"rows": []} | {k: [] for k in keys}
    doc = json.loads(SUMMARY_FILE.read_text(encoding="utf-8"))  # its keys in the file's order
    return doc | {k: doc.get(k, []) for k in keys}


def merged_rows(old: dict, rows: list, later: list, today: str) -> dict:
    """The shipped summary with the stored games merged in.

    ``rows`` (step 1): a profile's stored row replaces the shipped one only
    when it holds at least as many pairs; ``steps``: each profile with
    stored later steps gets its stored step-1 row (the same games as its
    later steps) and those steps, the others keep what was shipped.  Every
    row carries its ``date``.
    """
    stamp = old.get("date")
    shipped = {r["profile"]: dict(r, date=r.get("date", stamp)) for r in old.get("rows", [])}
    first = dict(shipped)
    for r in rows:
        if r["games"] >= shipped.get(r["profile"], {}).get("games", 0):
            first[r["profile"]] = dict(r, date=today)
    again = {r["profile"] for r in later}
    steps = [dict(r, date=r.get("date", stamp)) for r in old.get("steps", []) if r["profile"] not in again]
    steps += [dict(r, date=today) for r in rows if r["profile"] in again]
    steps += [dict(r, date=today) for r in later]
    order = {p: i for i, p in enumerate(PROFILES)}
    return {
        "date": today,
        "seed": SEED,
        "step": 1,
        "rows": sorted(first.values(), key=lambda r: order[r["profile"]]),
        "fit_seed": FIT_SEED,
        "steps": sorted(steps, key=lambda r: (order[r["profile"]], r["step"])),
        "bold": old.get("bold", []),
        "draws": old.get("draws", []),
        "own_information": old.get("own_information", []),
    }


def merged_own_information(old: dict, rows: list, today: str) -> dict:
    """The shipped summary with the stored own-information step-1 rows in
    ``own_information`` (a profile's row replaced only by one of at least as
    many pairs), the rest as shipped."""
    kept = {r["profile"]: r for r in old.get("own_information", [])}
    for r in rows:
        if r["games"] >= kept.get(r["profile"], {}).get("games", 0):
            kept[r["profile"]] = dict(r, date=today)
    order = {p: i for i, p in enumerate(PROFILES)}
    return old | {"own_information": sorted(kept.values(), key=lambda r: order[r["profile"]])}


def verdict(r) -> str:
    """``gain`` or ``loss`` only where both the paired difference's interval
    excludes 0 and the share's excludes a third; else no difference shown."""
    if r["gain_low"] > 0 and r["share_low"] > 1 / 3:
        return "gain"
    if r["gain_high"] < 0 and r["share_high"] < 1 / 3:
        return "loss"
    return "no difference shown"


def format_summary(rows) -> str:
    """The text table of :func:`summary`."""
    lines = [
        "profile  step  games  equity seat wins [95%]      all-threshold  gain [95%]                verdict",
    ]
    for r in rows:
        lines.append(
            f"{r['profile']:<8} {r.get('step', 1):>4}  {r['games']:>5}  {r['share']:.3f} "
            f"[{r['share_low']:.3f}, {r['share_high']:.3f}]     {r['base']:.3f}        "
            f"{r['gain']:+.3f} [{r['gain_low']:+.3f}, {r['gain_high']:+.3f}]"
            f"   {verdict(r)}"
        )
    return "\n".join(lines)


def save_summary(doc: dict) -> None:
    """Write ``doc`` as the shipped summary (:data:`SUMMARY_FILE`), atomically."""
    text = json.dumps(doc, indent=1) + "\n"
    replace_file(SUMMARY_FILE, lambda tmp: tmp.write_text(text, encoding="utf-8"))
