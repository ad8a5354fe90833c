"""The result of a comparison: table, verdict, text, JSON and plot."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..atomic import replace_file
from ..rules import INFORMATION_FIELDS, rules_diff
from .ruleset import changed_fields

__all__ = ["Comparison"]

#: Metrics of :meth:`Comparison.plot` (one panel each).
PLOT_METRICS = (
    "deals_per_game",
    "barrel_entries_per_game",
    "bolts_per_game",
    "win_first_hand",
    "made_share",
    "write_off_share",
)


def _digits(rows: pd.DataFrame) -> int:
    """Decimals for one metric's figures: four significant digits of its
    largest value (at most 8 decimals), so every figure of the metric has
    the same number of decimals and none is in scientific notation."""
    vals = rows[["value", "low", "high"]].to_numpy(float)
    vals = np.abs(vals[np.isfinite(vals)])
    top = vals.max() if vals.size else 0.0
    if top == 0:
        return 4
    return int(min(8, max(0, 3 - math.floor(math.log10(top)))))


def _diff_digits(rows: pd.DataFrame) -> int:
    """Decimals for one metric's differences: those of its values, or more
    if needed to show two significant digits of its narrowest paired
    half-width (a difference of 0.07 on values near 109), at most 8."""
    d = _digits(rows)
    half = ((rows["diff_high"] - rows["diff_low"]) / 2).to_numpy(float)
    half = half[np.isfinite(half) & (half > 0)]
    if half.size:
        d = max(d, 1 - math.floor(math.log10(half.min())))
    return int(min(8, d))


def _repeats(share) -> bool:
    """Whether a row's pool draws repeat (``pool_repeat_share`` above 0), so
    that :func:`analysis.comparison.compare` widened its interval."""
    return share is not None and not (isinstance(share, float) and math.isnan(share)) and float(share) > 0


def _fixed(v, digits: int, signed: bool = False) -> str:
    """``v`` in fixed notation with ``digits`` decimals (``n/a`` for None or NaN)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "n/a"
    v = float(v) + 0.0  # no "-0.000"
    if round(v, digits) == 0:
        v = 0.0
    return f"{v:+.{digits}f}" if signed else f"{v:.{digits}f}"


@dataclass
class Comparison:
    """Rule sets played on the same games, compared against the first.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per (metric, rule set): ``metric rules value low high diff
        diff_low diff_high unpaired_low unpaired_high games`` (DESIGN.md,
        contract 8), then ``sample`` (``games``, ``exact``, ``pool dd`` or
        ``pool pimc``), ``n`` (games or deals behind the row),
        ``beyond_noise`` (the paired 95 % interval excludes 0) and
        ``pool_repeat_share`` (game rows: the rule set's share of played
        pool draws repeating an earlier one; NaN elsewhere).  The
        baseline's ``diff`` and its intervals are 0: its difference with
        itself is exactly 0, not an estimate.
    rules : list of Rules
    names : list of str
        Display names (the table's ``rules``), the baseline first.
    paths : list of Path
        The games dataset of each rule set.
    pairs : list of (str, str, str)
        ``(rule set, baseline, "same outcomes" | "same deals")``.
    identical : list of str
        Rule sets whose games are row for row those of the baseline.
    notes : list of str
    games, seed : int
    outcomes : str
    pool_repeat_share : dict of str -> float
        Per rule set, its played pool draws that repeat an earlier draw;
        its game figures' intervals are widened by the root of the draws
        per distinct deal (:func:`analysis.comparison.metrics.pool_reuse`).
    out : Path or None
        The folder of the games datasets.
    """

    table: pd.DataFrame
    rules: list
    names: list
    paths: list
    pairs: list
    identical: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    games: int = 0
    seed: int = 0
    outcomes: str = "dd"
    pool_repeat_share: dict = field(default_factory=dict)
    out: Path | None = None

    @property
    def no_difference(self) -> bool:
        """Every rule set played every game exactly as the baseline did."""
        return len(self.identical) == len(self.names) - 1

    def why_identical(self, name: str) -> str:
        """Why rule set ``name`` plays as the baseline (the changed fields, and
        whether any simulated decision could read them)."""
        r = self.rules[self.names.index(name)]
        d = [k for k, _, _ in rules_diff(self.rules[0], r)]
        if not d:
            return "they are the same rules"
        what = changed_fields(self.rules[0], r)
        if self.outcomes == "dd" and all(k in INFORMATION_FIELDS for k in d):
            return (
                f"{what} only says what the players see, which double-dummy outcomes and the "
                "bidding model do not read"
            )
        return f"{what} changed no decision and no score in these {self.games:,} games"

    def verdict(self, top: int = 5) -> str:
        """A short summary: "no difference" and why when every rule set played
        identically, else per rule set the metrics beyond the noise.

        Parameters
        ----------
        top : int
            Metrics named per rule set, the largest standardized paired
            differences first (``|diff|`` over the paired half-width); the
            others are counted.

        Returns
        -------
        str
            One line per rule set after the baseline (one line in all for
            no difference).
        """
        if self.no_difference:
            others = ", ".join(self.names[1:])
            return (
                f"no difference: {others} played every one of the {self.games:,} games exactly as "
                f"{self.names[0]} did (the same rows, deal for deal): {self.why_identical(self.names[1])}"
            )
        lines = []
        for name in self.names[1:]:
            if name in self.identical:
                lines.append(f"{name}: no difference from {self.names[0]} ({self.why_identical(name)})")
                continue
            moved = self.moved(name)
            if moved.empty:
                lines.append(f"{name}: no metric beyond the noise against {self.names[0]}")
                continue
            dig = {m: _diff_digits(self.table[self.table.metric == m]) for m in moved.metric}
            shown = [
                f"{r.metric} {_fixed(r.diff, dig[r.metric], True)}" for r in moved.head(top).itertuples()
            ]
            more = f" and {len(moved) - top} more" if len(moved) > top else ""
            lines.append(f"{name}: beyond the noise against {self.names[0]}: {', '.join(shown)}{more}")
        return "\n".join(lines)

    def moved(self, name: str, beyond: bool = True) -> pd.DataFrame:
        """Rows of rule set ``name`` ordered by standardized paired difference.

        Parameters
        ----------
        name : str
            A rule set after the baseline.
        beyond : bool
            Only the rows beyond the noise (their paired interval excludes 0).

        Returns
        -------
        pandas.DataFrame
            Rows of :attr:`table` with a paired interval of positive width
            (exact rows, which have none, are left out), with a ``z`` column
            (``|diff|`` over the paired half-width), largest first.
        """
        t = self.table[(self.table.rules == name) & (self.table["sample"] != "exact")].copy()
        half = (t["diff_high"] - t["diff_low"]) / 2
        t = t[half > 0]
        t["z"] = t["diff"].abs() / half[half > 0]
        if beyond:
            t = t[t["beyond_noise"]]
        return t.sort_values("z", ascending=False, kind="stable")

    def meta(self) -> dict:
        """The run's context, JSON-ready (what ``thousand compare --json-meta`` writes).

        Returns
        -------
        dict
            ``games``, ``seed``, ``outcomes``, ``baseline``, ``rules`` (per
            rule set: ``name``, ``spelling`` of its fields changed from its
            profile, ``profile``, ``fingerprint``, ``path`` of its games
            dataset, ``pool_repeat_share``), ``pairs`` (``rules``,
            ``against``, ``paired_on``), ``identical``, ``notes``,
            ``verdict``, ``out`` and ``columns`` (the table's).
        """
        rules = []
        for n, r, p in zip(self.names, self.rules, self.paths):
            share = self.pool_repeat_share.get(n)
            rules.append(
                {
                    "name": n,
                    "profile": r.base,
                    "changes": {k: v for k, _, v in rules_diff(r.__class__.profile(r.base), r)},
                    "fingerprint": r.fingerprint(),
                    "path": str(p),
                    "pool_repeat_share": None if share is None else float(share),
                }
            )
        return {
            "games": self.games,
            "seed": self.seed,
            "outcomes": self.outcomes,
            "baseline": self.names[0],
            "rules": rules,
            "pairs": [{"rules": a, "against": b, "paired_on": how} for a, b, how in self.pairs],
            "identical": list(self.identical),
            "notes": list(self.notes),
            "verdict": self.verdict(),
            "out": None if self.out is None else str(self.out),
            "columns": list(self.table.columns),
        }

    def rows(self) -> list[dict]:
        """The table as a list of JSON-ready objects (NaN as null)."""
        t = self.table.astype(object).where(self.table.notna(), None)
        return t.to_dict(orient="records")

    def to_json(self) -> str:
        """JSON text of :meth:`rows` (what ``thousand compare --json`` prints)."""
        return json.dumps(self.rows(), indent=1, allow_nan=False)

    def write_meta(self, path) -> Path:
        """Write :meth:`meta` as JSON to ``path`` (atomically: a temporary file, then rename)."""
        text = json.dumps(self.meta(), indent=1, allow_nan=False)

        def write(tmp):
            Path(tmp).write_text(text + "\n", encoding="utf-8")

        replace_file(path, write)
        return Path(path)

    def format(self) -> str:
        """The readable table (what ``thousand compare`` prints).

        Under the header, each rule set that changes one to three fields of
        the first says what it changes in a player's words
        (:func:`analysis.rules.change_words`, as the conventions page
        labels its variants).  Each metric shows every rule set's value with its 95 % interval,
        and for every rule set after the first the paired difference with
        its interval and the interval independent samples would give; a
        ``*`` marks a difference beyond the noise (its paired interval
        excludes 0), and ``†`` an interval widened for repeated pool draws
        (a game figure of a rule set whose ``pool_repeat_share`` is above
        0; a paired difference where either rule set's is), with a footnote
        saying so.  Metrics with no value (no barrel stays) are left out.
        """
        lines = [
            f"{self.games:,} paired games per rule set, seed {self.seed}, "
            f"{'double-dummy play' if self.outcomes == 'dd' else 'own-information (single-dummy) play'}; "
            f"baseline {self.names[0]}"
        ]
        for name, r in zip(self.names[1:], self.rules[1:]):
            n = len(rules_diff(self.rules[0], r))
            if 0 < n <= 3:
                lines.append(f"  {name} changes {changed_fields(self.rules[0], r)}")
        for name, base, how in self.pairs:
            lines.append(f"  {name} vs {base}: paired on the {how}")
        for name in self.identical:
            lines.append(f"  {name} played identically to {self.names[0]}: {self.why_identical(name)}")
        w = max(12, *(len(n) for n in self.names))
        head = f"{'metric':<26} {'rules':<{w}} {'value [95 % CI]':<27} {'diff [paired CI]':<32} unpaired CI"
        lines += ["", head, "-" * len(head)]
        widened = False
        for metric, sub in self.table.groupby("metric", sort=False):
            if sub["value"].isna().all():
                continue
            dg, ddg = _digits(sub), _diff_digits(sub)
            first = True
            share = dict(zip(sub["rules"], sub.get("pool_repeat_share", pd.Series(np.nan, sub.index))))
            for r in sub.itertuples():
                wide = _repeats(share.get(r.rules))
                mark = " †" if wide else ""
                val = f"{_fixed(r.value, dg)} [{_fixed(r.low, dg)}, {_fixed(r.high, dg)}]{mark}"
                widened |= wide
                if r.rules == self.names[0]:
                    diff = unp = ""
                else:
                    mark = (" †" if wide or _repeats(share.get(self.names[0])) else "") + (
                        " *" if r.beyond_noise else ""
                    )
                    diff = (
                        f"{_fixed(r.diff, ddg, True)} [{_fixed(r.diff_low, ddg, True)}, "
                        f"{_fixed(r.diff_high, ddg, True)}]{mark}"
                    )
                    unp = f"[{_fixed(r.unpaired_low, ddg, True)}, {_fixed(r.unpaired_high, ddg, True)}]"
                line = f"{metric if first else '':<26} {r.rules:<{w}} {val:<27} {diff:<32} {unp}"
                lines.append(line.rstrip())
                first = False
        lines.append("")
        lines.append(
            "* the paired 95 % interval excludes 0 (beyond the noise); exact_* rows are exact "
            "(no noise); p_first_hand_* are per deal the rule set plays (its redeals before "
            "bidding and at the widow left out), from the reference pools' deals; n/a: see the notes"
        )
        if widened:
            lines.append(
                "† a widened 95 % interval: the rule set's pool draws repeat (the note says how often), "
                "so its interval is widened by the root of its draws per distinct deal, a paired "
                "difference's by the larger of its two rule sets'"
            )
        return "\n".join(lines)

    def plot_metrics(self, k: int = 6) -> list[str]:
        """The metrics :meth:`plot` shows by default: the ``k`` that moved most.

        Each rule set's metrics are ranked by standardized paired difference
        (:meth:`moved`: ``|diff|`` over the paired half-width), those beyond
        the noise first; the rule sets then take turns, so each one's
        largest moves are shown.  Exact rows (no noise) are left out; with
        every rule set identical the first ``k`` of :data:`PLOT_METRICS`
        are shown.
        """
        ranked = []
        for n in self.names[1:]:
            t = self.moved(n, beyond=False)
            t = t.sort_values(["beyond_noise", "z"], ascending=[False, False], kind="stable")
            ranked.append(list(t["metric"]))
        out: list[str] = []
        for depth in range(max((len(r) for r in ranked), default=0)):
            for r in ranked:
                if depth < len(r) and r[depth] not in out:
                    out.append(r[depth])
        return out[:k] if out else list(PLOT_METRICS[:k])

    def plot(self, path=None, metrics=None):
        """Paired differences against the baseline, one panel per metric.

        Parameters
        ----------
        path : path, optional
            Write the figure there (PNG, SVG or PDF by its suffix; replaced
            whole); the figure is closed then.
        metrics : sequence of str, optional
            Metric names of the table (default :meth:`plot_metrics`: the
            six that moved most).

        Returns
        -------
        matplotlib.figure.Figure or Path
            The figure, or ``path`` once written.
        """
        import matplotlib  # heavy: loaded only to draw

        if path is not None:
            matplotlib.use("Agg", force=False)
        # matplotlib is heavy: loaded only to draw (after the backend is chosen)
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator

        metrics = list(metrics) if metrics is not None else self.plot_metrics()
        others = self.names[1:]
        ncols = min(3, len(metrics))
        nrows = -(-len(metrics) // ncols)
        fig, axes = plt.subplots(
            nrows, ncols, figsize=(4.6 * ncols, (0.45 * len(others) + 1.7) * nrows), squeeze=False
        )
        flat = list(axes.flat)
        y = list(range(len(others)))[::-1]
        game = self.table[self.table["sample"] == "games"] if "sample" in self.table else self.table.iloc[:0]
        rep = dict(zip(game["rules"], game.get("pool_repeat_share", pd.Series(np.nan, game.index))))
        base = _repeats(rep.get(self.names[0]))
        wide = [bool(len(game)) and (base or _repeats(rep.get(n))) for n in others]
        ticks = [f"{n} †" if w else n for n, w in zip(others, wide)]
        for i, (ax, m) in enumerate(zip(flat, metrics)):
            sub = self.table[self.table.metric == m].set_index("rules").reindex(others)
            d = sub["diff"].to_numpy(float)
            ax.errorbar(
                d,
                y,
                xerr=[d - sub["diff_low"].to_numpy(float), sub["diff_high"].to_numpy(float) - d],
                fmt="o",
                capsize=4,
                label="paired",
            )
            ax.errorbar(
                d,
                [v - 0.2 for v in y],
                xerr=[d - sub["unpaired_low"].to_numpy(float), sub["unpaired_high"].to_numpy(float) - d],
                fmt="none",
                ecolor="0.6",
                capsize=3,
                label="if unpaired",
            )
            ax.axvline(0, color="k", lw=0.8)
            star = " *" if sub["beyond_noise"].fillna(False).astype(bool).any() else ""
            ax.set_title(m.replace("_", " ") + star, fontsize=9)
            ax.xaxis.set_major_locator(MaxNLocator(nbins=4))
            ax.tick_params(axis="x", labelsize=8)
            ax.set_ylim(-0.7, len(others) - 0.4)
            ax.set_yticks(y, ticks if i % ncols == 0 else [""] * len(others), fontsize=8)
        for ax in flat[len(metrics) :]:
            ax.set_visible(False)
        flat[0].legend(loc="best", fontsize=7)
        fig.suptitle(
            f"difference against {self.names[0]}, {self.games:,} paired games (95 % intervals"
            + ("; † widened for repeated pool draws in game figures" if any(wide) else "")
            + "; * beyond the noise)",
            fontsize=10,
        )
        fig.tight_layout()
        if path is None:
            return fig
        try:
            replace_file(path, lambda tmp: fig.savefig(tmp, dpi=110))
        finally:
            plt.close(fig)
        return Path(path)
