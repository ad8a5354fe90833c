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
# # How does one house convention change the game?
#
# Start from the `club` profile and change a single convention at a time —
# the write-off payment, the barrel threshold, the 555 reset, the number of
# barrel seats.  Each variant plays the **same games on the same random
# deals** as the baseline: game *g* draws its first dealer and its deals
# from its own stream of the root seed, whatever the rules (common random
# numbers), and every convention here leaves the double-dummy play alone,
# so baseline and variant use one pool of solved deals.  The games stay
# identical until the convention changes a decision or a score, so the
# per-game differences are small and their mean has a narrow interval
# (paired Student t).  The column `unpaired ±` shows the half-width two
# independent samples of the same size would give.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
BASE = "club"
N_GAMES = 40 if QUICK else 1_000                  # games per variant (the same game ids; the
#                                                   baseline shares the bolts page's cached games)
VARIANTS = {                                      # name -> changed fields of BASE
    "write-off pays 60 each (ua)": {"write_off_payment": "fixed", "write_off_fixed": 60},
    "barrel at 900 (book)": {"barrel_threshold": 900},
    "555 resets to 0 (classic)": {"reset_555": "positive"},
    "one barrel seat": {"barrel_seats": 1},
}

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.research import data, paired, plots
from analysis.rules import Rules

plots.use_style()
display(Markdown(notebook.back_link()))
base_rules = Rules.profile(BASE)
pool = data.reference_pool(BASE).solutions_path     # every variant plays as club does
base = data.simulated_games(DATA, base_rules, N_GAMES, SEED, pool)
metrics = {"baseline": paired.game_metrics(base)}
for name, change in VARIANTS.items():
    r = base_rules.with_changes(**change)
    g = data.simulated_games(DATA, r, N_GAMES, SEED, pool, label=f"{BASE}-variant")
    metrics[name] = paired.game_metrics(g)
o = base.attrs["outcomes"]
display(Markdown(f"Bidding estimator: {base.attrs['estimator']}.  Deals drawn without "
                 f"replacement from the club reference pool ({o['pool_size']:,} deals): "
                 f"{o['distinct_deals']:,} distinct deals, {o['repeated_draws']:,} repeated "
                 "draws per variant (every variant draws the same blocks)."))
notebook.provenance([BASE] + [f"{BASE} + {k}" for k in VARIANTS], SEED,
                 reference_pool=f"club ({data.reference_pool(BASE).content_hash})",
                 games_per_variant=N_GAMES)

# %% [markdown]
# ## Differences against the baseline
#
# Per game: `deals` (dealt, redeals included), `played`, `bolts` (all
# players), `penalties` (−120 for bolts), `barrel_entries`, and the win
# indicators by position relative to the game's first dealer (their means
# are win shares).

# %%
MEASURES = ["deals", "played", "bolts", "penalties", "barrel_entries",
            "win_first_hand", "win_second", "win_dealer"]
diffs = pd.concat({name: paired.paired_differences(metrics["baseline"], m, MEASURES)
                   for name, m in metrics.items() if name != "baseline"}, names=["variant"])
diffs.rename(columns={"unpaired_half": "unpaired ±"}).astype(
    {"games": int}).style.format(precision=3, thousands=",")

# %%
fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
names = list(VARIANTS)
y = np.arange(len(names))[::-1]
PANELS = (("deals", "Δ deals per game", 1), ("penalties", "Δ bolt penalties per game", 1),
          ("win_first_hand", "Δ first hand's win share\n(percentage points)", 100))
for ax, (m, unit, scale) in zip(axes, PANELS):
    sub = diffs.xs(m, level=1).loc[names]
    ax.errorbar(scale * sub["diff"], y, xerr=[scale * (sub["diff"] - sub["diff_low"]),
                                              scale * (sub["diff_high"] - sub["diff"])],
                fmt="o", capsize=4, label="paired (CRN)")
    ax.errorbar(scale * sub["diff"], y - 0.18, xerr=scale * sub["unpaired_half"], fmt="none",
                ecolor="0.6", capsize=3, label="if unpaired")
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel(unit)
axes[0].set_yticks(y, names)
handles, labels = axes[0].get_legend_handles_labels()
fig.legend(handles, labels, loc="outside lower center", ncol=2, frameon=False)
fig.suptitle(f"Variant − baseline, the same {N_GAMES:,} games (95 % CI of the mean difference)")
plt.show()

# %% [markdown]
# ## Levels under each convention

# %%
levels = pd.DataFrame({name: m[MEASURES].mean() for name, m in metrics.items()}).T
levels.style.format(precision=3)

# %% [markdown]
# ## Precision of this run

# %%
paired_hw = ((diffs["diff_high"] - diffs["diff_low"]) / 2)
gain = (diffs["unpaired ±"] if "unpaired ±" in diffs else diffs["unpaired_half"]) / paired_hw
deals_hw = paired_hw.xs("deals", level=1)
display(Markdown(
    f"With {N_GAMES:,} paired games the mean difference in game length is known to "
    f"±{deals_hw.max():.2f} deals at worst, and a win-share difference to ±"
    f"{100 * paired_hw.xs('win_first_hand', level=1).max():.1f} percentage points. "
    f"Pairing narrows the intervals by a factor of {np.nanmedian(gain[np.isfinite(gain)]):.1f} "
    "(median over measures) against independent samples of the same size."))
