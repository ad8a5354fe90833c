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
# # How likely is a bid to succeed?
#
# **Answers**: how often a bid won in the auction is made in simulated play,
# by bid and seat (the first hand's 100 apart: forced in club and ua); how likely a hand is
# to reach each contract double-dummy, by the classes players use (card
# points, aces and tens, marriages, the 10 cards after the widow); whether
# the bidding model's odds can be trusted (held-out deals, with a verdict);
# the odds of three well-known hands.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/` (the 120 deals around the well-known hands are solved as
# it runs); the end of the page says how long this run took.
#
# **Quick sizes** (600 deals of each pool and 6 around each hand): set
# `QUICK = True` in the parameters cell below, or start the lab with
# `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# For every deal of a solved pool and every seat as declarer, the solver
# gives the **double-dummy value**: the points (cards plus declared
# marriages) the declarer takes after the best exchange and perfect play by
# everyone, every card visible.  A contract *c* is made when the value
# reaches *c*.  Perfect play helps the defenders as much as the declarer, so
# this is neither a ceiling nor a floor for real play: the single-dummy page
# measures the difference, deal by deal, in both directions.
#
# Shares come from the reference pools, one per set of solver conventions
# (`club` and `classic` play alike, so `classic` reads `club`'s pool with
# its own redeal rules); deals the profile redeals by force are left out.
# The three seats of a deal share its widow, so every interval is
# clustered by deal (95 %), and every table states the distinct deals
# behind it.  The last section asks `thousand odds` about a
# few well-known hands: the other 17 cards are dealt around the hand many
# times and each deal is solved.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_POOL = 600 if QUICK else 10**9     # at most this many deals of each reference pool
N_HAND_SAMPLES = 6 if QUICK else 40  # deals dealt around each famous hand (solved on the fly)
N_GAMES = 40 if QUICK else 1_000     # simulated games per profile (the bolts page's, cached)
PROFILES = ["club", "classic", "book", "ua", "wiki"]
FAMOUS = {
    "♥ marriage, aces and tens": "A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣",
    "three aces, three tens": "A♠ 10♠ A♣ 10♣ A♦ 10♦ 9♥",
    "♦ marriage and one ace": "K♦ Q♦ A♠ 9♠ J♣ 9♣ J♥",
}

# %%
import time

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display

from analysis.odds.hand import hand_odds
from analysis.odds.build import held_out_deals
from analysis.odds.model import BidModel
from analysis.research import bidding, contract_odds, dd_pools, game_tables, hand_tables, odds_plots, odds_tables, plots
from analysis.rules import Rules

T0 = time.perf_counter()
plots.use_style()
display(Markdown(notebook.back_link()))
rows = {p: contract_odds.profile_rows(p, dd_pools.pool_rows(p), N_POOL) for p in PROFILES}
refs = {p: dd_pools.reference_pool(p) for p in PROFILES}
model = BidModel.default()
fit = model.info
notebook.provenance(PROFILES, SEED, deals_around_each_famous_hand=N_HAND_SAMPLES, games_per_profile=N_GAMES,
                    bidding_model=f"fitted {fit['fitted']} on the {fit['pool']['name']} pool "
                    f"({fit['pool']['content_hash']}): {fit['n_deals']:,} deals",
                    **{f"deals of {p}": f"the {r.name} reference pool, {rows[p]['deal_id'].nunique():,} played deals "
                       f"({r.content_hash})" for p, r in refs.items()})

# %% [markdown]
# ## Bids made in simulated play, by bid and seat
#
# Whole games with the default bidding policy, the games of the bolts
# page: every decision (bid, contract, write-off, every card) from the
# deciding player's own cards, drawing the single-dummy pool's deals with
# replacement.  For every auction won, was the contract made, written off
# or failed?  The seat is counted from the dealer's left: the *first hand*
# opens with 100 (forced in club and ua, where he must open exactly 100; in
# classic, book and wiki he must open at least 100), and a 100 he keeps
# because both others passed is shown on its own row; *105–115* are the raises below 120 (a bid of 100 is
# only ever the first hand's: everyone after him must raise).  The
# declarer names his contract from the deals he thinks possible, so *made*
# is the share of bids his play reached.  Intervals, one method for every
# cell, with or without an event: Clopper–Pearson on an effective number of
# independent auctions, estimated clustered by pool deal where deals repeat
# (else by game) and never more than the cell's distinct deals (a cell with
# no event rests on exactly that many), never narrower than the binomial
# interval on the auctions; so an empty cell and a cell with one event on
# as many deals get intervals of the same width.
# The last table puts beside them games of the same seeds and game ids
# played double-dummy (the declarer sees every card and names the highest
# contract his value reaches).  Those games do not replay the
# own-information games' deals: they draw the profile's double-dummy
# reference pool, each game its own block of a permutation of the pool, so
# a deal repeats only where a game runs past its block (the draws are
# counted under the next cell).  The two arms differ in three ways at once:
# what the declarer sees (his own cards, or every card), the bidding model
# the threshold policy reads (each arm the model fitted on its own kind of
# play: named under the conclusion below) and the deals (the single-dummy
# pool's, or the double-dummy pool's, two independent samples); a gap
# between them belongs to none of the three alone.  The paired comparison,
# both ways on the same deals, is the last section of the barrel page
# (games drawn from the single-dummy pool's deals both ways).

# %%
OUT = {p: game_tables.game_outcomes(p) for p in PROFILES}  # ("pimc" or "dd", words): as the bolts page
games = {p: game_tables.simulated_games(DATA, p, N_GAMES, SEED, draw="with" if OUT[p][0] == "pimc" else "without",
                                 outcomes=OUT[p][0], label=f"{p}-{OUT[p][0]}")
         for p in PROFILES}
games_dd = {p: game_tables.simulated_games(DATA, p, N_GAMES, SEED, outcomes="dd") for p in PROFILES}
auc = {p: bidding.auctions(g) for p, g in games.items()}
auc_dd = {p: bidding.auctions(g) for p, g in games_dd.items()}
display(Markdown("Own-information games: " + "; ".join(
    f"{p} {game_tables.repeat_words(g)} (the {g.attrs['outcomes']['pool']} pool, "
    f"{g.attrs['outcomes']['pool_content_hash']})" if OUT[p][0] == "pimc" else f"{p} {OUT[p][1]}"
    for p, g in games.items()) + ".\n\nDouble-dummy games (other deals: the double-dummy pools'): " + "; ".join(
    f"{p} {game_tables.repeat_words(g)} (the {g.attrs['outcomes']['pool']} pool)" for p, g in games_dd.items())
    + "."))
SMALL, small_cells, success_table = odds_tables.SMALL, odds_tables.small_cells, odds_tables.success_table

by_seat = bidding.bid_success(auc["club"])
display(Markdown(f"### club, by winning bid and seat: {OUT['club'][1]}"))
display(success_table(by_seat))
by_prof = pd.concat({p: bidding.bid_success(a, by=("group",)) for p, a in auc.items()}, names=["profile"])
display(Markdown("### Every profile, by winning bid (own information where a single-dummy pool serves)"))
display(success_table(by_prof, label=bidding.first_hand_label))
display(Markdown(f"Classes on {SMALL} show no shares (here and in every table of this page). The first "
                 "hand's 100 is forced in club and ua (he must open exactly 100); in classic, book and wiki he "
                 "must open at least 100, so a 100 he keeps is his own opening bid."))

# %%
fig, ax = plt.subplots(figsize=(8, 4.2))
odds_plots.bids_by_seat(ax, by_seat)  # as in the tables: no share on fewer distinct deals
ax.set_title(f"club: bids made in {N_GAMES:,} own-information games (95 % CI)")
plt.show()

# %%
totals = {p: odds_tables.won_and_forced(a) for p, a in auc.items()}  # above the forced 100, and forced 100s
totals_dd = {p: odds_tables.won_and_forced(a) for p, a in auc_dd.items()}
club_won, club_forced = totals["club"]
dd_won = totals_dd["club"][0]
# the bidding model each arm's threshold policy reads (as game_tables.simulated_games picks it)
est_words = {o: game_tables.estimator_words(*game_tables.pool_estimator(
    dd_pools.pool_rows("club") if o == "pimc" else None, "club", o)) for o in ("pimc", "dd")}
# two independent samples of deals: an unpaired difference, its standard error from both intervals
dd_gap, dd_gap_h = odds_tables.unpaired_gap(dd_won, club_won)
display(Markdown(
    f"**Conclusion.** In club games played with own information, a contract won in the auction above the "
    f"forced 100 is made {notebook.fmt_ci(club_won['p'], club_won['ci_low'], club_won['ci_high'])} of the time "
    f"({int(club_won['auctions']):,} auctions on {int(club_won['deals']):,} distinct pool deals) and written off "
    f"{notebook.fmt_ci(club_won['written_off'], club_won['written_off_low'], club_won['written_off_high'])}; the first hand's forced 100 is made "
    f"{notebook.fmt_ci(club_forced['p'], club_forced['ci_low'], club_forced['ci_high'])} "
    f"({int(club_forced['auctions']):,} auctions on {int(club_forced['deals']):,} distinct pool deals). Games of "
    f"the same seeds played double-dummy, on other deals (the {games_dd['club'].attrs['outcomes']['pool']} "
    f"double-dummy pool's), make {notebook.fmt_ci(dd_won['p'], dd_won['ci_low'], dd_won['ci_high'])} of such bids "
    f"({int(dd_won['auctions']):,} bids on {int(dd_won['deals']):,} distinct deals in {int(dd_won['games']):,} games); "
    f"the difference, {notebook.fmt_num_ci(100 * dd_gap, 100 * (dd_gap - dd_gap_h), 100 * (dd_gap + dd_gap_h), signed=True)} "
    "percentage points (unpaired: two samples of deals; computed before rounding, so it may differ from "
    "the difference of the rounded shares by 0.1), "
    + ("is beyond the noise. " if dd_gap - dd_gap_h > 0 or dd_gap + dd_gap_h < 0 else "is within the noise at this size. ")
    + f"The double-dummy declarers still fail {notebook.fmt_pct(dd_won['failed'])} of such bids in play and "
    f"write off {notebook.fmt_pct(dd_won['written_off'])}. "
    + ("The two arms bid with the same threshold policy but not the same bidding model: "
       f"{est_words['pimc']} in the own-information games, {est_words['dd']} in the double-dummy games. "
       if est_words["pimc"] != est_words["dd"] else
       f"The two arms bid with the same threshold policy and the same bidding model ({est_words['dd']}). ")
    + "So the gap mixes what the declarer sees, the model he bids by and the deals; these games do not say "
    "which of them makes it. The policy bids only where the model gives at least an even chance, "
    "which is why bids won are made far more often than a random hand reaches the same contract "
    "(next section)."))
dd_repeats = sum(int(g.attrs["outcomes"]["repeated_draws"]) for g in games_dd.values())
display(Markdown(f"{N_GAMES:,} games per profile each way (the same game ids and seeds, not the same deals: the "
                 "own-information games draw the single-dummy pool's deals with replacement, the double-dummy "
                 "games each their own block of the double-dummy pool, "
                 + ("so each of their bids sits on its own deal). " if dd_repeats == 0 else
                    f"and {dd_repeats:,} of their draws repeat a deal, in games that ran past their block). ")
                 + "Intervals as above: on an effective count of at most one auction per distinct deal. The first hand's 100 "
                 "is forced in club and ua, his own opening bid in classic, book and wiki:"))
display(odds_tables.bid_summary(totals, totals_dd, {p: OUT[p][1] for p in PROFILES}))

# %% [markdown]
# ## The chance a hand reaches each contract, per profile (double-dummy)
#
# Every seat of every played deal counts as one hand (a random hand, not
# the hand that won the auction): the share whose double-dummy value
# reaches the contract.

# %%
CONTRACTS = list(range(100, 205, 5))
curves = pd.concat({p: contract_odds.make_curve(r, CONTRACTS) for p, r in rows.items()},
                   names=["profile"])
fig, ax = plt.subplots()
odds_plots.make_curves(ax, curves)  # one hollow marker and line style each, drawn half a point apart
band = 100 * float((curves["ci_high"] - curves["ci_low"]).max())
ax.set_title(f"A random hand's chance to make each contract\n(95 % intervals at most {band:.1f} points wide)")
plt.show()
# which profiles' curves lie on each other: the largest gap between two at any contract, in points of %
gap = {(a, b): 100 * float((curves.loc[a, "p"] - curves.loc[b, "p"]).abs().max())
       for i, a in enumerate(PROFILES) for b in PROFILES[i + 1:]}
close = sorted((g, a, b) for (a, b), g in gap.items() if g < 0.5)
display(Markdown(
    "Each profile's points are drawn half a point apart along the contract axis (and each in its own marker "
    "and line style) so that curves that lie on each other stay visible. "
    + ("Curves within half a percentage point of each other at every contract: "
       + notebook.and_list([f"{a} and {b} " + (f"(at most {notebook.fmt_num(g, 2)} points apart)" if g > 0 else
                                               "(the same figures: one lies on the other)") for g, a, b in close])
       + "." if close else "No two curves lie within half a percentage point of each other at every contract.")))

# %%
sel = curves[curves.index.get_level_values("contract").isin([100, 120, 140, 160, 200])]
reach = notebook.ci_table(sel, name="value reaches the contract (95 % CI)").unstack("contract")
first_row = curves.groupby(level="profile").first()
reach[("seats (played deals)", "")] = [f"{int(first_row.loc[p, 'hands']):,} ({int(first_row.loc[p, 'deals']):,})"
                                      for p in reach.index]
display(notebook.same_figures(reach))
c120 = curves.xs(120, level="contract")
hi_p, lo_p = c120["p"].idxmax(), c120["p"].idxmin()
display(Markdown(
    f"**Conclusion.** A random hand reaches 120 double-dummy in "
    f"{notebook.fmt_pct(c120.loc[lo_p, 'p'])} ({lo_p}) to {notebook.fmt_pct(c120.loc[hi_p, 'p'])} "
    f"({hi_p}) of seats; at 160 the share falls to "
    + ", ".join(f"{notebook.fmt_pct(curves.loc[(p, 160), 'p'])} ({p})" for p in PROFILES)
    + "."))

# %% [markdown]
# ## By the card points of the 7-card hand, per profile (contracts 100 to 160)
#
# The plot shows contract 120; the table every contract.

# %%
club = rows["club"]
by_points = pd.concat({p: contract_odds.make_by(r, pd.cut(r["hand_points"], contract_odds.POINT_BINS,
                                                      right=False).rename("hand points"),
                                          [100, 120, 140, 160]) for p, r in rows.items()},
                      names=["profile"])
fig, ax = plt.subplots()
odds_plots.points_lines(ax, by_points, hand_tables.point_bin, 120)
ax.set_title("Contract 120 by hand points, per profile (95 % bands)")
plt.show()

# %%
bp = small_cells(notebook.ci_table(by_points, name="value reaches the contract (95 % CI)"), by_points,
                 ["value reaches the contract (95 % CI)"]).unstack("contract")
counts = by_points.xs(100, level="contract")
bp[("hands (deals)", "")] = [f"{int(counts.loc[k, 'hands']):,} ({int(counts.loc[k, 'deals']):,})" for k in bp.index]
bp.index = pd.MultiIndex.from_tuples([(p, hand_tables.point_bin(i, p)) for p, i in bp.index], names=bp.index.names)
display(notebook.same_figures(bp))
floor7 = bidding.point_range(None, 7)[0]
raised = {p: bidding.point_range(Rules.profile(p), 7)[0] for p in PROFILES}
raised = {p: v for p, v in raised.items() if v > floor7}
display(Markdown(
    "Each bin is named by the card points its hands can hold under the profile: a 7-card hand holds "
    f"{floor7} to {bidding.point_range(None, 7)[1]} points"
    + ("; " + notebook.and_list([f"{p} redeals hands under {v} points, so its lowest bin starts at {v}"
                                 for p, v in raised.items()]) if raised else "")
    + ". The plot's lowest bin, \"under 20\", is each profile's lowest row of the table."))

# %% [markdown]
# ## Hand classes players use (club, contract 120)
#
# Players judge a hand by its aces and tens, by its marriages against its
# other points, and, once the widow is taken, by the ten cards in hand.
# Each cell is the share of such hands whose double-dummy value reaches
# 120, with its interval (clustered by deal) and the number of hands (seats
# of played deals) and distinct deals behind it; classes on fewer than 30
# distinct deals show no share, only their hands and deals.  Card points are
# in bins of ten (30–39: from 30 to 39 points).  Marriages, in the 7 cards dealt and in the 10
# after the widow, are named by the set held (♥ + ♠: the hearts and spades
# marriages, 140 points), not by their total alone: the same total comes
# from different sets (100 is ♥ alone or ♠ + ♣).

# %%
classes = bidding.hand_classes(club, 120, rules="club")
for name, t in classes.items():
    display(Markdown(f"### {name[0].upper() + name[1:]}"))
    display(hand_tables.class_grid(t))
assert all(int(t["hands"].sum()) == len(club) for t in classes.values())  # every hand in one cell
club_rules = Rules.profile("club")
(lo7, hi7), (lo10, hi10) = bidding.point_range(club_rules, 7), bidding.point_range(club_rules, 10)
redealt = [f"a hand under {lo7} points" if lo7 > bidding.point_range(None, 7)[0] else "",
           f"a widow under {club_rules.redeal_widow_under} points" if lo10 > bidding.point_range(None, 10)[0] else ""]
display(Markdown(
    f"Each table holds every one of the {len(club):,} hands in one cell (\"no hands\": none held that "
    "combination). Card points are binned by ten, each bin named by the points its hands can hold in club: "
    f"the 7 cards hold {lo7} to {hi7} points, the 10 after the widow {lo10} to {hi10}"
    + (f" (club redeals {notebook.and_list([w for w in redealt if w])})" if any(redealt) else "") + "."))
# conclusions read only the classes whose share the tables show (on MIN_DEALS distinct deals or more)
shown = {k: t[t["deals"] >= bidding.MIN_DEALS] for k, t in classes.items()}
at = shown["aces and tens"]["p"]
aw = shown["after the widow"]
best_bin = aw.xs("none", level=1)["p"]
cross = best_bin[best_bin >= 0.5]
display(Markdown(
    "**Conclusion.** "
    + (f"Two aces and two tens (whatever else) make 120 in {notebook.fmt_pct(at.get((2, 2)))} of hands "
       f"(the cell above); "
       if (2, 2) in at.index else "")
    + "after the widow, a 10-card hand without marriages "
    + (f"reaches 120 more often than not from {cross.index[0]} card points on."
       if len(cross) else
       f"does not reach 120 more often than not at any card count seen here (at most "
       f"{notebook.fmt_pct(best_bin.max())}, at {best_bin.idxmax()} card points); marriages carry such bids.")))

# %% [markdown]
# ## The effect of holding each marriage
#
# The plot: club at 120, 160 and 200; the table: every profile at 120.
#
# Hands holding the K and Q of a suit (perhaps more marriages) against
# hands holding no marriage at all.

# %%
mar = contract_odds.marriage_effect(club, [120, 160, 200])
fig, ax = plt.subplots(figsize=(8, 4.2))
odds_plots.marriage_dots(ax, mar, [120, 160, 200])
ax.set_title("Marriages in the 7-card hand (club, 95 % CI)")
plt.show()

# %%
mar_all = pd.concat({p: contract_odds.marriage_effect(r, [120]) for p, r in rows.items()},
                    names=["profile"]).droplevel("contract")
mtab = small_cells(notebook.ci_table(mar_all, name="P(make 120) (95 % CI)"), mar_all, ["P(make 120) (95 % CI)"])
mtab["hands (deals)"] = [f"{int(h):,} ({int(d):,})" for h, d in zip(mar_all["hands"], mar_all["deals"])]
mtab.unstack("profile")

# %% [markdown]
# ## How much the widow helps (contract 120)
#
# The same hands grouped by what the widow turned out to hold: its card
# points (0–33; every hand is in a bin), and whether it completed a
# marriage (the missing K or Q of a pair the hand held half of).  Widows
# under 5 points are redealt in `club`, so that bin is empty there.

# %%
wid = contract_odds.widow_effect(club, 120)
fig, ax = plt.subplots(figsize=(8, 3.8))
labels = [f"{a}: {b}" for a, b in wid.index]
plots.interval_dots(ax, labels, wid["p"], wid["ci_low"], wid["ci_high"],
                    xlabel="P(make 120) (%)", label="club, 95 % CI")
ax.set_title("Contract 120 by what the widow holds")
plt.show()
wids = {p: contract_odds.widow_effect(r, 120) for p, r in rows.items()}
wid_all = pd.concat(wids, names=["profile"])
order = sorted(set(wid_all.index.droplevel("profile")),  # bins by points, then the flag
               key=lambda k: (0, int(k[1].split("–")[0]), "") if k[0] == "card points" else (1, 0, k[1]))
wtab = small_cells(notebook.ci_table(wid_all, name="value reaches 120 (95 % CI)"), wid_all,
                   ["value reaches 120 (95 % CI)"])
wtab["hands (deals)"] = [f"{int(h):,} ({int(d):,})" for h, d in zip(wid_all["hands"], wid_all["deals"])]
display(wtab.unstack("profile").reindex(order).fillna("no hands (redealt by rule)"))
# each deal's widow is in one class (its three seats with it): adjacent classes are independent
steps = {p: contract_odds.adjacent_steps(w.loc["card points"]) for p, w in wids.items()}
pts = wids["club"].loc["card points"]
shape, rises = hand_tables.widow_steps_words(steps["club"])  # where it falls; the rises beyond the noise
moved = {p: [f"{a} → {b} ({'up' if d > 0 else 'down'})" for (a, b), d in t.loc[t["beyond"], "diff"].items()]
         for p, t in steps.items() if p != "club"}
display(Markdown(
    "**Conclusion.** In club, P(make 120) by the widow's card points reads "
    + ", ".join(f"{k}: {notebook.fmt_pct(r['p'])}" for k, r in pts.iterrows()) + ". " + shape + rises
    + " Other profiles, steps beyond the noise: "
    + "; ".join(f"{p} {', '.join(m) if m else 'none'}" for p, m in moved.items()) + "."))

# %% [markdown]
# ## Can the bidding model be trusted? (club, held-out deals only)
#
# The model checked here is the double-dummy bidding model, a logistic
# model of P(value ≥ contract) from the visible hand, fitted on the club
# reference pool's double-dummy values: the model of double-dummy games.
# The own-information games above bid with the single-dummy model, fitted
# on the single-dummy pool's play (a few thousand hands); its held-out
# calibration is in docs/SINGLE_DUMMY.md.  The double-dummy model records
# the deals it was fitted on; only the deals its split held out are used here, so the
# check is on deals it never saw.  The held-out hands of each contract are
# sorted by the model's predicted chance and cut into bins of nearly equal
# size (hands, not deals), at the quantiles rounded to as few decimals of a
# percent as keep the bins apart (one number of decimals for the whole
# table): a bin named "16.5–23.0 %" holds the hands predicted from 16.5 %
# up to, not including, 23.0 % (the last bin includes its upper end), so
# hands with the same prediction stay together; each bin's observed share
# (95 % Wilson interval over its hands) should sit on the diagonal.

# %%
split = fit["split"]
# the held-out deals of the whole pool (the first N_POOL of them at quick sizes)
whole = dd_pools.pool_rows("club")
test = contract_odds.profile_rows("club", whole[held_out_deals(whole["deal_id"].to_numpy(), split)], N_POOL)
same_pool = fit["pool"]["content_hash"] == refs["club"].content_hash
display(Markdown(
    f"Model fitted {fit['fitted']} ({fit['made_by']}) on {fit['n_deals']:,} deals "
    f"({fit['n_rows']:,} hands) of the {fit['pool']['name']} pool, content hash "
    f"{fit['pool']['content_hash']} ({'the pool read here' if same_pool else 'not the pool read here'}); "
    f"held out: deal number // {split['chunk_size']:,} mod {split['every']} = {split['remainder']} "
    f"({fit['held_out_deals']:,} deals, none in the fit). Tested here on "
    f"{test['deal_id'].nunique():,} of those deals ({len(test):,} hands)."))
fig, ax = plt.subplots(figsize=(6.5, 5))
N_BINS = 4 if QUICK else 10
preds = {c: model.p_make(test["hand"].to_numpy(), test["seat"].to_numpy(), c)
         for c in ((100, 120, 160) if len(test) >= 12 else ())}
cut_dec = max((contract_odds.cut_decimals(pred, N_BINS) for pred in preds.values()), default=1)
cals = {c: contract_odds.calibration(test, pred, c, bins=N_BINS, decimals=cut_dec) for c, pred in preds.items()}
odds_plots.calibration_dots(ax, cals)
ax.set_title("The default bidding model on held-out club deals")
plt.show()
if cals:
    allcal = pd.concat(cals, names=["contract"])
    verdict, _ = bidding.calibration_verdict(allcal)
    per_bin = int(allcal["hands"].min()), int(allcal["hands"].max())
    display(hand_tables.calibration_table(allcal))
    display(Markdown(f"**Conclusion.** Over contracts {', '.join(map(str, cals))}, {len(allcal)} bins of "
                     f"{per_bin[0]:,}–{per_bin[1]:,} hands (the table above, each bin named by its range of "
                     f"predicted chances, its upper end excluded): {verdict}"))

# %% [markdown]
# ## A few famous hands (`thousand odds`, club)
#
# Each hand sits in the first seat; the other 17 cards are dealt
# many times (the provenance table says how many; forced redeals dropped)
# and solved.

# %%
odds = {name: hand_odds(h, "club", samples=N_HAND_SAMPLES, seed=SEED, progress=False)
        for name, h in FAMOUS.items()}
fig, ax = plt.subplots()
odds_plots.famous_lines(ax, odds, FAMOUS)
kept = sorted(t.attrs["kept"] for t in odds.values())
ax.set_title(f"thousand odds: {kept[0]:,}" + (f"–{kept[-1]:,}" if kept[-1] != kept[0] else "")
             + f" deals kept per hand, of {N_HAND_SAMPLES:,} dealt (95 % bands)")
plt.show()
display(hand_tables.famous_summary(odds, FAMOUS, N_HAND_SAMPLES))
# the gain's interval is held within what the contract can give: name the ends held there
held = hand_tables.gain_held(odds, Rules.profile("club"))
display(Markdown(
    "The expected gain is the declarer's score change minus the mean of his opponents' on the deal (bolts and "
    "the barrel left out), for the contract with the highest mean; its interval is Student t over the kept deals, "
    "held within what the contract can give: at most the contract (made, the opponents scoring nothing), at "
    "least its write-off (minus the contract, less what each opponent is written, RULES.md \"write-off\"). "
    + ("Held at that range here: " + "; ".join(held) + "." if held else
       "No interval in the table reaches that range here.")))
# the widest interval the table shows: at 120 or at the highest contract, per hand
(widest, at), span = hand_tables.widest_interval(odds)
display(Markdown(
    f"**Conclusion.** With {min(t.attrs['kept'] for t in odds.values()):,} to "
    f"{max(t.attrs['kept'] for t in odds.values()):,} deals kept around each hand (of {N_HAND_SAMPLES:,} "
    "dealt, forced redeals dropped) the intervals are wide (up to "
    f"{100 * span:.0f} percentage points, for \"{widest}\" at {at}): these are illustrations, and "
    "`thousand odds` with more samples narrows them."))

# %%
hl = odds_tables.index_rows(curves, totals, totals_dd, auc, auc_dd, games_dd, {p: OUT[p][0] for p in PROFILES}, N_GAMES)
_ = notebook.save_headline("bidding_odds", hl)

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; the games read from the cache where there)."))
