"""The result of a comparison: table, verdict, text, JSON and plot."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..rules import INFORMATION_FIELDS, rules_diff
from .ruleset import changed_fields

__all__ = ["Comparison", "PLOT_METRICS"]

#: Metrics of :meth:`Comparison.plot` (one panel each).
PLOT_METRICS = (
    "deals_per_game",
    "barrel_entries_per_game",
    "bolts_per_game",
    "win_first_hand",
    "made_share",
    "write_off_share",
)


def _num(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "n/a"
    return f"{v:.4g}"


def _signed(v) -> str:
    if isinstance(v, float) and math.isnan(v):
        return "n/a"
    return f"{v:+.3g}"


@dataclass
class Comparison:
    """Rule sets played on the same games, compared against the first.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per (metric, rule set): ``metric rules value low high diff
        diff_low diff_high unpaired_low unpaired_high games`` (DESIGN.md,
        contract 8), then ``sample`` (``games``, ``exact``, ``pool dd`` or
        ``pool pimc``), ``n`` (games or deals behind the row) and
        ``beyond_noise`` (the paired 95 % interval excludes 0).
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

    def verdict(self) -> str | None:
        """The "no difference" sentence when every rule set played identically, else None."""
        if not self.no_difference:
            return None
        others = ", ".join(self.names[1:])
        return (
            f"no difference: {others} played every one of the {self.games:,} games exactly as "
            f"{self.names[0]} did (the same rows, deal for deal): {self.why_identical(self.names[1])}"
        )

    def rows(self) -> list[dict]:
        """The table as a list of JSON-ready objects (NaN as null)."""
        t = self.table.astype(object).where(self.table.notna(), None)
        return t.to_dict(orient="records")

    def to_json(self) -> str:
        """JSON text of :meth:`rows` (what ``thousand compare --json`` prints)."""
        return json.dumps(self.rows(), indent=1, allow_nan=False)

    def format(self) -> str:
        """The readable table (what ``thousand compare`` prints).

        Each metric shows every rule set's value with its 95 % interval,
        and for every rule set after the first the paired difference with
        its interval and the interval independent samples would give; a
        ``*`` marks a difference beyond the noise (its paired interval
        excludes 0).  Metrics with no value (no barrel stays) are left out.
        """
        lines = [
            f"{self.games:,} paired games per rule set, seed {self.seed}, "
            f"{'double-dummy' if self.outcomes == 'dd' else 'single-dummy'} outcomes; "
            f"baseline {self.names[0]}"
        ]
        for name, base, how in self.pairs:
            lines.append(f"  {name} vs {base}: paired on the {how}")
        for name in self.identical:
            lines.append(f"  {name} played identically to {self.names[0]}: {self.why_identical(name)}")
        w = max(12, *(len(n) for n in self.names))
        head = f"{'metric':<26} {'rules':<{w}} {'value [95 % CI]':<27} {'diff [paired CI]':<30} unpaired CI"
        lines += ["", head, "-" * len(head)]
        for metric, sub in self.table.groupby("metric", sort=False):
            if sub["value"].isna().all():
                continue
            first = True
            for r in sub.itertuples():
                val = f"{_num(r.value)} [{_num(r.low)}, {_num(r.high)}]"
                if r.rules == self.names[0]:
                    diff = unp = ""
                else:
                    mark = " *" if r.beyond_noise else ""
                    diff = f"{_signed(r.diff)} [{_signed(r.diff_low)}, {_signed(r.diff_high)}]{mark}"
                    unp = f"[{_signed(r.unpaired_low)}, {_signed(r.unpaired_high)}]"
                line = f"{metric if first else '':<26} {r.rules:<{w}} {val:<27} {diff:<30} {unp}"
                lines.append(line.rstrip())
                first = False
        lines.append("")
        lines.append(
            "* the paired 95 % interval excludes 0 (beyond the noise); exact_* rows are exact "
            "(no noise); p_first_hand_* come from the reference pools' deals"
        )
        return "\n".join(lines)

    def plot(self, path=None, metrics=PLOT_METRICS):
        """Paired differences against the baseline, one panel per metric.

        Parameters
        ----------
        path : path, optional
            Write the figure there (PNG, SVG or PDF by its suffix; replaced
            whole); the figure is closed then.
        metrics : sequence of str
            Metric names of the table.

        Returns
        -------
        matplotlib.figure.Figure or Path
            The figure, or ``path`` once written.
        """
        import matplotlib

        if path is not None:
            matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt

        from .._atomic import replace_file

        others = self.names[1:]
        fig, axes = plt.subplots(1, len(metrics), figsize=(3.2 * len(metrics), 0.6 * len(others) + 2.2))
        axes = list(getattr(axes, "flat", [axes]))
        y = list(range(len(others)))[::-1]
        for ax, m in zip(axes, metrics):
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
            ax.set_title(m.replace("_", " "), fontsize=9)
            ax.set_yticks(y, others if ax is axes[0] else [""] * len(others))
        axes[0].legend(loc="best", fontsize=7)
        fig.suptitle(f"difference against {self.names[0]}, {self.games:,} paired games (95 % intervals)")
        fig.tight_layout()
        if path is None:
            return fig
        try:
            replace_file(path, lambda tmp: fig.savefig(tmp, dpi=110))
        finally:
            plt.close(fig)
        return Path(path)
