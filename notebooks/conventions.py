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
# # How does one house convention change the game?
#
# **Answers**: for each of the five profiles, what changing one house
# convention at a time (to each value another seed text gives it) does to
# whole games: length, bolts, barrel entries, who wins, contracts made and
# written off, each variant played on the same deals as the profile.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`: the first time, about an hour on two idle cores (100
# paired own-information games for each of 214 rule sets, 1,000
# double-dummy games for 30 more; cached under `data/`), seconds after.
#
# **Quick sizes** (the five profiles, five of the seeds' agreements, 12 games
# per rule set, a few minutes): set `QUICK = True` in the parameters cell
# below, or start the lab with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# Each variant is one `thousand compare` rule set:
# game *g* draws its first dealer and its deals from its own stream of the
# root seed, whatever the rules (common random numbers), so the profile
# and its variants start every game from the same cards.  The games stay
# identical until the convention changes a decision or a score, so the
# per-game differences are small and their mean has a narrow interval
# (paired Student t); the last section says how much narrower than two
# independent samples of the same size.
#
# The games are played with **own information** (every decision from the
# deciding player's cards: PIMC, docs/SINGLE_DUMMY.md), from the profile's
# single-dummy reference pool, wherever that pool serves the variant.  A
# variant that changes what the pool's declarers decided (the write-off
# payment, an after-exchange redeal, the first hand's double penalty) is
# played **double-dummy** against the profile played double-dummy, and
# its row says so.  Own-information games draw the pool's deals with
# replacement from pools smaller than the games draw and repeat them: the
# page gives each pool's size and how often, and the intervals are widened for it
# (`thousand compare`).
#
# **Sizes.** An own-information game costs about 0.1 s (book, ua, wiki)
# to 0.45 s (club, classic: written-off pool rows the table plays are
# played again) of CPU, against about 0.01 s double-dummy, and the page
# plays 214 own-information rule sets: 100 paired games each keep the full
# page near an hour on two cores, each profile in its own cell well within
# the report's one-hour cell limit.  At that size only effects of several
# deals per game (games last 20 to 30 deals) are told from the
# noise; how wide the paired intervals are depends on the profile and the
# convention (one that changes many games, like crossing, has the widest),
# and the last section gives this run's widest per profile.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_GAMES = 12 if QUICK else 100                    # paired own-information games per rule set
N_GAMES_DD = 12 if QUICK else 1_000               # paired double-dummy games per rule set
PROFILES = ("club", "classic", "book", "ua", "wiki")
FIELDS = (("minus_bidding", "write_off_limit", "crossing", "redeal_four_jacks", "redeal_after_four_jacks")
          if QUICK else None)                                                   # None: every field
WORKERS = None                                    # worker processes (None: every core)

# %%
import textwrap
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.research import conventions, notebook, plots

plots.use_style()
T0 = time.perf_counter()
display(Markdown(notebook.back_link()))
KINDS = {"pimc": "own information", "dd": "double-dummy"}
SIZE = {"pimc": N_GAMES, "dd": N_GAMES_DD}


def play(profile):
    """The profile's comparisons: own information where its pool serves, else double-dummy."""
    return {k: conventions.profile_comparison(profile, SIZE[k], SEED, DATA, outcomes=k, workers=WORKERS,
                                              fields=FIELDS) for k in KINDS}


runs = {}

# %% [markdown]
# The games, one profile per cell (each plays its own rule sets; cached).

# %%
runs["club"] = play("club")

# %%
runs["classic"] = play("classic")

# %%
runs["book"] = play("book")

# %%
runs["ua"] = play("ua")

# %%
runs["wiki"] = play("wiki")

# %%
def variants_of(prof, kind):
    c = runs[prof][kind]
    return 0 if c is None else len(c.names) - 1


display(notebook.provenance(list(PROFILES), SEED, own_information_games_per_rule_set=N_GAMES,
                            double_dummy_games_per_rule_set=N_GAMES_DD,
                            variants=sum(variants_of(p, k) for p in PROFILES for k in KINDS)))
display(Markdown(
    "Each profile is played as it is and changed in one convention field at a time, to each "
    "value another profile's seed text gives it, with `thousand compare`: every rule set plays the same game "
    "ids of one seed, drawing the same deals from the profile's reference pool, so the differences are paired. "
    f"Left out: fields that {conventions.SKIPPED['play']}, and fields that "
    f"{conventions.SKIPPED['information']}. Variants played per profile, own information + double-dummy: "
    + ", ".join(f"{p} ({variants_of(p, 'pimc'):,} + {variants_of(p, 'dd'):,})" for p in PROFILES) + "."))
repeats = {k: {p: runs[p][k].pool_repeat_share[runs[p][k].names[0]] for p in PROFILES if runs[p][k] is not None}
           for k in KINDS}
display(Markdown(
    "**Repeated deals.** `thousand compare` draws each game's deals with replacement, so that every rule set "
    "plays the same deals. Of the played draws of each profile as played, the share that repeats a deal "
    "drawn before: " + "; ".join(
        f"{KINDS[k]} ({SIZE[k]:,} games per rule set, from the "
        f"{'single-dummy' if k == 'pimc' else 'double-dummy'} pool): "
        + ", ".join(f"{p} {notebook.fmt_pct(x)}" for p, x in r.items())
        for k, r in repeats.items() if r)
    + ". `thousand compare` widens the intervals of a rule set whose draws repeat by the root of its draws "
    "per distinct deal (a paired difference's by the larger of its two rule sets'): the page labels those "
    "*widened 95 % intervals*, the others (no draw repeated) plain 95 % intervals."
    if any(repeats.values()) else "**Repeated deals.** No games were played."))

# %% [markdown]
# ## Largest effects on game length
#
# Per profile, the three conventions with the largest estimated change in
# the number of deals a game lasts, among those beyond the noise (paired
# interval excluding 0), the own-information and the double-dummy
# comparisons taken together (the double-dummy ones play ten times the
# games, so a small effect can be beyond the noise there and not in the
# other). The order is that of the estimates: where two intervals overlap,
# the data do not rank the two conventions. The full tables below list
# every other convention beyond the noise.

# %%
METRICS = ["deals_per_game", "barrel_entries_per_game", "bolts_per_game", "win_first_hand",
           "made_share", "write_off_share"]
every = {m: pd.concat([conventions.effects(c, [m]) for p in PROFILES for c in runs[p].values() if c is not None])
         for m in METRICS}
# per metric at least two significant digits of its typical half-width on the whole page; each
# column then takes the decimals its rows need (conventions.column_decimals), the same in every row
DIGITS = {m: conventions.typical_decimals(e[f"{m} low"], e[f"{m} high"]) for m, e in every.items()}


def fmt_diff(d, lo, hi, m="deals_per_game", digits=None):
    """A paired difference with its interval, in the column's decimals (default: the page's for ``m``)."""
    return notebook.fmt_num_ci(d, lo, hi, DIGITS[m] if digits is None else digits, signed=True)


def dagger(widened, words):
    """The mark of a widened interval in a column of both kinds (conventions.interval_words)."""
    return " †" if widened and "†" in words else ""


top = conventions.largest_effects(runs, "deals_per_game", k=3)
big = conventions.largest_per_profile(runs, "deals_per_game")  # the table's rule: its largest starred row
# the top table's column, the headlines and the conclusion: one number of decimals
TOP = conventions.column_decimals(pd.concat([top.diff_low, big.diff_low]), pd.concat([top.diff_high, big.diff_high]),
                                  at_least=DIGITS["deals_per_game"])
headline = []
for p in PROFILES:
    r = top[top.profile == p].head(1)
    kind = r.outcomes.iloc[0] if len(r) else "pimc"
    headline.append({"profile": p, "question": "largest",
                     "figure": f"{conventions.change_label(r.change.iloc[0], p)}: Δ "
                               f"{fmt_diff(r['diff'].iloc[0], r.diff_low.iloc[0], r.diff_high.iloc[0], digits=TOP)}"
                               f" deals per game, variant minus profile ({KINDS[kind]})" if len(r) else "no effect distinguishable at this size",
                     # thousand compare widens a game figure's interval where its pool draws repeat
                     "widened": bool(len(r)) and bool(r.widened.iloc[0]),
                     "n": f"{SIZE[kind]:,} paired games per rule set; {variants_of(p, 'pimc'):,} variants "
                          f"with own information, {variants_of(p, 'dd'):,} double-dummy"})
_ = notebook.save_headline("conventions", headline, DATA)
TOP_CI = conventions.interval_words(top.widened)
shown_top = pd.DataFrame({
    "profile": top.profile,
    "convention changed (profile's value → variant's)": [conventions.change_label(c, p)
                                                        for c, p in zip(top.change, top.profile)],
    f"Δ deals per game (paired {TOP_CI})": [fmt_diff(d, lo, hi, digits=TOP) + dagger(w, TOP_CI) for d, lo, hi, w in
                                            zip(top["diff"], top.diff_low, top.diff_high, top.widened)],
    "outcomes": [KINDS[k] for k in top.outcomes]})
display(shown_top.set_index("profile") if len(top) else Markdown(
    "No convention changes the number of deals per game beyond the noise at these sizes."))
said = "; ".join(
    f"in {r.profile}, {conventions.change_label(r.change, r.profile)} has the largest estimated effect on game length beyond the noise: "
    f"{fmt_diff(r['diff'], r.diff_low, r.diff_high, digits=TOP)} deals per game ({KINDS[r.outcomes]}, "
    f"{'widened ' if r.widened else ''}95 % interval)" if r.beyond_noise else
    f"in {r.profile} no convention's effect on game length is distinguishable from zero at this size "
    f"({N_GAMES:,} paired own-information games per rule set, {N_GAMES_DD:,} double-dummy)"
    for _, r in big.iterrows())
display(Markdown("**Conclusion.** " + said[:1].upper() + said[1:] + "."))

# %%
drawn = top if len(top) else big  # nothing beyond the noise: the largest, within it
DRAWN_CI = conventions.interval_words(drawn.widened)  # the axis says which intervals are widened
labels = [textwrap.fill(f"{p}: {conventions.change_label(c, p)}{'' if k == 'pimc' else ' (double-dummy)'}"
                        + dagger(w, DRAWN_CI), 50)
          for p, c, k, w in zip(drawn.profile, drawn.change, drawn.outcomes, drawn.widened)]
fig, ax = plt.subplots(figsize=(11, 0.3 * sum(lab.count("\n") + 2 for lab in labels) + 1.5))
y = np.arange(len(drawn))[::-1]
ax.errorbar(drawn["diff"], y, xerr=[drawn["diff"] - drawn.diff_low, drawn.diff_high - drawn["diff"]],
            fmt="o", capsize=4)
ax.axvline(0, color="k", lw=0.8)
ax.set_yticks(y, labels)
ax.set_xlabel(f"Δ deals per game against the profile as played (paired {DRAWN_CI})")
ax.set_title("Largest effects beyond the noise" if len(top) else
             "Largest effect per profile (none beyond the noise)")
plt.show()

# %% [markdown]
# ## One table per profile
#
# Paired difference against the profile as played, with its interval (a
# widened 95 % interval where the deals repeat, as each table's caption
# says); `*` marks a difference beyond the noise.  Variants that changed no
# figure of the table in any game are listed below it, grouped by why:
# their games the profile's own, only what the table does not count
# changed, a rule the games never exercised, or a rule of a table of four.

# %%
def cell(d, lo, hi, star, m, digits, prof, rules):
    """One cell: the paired difference with its interval, or why it has none."""
    if hi > lo:
        return fmt_diff(d, lo, hi, m, digits) + (" *" if star else "")
    if conventions.none_by_rule(m, prof, rules):
        return "none by rule (no bolts in these rules)"
    return f"{notebook.fmt_num(d, digits, signed=True)} (the same in every game)"


def show(prof):
    display(Markdown(f"### {prof}"))
    for kind, c in runs[prof].items():
        if c is None:
            continue
        e = conventions.effects(c, METRICS)
        ruled = {n.split("+", 1)[-1]: r for n, r in zip(c.names, c.rules)}
        still = conventions.still_rows(e, METRICS)  # no figure moved: listed below, not in the table
        e = e.drop(index=still)
        words = conventions.interval_words(e.widened)
        text = pd.DataFrame(index=[conventions.change_label(n, prof) + dagger(w, words)
                                   for n, w in zip(e.index, e.widened)])
        for m in METRICS:
            digits = conventions.column_decimals(e[f"{m} low"], e[f"{m} high"], at_least=DIGITS[m])
            text[conventions.METRIC_LABELS[m]] = [
                cell(d, lo, hi, s, m, digits, prof, ruled[n]) for n, d, lo, hi, s in
                zip(e.index, e[m], e[f"{m} low"], e[f"{m} high"], e[f"{m} *"])]
        first = {}  # variants with the same (moved) figures in every column: named as such
        text.index = [f"{lab} (same figures as {first.setdefault(key, lab)})" if first.setdefault(key, lab) != lab
                      else lab for lab, key in zip(text.index, map(tuple, text.to_numpy()))]
        text.index.name = "convention changed"
        display(Markdown(f"**{KINDS[kind].capitalize()}**, {SIZE[kind]:,} paired games per rule set "
                         f"({len(c.names) - 1:,} variant{'' if len(c.names) == 2 else 's'}); paired differences "
                         f"with their {words}{'s' if '†' not in words else ''}:"))
        if len(text):
            display(text)
        quiet = [(n.split("+", 1)[-1], True) for n in c.identical] + [(n, False) for n in still]
        why = {}  # variants by their reason, each variant named once
        for n, same in quiet:
            why.setdefault(conventions.no_change_reason(c, n, prof, same), []).append(conventions.change_label(n, prof))
        if why:
            display(Markdown("Not in the table, as no figure of it changed in any game:\n\n" + "\n".join(
                f"- {r[:1].upper()}{r[1:]}: {'; '.join(labs)}." for r, labs in why.items())))


for prof in PROFILES:
    show(prof)

# %% [markdown]
# ## Precision of this run

# %%
for kind in KINDS:
    width, gain = {}, []  # per profile: the widest interval's half-width; every variant's narrowing
    for p in PROFILES:
        c = runs[p][kind]
        if c is None:
            continue
        t = c.table
        t = t[(t.metric == "deals_per_game") & (t.rules != c.names[0])]
        if not len(t):
            continue
        width[p] = ((t.diff_high - t.diff_low) / 2).max()
        gain += list(((t.unpaired_high - t.unpaired_low) / (t.diff_high - t.diff_low)).replace(np.inf, np.nan))
    if not width:
        continue
    shown = {p: notebook.fmt_num(w, DIGITS["deals_per_game"]) for p, w in width.items()}
    worst = [p for p in width if shown[p] == shown[max(width, key=width.get)]]  # ties as printed: all named
    display(Markdown(
        f"{KINDS[kind].capitalize()}: with {SIZE[kind]:,} paired games per rule set, the widest 95 % interval "
        "(widened where the deals repeat) "
        "of a difference in game length, per profile: "
        + "; ".join(f"{p} ±{w} deals" for p, w in shown.items())
        + f" (at worst ±{shown[worst[0]]}, on {notebook.and_list(worst)})"
        + (f"; pairing narrows the interval by a factor of {np.nanmedian(gain):.1f} (median over the "
           f"{int(np.sum(np.isfinite(gain))):,} variants of every profile whose games differ) against "
           "independent samples of the same size." if np.isfinite(gain).any() else
           "; no variant's games differ from the profile's, so pairing has nothing to narrow.")))

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; the games read from the cache where there)."))
