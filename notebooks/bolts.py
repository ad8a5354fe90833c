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
# # How often do bolts happen?
#
# A *bolt* (болт) is a deal a player ends empty-handed.  RULES.md knows two
# definitions: **zero points** — 0 raw points, cards plus marriages (`club`,
# `classic`) — and **no trick** — not a single trick, even one worth 0
# (`wiki`, where the declarer can be bolted too).  `book` and `ua` count no
# bolts.  Every third bolt costs 120 points (`club`, `classic`: counted
# cumulatively; `wiki`: three in a row).
#
# Two views:
#
# 1. **Per deal, double-dummy** — on a pool of solved deals, the defenders of
#    the player with the best hand (the seat with the highest double-dummy
#    value; he is the one who can outbid the others) along the tie-broken
#    optimal line, under each definition.  Defenders avoid a bolt whenever
#    it costs the defence nothing (DESIGN.md, contract 3), so these are the
#    bolts perfect play cannot avoid.
# 2. **Per game** — whole games simulated from the pool with the default
#    bidding policy: bolts and penalties per 100 played deals and per game.

# %% tags=["parameters"]
from analysis.research import setup

QUICK = setup.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(setup.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_DEALS = 20_000 if QUICK else 1_000_000          # deals dataset the pools come from
POOLS = {"club": 18, "wiki": 9} if QUICK else {"club": 600, "wiki": 200}  # deals solved
N_GAMES = 60 if QUICK else 2_000                  # games simulated per profile
GAME_PROFILES = ["club", "classic", "wiki"]       # profiles with bolts

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.research import bolts, data, plots
from analysis.rules import Rules

plots.use_style()
deals = setup.ensure_deals(DATA, N_DEALS, SEED)
pool_paths = {p: data.ensure_solutions(DATA, deals, p, n) for p, n in POOLS.items()}
pools = {p: data.load_pool(path) for p, path in pool_paths.items()}
SOLVED_AS = {"club": "club", "classic": "club", "wiki": "wiki"}   # same solver conventions
setup.provenance(list(POOLS) + GAME_PROFILES, SEED, deals_dataset=N_DEALS,
                 **{f"solved pool {p} (deals)": n for p, n in POOLS.items()},
                 games_per_profile=N_GAMES)

# %% [markdown]
# ## Per deal: bolts under each definition (double-dummy)
#
# `p` is the chance that a given defender (or, last row, the declarer) is
# bolted in a played deal; *per 100 deals* counts both defenders.  The
# `club` pool's line is tie-broken for *zero points* bolts, the `wiki`
# pool's for *no trick* bolts, so each definition is read on its own
# profile's line; the other column is shown for comparison.

# %%
per_deal = pd.concat({p: bolts.bolt_table(bolts.deal_bolts(f)) for p, f in pools.items()},
                     names=["solved as"])
setup.show(per_deal, pct=("p", "ci_low", "ci_high"))

# %%
fig, ax = plt.subplots(figsize=(8, 3.8))
labels = [f"{p}: {d}" for p, d in per_deal.index]
plots.interval_dots(ax, labels, per_deal["per_100_deals"] / 100, per_deal["per_100_low"] / 100,
                    per_deal["per_100_high"] / 100, xlabel="bolts per 100 played deals",
                    label="double-dummy, 95 % CI")
ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:g}"))
ax.set_title("Bolts per 100 deals by definition (perfect play)")
plt.show()

# %% [markdown]
# The two definitions differ only for a player whose tricks are all worth
# nothing (9-9-9: a trick, but 0 points) — a zero-points bolt that is not a
# no-trick bolt — or who declared a marriage without taking a trick.  Both
# are rare, so the rows nearly coincide.

# %% [markdown]
# ## Per game: simulated games
#
# The same deals pool, drawn with replacement, feeds games played to the
# end with the default bidding policy.  Bolts here follow each profile's
# scoring (no bolts for a defender sitting on the barrel).  Intervals are
# Student-t over games (the deals of one game are not independent).

# %%
games = {p: data.simulated_games(DATA, p, N_GAMES, SEED, pool_paths[SOLVED_AS[p]])
         for p in GAME_PROFILES}
rates = pd.concat({p: bolts.game_bolt_rates(g) for p, g in games.items()}, names=["profile"])
for p in ("book", "ua"):
    assert not Rules.profile(p).has_bolts
display(Markdown(f"Estimator of the bidding policy: {games['club'].attrs['estimator']}. "
                 "`book` and `ua` count no bolts (RULES.md), so their rates are 0 by rule."))
rates.round(3)

# %%
fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
PANELS = (("per_100_deals", "per 100 played deals"), ("per_game", "per game"))
for ax, (col, unit) in zip(axes, PANELS):
    for j, what in enumerate(("bolts", "penalties")):
        sub = rates.xs(what, level=1)
        y = np.arange(len(sub))[::-1] + (0.15 if j == 0 else -0.15)
        ax.errorbar(sub[col], y, xerr=[sub[col] - sub[f"{col}_low"], sub[f"{col}_high"] - sub[col]],
                    fmt="o" if j == 0 else "s", capsize=4, label=what)
    ax.set_yticks(np.arange(len(sub))[::-1], sub.index)
    ax.set_xlabel(unit)
    ax.set_xlim(left=0)
handles, labels = axes[0].get_legend_handles_labels()
fig.legend(handles, labels, loc="outside lower center", ncol=2, frameon=False)
fig.suptitle(f"Bolts and −120 penalties in simulated games ({N_GAMES:,} per profile, 95 % CI)")
plt.show()

# %% [markdown]
# ## Precision of this run

# %%
hw = setup.max_half_width(per_deal)
pen = rates.xs("penalties", level=1)
display(Markdown(
    f"Per deal: the widest 95 % interval of a bolt probability has a half-width of "
    f"**{100 * hw:.2f} percentage points** "
    f"({', '.join(f'{p}: {n:,} deals' for p, n in POOLS.items())}). "
    f"Per game ({N_GAMES:,} games per profile): penalties per game "
    + ", ".join(f"{p} {r.per_game:.2f} ± {(r.per_game_high - r.per_game_low) / 2:.2f}"
                for p, r in pen.iterrows())
    + ". Games draw deals with replacement from the pool, so the per-game precision is also "
      "limited by the pool's size."))
