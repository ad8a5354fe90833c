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
# # How long do players survive on the barrel?
#
# A player who reaches the threshold (880; `book` 900) sits *on the barrel*
# (бочка): his score is capped there and he has three completed deals to
# win by declaring and making a contract that brings him to the target.
# A stay ends with a **win**, a **fall** (attempts used up: −120, `book`
# −100), a **knock-off** (too many sitters: `club` allows two, the others
# one), his own **failed contract** or write-off, or an **exit** (taken
# below the threshold otherwise).  A stay still running when another player
# wins the game is *censored*.
#
# Whole games are simulated from pools of solved deals with the default
# bidding policy; the Kaplan–Meier curves (`scipy.stats.ecdf` on
# `scipy.stats.CensoredData`) show the share of stays still running after
# each played deal on the barrel, with pointwise 95 % bands.

# %% tags=["parameters"]
from analysis.research import setup

QUICK = setup.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(setup.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_DEALS = 20_000 if QUICK else 1_000_000          # deals dataset the pools come from
POOLS = ({"club": 18, "book": 9, "ua": 9, "wiki": 9} if QUICK
         else {"club": 600, "book": 200, "ua": 200, "wiki": 200})   # deals solved per profile
N_GAMES = 60 if QUICK else 2_000                  # games simulated per profile

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.research import data, plots, survival
from analysis.rules import Rules

plots.use_style()
deals = setup.ensure_deals(DATA, N_DEALS, SEED)
pool_paths = {p: data.ensure_solutions(DATA, deals, p, n) for p, n in POOLS.items()}
VARIANTS = {   # name -> (rules, pool with the same solver conventions)
    "club": (Rules.profile("club"), "club"),
    "club, one seat": (Rules.profile("club").with_changes(barrel_seats=1), "club"),
    "classic": (Rules.profile("classic"), "club"),
    "book": (Rules.profile("book"), "book"),
    "ua": (Rules.profile("ua"), "ua"),
    "wiki": (Rules.profile("wiki"), "wiki"),
}
games = {name: data.simulated_games(DATA, r, N_GAMES, SEED, pool_paths[pool],
                                    label=name.replace(", ", "-").replace(" ", "_"))
         for name, (r, pool) in VARIANTS.items()}
stays = {name: survival.barrel_stays(g) for name, g in games.items()}
display(Markdown(f"Bidding estimator: {games['club'].attrs['estimator']}."))
setup.provenance(list(VARIANTS), SEED, deals_dataset=N_DEALS,
                 **{f"solved pool {p} (deals)": n for p, n in POOLS.items()},
                 games_per_profile=N_GAMES)

# %% [markdown]
# ## How stays end
#
# Shares of all stays (95 % intervals; Clopper–Pearson near 0).  `open`:
# still sitting when the game ended (another player won).

# %%
shares = pd.concat({name: survival.ending_shares(s) for name, s in stays.items()},
                   names=["rules"])
setup.show(shares.unstack("ending")["p"].assign(stays=shares.xs("win", level="ending")["of"]),
           pct=tuple(survival.ENDINGS) + ("open",), digits=1)

# %%
endings = [e for e in list(survival.ENDINGS) + ["open"]
           if (shares.xs(e, level="ending")["count"] > 0).any()]
fig, ax = plt.subplots(figsize=(9, 4.5))
width = 0.8 / len(VARIANTS)
x = np.arange(len(endings))
for j, name in enumerate(VARIANTS):
    sub = shares.loc[name].loc[endings]
    ax.bar(x + (j - (len(VARIANTS) - 1) / 2) * width, 100 * sub["p"], width, label=name,
           yerr=[100 * (sub["p"] - sub["ci_low"]), 100 * (sub["ci_high"] - sub["p"])],
           capsize=2, error_kw={"elinewidth": 0.8})
LABELS = {"win": "win", "barrel_fall": "fall\n(3 deals used)", "knocked_off": "knocked off",
          "failed_contract": "own contract\nfailed", "barrel_write_off": "own\nwrite-off",
          "barrel_exit": "pushed below\nthe threshold", "open": "open at\ngame end"}
ax.set_xticks(x, [LABELS[e] for e in endings])
ax.set_ylabel("share of barrel stays (%)")
ax.set_xlabel("how the stay ended")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Endings of barrel stays (95 % CI)")
plt.show()

# %% [markdown]
# ## Survival on the barrel
#
# P(the stay lasts more than *t* played deals), every ending counted as the
# end of the stay; redeals do not count as deals.  With three attempts no
# stay outlasts three deals.

# %%
km = {name: survival.kaplan_meier(s) for name, s in stays.items() if s["ended"].any()}
STYLE = {name: ("C%d" % i, ls) for i, (name, ls) in enumerate(zip(
    VARIANTS, ["-", "--", "-", "-.", ":", "-"]))}
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
for name, k in km.items():
    if name != "club, one seat":
        c, ls = STYLE[name]
        plots.survival_steps(axes[0], k.index, k["survival"], k["ci_low"], k["ci_high"],
                             label=name, color=c, linestyle=ls)
for name in ("club", "club, one seat"):
    k = km[name]
    c, ls = STYLE[name]
    plots.survival_steps(axes[1], k.index, k["survival"], k["ci_low"], k["ci_high"], label=name,
                         color=c, linestyle=ls)
axes[0].set_title("Per profile")
axes[1].set_title("Two seats (club) against one")
for ax in axes:
    ax.set_xticks([0, 1, 2, 3])
    ax.legend(frameon=False)
plt.show()

# %%
surv = pd.concat({name: k for name, k in km.items()}, names=["rules"])
setup.show(surv[["survival", "ci_low", "ci_high", "n"]], pct=("survival", "ci_low", "ci_high"),
           digits=1)

# %% [markdown]
# ## Wins only: how fast does a sitter win?
#
# The cause-specific curve: only wins end a stay, every other ending is
# censored at its time.  1 − S(t) is the chance of having won within *t*
# deals had nothing else intervened.

# %%
fig, ax = plt.subplots()
for name, s in stays.items():
    if (s["ending"] == "win").any():
        k = survival.kaplan_meier(s, event="win")
        c, ls = STYLE[name]
        plots.survival_steps(ax, k.index, k["survival"], k["ci_low"], k["ci_high"], label=name,
                             color=c, linestyle=ls, band_alpha=0.08, ylabel="not yet won (%)")
ax.set_xticks([0, 1, 2, 3])
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Cause-specific survival: wins only")
plt.show()

# %% [markdown]
# ## Precision of this run

# %%
hw = setup.max_half_width(shares[shares["count"] > 0])
n_stays = {name: len(s) for name, s in stays.items()}
display(Markdown(
    f"{N_GAMES:,} games per rules variant gave "
    + ", ".join(f"{k}: {v:,}" for k, v in n_stays.items())
    + f" stays; the widest 95 % interval of an ending share has a half-width of "
      f"**{100 * hw:.1f} percentage points**. Games draw deals with replacement from pools of "
    + ", ".join(f"{p} {n:,}" for p, n in POOLS.items())
    + " solved deals, which also limits how far the results generalise."))
