"""The single-dummy play of pool rows: shown trick by trick, played again.

:func:`differing_rows` picks the paired rows (:func:`analysis.research.
optimism.paired_outcomes`) whose double- and single-dummy values differ
most, :func:`sd_line` renders a row's single-dummy play as
:func:`analysis.solver.format_line` renders a double-dummy line, and
:func:`worlds_sensitivity` plays pool rows again with other numbers of
worlds, every row's value the deal as played out (a pool row written off
without its play stored is played out again from its own seed);
:func:`worlds_table` compares those numbers of worlds on the same deals
(paired) and :func:`worlds_verdict` says in words what the comparison
supports.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd

from ..cards import MARRIAGE_VALUES
from ..rules import as_rules
from ..single_dummy import SD_VERSION, decode_moves, play_deals, play_out, row_seed
from ..solver.analyse import DealAnalysis, format_line
from ..solver.line import replay, to_real_seats
from ..stats import bounded_mean_ci, proportion_ci
from ..version import __version__
from .notebook import data_dir
from .optimism import stored_play
from .tables import fmt_num

__all__ = ["MOST_VALUE", "differing_rows", "sd_line", "worlds_sensitivity", "worlds_table", "worlds_verdict"]


def differing_rows(paired: pd.DataFrame, k: int = 3) -> pd.DataFrame:
    """The ``k`` rows played whose values differ most (largest ``|gap|``).

    Ties are broken by key, so the choice is reproducible.
    """
    p = paired[stored_play(paired)].copy()
    p["_abs"] = p["gap"].abs()
    p = p.sort_values(["_abs", "deal_id", "seat"], ascending=[False, True, True])
    return p.head(k).drop(columns="_abs")


def sd_line(row: pd.Series, rules) -> str:
    """The single-dummy play of one paired row, trick by trick.

    Rendered as :func:`analysis.solver.format_line` renders the double-dummy
    line (real seats; ``*`` the winning card), from the row's gift and
    ``moves`` (seats relative to the declarer, :func:`analysis.single_dummy.
    batch.decode_moves`).
    """
    r = as_rules(rules)
    d = int(row["seat"])
    h = [int(row[f"hand{s}"]) for s in range(3)]
    a, b = int(row["give_left"]), int(row["give_right"])
    rel = [
        (h[d] | int(row["widow"])) & ~(1 << a) & ~(1 << b),
        h[(d + 1) % 3] | 1 << a,
        h[(d + 2) % 3] | 1 << b,
    ]
    codes = [c | (32 if dec else 0) for _, c, dec in decode_moves(row["moves"])]
    tricks = replay(rel, 0, -1, codes)
    real = [0, 0, 0]
    for k in range(3):
        real[(d + k) % 3] = rel[k]
    rot = to_real_seats(tricks, d)
    da = DealAnalysis(d, tuple(real), int(row["widow"]), a, b, int(row["value_sd"]), 0, r.name, rot)
    return format_line(da)


def worlds_sensitivity(
    paired: pd.DataFrame, rules, worlds=(4, 8, 32), n: int = 40, data=None
) -> pd.DataFrame:
    """Play ``n`` pool rows again with other ``worlds``, beside the pool's own.

    Parameters
    ----------
    paired : pandas.DataFrame
        :func:`analysis.research.sd_pools.sd_paired` rows; the first ``n`` rows of seat 0 are played.
    rules : str or Rules
    worlds : sequence of int
        Layouts per decision to try (the pool's own is added).
    n : int
        Rows played per ``worlds``.
    data : path, optional
        Folder of the cache file (default :func:`analysis.research.notebook.data_dir`).

    Returns
    -------
    pandas.DataFrame
        One row per (worlds, deal_id): ``worlds``, ``deal_id``, ``value_sd``
        (points: the deal as played out, written off or not, at every
        ``worlds`` alike: :func:`analysis.single_dummy.play_deals` plays
        every deal, and a pool row written off without its stored play is
        played out again from its own seed, :func:`_played_out`),
        ``value_dd``, ``contract``, ``written_off`` (the declarer's decision
        at the pool's bid), ``same_gift`` (as the pool's gift),
        ``mean_estimate`` (points), ``replayed`` (the value was played out
        again here).
    """
    r = as_rules(rules)
    meta = paired.attrs["sd_pool"]
    rows = paired[paired["seat"] == 0].head(n)
    # "played out": the pool's written-off rows hold their played value (not the 0 of old pools)
    key = json.dumps(
        [r.fingerprint(), meta["content_hash"], list(worlds), n, SD_VERSION, __version__, "played out"]
    )
    folder = Path(data) if data is not None else data_dir()
    out = folder / f"sd-worlds-{r.name}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.parquet"
    if out.exists():
        return pd.read_parquet(out)
    deals = rows[["deal_id", "hand0", "hand1", "hand2", "widow"]].reset_index(drop=True)
    parts = []
    for w in sorted({*worlds, int(meta["worlds"])}):
        if w == int(meta["worlds"]):
            got = _played_out(rows, r, meta)
        else:
            got = play_deals(
                deals, seats=(0,), rules=r, worlds=w, seed=int(meta["seed"]), bid=int(meta["bid"])
            )
        got = got.set_index("deal_id").reindex(rows["deal_id"].to_numpy())
        parts.append(
            pd.DataFrame(
                {
                    "worlds": w,
                    "deal_id": rows["deal_id"].to_numpy(),
                    "value_sd": got["value"].to_numpy(np.int64),
                    "value_dd": rows["value_dd"].to_numpy(np.int64),
                    "contract": got["contract"].to_numpy(np.int64),
                    "written_off": got["written_off"].to_numpy(bool),
                    "same_gift": (got["give_left"].to_numpy() == rows["give_left"].to_numpy())
                    & (got["give_right"].to_numpy() == rows["give_right"].to_numpy()),
                    "mean_estimate": [float(np.mean(e)) for e in got["estimates"]],
                    "replayed": got["replayed"].to_numpy(bool) if "replayed" in got else False,
                }
            )
        )
    f = pd.concat(parts, ignore_index=True)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    f.to_parquet(tmp)
    tmp.replace(out)
    return f


def _played_out(rows: pd.DataFrame, rules, meta: dict) -> pd.DataFrame:
    """The pool's own rows with the played value of every row.

    A row of an older pool written off at the fresh table holds no play and
    the value 0 (:func:`analysis.single_dummy.has_play`); such a row is
    played out again with :func:`analysis.single_dummy.play_out` from its own
    seed (:func:`analysis.single_dummy.row_seed`), as
    :func:`analysis.single_dummy.play_deals` plays every row at other
    ``worlds``, so every ``worlds`` value reads the same quantity.  The
    write-off decision stays the pool's.

    Returns
    -------
    pandas.DataFrame
        ``rows`` with ``value`` (points) and ``replayed`` (bool).
    """
    out = rows.rename(columns={"value_sd": "value"}).copy()
    missing = ~stored_play(out)
    out["replayed"] = missing
    col = out.columns.get_loc("value")
    for i in np.flatnonzero(missing):
        row = out.iloc[i]
        seat = int(row["seat"])
        hands = [int(row[f"hand{k}"]) for k in range(3)]
        res = play_out(
            hands[seat],
            int(row["widow"]),
            hands[(seat + 1) % 3],
            hands[(seat + 2) % 3],
            rules,
            worlds=int(meta["worlds"]),
            seed=row_seed(int(meta["seed"]), int(row["deal_id"]), seat),
            bid=int(meta["bid"]),
        )
        out.iloc[i, col] = res.value
    return out


#: The most a declarer's value can be (points): every card point and all four marriages.
MOST_VALUE = 120 + int(MARRIAGE_VALUES.sum())


def _t_interval(x, alpha: float, least: float, most: float) -> tuple[float, float, float]:
    """Mean of ``x`` with its Student t interval, held within ``least``–``most`` (NaN with fewer than two)."""
    return bounded_mean_ci(x, least, most, alpha=alpha)


def worlds_table(sens: pd.DataFrame, reference: int, alpha: float = 0.05) -> pd.DataFrame:
    """Each number of worlds on the same deals, and its paired difference from ``reference``.

    Parameters
    ----------
    sens : pandas.DataFrame
        :func:`worlds_sensitivity`: one row per (``worlds``, ``deal_id``),
        the same deals at every ``worlds``.
    reference : int
        The worlds the differences are taken against (the pool's).
    alpha : float
        1 − confidence level.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``worlds``: ``value`` (mean single-dummy value, points),
        ``gap`` (mean ``value_dd − value_sd``), ``estimate`` (mean of the
        declarer's worlds' values), ``diff`` (mean over deals of ``value_sd``
        at these worlds minus at ``reference``, the same deal both times;
        0 at ``reference``), each with ``_low``/``_high``: Student t over
        the deals (one row per deal, so the deal is the unit; t with
        ``deals − 1`` degrees of freedom, not the normal, as the deals are
        few), every interval held within the range the figure can take
        (``value`` and ``estimate`` 0 to :data:`MOST_VALUE` points, ``gap``
        and ``diff`` ± :data:`MOST_VALUE`: with very few deals the t
        interval reaches past them), no interval for ``diff`` at ``reference``
        (NaN: nothing is compared there); ``same_gift`` and ``written_off``
        (shares of deals, Wilson or Clopper–Pearson) with ``_low``/``_high``;
        ``deals``.

    Raises
    ------
    ValueError
        If ``reference`` is not among the worlds, a deal is missing at some
        worlds, or appears twice at one.
    """
    by = {int(w): s.set_index("deal_id") for w, s in sens.groupby("worlds")}
    if reference not in by:
        raise ValueError(f"the reference worlds {reference} were not played")
    ref = by[reference]
    if any(not s.index.is_unique for s in by.values()) or any(
        set(s.index) != set(ref.index) for s in by.values()
    ):
        raise ValueError("every number of worlds must play the same deals, once each")
    rows = {}
    for w, s in sorted(by.items()):
        row = {"deals": len(s)}
        for name, x, least in (
            ("value", s["value_sd"], 0.0),
            ("gap", s["value_dd"] - s["value_sd"], -MOST_VALUE),
            ("estimate", s["mean_estimate"], 0.0),
        ):
            row[name], row[f"{name}_low"], row[f"{name}_high"] = _t_interval(
                x.to_numpy(float), alpha, least, MOST_VALUE
            )
        if w == reference:
            row.update({"diff": 0.0, "diff_low": np.nan, "diff_high": np.nan})
        else:
            d = s["value_sd"].to_numpy(float) - ref.loc[s.index, "value_sd"].to_numpy(float)
            row["diff"], row["diff_low"], row["diff_high"] = _t_interval(d, alpha, -MOST_VALUE, MOST_VALUE)
        for name in ("same_gift", "written_off"):
            k = int(s[name].sum())
            lo, hi = proportion_ci(k, len(s), alpha=alpha)
            row.update({name: k / len(s), f"{name}_low": float(lo), f"{name}_high": float(hi)})
        rows[w] = row
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("worlds")


def worlds_verdict(table: pd.DataFrame, reference: int, noise: float) -> str:
    """What the paired differences of :func:`worlds_table` support, in words.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`worlds_table`.
    reference : int
        Its reference worlds (the pool's).
    noise : float
        The half-width (points) of the interval of the figure the worlds
        could move: a difference whose interval lies within ``±noise`` moves
        it by less than its own noise.

    Returns
    -------
    str
        One clause per other number of worlds: a difference *beyond the
        noise* (its interval excludes 0), *within the noise* (its interval
        lies inside ``±noise``) or *cannot tell* (it holds 0 but reaches
        past ``±noise``: too few deals to rule out a change that matters);
        then the overall verdict.
    """
    said, kinds = [], []
    tol = fmt_num(float(noise), 2 if noise < 10 else 1)
    for w, r in table.drop(index=reference).iterrows():
        lo, hi = r["diff_low"], r["diff_high"]
        diff = f"{_num(r['diff'])} points ({_num(lo)} to {_num(hi)})"
        if not (np.isfinite(lo) and np.isfinite(hi)):
            kinds.append("tell")
            said.append(f"with {w} worlds {_num(r['diff'])} points, no interval on {int(r['deals'])} deal")
        elif lo > 0 or hi < 0:
            kinds.append("beyond")
            said.append(f"with {w} worlds {diff}: beyond the noise")
        elif -noise <= lo and hi <= noise:
            kinds.append("within")
            said.append(f"with {w} worlds {diff}: within ±{tol}")
        else:
            kinds.append("tell")
            said.append(f"with {w} worlds {diff}: holds 0 but reaches past ±{tol}")
    text = f"Against the pool's {reference} worlds, on the same deals: " + "; ".join(said) + ". "
    if "beyond" in kinds:
        return text + (
            "The value depends on the number of worlds beyond the noise, so the figures above hold for "
            f"the pool's {reference} worlds only."
        )
    if all(k == "within" for k in kinds):
        ws = table.index
        return text + (
            f"Every difference lies within the noise of the figures above: from {min(ws)} to {max(ws)} "
            "worlds, the number of worlds does not move them beyond it."
        )
    return text + (
        "Cannot tell: on these deals the differences are too uncertain to show or to rule out a change "
        f"larger than the noise of the figures above (±{tol} points)."
    )


def _num(x: float) -> str:
    return fmt_num(float(x), 1, signed=True) if np.isfinite(x) else "no value"
