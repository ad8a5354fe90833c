"""Dark odds single-dummy beside double-dummy on the same deals
(``thousand odds --dark --play pimc``).

RULES.md, "Dark play".  No pool stores the play after a blind gift (the
single-dummy pools keep the declarer's own gift), so it is computed on
demand from the first ``n`` deals of the rules' double-dummy reference
pool (by ``deal_id``) and cached.  For each deal, the first hand:

- draws one blind gift, uniform over the 90 ordered gifts of his ten cards
  (:func:`sd_gift`, from ``SeedSequence([seed, deal_id, 0, 90])``);
- plays it single-dummy (:func:`analysis.single_dummy.play_blind`: he knows
  only the eight cards he kept, the defenders their own eight; seed
  :func:`analysis.single_dummy.row_seed` ``(seed, deal_id, 0)``);
- and double-dummy (:func:`analysis.solver.makes` at 120, the same gift);
  every one of the 90 gifts is also solved double-dummy
  (:func:`analysis.odds.dark.deal_dark`, exact for the deal).

Intervals (95 %).  A deal's outcome after its random gift is one Bernoulli
draw over deal and gift together, independent across deals (the pool's
deals are an independent uniform sample, none used twice): P(make) gets the
Wilson interval of those ``n`` draws (Clopper–Pearson within 5 of 0 or
``n``, :func:`analysis.stats.proportion_ci`), so it covers the gift
randomisation and the finite deal sample at once.  The single-dummy minus
double-dummy difference on the same gifts gets Newcombe's paired interval
(:func:`analysis.odds._common.paired_difference_interval`); score changes
and gains a normal interval over deals.

Bidding normally (the gain's reference): double-dummy, the pool row's best
contract after the best gift as in :func:`analysis.odds.dark.dark_odds`;
single-dummy, the single-dummy pool's row of the same deal and seat (its
gift, its contract named at a fresh table or its write-off, its play), for
the deals that pool holds.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from pathlib import Path

import numpy as np
import pandas as pd

from ..atomic import replace_file
from ..cards import MARRIAGE_VALUES
from ..errors import BadArgument
from ..folders import rules_tag
from ..reference import pool_for, sd_pool_for
from ..rules import entry_point
from ..scoring import (
    ACE_MARRIAGE_POINTS,
    DARK_CONTRACT,
    DARK_STAKE,
    declarer_delta,
    declarer_points,
    declares_ace_marriage,
)
from ..solver import makes
from ..stats import mean_ci
from ..version import __version__
from ._common import interval, map_chunks, n_parts, paired_difference_interval, progress_iter
from .dark import DARK_KEYS, blind_play, deal_dark

__all__ = ["dark_sd_odds", "DARK_SD_KEYS", "sd_gift", "dark_change"]

#: Pool deals played by default: the deals of the single-dummy pools (every
#: figure on the same deals); about 0.04 s CPU a deal (docs/PERFORMANCE.md).
DEFAULT_N = 500
#: Layouts per single-dummy decision by default (the single-dummy pools' 16).
DEFAULT_WORLDS = 16
#: Keys added to :data:`analysis.odds.DARK_KEYS` by the single-dummy odds, in order.
DARK_SD_KEYS = (
    "dark_sd_worlds",
    "dark_sd_seed",
    "dark_sd_deals",
    "dark_sd_p_make",
    "dark_sd_p_low",
    "dark_sd_p_high",
    "dark_sd_dd_p_make",
    "dark_sd_dd_p_low",
    "dark_sd_dd_p_high",
    "dark_sd_diff",
    "dark_sd_diff_low",
    "dark_sd_diff_high",
    "dark_sd_change",
    "dark_sd_change_low",
    "dark_sd_change_high",
    "dark_sd_normal_deals",
    "dark_sd_normal_change",
    "dark_sd_gain",
    "dark_sd_gain_low",
    "dark_sd_gain_high",
    "dark_sd_cached",
)
#: The source folders whose code the cached figures depend on (the cache key hashes them).
_CODE = ("single_dummy", "solver", "scoring")


def sd_gift(ten: int, seed: int, deal_id: int) -> tuple:
    """The blind gift of one deal: uniform over the 90 ordered gifts of ``ten``.

    Parameters
    ----------
    ten : int
        The first hand's ten cards (hand and widow), bit mask.
    seed, deal_id : int
        Non-negative; the draw is from ``SeedSequence([seed, deal_id, 0, 90])``.

    Returns
    -------
    (give_left, give_right) : tuple of int
        Two different card ids of ``ten``.
    """
    cards = [c for c in range(24) if ten >> c & 1]
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), int(deal_id), 0, 90]))
    i, j = rng.choice(len(cards), size=2, replace=False)
    return cards[int(i)], cards[int(j)]


def dark_change(rules, raw: int, marriages: int) -> int:
    """The dark player's own score change for the points he took.

    RULES.md, "Dark play" (:func:`analysis.scoring.dark_points`): −240 when
    his points (as ``round_declarer`` reads them) fall short of 120; made,
    +240, or under wiki's ``double_all`` twice his points and under
    ``marriages_plain`` twice his card points plus his marriages once.

    Parameters
    ----------
    rules : Rules
        With ``dark_play`` 'book' or 'wiki'.
    raw : int
        His points: cards plus his declared marriages.
    marriages : int
        The marriage points within ``raw``.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> wiki = PROFILES["wiki"].with_changes(dark_play="wiki")
    >>> dark_change(PROFILES["book"], 131, 0), dark_change(wiki, 131, 40), dark_change(wiki, 110, 0)
    (240, 262, -240)
    """
    if declarer_points(rules, raw) < DARK_CONTRACT:
        return -DARK_STAKE
    if rules.dark_play != "wiki" or rules.dark_scoring == "flat_240":
        return DARK_STAKE
    if rules.dark_scoring == "marriages_plain":
        return 2 * (raw - marriages) + marriages
    return 2 * raw


def _marriages(rules, hand8: int, moves) -> int:
    """The declarer's marriage points along a single-dummy play (the ace marriage too).

    ``hand8`` is his eight cards before the first lead; ``moves`` the
    ``(seat, card, declared)`` of :class:`analysis.single_dummy.SDResult`.
    """
    out = 0
    for i, (seat, card, declared) in enumerate(moves):
        if seat != 0:
            continue
        lead = i % 3 == 0
        if declared:
            out += int(MARRIAGE_VALUES[card // 6])
        elif declares_ace_marriage(rules, hand8, card, lead=lead, first_trick=i < 3):
            out += ACE_MARRIAGE_POINTS
        hand8 &= ~(1 << card)
    return out


def play_chunk(rows, rules, worlds: int, seed: int, progress=None) -> list:
    """Each deal of ``rows`` gone dark: every gift double-dummy, one random gift both ways.

    Parameters
    ----------
    rows : ndarray of shape (k, 5), int64
        ``deal_id, hand0, widow, hand1, hand2`` (the first hand, the widow,
        his left's and his right's cards).
    rules : Rules
    worlds, seed : int
        As :func:`dark_sd_odds`.
    progress : bool, optional
        A bar over the deals.

    Returns
    -------
    list of tuple
        Per deal: ``deal_id, give_left, give_right, made`` (gifts of 90
        made double-dummy), ``change`` (mean over the 90), ``dd_made``,
        ``dd_change`` (double-dummy, the drawn gift), ``sd_value``,
        ``sd_marriages``, ``sd_made``, ``sd_change`` (single-dummy, the
        drawn gift).
    """
    # late: the single-dummy player loads with the single-dummy odds only
    from ..single_dummy import play_blind, row_seed

    need = DARK_CONTRACT - 2 if rules.round_declarer else DARK_CONTRACT
    out = []
    bar = progress_iter(None, len(rows), progress, "dark, single-dummy")
    for deal_id, hand, widow, left, right in (tuple(int(x) for x in r) for r in rows):
        made, change = deal_dark(rules, hand, widow, left, right)
        a, b = sd_gift(hand | widow, seed, deal_id)
        h8 = ((hand | widow) & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b)
        dd_made = bool(makes(h8, need, declarer=0, leader=0, first_trick=True, rules=rules))
        if dd_made and rules.dark_play == "wiki" and rules.dark_scoring != "flat_240":
            # doubled points: the value along one optimal line, as deal_dark scores it
            bp = blind_play(rules, h8)
            dd_change = dark_change(rules, bp.value, bp.marriages[0])
        else:
            dd_change = DARK_STAKE if dd_made else -DARK_STAKE
        r = play_blind(
            hand, widow, left, right, a, b, rules=rules, worlds=worlds, seed=row_seed(seed, deal_id, 0)
        )
        m = _marriages(rules, h8[0], r.moves)
        sd_change = dark_change(rules, r.value, m)
        sd_made = declarer_points(rules, r.value) >= DARK_CONTRACT
        out.append((deal_id, a, b, made, change, dd_made, dd_change, r.value, m, sd_made, sd_change))
        bar.update(1)
    bar.close()
    return out


def _code_hash() -> str:
    """Hash of the source the figures depend on: the dark odds, the
    single-dummy player, the solver and the scoring."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    files = [root / "odds" / "dark.py", root / "odds" / "dark_sd.py"]
    for sub in _CODE:
        files += sorted((root / sub).glob("*.py"))
    for f in files:
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:12]


def cache_file(data, rules, pool_hash: str, sd_hash, n: int, worlds: int, seed: int) -> Path:
    """``dark-sd-<rules>-<key>.parquet`` under ``data``: the key hashes the
    rules' fingerprint, the pools' content hashes, ``n``, ``worlds``,
    ``seed``, the package version and :func:`_code_hash`."""
    key = json.dumps(
        [rules.fingerprint(), pool_hash, sd_hash, int(n), int(worlds), int(seed), __version__, _code_hash()]
    )
    return Path(data) / f"dark-sd-{rules_tag(rules)}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.parquet"


def _normal_sd(rules, sd_pool, ids: np.ndarray) -> np.ndarray:
    """The first hand's change bidding normally single-dummy, per deal (NaN
    where the single-dummy pool lacks the deal)."""
    out = np.full(len(ids), np.nan)
    if sd_pool is None:
        return out
    cols = ["deal_id", "seat", "contract", "written_off", "value"]
    sd = pd.read_parquet(sd_pool.sd_path, columns=cols)
    sd = sd[sd.seat == 0].set_index("deal_id").reindex(ids)
    for i, r in enumerate(sd.itertuples()):
        if pd.isna(r.contract):
            continue
        c = int(r.contract)
        out[i] = -c if bool(r.written_off) else declarer_delta(rules, c, int(r.value), True)
    return out


def _check(x, what: str, lo: int, hi: int | None = None) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < lo or (hi is not None and x > hi):
        span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
        raise BadArgument(f"{what} must be an integer {span}, got {x!r}", parameter=what)
    return int(x)


@entry_point
def dark_sd_odds(
    rules="book",
    n: int | None = None,
    worlds: int | None = None,
    seed: int = 0,
    *,
    workers: int | None = 1,
    scheduler: str | None = None,
    progress=None,
    data=None,
) -> pd.DataFrame:
    """Dark odds single-dummy and double-dummy on the same deals (module docstring).

    Parameters
    ----------
    rules : str or Rules
        Rules with dark play (``dark_play`` 'book' or 'wiki').
    n : int or None
        The first ``n`` deals of the rules' double-dummy pool, by
        ``deal_id`` (None: :data:`DEFAULT_N`).
    worlds : int or None
        Layouts per single-dummy decision (None: :data:`DEFAULT_WORLDS`).
    seed : int
        Non-negative: the gifts and the single-dummy play (same seed, same
        figures, whatever ``workers``).
    workers : int or None
        Processes (1: this process; None: every core).
    scheduler : str, optional
        Dask scheduler address, or ``local``.
    progress : bool, optional
        A bar over the deals (or the chunks with several workers).
    data : path, optional
        Folder of the cache file (:func:`cache_file`; default
        ``THOUSAND_DATA`` or ``data``).  A cached result is read instead of
        played; the file is written atomically.

    Returns
    -------
    pandas.DataFrame
        One row per deal: ``deal_id``, ``give_left``, ``give_right`` (the
        blind gift), ``made`` (gifts of 90 made double-dummy), ``p_make``,
        ``change``, ``normal`` (double-dummy, as
        :func:`analysis.odds.dark_odds`), ``dd_made``, ``dd_change`` (the
        drawn gift, double-dummy), ``sd_value``, ``sd_marriages``,
        ``sd_made``, ``sd_change`` (single-dummy), ``sd_normal`` (NaN
        where the single-dummy pool lacks the deal).  ``attrs`` holds
        :data:`analysis.odds.DARK_KEYS` over these deals
        (``dark_outcomes`` ``"pimc"``) and :data:`DARK_SD_KEYS`.

    Raises
    ------
    BadArgument
        Rules without dark play, no finished pool for them, ``n`` outside
        1..the pool's deals, ``worlds`` below 1 or a negative ``seed``.
    """
    if rules.dark_play == "none":
        raise BadArgument(
            f"the {rules.name!r} rules have no dark play; add --set dark_play=book or --set dark_play=wiki",
            parameter="rules",
        )
    pool = pool_for(rules)
    if pool is None:
        raise BadArgument(f"no finished reference pool plays the {rules.name!r} rules", parameter="rules")
    n = _check(DEFAULT_N if n is None else n, "n", 1, int(pool.deals))
    worlds = _check(DEFAULT_WORLDS if worlds is None else worlds, "worlds", 1)
    seed = _check(seed, "seed", 0)
    sd_pool = sd_pool_for(rules)
    folder = Path(data if data is not None else os.environ.get("THOUSAND_DATA") or "data")
    out = cache_file(folder, rules, pool.content_hash, sd_pool and sd_pool.content_hash, n, worlds, seed)
    if out.exists():
        try:
            t = pd.read_parquet(out)
            t.attrs["dark_sd_cached"] = True
            return t
        except (OSError, ValueError):  # a damaged cache file: play again, replace it
            pass
    deals = pd.read_parquet(pool.deals_path, columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    deals = deals.sort_values("deal_id", kind="stable").head(n)
    sol = pd.read_parquet(pool.solutions_path, columns=["deal_id", "seat", "value", "marriage_cap"])
    sol = sol[sol.seat == 0].set_index("deal_id").reindex(deals.deal_id.to_numpy())
    rows = deals[["deal_id", "hand0", "widow", "hand1", "hand2"]].to_numpy(np.int64)
    if workers == 1 and scheduler is None:
        res = play_chunk(rows, rules, worlds, seed, progress)
    else:
        k = n_parts(n, workers)
        args = [(part, rules, worlds, seed, False) for part in np.array_split(rows, k)]
        res = [x for part in map_chunks(play_chunk, args, workers, scheduler, progress, "dark") for x in part]
    cols = [
        "deal_id",
        "give_left",
        "give_right",
        "made",
        "change",
        "dd_made",
        "dd_change",
        "sd_value",
        "sd_marriages",
        "sd_made",
        "sd_change",
    ]
    t = pd.DataFrame(res, columns=cols)
    t.insert(4, "p_make", t.made / 90)
    v = sol["value"].to_numpy(np.int64)
    cap = sol["marriage_cap"].to_numpy(np.int64) if rules.bid_cap else np.full(n, 400)
    contract = np.where(v >= 100, np.maximum(100, np.minimum(v - v % 5, cap)), 100)
    t.insert(6, "normal", [float(declarer_delta(rules, int(c), int(x), True)) for c, x in zip(contract, v)])
    t["sd_normal"] = _normal_sd(rules, sd_pool, t.deal_id.to_numpy())
    t.attrs.update(_summary(t, rules, pool, worlds, seed))
    folder.mkdir(parents=True, exist_ok=True)
    replace_file(out, lambda tmp: t.to_parquet(tmp))
    return t


def _summary(t: pd.DataFrame, rules, pool, worlds: int, seed: int) -> dict:
    """The attrs of :func:`dark_sd_odds`: the double-dummy keys, then :data:`DARK_SD_KEYS`."""
    n = len(t)
    p, plo, phi = mean_ci(t.p_make.to_numpy())
    c, clo, chi = mean_ci(t.change.to_numpy())
    g, glo, ghi = mean_ci((t.change - t.normal).to_numpy())
    dd = dict(
        zip(
            DARK_KEYS,
            (rules.name, rules.dark_play, pool.name, n, 90, p, max(0.0, plo), min(1.0, phi))
            + (c, clo, chi, float(t.normal.mean()), g, glo, ghi, "pimc"),
            strict=True,
        )
    )
    sd_k, dd_k = int(t.sd_made.sum()), int(t.dd_made.sum())
    both = int((t.sd_made & t.dd_made).sum())
    slo, shi = interval(sd_k, n)
    dlo, dhi = interval(dd_k, n)
    xlo, xhi = paired_difference_interval(both, sd_k - both, dd_k - both, n - sd_k - dd_k + both)
    sc, sclo, schi = mean_ci(t.sd_change.to_numpy(float))
    has = t.sd_normal.notna().to_numpy()
    gain = (t.sd_change - t.sd_normal).to_numpy(float)[has]
    sg, sglo, sghi = mean_ci(gain) if has.any() else (math.nan,) * 3
    values = (
        (worlds, seed, n, sd_k / n, slo, shi, dd_k / n, dlo, dhi, (sd_k - dd_k) / n, xlo, xhi)
        + (sc, sclo, schi, int(has.sum()), float(t.sd_normal[has].mean()) if has.any() else math.nan)
        + (sg, sglo, sghi, False)
    )
    return dd | dict(zip(DARK_SD_KEYS, values, strict=True))
