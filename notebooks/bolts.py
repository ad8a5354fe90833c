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
# **Answers**: how often bolts happen: per deal double-dummy under each
# definition, per 100 deals and per game in simulated games, and why the two
# figures differ.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`: about 45 s on two cores the first time (it simulates
# 1,000 games per profile and caches them under `data/`), about 20 s after
# that.
#
# **Quick sizes** (600 deals of each pool and 40 games per profile, about
# 35 s): set `QUICK = True` in the parameters cell below, or start the lab
# with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
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
#
# Why the two figures differ: the first is a *share of defenders*, two per
# deal, along the line where defenders avoid bolts; the second counts
# *every player's* bolts per deal (both defenders, and the declarer under
# `wiki`) in the deals that games actually play — the contracts the
# bidding policy reaches, write-offs (no bolts) and the defenders on the
# barrel (no bolts) included.  The table of drivers below goes from one to
# the other in steps that multiply and add up exactly.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_POOL = 600 if QUICK else 10**9     # at most this many deals of each reference pool
N_GAMES = 40 if QUICK else 1_000     # games per profile, each its own block of the pool
PROFILES = ["club", "classic", "book", "ua", "wiki"]
N_BOOT = 100 if QUICK else 400

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.game import players_in
from analysis.research import bolts, data, plots
from analysis.research.uncertainty import PoolBootstrap
from analysis.rules import Rules

plots.use_style()
display(Markdown(notebook.back_link()))
pools = {p: data.pool_rows(p).iloc[:3 * N_POOL] for p in PROFILES}
refs = {p: data.reference_pool(p) for p in PROFILES}
notebook.provenance(PROFILES, SEED, games_per_profile=N_GAMES,
                 **{f"deals of {p}": f"the {r.name} reference pool, first {len(pools[p]) // 3:,} deals ({r.content_hash})"
                    for p, r in refs.items()})

# %% [markdown]
# ## Per deal: bolts under each definition (double-dummy)
#
# *Bolted* is the chance that a given defender (or, last row, the declarer)
# is bolted in a played deal; *per 100 deals* counts both defenders.  Each
# profile is read on its own pool's line (the tie-break avoids the
# profile's own bolts).  `book` and `ua` count no bolts by rule; their
# lines are shown for comparison.

# %%
per_deal = pd.concat({p: bolts.bolt_table(bolts.deal_bolts(f)) for p, f in pools.items()},
                     names=["profile"])
# on these pools a defender with a trick always has points and one with points
# a trick: the two definitions count the same defenders; print them once then
same = all((per_deal.loc[(p, "zero points"), ["count", "of"]] == per_deal.loc[(p, "no trick"), ["count", "of"]]).all()
           for p in PROFILES)
table = per_deal.drop(index="no trick", level=1) if same else per_deal
if same:
    table = table.rename(index={"zero points": "zero points, or no trick (the same defenders)"}, level=1)
shown = notebook.ci_table(table, keep=("count", "of", "deals"), name="bolted (95 % CI)").rename(
    columns={"count": "players bolted", "of": "players", "deals": "played deals"})
shown["per 100 deals (95 % CI)"] = [notebook.fmt_num_ci(a, b, c) for a, b, c in zip(
    table["per_100_deals"], table["per_100_low"], table["per_100_high"])]
NO_BOLTS = [p for p in PROFILES if not Rules.profile(p).has_bolts]
shown = shown.rename(index={p: f"{p} (no bolts by rule; for comparison)" for p in NO_BOLTS}, level=0)
display(shown)
if same:
    display(Markdown(
        "On every pool here the two definitions bolt exactly the same defenders (no defender took "
        "a trick worth 0 points, nor points without a trick), so they are shown as one row."))

# %%
fig, ax = plt.subplots(figsize=(8, 4 if same else 5))
sub = per_deal.xs("zero points", level=1)
sub2 = per_deal.xs("no trick", level=1)
if same:
    plots.interval_dots(ax, [f"{p}{'' if Rules.profile(p).has_bolts else ' (no bolts by rule)'}" for p in sub.index],
                        sub["p"], sub["ci_low"], sub["ci_high"], xlabel="defenders bolted (%)",
                        label="double-dummy, 95 % CI")
else:
    plots.interval_dots(ax, [f"{p}: zero points" for p in sub.index] + [f"{p}: no trick" for p in sub2.index],
                        pd.concat([sub, sub2])["p"], pd.concat([sub, sub2])["ci_low"],
                        pd.concat([sub, sub2])["ci_high"], xlabel="defenders bolted (%)",
                        label="double-dummy, 95 % CI")
ax.set_title("A defender's chance of a bolt, per profile (perfect play)")
plt.show()

# %% [markdown]
# ## Per game: simulated games
#
# Games played to the end with the default bidding policy, drawing the
# pool's deals **without replacement** (each game its own block of the
# pool).  Intervals: bootstrap over games (and over pool deals where a
# deal repeats: the two-way bootstrap of Owen, 2007).

# %%
games = {p: data.simulated_games(DATA, p, N_GAMES, SEED) for p in PROFILES}
boots = {p: PoolBootstrap(g, n_boot=N_BOOT, seed=1) for p, g in games.items()}
rows = []
for p, g in games.items():
    b = boots[p]
    played = (~g["redealt"]).to_numpy(float)
    nb = g[[f"bolt{q}" for q in range(players_in(g))]].sum(axis=1).to_numpy(float)
    pen = g["event"].fillna("").str.count(r"(?:^|;)bolt_penalty:").to_numpy(float)
    contract = played * (~g["written_off"]).to_numpy(float)
    o = g.attrs["outcomes"]
    for what, x, den in (("bolts per 100 played deals", nb, played),
                         ("bolt penalties per 100 played deals", pen, played),
                         ("bolts per 100 deals played out (no write-off)", nb * contract, contract)):
        m, lo, hi = b.ratio(x, den)
        rows.append({"profile": p, "figure": what, "estimate (95 % CI)":
                     notebook.fmt_num_ci(100 * m, 100 * lo, 100 * hi), "m": m, "lo": lo, "hi": hi,
                     "games": b.games, "played deals": int(played.sum()),
                     "distinct deals": b.distinct_deals,
                     "repeated draws": o["repeated_draws"]})
rates = pd.DataFrame(rows).set_index(["profile", "figure"])
display(Markdown(f"Estimator of the bidding policy: {games['club'].attrs['estimator']}. "
                 + " ".join(f"{p}: {boots[p].describe()}." for p in PROFILES)))
BOLTS = [p for p in PROFILES if p not in NO_BOLTS]
display(notebook.table(rates.loc[BOLTS, ["estimate (95 % CI)", "games", "played deals", "distinct deals",
                                         "repeated draws"]]))
if NO_BOLTS:
    display(Markdown(f"Not shown: {', '.join(NO_BOLTS)}, whose rules count no bolts (their games score none)."))

# %% [markdown]
# ## What drives each figure
#
# From the double-dummy share of bolted defenders to bolts per 100 deals
# in games: two defenders per deal; the declarer's own bolts (`wiki`);
# the deals that end in a write-off (no play, no bolt); defenders on the
# barrel (no bolt); and the contracts the auction actually reaches, which
# are not the double-dummy best of the strongest hand.

# %%
drv = []
for p in BOLTS:
    g = games[p]
    pl = g[~g["redealt"]]
    out_ = pl[~pl["written_off"]]
    bolted = out_[[f"bolt{q}" for q in range(players_in(g))]].to_numpy(bool)
    decl = out_["declarer"].to_numpy(np.int64)
    own = bolted[np.arange(len(out_)), decl]
    n_out = max(len(out_), 1)
    d_def = 100 * (bolted.sum() - own.sum()) / n_out
    d_decl = 100 * own.sum() / n_out
    share_out = len(out_) / max(len(pl), 1)
    bar = pl[[f"barrel{q}" for q in range(players_in(g))]].ge(0).sum(axis=1).mean()
    dd = per_deal.loc[(p, "zero points" if p != "wiki" else "no trick")]
    drv.append({"profile": p,
                "defenders bolted, double-dummy (pool)": notebook.fmt_pct(dd["p"]),
                "defenders bolted in games (deals played out)": notebook.fmt_pct(d_def / 200),
                "× 2 = defenders' bolts per 100 deals played out": f"{d_def:.1f}",
                "+ declarers' bolts per 100 deals played out": f"{d_decl:.1f}",
                "× share of played deals played out (no write-off)": notebook.fmt_pct(share_out),
                "= bolts per 100 played deals (games)": f"{share_out * (d_def + d_decl):.1f}",
                "players on the barrel per deal": f"{bar:.2f}"})
drivers = pd.DataFrame(drv).set_index("profile")
display(drivers)
cl = rates.loc[("club", "bolts per 100 played deals")]
ddc = per_deal.loc[("club", "zero points")]
display(Markdown(
    "Each row adds up: (defenders' + declarers' bolts per 100 deals played out) × the share played "
    "out = bolts per 100 played deals, the games' figure above; the players on the barrel, who "
    "are never bolted, are context. "
    f"**Conclusion.** In club, {notebook.fmt_pct(ddc['p'])} of defenders are bolted double-dummy "
    f"({notebook.fmt_num(200 * ddc['p'])} per 100 deals) against "
    f"{drivers.loc['club', 'defenders bolted in games (deals played out)']} in the deals games play "
    f"out; with write-offs, games count {notebook.fmt_num_ci(100 * cl['m'], 100 * cl['lo'], 100 * cl['hi'])} "
    "bolts per 100 played deals. The contracts the policy reaches, not the definition of a bolt, "
    "make the difference."))

# %%
fig, ax = plt.subplots(figsize=(8, 3.8))
sub = rates.xs("bolts per 100 played deals", level="figure").loc[BOLTS]
plots.interval_dots(ax, list(sub.index), sub["m"], sub["lo"], sub["hi"],
                    xlabel="bolts per 100 played deals (all players)",
                    label=f"{N_GAMES:,} games each, 95 % CI")
ax.set_title("Bolts in simulated games, per profile")
plt.show()

# %%
hl = []
for p in PROFILES:
    dd = per_deal.loc[(p, "zero points" if p != "wiki" else "no trick")]
    r = rates.loc[(p, "bolts per 100 played deals")]
    g = games[p]
    n_played = int((~g["redealt"]).sum())
    n_pool = int(dd["of"]) // 2
    if not Rules.profile(p).has_bolts:
        hl.append({"profile": p, "question": "bolts", "applies": False, "figure": "no bolts by rule",
                   "n": "none: the rules count no bolts"})
        continue
    hl.append({"profile": p, "question": "bolts",
               "figure": f"{notebook.fmt_ci(dd['p'], dd['ci_low'], dd['ci_high'])} of defenders "
                         f"(double-dummy); {r['estimate (95 % CI)']} per 100 played deals in games",
               "n": f"{n_pool:,} played pool deals ({int(dd['of']):,} defenders); "
                    f"{n_played:,} played deals in {N_GAMES:,} games"})
_ = notebook.save_headline("bolts", hl)
