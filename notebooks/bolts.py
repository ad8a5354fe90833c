# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
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
# `data/reference/`: a few minutes on two cores the first time (it
# simulates 1,000 own-information games per profile and caches them under
# `data/`; the barrel page shares them), about 20 s after that.
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
# 2. **Per game** — whole games played with **own information** (every
#    decision, bid, gift, contract, write-off and every card, from the
#    deciding player's cards: PIMC, docs/SINGLE_DUMMY.md) from the
#    single-dummy reference pools, with the default bidding policy: bolts
#    and penalties per 100 played deals and per game.
#
# Why the two figures differ: the first is a *share of defenders*, two per
# deal, along the line where defenders avoid bolts; the second counts
# *every player's* bolts per deal (both defenders, and the declarer under
# `wiki`) in the deals that games actually play, with own information —
# the contracts the bidding policy reaches, write-offs (no bolts) and the
# defenders on the barrel (no bolts) included.  The last section splits
# the gap between the two exactly: the play's part and the barrel's part.

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
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.game import players_in
from analysis.research import bolts, dd_pools, game_tables, headline, plots
from analysis.research.uncertainty import PoolBootstrap, interval_label
from analysis.rules import Rules

T0 = time.perf_counter()

plots.use_style()
display(Markdown(notebook.back_link()))
pools = {p: dd_pools.pool_rows(p).iloc[:3 * N_POOL] for p in PROFILES}
refs = {p: dd_pools.reference_pool(p) for p in PROFILES}
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
# the declarer's row under rules where no declarer can be bolted: none by rule, not a zero estimate
EXEMPT = [p for p in PROFILES if not (Rules.profile(p).has_bolts and Rules.profile(p).bolt_declarer)]
for p in EXEMPT:
    if (p, "declarer: no trick") in shown.index:
        shown.loc[(p, "declarer: no trick"), ["players bolted", "bolted (95 % CI)", "per 100 deals (95 % CI)"]] = (
            "none by rule")
shown = shown.rename(index={p: f"{p} (no bolts by rule; for comparison)" for p in NO_BOLTS}, level=0)
display(shown)
if same:
    display(Markdown(
        "On every pool here the two definitions bolt exactly the same defenders (no defender took "
        "a trick worth 0 points, nor points without a trick), so they are shown as one row."))
display(Markdown(
    f"None by rule: the declarer cannot be bolted in {', '.join(EXEMPT)} (RULES.md: \"the declarer can get a "
    "bolt\" only in wiki; book and ua count no bolts at all), so no share is estimated for him there."))

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
# Games played to the end with own information and the default bidding
# policy, drawing the single-dummy pool's deals **with replacement**: the
# pools hold fewer deals than the games draw, so draws repeat deals (the
# table below gives each pool's size and counts them).  A profile no single-dummy pool
# serves would be played double-dummy and labelled so.  Intervals: the
# two-way bootstrap over games and pool deals (Owen, 2007), which widens
# them for the repeats.

# %%
OUT = {p: game_tables.game_outcomes(p) for p in PROFILES}  # ("pimc" or "dd", words)
games = {p: game_tables.simulated_games(DATA, p, N_GAMES, SEED, draw="with" if OUT[p][0] == "pimc" else "without",
                                 outcomes=OUT[p][0], label=f"{p}-{OUT[p][0]}")
         for p in PROFILES}
boots = {p: PoolBootstrap(g, n_boot=N_BOOT) for p, g in games.items()}  # the pages' one seed
rows, per_profile = [], {}
OF_GAMES = {what for what, unit in bolts.GAME_FIGURES if unit == "games"}  # means over games: widened
for p, g in games.items():
    figs = bolts.game_figures(g, boots[p])
    for what, r in figs.iterrows():
        rows.append({"profile": p, "figure": what, "estimate": notebook.fmt_num_ci(r["value"], r["low"], r["high"]),
                     "interval": boots[p].interval_name(of_games=what in OF_GAMES),
                     "m": r["value"], "lo": r["low"], "hi": r["high"], "n": f"{int(r['n']):,} {r['of']}"})
    per_profile[p] = {"outcomes": OUT[p][1], "games": f"{boots[p].games:,}",
                      "played deals": f"{int(figs.loc['bolts per 100 played deals', 'n']):,}",
                      "pool draws, and how many repeat": game_tables.repeat_words(g)}
rates = pd.DataFrame(rows).set_index(["profile", "figure"])
display(Markdown(f"Estimator of the bidding policy, by profile: {game_tables.estimators_words(games)}. "
                 + " ".join(f"{p}: {boots[p].describe()}." for p in PROFILES)))
BOLTS = [p for p in PROFILES if p not in NO_BOLTS]
display(rates.loc[BOLTS, ["estimate", "interval", "n"]])
if any(boots[p].reuse for p in BOLTS):
    display(Markdown(
        "*Widened 95 % interval*: the 95 % bootstrap interval over games, scaled by the root of the draws per "
        "distinct pool deal (the factors are given above): an upper bound on the uncertainty the repeated "
        "deals add, wider than a 95 % confidence interval, not one. The figures per 100 deals are ratios of "
        "deals, resampled over games and pool deals at once: plain 95 % intervals."))
display(pd.DataFrame(per_profile).T.loc[BOLTS].rename_axis("profile"))
if NO_BOLTS:
    display(Markdown(f"Not shown: {', '.join(NO_BOLTS)}, whose rules count no bolts (their games score none)."))

# %% [markdown]
# ## From the double-dummy share to the games: the play's part and the barrel's part
#
# Among the defender seats of the deals games play out (no redeal, no
# write-off): *p*<sub>free</sub> is the share bolted among the defenders
# not on the barrel, *s*<sub>bar</sub> the share of defenders sitting on
# the barrel when the deal began (a sitter is not bolted: RULES.md, club,
# barrel), *p*<sub>bar</sub> the share bolted among those sitters (0
# wherever a sitter cannot be bolted) and *p*<sub>game</sub> the share
# bolted among all of them.  The
# gap between the double-dummy share and *p*<sub>game</sub> splits
# exactly into **the play's part**, double-dummy minus *p*<sub>free</sub>
# (the contracts the auction reaches and own-information play, against the
# double-dummy line of the strongest hand), and **the barrel's part**,
# (*p*<sub>free</sub> − *p*<sub>bar</sub>) × *s*<sub>bar</sub> (the
# defenders the barrel keeps from a bolt).  Then two defenders per deal,
# the declarers' own bolts (wiki) and the write-offs lead to the games'
# bolts per 100 played deals above.

# %%
drv = []
for p in BOLTS:
    g = games[p]
    dd = per_deal.loc[(p, "zero points" if p != "wiki" else "no trick")]
    gap = bolts.defender_gap(g, float(dd["p"]), boots[p])
    pl = g[~g["redealt"]]
    out_ = pl[~pl["written_off"]]
    bolted = out_[[f"bolt{q}" for q in range(players_in(g))]].to_numpy(bool)
    own = bolted[np.arange(len(out_)), out_["declarer"].to_numpy(np.int64)]
    share_out = len(out_) / max(len(pl), 1)
    d_def, d_decl = 200 * gap.loc["p_game", "value"], 100 * own.sum() / max(len(out_), 1)

    def ci(k, pts=False):
        r = gap.loc[k]
        if pts:  # a difference of shares, in points of %
            return notebook.fmt_num_ci(100 * r["value"], 100 * r["low"], 100 * r["high"])
        return notebook.fmt_ci(r["value"], r["low"], r["high"])

    drv.append({"profile": p,
                "defenders bolted, double-dummy (pool)": notebook.fmt_pct(dd["p"]),
                "− the play's part (points of %)": ci("play", True),
                "= bolted among defenders off the barrel": ci("p_free"),
                "share of defenders sitting on the barrel": ci("s_bar"),
                "− the barrel's part (points of %)": ci("barrel", True),
                "= defenders bolted in games": ci("p_game"),
                "defender seats": f"{gap.attrs['defenders']:,}",
                "then: bolts per 100 played deals, (2 × defenders bolted + declarers' bolts) × share played out":
                    f"({d_def:.1f} + {d_decl:.1f}) × {notebook.fmt_pct(share_out)} = "
                    f"{share_out * (d_def + d_decl):.1f}"})
drivers = pd.DataFrame(drv).set_index("profile").T
display(drivers)
cl = rates.loc[("club", "bolts per 100 played deals")]
ddc = per_deal.loc[("club", "zero points")]
PLAY_ROW, BAR_ROW = "− the play's part (points of %)", "− the barrel's part (points of %)"
gap_club = bolts.defender_gap(games["club"], float(ddc["p"]), boots["club"])
gc = gap_club["value"]
total = gc["play"] + gc["barrel"]
display(Markdown(
    "Each column adds up: the double-dummy share minus the play's part is *p*<sub>free</sub>; minus the "
    f"barrel's part, *p*<sub>game</sub>. {notebook.ROUNDING_NOTE} "
    f"**Conclusion.** In club, {notebook.fmt_pct(ddc['p'])} of defenders are bolted double-dummy against "
    f"{notebook.fmt_pct(gc['p_game'])} in the deals own-information games play out, a gap of "
    f"{notebook.fmt_num(100 * total)} points: the barrel's part is {drivers.loc[BAR_ROW, 'club']} "
    f"points, the play's part {drivers.loc[PLAY_ROW, 'club']}"
    + (" (within the noise)" if gap_club.loc["play", "low"] <= 0 <= gap_club.loc["play", "high"] else "")
    + "; with write-offs, games count "
    f"{cl['estimate']} bolts per 100 played deals ({cl['interval']})."))

# %%
fig, ax = plt.subplots(figsize=(8, 3.8))
sub = rates.xs("bolts per 100 played deals", level="figure").loc[BOLTS]
plots.interval_dots(ax, list(sub.index), sub["m"], sub["lo"], sub["hi"], percent=False,
                    xlabel="bolts per 100 played deals (all players)",
                    label=f"{N_GAMES:,} games each, {interval_label((boots[p] for p in BOLTS), of_games=False)}")
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
        hl.append(headline.not_applicable(p, "bolts", "no bolts by rule", "none: the rules count no bolts"))
        continue
    hl.append({"profile": p, "question": "bolts",
               "figure": f"{notebook.fmt_ci(dd['p'], dd['ci_low'], dd['ci_high'])} of defenders "
                         f"(double-dummy); {r['estimate']} per 100 played deals in games "
                         f"({'own information' if OUT[p][0] == 'pimc' else 'double-dummy'})",
               "n": f"{n_pool:,} played pool deals ({int(dd['of']):,} defenders); "
                    f"{n_played:,} played deals in {N_GAMES:,} games "
                    f"({'own information' if OUT[p][0] == 'pimc' else OUT[p][1]})"})
_ = notebook.save_headline("bolts", hl)

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; the games read from the cache where there)."))
