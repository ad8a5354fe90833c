# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The golden round
#
# **Answers**: what a golden start (the first deals of the game played with
# every point and penalty doubled) does to the game: how long it lasts, who
# wins by seat, and whether it hands the first hand an advantage, against
# the profile as played. Both seeds' versions: wiki's (each player in turn
# plays exactly 120, the scores go back to 0 if nobody makes it, and its
# three agreements) on club, ua's (the first deal or the first three, the
# bidding blind) on ua. RULES.md, "The golden round", says how the toolkit
# reads them.
#
# **Run All** from the reference pools in `data/reference/`: 2,000 paired
# games per rule set, eight rule sets (the games are cached under `data/`).
#
# **Quick sizes** (club, wiki's version only, 12 games per rule set): set
# `QUICK = True` below, or start the lab with `THOUSAND_QUICK=1 make lab`.

# %% [markdown]
# Each rule set is one `thousand compare` rule set (`analysis.comparison`):
# game *g* draws its first dealer and its deals from its own stream of the
# root seed whatever the rules, so a golden variant and its profile play the
# same deals; the golden round changes who declares and what is scored, and
# from there the games part. Differences are paired per game (Student t).

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2035
N_GAMES = 12 if QUICK else 2_000                  # paired games per rule set

# %%
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis import dataset
from analysis.comparison import compare
from analysis.research import plots

plots.use_style()
display(Markdown(notebook.back_link()))
WIKI = "golden_round=in_turn"
RUNS = {
    "club": ["club", f"club {WIKI}", f"club {WIKI} golden_failed=keep", f"club {WIKI} golden_failed=again",
             f"club {WIKI} golden_marriages_doubled=false"],
    "ua": ["ua", "ua golden_round=blind golden_deals=1 golden_failed=keep",
           "ua golden_round=blind golden_deals=3 golden_failed=keep"],
}
if QUICK:
    RUNS = {"club": RUNS["club"][:3]}
LABELS = {
    f"club {WIKI}": "wiki's golden round (reset when nobody makes 120)",
    f"club {WIKI} golden_failed=keep": "wiki's, agreement: no reset",
    f"club {WIKI} golden_failed=again": "wiki's, agreement: start again",
    f"club {WIKI} golden_marriages_doubled=false": "wiki's, agreement: marriages not doubled",
    "ua golden_round=blind golden_deals=1 golden_failed=keep": "ua's, first deal golden, bidding blind",
    "ua golden_round=blind golden_deals=3 golden_failed=keep": "ua's, first three deals golden, bidding blind",
}
runs = {p: compare(sets, games=N_GAMES, seed=SEED, workers=None,
                   out=Path(DATA) / "compare" / f"golden-{p}-{N_GAMES}-{SEED}")
        for p, sets in RUNS.items()}
display(notebook.provenance(list(RUNS), SEED, games_per_rule_set=N_GAMES,
                            variants=sum(len(s) - 1 for s in RUNS.values())))


def label(spelled: str, profile: str) -> str:
    return LABELS.get(spelled, f"{profile} as played")


# %% [markdown]
# ## Game length and the golden round's resets
#
# Deals per game (redeals included) and the share of games whose golden
# round ended without a made contract (the reset, or a new round under
# "start again"), with paired 95 % intervals of the difference against the
# profile as played.

# %%
def resets_per_game(path) -> tuple[float, int]:
    games = dataset.read_table(path, "games", columns=["game_id", "event"]).to_pandas()
    per = games.event.str.count("golden_reset").groupby(games.game_id).sum()
    return float(per.mean()), int(per.size)


def metric_rows(metric: str) -> pd.DataFrame:
    out = []
    for p, c in runs.items():
        t = c.table[c.table.metric == metric]
        for spelled, (_, r) in zip(RUNS[p], t.iterrows(), strict=True):
            out.append({"profile": p, "rule set": label(spelled, p), "value": r.value, "low": r.low,
                        "high": r.high, "diff": r["diff"], "diff_low": r.diff_low, "diff_high": r.diff_high,
                        "games": int(r.games)})
    return pd.DataFrame(out)


deals = metric_rows("deals_per_game")
resets = [resets_per_game(path) for c in runs.values() for path in c.paths]
shown = pd.DataFrame({
    "profile": deals.profile,
    "rule set": deals["rule set"],
    "deals per game (95 % CI)": [notebook.fmt_num_ci(v, lo, hi, 1)
                                 for v, lo, hi in zip(deals.value, deals.low, deals.high)],
    "Δ against the profile (paired 95 % CI)": [
        "baseline" if d == lo == hi == 0 else notebook.fmt_num_ci(d, lo, hi, 2)
        for d, lo, hi in zip(deals["diff"], deals.diff_low, deals.diff_high)],
    "golden resets per game": [f"{m:.3f}" for m, _ in resets],
    "games": [f"{n:,}" for _, n in resets],
}).set_index(["profile", "rule set"])
display(shown)
golden = deals[deals["diff"] != 0] if (deals["diff"] != 0).any() else deals.iloc[1:]
longest = golden.loc[golden["diff"].abs().idxmax()]
beyond = longest.diff_low > 0 or longest.diff_high < 0
display(Markdown(
    f"**Conclusion.** The largest change in game length is {longest['rule set']} on {longest.profile}: "
    f"{notebook.fmt_num_ci(longest['diff'], longest.diff_low, longest.diff_high, 2)} deals per game "
    f"({'beyond' if beyond else 'within'} the noise at {N_GAMES:,} paired games); "
    f"under wiki's round on club, {resets[1][0]:.1%} of games reset their scores after the golden deals."))

# %% [markdown]
# ## Who wins: shares by seat and the first hand's advantage
#
# The share of games won by the first hand of the first deal (the player the
# golden round makes its first declarer), by the player on his left, and by
# the first dealer; a fair seat wins a third.

# %%
SEATS = {"win_first_hand": "first hand", "win_second_hand": "second hand", "win_first_dealer": "first dealer"}
seat = {m: metric_rows(m) for m in SEATS}
wins = pd.DataFrame({"profile": seat["win_first_hand"].profile,
                     "rule set": seat["win_first_hand"]["rule set"]})
for m, name in SEATS.items():
    t = seat[m]
    wins[f"{name} wins (95 % CI)"] = [notebook.fmt_ci(v, lo, hi) for v, lo, hi in zip(t.value, t.low, t.high)]
first = seat["win_first_hand"]
wins["Δ first hand (paired 95 % CI)"] = [
    "baseline" if d == lo == hi == 0 else f"{100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f}) points"
    for d, lo, hi in zip(first["diff"], first.diff_low, first.diff_high)]
display(wins.set_index(["profile", "rule set"]))
base = first.iloc[0]
gold = first.iloc[1]
moved = gold.diff_low > 0 or gold.diff_high < 0
headline = [{"profile": "club", "question": "golden first hand",
             "figure": f"first hand wins {notebook.fmt_ci(gold.value, gold.low, gold.high)} with wiki's golden "
                       f"round, {notebook.fmt_ci(base.value, base.low, base.high)} without",
             "n": f"{N_GAMES:,} paired games per rule set"}]
_ = notebook.save_headline("golden", headline, DATA)
display(Markdown(
    f"**Conclusion.** On club the first hand wins {notebook.fmt_ci(base.value, base.low, base.high)} of games "
    f"as played and {notebook.fmt_ci(gold.value, gold.low, gold.high)} with wiki's golden round: a paired "
    f"difference of {100 * gold['diff']:+.1f} points ({100 * gold.diff_low:+.1f} to {100 * gold.diff_high:+.1f}), "
    f"{'beyond' if moved else 'within'} the noise at {N_GAMES:,} games."))

# %%
fig, ax = plt.subplots(figsize=(8, 0.5 * len(first) + 1.5))
y = np.arange(len(first))[::-1]
ax.errorbar(first.value, y, xerr=[first.value - first.low, first.high - first.value], fmt="o", capsize=4)
ax.axvline(1 / 3, color="k", lw=0.8, ls="--")
ax.set_yticks(y, [f"{p}: {r}" for p, r in zip(first.profile, first["rule set"])])
ax.set_xlabel("share of games won by the first hand of the first deal (95 % CI); dashed: a third")
ax.set_title("The first hand's share of wins, with and without a golden start")
plt.show()
