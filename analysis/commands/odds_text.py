"""How ``thousand odds`` prints and plots its tables: the hand's odds, the
single-dummy view beside the double-dummy one, the widow's, and the plot
of P(make) and the expected score change by contract."""

from __future__ import annotations

import math

import numpy as np

from ..atomic import replace_file

__all__ = ["hand_text", "sd_text", "widow_text", "plot"]


def _se(x, width: int = 0) -> str:
    """A standard error for the text table: ``n/a`` where one deal gives none."""
    return f"{'n/a':>{width}}" if math.isnan(x) else f"{x:{width}.1f}"


def hand_text(t) -> str:
    a = t.attrs
    lo, hi = a["p_marriage_ci"]
    head = [
        f"hand {a['hand']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} of {a['samples']} deals solved (seed {a['seed']}); "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals",
        f"expected double-dummy value {a['expected_value']:.1f} ± {_se(a['value_se'])} "
        f"points; P(marriage after the widow) {a['p_marriage']:.3f} "
        f"[{lo:.3f}, {hi:.3f}]",
        f"best contract by expected score change: {a['best_contract']}",
        "",
    ]
    eq = "equity" in t.columns
    body = [
        "contract  p_make  95% interval      exp. change ± se   write-off"
        + ("   win game   equity change ± se" if eq else "")
    ]
    if eq:  # the score-blind columns apart from those of this table: they answer other questions
        body = [
            " " * 34 + "-- score-blind, fresh table --   " + "-" * 12 + " at this table " + "-" * 12,
            "contract  p_make  95% interval      exp. change ± se  write-off   "
            "write-off  win game  equity change ± se",
        ]
    for c, r in t.iterrows():
        line = (
            f"{c:>8}  {r.p_make:6.3f}  [{r.ci_low:.3f}, {r.ci_high:.3f}]  "
            f"{r.expected_delta:+9.1f} ± {_se(r.delta_se, 5)}   {r.p_write_off:6.3f}"
        )
        if eq:
            line = line[:-7] + (
                f"{r.p_write_off:9.3f}   {r.p_equity_write_off:9.3f}  {r.p_game_win:8.3f}  "
                f"{r.equity_change:+8.4f} ± {r.equity_se:.4f}"
            )
        body.append(line)
    if eq:
        head[-1:-1] = _table_lines(a)
    foot = [
        "",
        "p_make: share of deals whose double-dummy value after the best exchange "
        "reaches the contract; exp. change: declarer's score change minus the mean "
        "of his opponents' (points), writing off where that is better.",
        "Double-dummy odds are optimistic for the declarer.",
    ]
    if eq:
        foot[-1:-1] = [
            "Score-blind columns: as at a fresh table, writing off by points wherever a fresh "
            "table allows it. At this table: write-off is the share of deals on which he writes "
            "off, only where the rules allow it at these scores (not on the barrel, for one) and "
            "it leaves him the higher chance; win game: share of deals after which he has won the "
            "game; equity change: his chance to win the game after declaring the contract minus "
            "his chance now (equity model of the rules, docs/EQUITY.md).",
        ]
    return "\n".join(head + body + foot)


def _table_lines(a) -> list:
    """The header lines of the odds at a table (scores, the chances now, the two best contracts)."""
    now = a["equity_now"]
    sc = ", ".join(f"{x:g}" for x in a["scores"])
    for key, words in (
        ("barrel", "barrel attempts used"),
        ("bolts", "bolts"),
        ("failed_stays", "failed stays"),
    ):
        v = a.get(key, ())
        if any(x > 0 for x in v) or (key == "barrel" and any(x >= 0 for x in v)):
            sc += f"; {words} " + ", ".join("-" if key == "barrel" and x < 0 else str(x) for x in v)
    kind = "own-information" if a.get("equity_outcomes") == "pimc" else "double-dummy"
    return [
        f"at the table: scores {sc} (player order), player {a['dealer']} deals, player "
        f"{a['player']} holds the hand; chances to win now {', '.join(f'{x:.3f}' for x in now)}",
        f"if he passes, his chance is about {a['equity_pass']:.3f} (the equity policy's reckoning: an "
        f"opponent declares {a['pass_reference'][0]} and makes it with chance {a['pass_reference'][1]:g}); "
        + (
            "passing beats every contract"
            if a["equity_hold_limit"] is None
            else f"worth holding over a pass up to {a['equity_hold_limit']}"
        ),
        f"equity model {a.get('equity_model', '?')}: fitted on "
        f"{a.get('equity_model_games') or 0:,} simulated {kind} games",
        f"best contract by chance to win the game: {a['equity_best_contract']} "
        f"(by expected score change: {a['best_contract']})",
    ]


def sd_text(t) -> str:
    """The table of ``hand_odds(..., play="pimc")``: both columns and their difference."""
    a = t.attrs
    lo, hi = a["p_marriage_ci"]
    head = [
        f"hand {a['hand']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} of {a['samples']} deals played both ways (seed {a['seed']}, "
        f"{a['worlds']} worlds a decision); "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals",
        f"expected value: double-dummy {a['expected_value']:.1f} ± {_se(a['value_se'])}, "
        f"single-dummy {a['sd_expected_value']:.1f} ± {_se(a['sd_value_se'])} points; "
        f"P(marriage after the widow) {a['p_marriage']:.3f} [{lo:.3f}, {hi:.3f}]",
        f"best contract by expected score change: double-dummy {a['best_contract']}, "
        f"single-dummy {a['sd_best_contract']}",
        "",
    ]
    body = [
        "          ---- double-dummy ----   ---- single-dummy ----   --- SD - DD ---   exp. change dd / sd",
        "contract  p_make  95% interval     p_make  95% interval     diff  95% interval",
    ]
    for c, r in t.iterrows():
        body.append(
            f"{c:>8}  {r.p_make:6.3f}  [{r.ci_low:.3f}, {r.ci_high:.3f}]   "
            f"{r.sd_p_make:6.3f}  [{r.sd_ci_low:.3f}, {r.sd_ci_high:.3f}]   "
            f"{r['diff']:+6.3f} [{r.diff_low:+.3f}, {r.diff_high:+.3f}]  "
            f"{r.expected_delta:+7.1f} / {r.sd_expected_delta:+7.1f}"
        )
    foot = [
        "",
        "p_make: share of the same deals whose value reaches the contract, played "
        "double-dummy (every card seen) and single-dummy (each player deciding from "
        "what he sees: Monte Carlo over layouts, docs/SINGLE_DUMMY.md); diff: their "
        "paired difference (Newcombe interval). exp. change: the declarer's score "
        "change minus the mean of his opponents' (points), writing off where the "
        "deal's value (dd) or his own estimate (sd) says so.",
        "Both are estimates of strong play; single-dummy still overrates the declarer "
        "somewhat (strategy fusion).",
    ]
    return "\n".join(head + body + foot)


def widow_text(t, top: int = 15) -> str:
    a = t.attrs
    head = [
        f"hand {a['hand']} + widow {a['widow']} · rules {a['rules']} · seat {a['seat']} · "
        f"{a['kept']} deals of the defenders' cards of {a['samples']} (seed {a['seed']}; "
        f"{100 * a['redeal_share']:.1f}% left out as forced redeals); "
        f"{a['gifts_kept']} of {a['gifts_screened']} gifts solved on every deal",
        f"best: give {a['best_gift'][0]} left, {a['best_gift'][1]} right, contract {a['best_contract']}",
        "",
    ]
    body = ["left right contract  p_make  95% interval      exp. change ± se"]
    for _, r in t.head(top).iterrows():
        body.append(
            f"{r.give_left:>4} {r.give_right:>5} {r.contract:>8}  {r.p_make:6.3f}  "
            f"[{r.ci_low:.3f}, {r.ci_high:.3f}]  {r.expected_delta:+9.1f} ± "
            f"{_se(r.delta_se, 5)}"
        )
    foot = [
        "",
        "exp. change: the declarer's own expected score change (points). The gift "
        "is chosen without seeing the defenders' cards; the play is double-dummy.",
    ]
    return "\n".join(head + body + foot)


def plot(table, path, widow: bool = False) -> None:
    """Save p_make with its interval band and the expected change against the contract."""
    # matplotlib is heavy: loaded only to draw
    import matplotlib

    matplotlib.use("Agg")
    # matplotlib is heavy: loaded only to draw
    import matplotlib.pyplot as plt

    a = table.attrs
    if widow:
        g = a["best_gift"]
        t = table[(table.give_left == g[0]) & (table.give_right == g[1])].set_index("contract").sort_index()
        title = f"{a['hand']} + {a['widow']}: give {g[0]} left, {g[1]} right ({a['rules']})"
    else:
        t = table
        title = f"{a['hand']} ({a['rules']}, seat {a['seat']}, {a['kept']} deals)"
    fig, ax = plt.subplots(figsize=(8, 4.5))
    x = t.index.to_numpy()
    ax.fill_between(x, t.ci_low, t.ci_high, alpha=0.25, color="C0", label="95% interval")
    sd = "sd_p_make" in t.columns
    ax.plot(x, t.p_make, "o-", color="C0", label="P(make), double-dummy" if sd else "P(make)")
    if sd:
        ax.fill_between(x, t.sd_ci_low, t.sd_ci_high, alpha=0.25, color="C2")
        ax.plot(x, t.sd_p_make, "^-", color="C2", label=f"P(make), single-dummy ({a['worlds']} worlds)")
    if "equity" in t.columns:  # --scores: his chance to win the game, declaring each contract
        eq, se = t.equity.to_numpy(dtype=float), t.equity_se.to_numpy(dtype=float)
        ax.fill_between(x, eq - 1.96 * se, eq + 1.96 * se, alpha=0.2, color="C1")
        ax.plot(x, eq, "D-", color="C1", label="chance to win the game if he declares it (±1.96 se)")
        ax.axhline(a["equity_now"][a["player"]], color="C1", ls=":", lw=1, label="his chance to win now")
        ax.axhline(a["equity_pass"], color="C1", ls="--", lw=1, label="his chance if he passes (reckoned)")
        title += f"; scores {', '.join(f'{v:g}' for v in a['scores'])}, player {a['player']}"
    ax.set_xlabel("contract (points)")
    ax.set_ylabel("probability" if "equity" in t.columns else "probability of making the contract")
    ax.set_ylim(-0.02, 1.02)
    ax2 = ax.twinx()
    if "delta_low" in t.columns and np.isfinite(t.delta_low.to_numpy(dtype=float)).any():
        # one sample has no interval; the interval is held within what the contract can give
        ax2.fill_between(
            x,
            t.delta_low,
            t.delta_high,
            alpha=0.15,
            color="C3",
            label="its 95% interval (Student t, within the contract's range)",
        )
    ax2.plot(x, t.expected_delta, "s--", color="C3", label="expected score change")
    ax2.axhline(0, color="C3", lw=0.5)
    ax2.set_ylabel("expected score change (points)", color="C3")
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc="lower left")
    sub = (
        "double-dummy and single-dummy on the same deals"
        if sd
        else "double-dummy: optimistic for the declarer"
    )
    ax.set_title(title + "\n" + sub, fontsize=10)
    fig.tight_layout()
    try:
        replace_file(path, lambda tmp: fig.savefig(tmp, dpi=110))
    finally:
        plt.close(fig)
