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
# # How long do players survive on the barrel?
#
# **Answers**: how long players survive on the barrel: how stays end (win,
# fall, knock-off, failed contract, exit), the share still sitting after *t*
# deals, and the chance to win per attempt, under six rule variants; and
# how a table of four compares with one of three (who wins by position,
# bolts, barrel stays).
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`: several minutes the first time (1,000 own-information
# games per variant and table of four, and double-dummy beside them; cached
# under `data/`), about 30 s after that.
#
# **Quick sizes** (40 games per variant, about 20 s): set `QUICK = True` in
# the parameters cell below, or start the lab with
# `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# A player who reaches the threshold (880; `book` 900) sits *on the barrel*
# (бочка): his score is capped there and he has three completed deals to
# win by declaring and making a contract that brings him to the target.
# A stay ends with a **win**, a **fall** (attempts used up: −120, `book`
# −100), a **knock-off** (too many sitters: `club` allows two, the others
# one), his own **failed contract** or write-off, an **exit**
# (taken below the threshold otherwise), or **another player's win**: the
# game ends while he sits, which ends his stay as surely as a fall (a
# competing ending, not censoring).  Only a stay still running in a game
# cut off unfinished would be *censored*.
#
# Whole games are simulated with **own information** (every decision, bid,
# gift, contract, write-off and every card, from the deciding player's
# cards: PIMC, docs/SINGLE_DUMMY.md), from the single-dummy reference pool
# that serves each variant, with the default bidding policy.  The pools
# hold fewer deals than the games draw, so games draw their deals *with
# replacement*, and some draws repeat a deal: the page gives each pool's
# size and counts the repeats below.
# A variant no single-dummy pool serves would be played double-dummy and
# labelled so.  The endings
# *compete* (a stay ends in exactly one of them), so each is read as a
# **cumulative incidence** (Aalen–Johansen): the chance that a stay has
# ended *that way* by deal *t*.  S(t), the share of stays still on the
# barrel after *t* played deals, is one minus their sum — the same S in the
# table and the plot.  The chance of winning *per attempt* is the discrete
# hazard: of the sitters still on the barrel at their *t*-th deal, the
# share that wins there.  Intervals: bootstrap over games (and over the
# pool's deals where a deal repeats: the two-way bootstrap of Owen, 2007).
# Where deals repeat, the interval of a figure of whole games or of stays
# (every table of stays below) is a *widened* 95 % interval: wider than a
# 95 % interval, an upper bound; each table's header says which it is.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_GAMES = 40 if QUICK else 1_000     # games per rules variant
N_BOOT = 100 if QUICK else 400

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.research import (
    barrel_rules, barrel_tables, game_tables, plots, positions, sd_pools, survival, twoways,
)
from analysis.research.uncertainty import PoolBootstrap, interval_label
from analysis.rules import Rules

T0 = time.perf_counter()

plots.use_style()
display(Markdown(notebook.back_link()))
VARIANTS = {  # the name a reader sees -> the rules
    "club": Rules.profile("club"),
    "club (one seat)": Rules.profile("club").with_changes(barrel_seats=1),
    "classic": Rules.profile("classic"), "book": Rules.profile("book"),
    "ua": Rules.profile("ua"), "wiki": Rules.profile("wiki"),
}
OUT = {name: game_tables.game_outcomes(r) for name, r in VARIANTS.items()}  # ("pimc" or "dd", words)
# each variant's part of its games' cache file names (the cached games are found by it)
LABEL = {name: name for name in VARIANTS} | {"club (one seat)": "club-one_seat"}


def play(name, r, kind):
    """Own-information games draw the small single-dummy pool with replacement
    (under the label twoways.both_ways caches them with); double-dummy games
    each their own block of the double-dummy pool."""
    if kind == "pimc":
        return game_tables.simulated_games(DATA, r, N_GAMES, SEED, draw="with", outcomes="pimc",
                                    label=f"{LABEL[name]}-pimc")
    return game_tables.simulated_games(DATA, r, N_GAMES, SEED, draw="without", outcomes="dd", label=LABEL[name])


games = {name: play(name, r, OUT[name][0]) for name, r in VARIANTS.items()}
boots = {name: PoolBootstrap(g, n_boot=N_BOOT) for name, g in games.items()}  # the pages' one seed
stays = {name: survival.barrel_stays(g) for name, g in games.items()}
display(Markdown(f"Bidding estimator, by table: {game_tables.estimators_words(games)}."))
display(pd.DataFrame({
    "outcomes": [OUT[n][1] for n in games],
    "pool draws, and how many repeat": [game_tables.repeat_words(g) for g in games.values()],
    "intervals": [b.describe() for b in boots.values()]}, index=pd.Index(list(games), name="rules")))
display(Markdown(
    "A figure of whole games or of stays (a win share, a stay won, S(k)) cannot be resampled deal by "
    "deal, so where deals repeat its 95 % bootstrap interval over games is widened by the root of the draws "
    "per distinct pool deal (the factor in the column *intervals*): an upper bound on what the repeats add, "
    "not an estimate, and wider than a 95 % interval; the tables call it a *widened 95 % interval*. "
    f"Where the single-dummy pool is small ({sd_pools.sizes_words()}) it is the "
    "pool, not the number of games, that limits these intervals; figures made of deals (bolts per 100 played deals) are resampled over "
    "games and pool deals together and stay narrower."))
notebook.provenance(list(VARIANTS), SEED, games_per_variant=N_GAMES,
                 **{f"deals of {n}": f"the {g.attrs['outcomes']['pool']} reference pool "
                    f"({g.attrs['outcomes'].get('pool_content_hash')})" for n, g in games.items()})

# %% [markdown]
# ## How stays end
#
# The share of stays ending each way, by the end of the stay (the
# cumulative incidence at the longest stay).  Another player's win is one
# of the endings; a stay is censored only if its game was cut off
# unfinished, so the shares of the endings plus S at the end add up to
# 100 %.  Each share has its widened 95 % interval where deals repeat
# (the header says).  An ending a variant's rules forbid reads *none by rule*, without
# an interval (decided from the rules, not from a count of zero; the
# reasons are listed under the table); an ending the rules allow but no
# stay had keeps its interval.

# %%
CAUSES = [e for e in survival.ENDINGS]
LABELS = {"win": "win", "barrel_fall": "fall", "knocked_off": "knocked off",
          "failed_contract": "own contract failed", "barrel_write_off": "own write-off",
          "barrel_exit": "pushed below the threshold", "other_won": "another player won"}
ENDS = {"win": "in a win", "barrel_fall": "in a fall (attempts used up)", "knocked_off": "knocked off",
        "failed_contract": "by the sitter's own failed contract", "barrel_write_off": "by his own write-off",
        "barrel_exit": "pushed below the threshold",
        "other_won": "when another player wins the game"}  # "a stay ends ..."
tables = {n: survival.competing_table(s, boots[n], CAUSES, rules=VARIANTS[n]) for n, s in stays.items() if len(s)}
STAY_CI = interval_label(boots[n] for n in tables)  # stays are figures of games: widened where deals repeat
WORDS = {n: "own information" if OUT[n][0] == "pimc" else OUT[n][1] for n in OUT}
display(barrel_tables.ends_table(tables, stays, WORDS, CAUSES, LABELS, STAY_CI))
NEVER = {n: barrel_rules.impossible_endings(r) for n, r in VARIANTS.items()}
display(Markdown("None by rule: " + barrel_tables.by_rule_words(NEVER, LABELS) + "."))
ct = tables["club"]
ctm = ct.index.get_level_values("deals").max()
share = {c: ct.loc[(f"cif_{c}", ctm), "p"] for c in CAUSES}
main = sorted(share, key=share.get, reverse=True)
display(Markdown(
    f"**Conclusion.** In club, of {len(stays['club']):,} stays, "
    + ", ".join(f"{notebook.fmt_pct(share[c])} end {ENDS[c]}" for c in main[:3])
    + f"; the other endings share {notebook.fmt_pct(sum(share[c] for c in main[3:]))}."))
LAST = max(t.index.get_level_values("deals").max() for t in tables.values())
fig, axes = plt.subplots(2, 3, figsize=(13, 7.5), sharex=True, sharey=True)
for ax, (n, t) in zip(axes.flat, tables.items()):
    for j, c in enumerate(CAUSES):
        k = t.loc[f"cif_{c}"]
        if k["by_rule"].all():  # forbidden by these rules: nothing to draw
            continue
        plots.step_curve(ax, k.index, k["p"], k["ci_low"], k["ci_high"], label=LABELS[c], end=LAST + 0.5,
                         xlabel="deals on the barrel", ylabel="stays ended this way (%)", color=f"C{j}")
    ax.set_title(n)
    ax.set_xlim(0, LAST + 0.5)
    ax.tick_params(labelbottom=True)  # every panel keeps its deal numbers
plots.figure_legend(fig, loc="outside lower center", ncol=4, frameon=False)
fig.suptitle(f"How barrel stays end, by deal (Aalen–Johansen, {STAY_CI} bands)")
plt.show()
drawn = [LABELS[c] for c in CAUSES if any(c not in NEVER[n] for n in tables)]
undrawn = [LABELS[c] for c in CAUSES if LABELS[c] not in drawn]
display(Markdown(
    "Each panel draws every ending its rules allow, seen or not (a flat line at 0 with its band where no "
    "stay ended so); an ending its rules forbid is not drawn in that panel."
    + (f" Not drawn in any panel: {', '.join(undrawn)}, which none of these rule variants allows "
       "(listed under the table above)." if undrawn else "")))

# %% [markdown]
# ## Survival on the barrel: S(t)
#
# S(t) = P(still on the barrel after *t* played deals) = 1 − the sum of the
# incidences above.  Every played deal spends one of the three attempts
# (a deal another player declares too), so at a table of three no stay
# outlasts three deals: S(3) = 0 by the rules and is printed without an
# interval.  Only a deal that spends no attempt could make a stay longer:
# at a table of four, the resting dealer's (wiki, book †), shown in the
# section "A table of four".
# Where S stays above zero after the last deal, the longest stays were
# *censored*: still open in a game cut off unfinished, so nobody knows
# how they would have ended.  Beside S(t), the stays still on the barrel
# (and still followed) after *t* deals: the "at risk" count printed under a
# survival curve (lifelines' convention), those that start deal *t* + 1.
# S(0) is where the curve starts: no rule set here lets a stay end before
# its first deal (a win ends the game before anybody arrives on its deal;
# only a redeal's fine or the reverse barrel, which none of these rules
# has, could), so S(0) = 100 % by the rules and is printed without an
# interval.  A figure the rules fix reads "by rule".  The other values of
# S carry the widened 95 % interval of every stay figure where deals repeat.

# %%
display(barrel_tables.s_table(tables, boots))
tail = {n: t.loc["survival"].iloc[-1] for n, t in tables.items()}
opened = {n: int((stays[n].ending == "open").sum()) for n in tables}
rest = [n for n, r in tail.items() if r["p"] >= 0.0005 and opened[n] > 0]  # shown as at least 0.1 %
display(Markdown(
    "**Conclusion.** "
    + ("; ".join(f"{n}: S({int(tail[n].name)}) = {notebook.fmt_pct(tail[n]['p'])}" for n in rest)
       + " at the last deal seen: these are censored stays (" + ", ".join(f"{opened[n]:,} open in {n}" for n in rest)
       + "), not players who sat longer." if rest else
       "Every stay ended within the deals shown; none was censored at the last deal.")))

# %%
fig, ax = plt.subplots()
for i, (n, t) in enumerate(tables.items()):
    k = t.loc["survival"]
    plots.survival_steps(ax, k.index, k["p"], k["ci_low"], k["ci_high"], label=n,
                         color=f"C{i}", linestyle=["-", "--", "-", "-.", ":", "-"][i],
                         band_alpha=0.08, end=LAST + 0.5)
ax.set_xlim(0, LAST + 0.5)
ax.legend(title="rules", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title(f"Still on the barrel after t deals, S(t) ({STAY_CI} bands)")
plt.show()

# %% [markdown]
# ## The chance of winning from the barrel
#
# Per stay: the cumulative incidence of a win by the end.  Per attempt:
# of the sitters on the barrel at their *t*-th deal, the share that wins on
# that deal.  Both are figures of stays: widened 95 % intervals where deals
# repeat.

# %%
display(barrel_tables.win_table(tables, STAY_CI))
wins = {n: t.loc[("cif_win", t.index.get_level_values("deals").max())] for n, t in tables.items()}
bw, ww = max(wins, key=lambda n: wins[n]["p"]), min(wins, key=lambda n: wins[n]["p"])
display(Markdown(
    f"**Conclusion.** A stay is won most often under {bw} "
    f"({notebook.fmt_ci(wins[bw]['p'], wins[bw]['ci_low'], wins[bw]['ci_high'])}) and least often "
    f"under {ww} ({notebook.fmt_ci(wins[ww]['p'], wins[ww]['ci_low'], wins[ww]['ci_high'])})"
    + (f"; the {STAY_CI}s overlap, so these games do not show a difference."
       if wins[bw]["ci_low"] <= wins[ww]["ci_high"] else ".")))

# %% [markdown]
# ## A table of four
#
# With `--set players=4` four sit at the table: the dealer rests on the
# widow and scores it as his rules say (`book`: its card points; `wiki`:
# its card points rounded, plus a marriage lying in it), and the other
# three bid and play the deal exactly as at three (RULES.md, "Four
# players").  The deal moves one seat after each completed deal, so a
# game's positions are counted from its first dealer: the first hand of
# deal 0, the second hand, at four the third hand, and the first dealer.
# A fair seat wins a third of the games at three and a quarter at four.
# Below, `book` and `wiki` at three (the games above) beside the same rules
# at four, on the same seed and pools; `book` counts no bolts by rule.
# Intervals: the same bootstrap over games as above, so a figure of whole
# games or of stays (the win shares, barrel entries, stays won) has its
# interval over games *widened* for the repeated pool deals: an upper bound
# on the uncertainty, wider than a 95 % interval, and marked so.
# Bolts per 100 played deals are resampled over games and pool deals
# together: a 95 % interval.

# %%
TABLES, RULES4 = {}, {}
for prof in ("book", "wiki"):
    TABLES[f"{prof}, three players"] = (games[prof], boots[prof])
    r4 = Rules.profile(prof).with_changes(players=4)
    RULES4[f"{prof}, three players"], RULES4[f"{prof}, four players"] = VARIANTS[prof], r4
    k4, why4 = game_tables.game_outcomes(r4)
    OUT[f"{prof}, four players"] = (k4, why4)
    g4 = game_tables.simulated_games(DATA, r4, N_GAMES, SEED, draw="with" if k4 == "pimc" else "without",
                              outcomes=k4, label=f"{prof}-players4-{k4}")
    TABLES[f"{prof}, four players"] = (g4, PoolBootstrap(g4, n_boot=N_BOOT))
figs = {name: positions.table_figures(g, b) for name, (g, b) in TABLES.items()}
wins4 = {name: positions.position_wins(g, b) for name, (g, b) in TABLES.items()}
ROWS = [f"won by the {p}" for p in positions.POSITIONS[4]] + [
    "bolts per 100 played deals", "barrel entries per game", "barrel stays won"]
WIDENED = any(b.reuse for _, b in TABLES.values())  # game and stay figures' intervals widened for repeats
MARK = f" ({interval_label(b for _, b in TABLES.values())})"
MARK_DEALS = f" ({interval_label((b for _, b in TABLES.values()), of_games=False)})"
display(barrel_tables.four_table(figs, wins4, ROWS, MARK, MARK_DEALS))
if WIDENED:
    display(Markdown(
        "*Widened 95 % interval*: the 95 % bootstrap interval over games, scaled by the root of the draws per "
        "distinct pool deal (the widening factors are given below): an upper bound on the uncertainty "
        "the repeated deals add, wider than a 95 % confidence interval, not one."))
display(Markdown(" ".join(f"{n} ({OUT[n][1]}): {b.describe()}; {game_tables.repeat_words(g)}."
                          for n, (g, b) in TABLES.items() if "four" in n)))

# %%
fig, ax = plt.subplots(figsize=(8, 6))
labels, est, lo, hi, par = [], [], [], [], []
for name, w in wins4.items():
    for pos, r in w.iterrows():
        labels.append(f"{name}: {pos}")
        est.append(r.p)
        lo.append(r.ci_low)
        hi.append(r.ci_high)
        par.append(r.par)
y = np.arange(len(labels))[::-1]
est, lo, hi, par = (100 * np.asarray(a) for a in (est, lo, hi, par))
ax.errorbar(est, y, xerr=[est - lo, hi - est], fmt="o", capsize=4, label=f"{N_GAMES:,} games each, {MARK[2:-1]}")
ax.plot(par, y, "|", color="k", ms=14, label="a fair seat's share")
ax.set_yticks(y, labels)
ax.set_xlabel("share of the games won (%)")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Who wins at three and at four, by position from the first dealer")
plt.show()
held = {name: bool(((w.ci_low <= w.par) & (w.par <= w.ci_high)).all()) for name, w in wins4.items()}
half = {name: float(((w.ci_high - w.ci_low) / 2).max()) for name, w in wins4.items()}  # widest, 0–1
b3, b4 = figs["book, three players"], figs["book, four players"]


def compare(row, digits=2):
    """A book figure at four against three, and whether their intervals overlap."""
    a, b = b4.loc[row], b3.loc[row]
    show = (lambda r: notebook.fmt_ci(r.value, r.low, r.high)) if a.share else (
        lambda r: notebook.fmt_num_ci(r.value, r.low, r.high, digits))
    apart = a.low > b.high or b.low > a.high
    return (f"{show(a)} at four against {show(b)} at three: the intervals "
            + (("do not overlap, so the difference is real even with the widened intervals" if WIDENED else
                "do not overlap, so the difference is beyond the noise") if apart else
               "overlap, so these games do not show a difference"))


display(Markdown(
    "**Conclusion.** "
    + (f"No position's win share differs from a fair seat's (a quarter at four, a third at three) beyond its "
       f"interval in {N_GAMES:,} games of each table, but that does not show the seats fair: the intervals "
       f"reach up to ±{notebook.fmt_num(100 * max(half.values()))} points of % "
       + ("(widened: upper bounds), " if WIDENED else "") + "so only a bias larger than about that would show. "
       if all(held.values()) else
       "A fair seat's share lies outside some position's interval in: "
       f"{', '.join(n for n, h in held.items() if not h)}. ")
    + "In book, barrel entries per game are " + compare("barrel entries per game")
    + ("; a stay is won " + compare("barrel stays won") + "."
       if "barrel stays won" in b4.index and "barrel stays won" in b3.index else "; no stay could be compared.")))

# %% [markdown]
# Survival on the barrel at three and at four.  At a table of four a
# sitter who deals rests and, under these rules, spends no attempt (wiki
# "a barrel sitter who deals scores nothing and spends no attempt"; book
# is silent †: the same), so a stay can last one deal more than its three
# attempts: S(3) is estimated at four and S(4) = 0 by the rules.

# %%
stays4 = {name: survival.barrel_stays(g) for name, (g, _) in TABLES.items()}
tables4 = {name: survival.competing_table(stays4[name], b, CAUSES, rules=RULES4[name])
           for name, (g, b) in TABLES.items() if len(stays4[name])}
display(barrel_tables.s_table(tables4, {n: b for n, (_, b) in TABLES.items()}, label="table"))
longer = {n: t.loc["survival"] for n, t in tables4.items() if "four" in n}
display(Markdown(
    "**Conclusion.** " + "; ".join(
        f"{n}: {notebook.fmt_ci(*k.loc[3, ['p', 'ci_low', 'ci_high']])} of "
        f"{len(stays4[n]):,} stays were still on the barrel after 3 deals"
        for n, k in longer.items() if 3 in k.index and not k.loc[3, "by_rule"])
    + " (stays that rested once on the way; at three, none by rule)."
    if any(3 in k.index and not k.loc[3, "by_rule"] for k in longer.values()) else
    "**Conclusion.** No stay at four lasted beyond its three attempts in these games."))


# %% [markdown]
# ## Double-dummy against own information, on the same deals
#
# How far would a table of clairvoyants be from these figures?  Each
# profile's own-information games above are played again double-dummy
# (every player seeing every card; the declarer naming the highest
# contract he makes) on the **same deals**: the same seed and game ids,
# drawing with replacement from the single-dummy pool's deals (their
# double-dummy values), so deal *k* of a game is the same pool deal both
# ways for as long as both plays of the game last.  The double-dummy games
# end sooner, so they draw fewer deals, and fewer distinct ones.  These
# are not the double-dummy games of the bidding page, which draw the far
# larger double-dummy pools (one block of deals per game, none repeated):
# the two pages' double-dummy counts belong to different games.  Each
# way's interval is the one its own games get everywhere in the report
# (the own-information bolts here are the bolts page's, interval
# included).  *DD − OI* is double-dummy minus own information, with a
# paired interval (one two-way bootstrap over the shared games and pool
# deals).  Each figure's label says what its intervals are: a 95 %
# interval for bolts (resampled over games and pool deals), a widened 95 %
# interval for the figures of whole games or stays where deals repeat.

# %%
BOTH = [n for n in ("club", "classic", "book", "ua", "wiki") if OUT[n][0] == "pimc"]
pairs = {n: twoways.both_ways(DATA, VARIANTS[n], N_GAMES, SEED, label=LABEL[n]) for n in BOTH}
both = {n: twoways.figures_both_ways(g["dd"], g["pimc"], n_boot=N_BOOT) for n, g in pairs.items()}
rows = twoways.both_ways_rows(both, VARIANTS)
if rows:
    display(pd.DataFrame(rows).set_index(["rules", "figure"]))
    display(Markdown(" ".join(f"{n}: double-dummy {game_tables.repeat_words(g['dd'])}; own information "
                              f"{game_tables.repeat_words(g['pimc'])}." for n, g in pairs.items())
                     + " Deal by deal (game, deal number), the same pool deal both ways at " + "; ".join(
                         "{1:,} of the {2:,} positions both plays reach in {0}".format(
                             n, *twoways.same_draws(g["dd"], g["pimc"])) for n, g in pairs.items()) + ". "
                     + notebook.ROUNDING_NOTE))
    beyond = [(n, twoways.FIGURES[k]) for n, f in both.items() for k, r in f.iterrows()
              if (r["diff_low"] > 0 or r["diff_high"] < 0) and (k != "bolts_per_100" or VARIANTS[n].has_bolts)]
    display(Markdown(
        "**Conclusion.** "
        + (("Beyond the noise, double-dummy play moves: " + "; ".join(f"{k} in {n}" for n, k in beyond)
            + ". Where the difference is positive a table of clairvoyants overstates the figure.")
           if beyond else "No figure differs beyond the noise between the two kinds of play at this size.")))
else:
    display(Markdown("No profile's games could be played both ways: no single-dummy pool is built."))

# %%
hl = barrel_tables.index_rows(("club", "classic", "book", "ua", "wiki"), both, tables, stays, boots, OUT, VARIANTS,
                              N_GAMES)
_ = notebook.save_headline("barrel", hl)

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; the games read from the cache where there)."))
