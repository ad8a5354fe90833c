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
# # How optimistic is double-dummy?
#
# **Answers**: how optimistic double-dummy is: the same deals played by
# players who see only their own cards (PIMC), compared on contracts made,
# value, bolts and whole games, and how the answer moves with the number of
# sampled worlds.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/` (it plays 30 deals again at each number of worlds and
# caches them under `data/`); the end of the page says how long this run
# took, docs/PERFORMANCE.md has measured run times.
#
# **Quick sizes** (20 games per profile and 2 deals per worlds value): set
# `QUICK = True` in the parameters cell below, or start the lab with
# `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# Every other page assumes that the three players see all 24 cards
# (*double-dummy*). Here the same deals are played by three players who see
# only their own cards (*single-dummy*): the declarer chooses his gift, his
# contract and every card, and each defender every card, by Monte Carlo over
# double-dummy solves (PIMC, docs/SINGLE_DUMMY.md): each decision draws
# `worlds` layouts of the unseen cards uniformly among those consistent with
# what the player has seen (his cards, the widow, the gifts he saw, the
# cards played, revealed voids, declared marriages) and takes the choice
# whose mean over the worlds is best.
#
# PIMC is an estimate of play by good players, not a game-theoretic value:
# it still solves each world with every card seen from the decision on
# (*strategy fusion*) and ignores what the others' choices reveal
# (*non-locality*; Long et al., AAAI 2010). Known figures from related games:
# in bridge, declarers' actual results sit within about 0.1 trick of
# double-dummy on average; in Skat, PIMC players score 76.6–78.0 card points
# where perfect play gives 75.3, and declarers win 89–91 % of the deals won
# double-dummy.
#
# Every figure is paired: the same deals and declarer seats under both kinds
# of play, from the single-dummy reference pools (`thousand reference list`),
# which play the first deals of the double-dummy pools. Intervals are
# clustered by deal (three seats per deal). The pools are played at a bid of
# 100, so under `wiki` (seed 004: a 100 passed out is played without showing
# the widow) their defenders did not see the widow. The single-dummy
# declarer names his contract or writes off by his score change minus his
# opponents' mean change at a fresh table, averaged over his worlds
# (docs/SINGLE_DUMMY.md, the declarer's criterion); how often he wrote off
# is in the section on his own contracts.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
PROFILES = ["club", "classic", "book", "ua", "wiki"]
N_GAMES = 20 if QUICK else 200       # games per profile and kind of play
N_WORLDS_DEALS = 2 if QUICK else 30  # deals played again per worlds value
WORLDS = (4, 8) if QUICK else (4, 8, 32)
N_BOOT = 100 if QUICK else 400

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis import reference
from analysis.research import headline, optimism, plots, sd_play, sd_pools
from analysis.rules import Rules
from analysis.solver import analyse_deal, format_line

T0 = time.perf_counter()
plots.use_style()
display(Markdown(notebook.back_link()))
paired = {p: sd_pools.sd_paired(p) for p in PROFILES}
missing = [p for p, f in paired.items() if f is None]
paired = {p: f for p, f in paired.items() if f is not None}
shown = list(paired)
if not shown:
    name = sd_pools.sd_pool_name("club")
    raise reference.ReferencePoolError(name, f"no single-dummy pool is built: thousand reference build {name}")
pools = {p: f.attrs["sd_pool"] for p, f in paired.items()}
notebook.provenance(shown, SEED, **{f"deals of {p}": f"the {m['name']} single-dummy pool, {paired[p]['deal_id'].nunique():,} played deals "
                                 f"× 3 seats, {m['worlds']} worlds, bid {m['bid']}, seed {m['seed']} ({m['content_hash']})"
                                 for p, m in pools.items()})

# %%
if missing:
    display(Markdown("**Not shown** (their single-dummy pool is not built yet): "
                     + ", ".join(f"`{p}` (`thousand reference build {sd_pools.sd_pool_name(p)}`)"
                                 for p in missing)))

# %% [markdown]
# ## Success by contract
#
# The share of (deal, declarer seat) rows whose declarer reaches each
# contract, double-dummy and single-dummy, on the same rows (the play does not
# depend on the contract named, so each row is read at every contract): the
# rows with a single-dummy play.  A pool that keeps no play for a row its
# single-dummy declarer wrote off leaves those seats out of both columns;
# the column *double-dummy, every seat* reads all the pool's seats, so the
# subset can be told from the pool (and from the bidding page, which reads
# every seat of the double-dummy pools).
# *Difference* is double-dummy minus single-dummy: positive where the
# double-dummy odds overstate a bid's success, negative where they
# understate it (perfect defence costs the declarer more than imperfect
# defence, and that can outweigh his own imperfect play).

# %%
CONTRACTS = [100, 110, 120, 130, 140, 150, 160]
succ = pd.concat({p: optimism.success_by_contract(f, CONTRACTS) for p, f in paired.items()}, names=["profile"])
dig = optimism.enough_digits(100 * succ[["diff", "diff_low", "diff_high"]].to_numpy())
tab = pd.DataFrame({
    "double-dummy": [notebook.fmt_ci(a, b, c) for a, b, c in zip(succ["p_dd"], succ["p_dd_low"], succ["p_dd_high"])],
    "single-dummy": [notebook.fmt_ci(a, b, c) for a, b, c in zip(succ["p_sd"], succ["p_sd_low"], succ["p_sd_high"])],
    "difference (percentage points)": [notebook.fmt_num_ci(100 * a, 100 * b, 100 * c, dig, signed=True)
                                       for a, b, c in zip(succ["diff"], succ["diff_low"], succ["diff_high"])],
    "declarer seats with a play": [notebook.fmt_num(int(x)) for x in succ["rows"]],
    "deals": [notebook.fmt_num(int(x)) for x in succ["deals"]],
    "double-dummy, every seat": [notebook.fmt_ci(a, b, c) for a, b, c in
                                 zip(succ["p_dd_all"], succ["p_dd_all_low"], succ["p_dd_all_high"])],
    "every seat (deals)": [f"{int(r):,} ({int(d):,})" for r, d in zip(succ["rows_all"], succ["deals_all"])]},
    index=succ.index)
display(tab)
seats = succ.groupby(level="profile", sort=False).first()
part = seats[seats["rows"] < seats["rows_all"]]
display(Markdown(
    ("**Which seats.** " + "; ".join(
        f"{p}: {int(r['rows']):,} of {int(r['rows_all']):,} declarer seats have a single-dummy play "
        f"({int(r['rows_all'] - r['rows']):,} written off without one)" for p, r in part.iterrows())
     + ". At 120 the double-dummy share is "
     + "; ".join(f"{notebook.fmt_pct(succ.loc[(p, 120), 'p_dd'])} on the seats with a play against "
                 f"{notebook.fmt_pct(succ.loc[(p, 120), 'p_dd_all'])} on every seat in {p}" for p in part.index)
     + (": the written-off seats hold weaker hands, so the subset overstates every seat's chances."
        if all(succ.loc[(p, 120), 'p_dd'] > succ.loc[(p, 120), 'p_dd_all'] for p in part.index) else "."))
    if len(part) else
    "**Which seats.** Every declarer seat of the pools has a single-dummy play: both columns read them all."))
alike = optimism.same_double_dummy(paired)
if alike:
    display(Markdown(
        "**Columns that coincide.** " + "; ".join(
            f"{a} and {b} read the same {paired[a]['deal_id'].nunique():,} deals (the first deals of the "
            f"pools' common seed), and on every one of their {len(paired[a]):,} declarer seats the double-dummy "
            f"value is the same under both rules (the {paired[a].attrs['dd_pool']['name']} and "
            f"{paired[b].attrs['dd_pool']['name']} pools): their *double-dummy, every seat* columns are "
            "equal by construction, not by a slip" for a, b in alike)
        + ". Their other columns differ because each pool's declarer wrote off other seats and played "
        "single-dummy under his own rules."))
over = [(p, c) for (p, c), r in succ.iterrows() if r["diff_low"] > 0]
under = [(p, c) for (p, c), r in succ.iterrows() if r["diff_high"] < 0]
display(Markdown(
    f"**Conclusion.** Of {len(succ)} (profile, contract) cells, double-dummy overstates success beyond "
    f"the noise in {len(over)} and understates it in {len(under)}; in the other {len(succ) - len(over) - len(under)} "
    f"the two kinds of play cannot be told apart at these sizes. {notebook.ROUNDING_NOTE}"))

# %%
# a contract exists only at the profile's steps (raise_step): one marker per contract, no line between
fig, axes = plt.subplots(1, len(shown), figsize=(3.2 * len(shown) + 1, 4.2), sharey=True, squeeze=False)
for ax, p in zip(axes[0], shown):
    step = Rules.profile(p).raise_step
    s = optimism.success_by_contract(paired[p], range(CONTRACTS[0], CONTRACTS[-1] + 1, step))
    x = s.index.to_numpy()
    for k, name, mk, dx in (("p_dd", "double-dummy", "o", -0.8), ("p_sd", "single-dummy", "s", 0.8)):
        ax.errorbar(x + dx, 100 * s[k], yerr=[100 * (s[k] - s[f"{k}_low"]), 100 * (s[f"{k}_high"] - s[k])],
                    fmt=mk, ms=4, capsize=2, lw=1, label=name, mfc="none" if k == "p_dd" else None)
    ax.set_title(f"{p} (contracts every {step})")
    ax.set_xlabel("contract (points)")
axes[0][0].set_ylabel("declarer reaches it (%)")
plots.figure_legend(fig, loc="outside lower center", ncol=2, frameon=False)
fig.suptitle("P(make) at each contract: double-dummy (hollow) and single-dummy (filled), 95 % CI")
plt.show()

# %% [markdown]
# ## The value gap
#
# `DD − SD`: the declarer's double-dummy value minus his single-dummy value
# on the same row (points: card points plus his own marriages). Positive
# when seeing all cards helps him more than it helps the defence; negative
# rows are deals where the defenders' single-dummy errors gave him more.

# %%
gaps = pd.DataFrame({p: optimism.value_gap(f) for p, f in paired.items()}).T
gdig = optimism.enough_digits(gaps[["mean", "low", "high"]].to_numpy())
gtab = pd.DataFrame({
    "mean DD − SD (points, 95 % CI)": [notebook.fmt_num_ci(a, b, c, gdig, signed=True) for a, b, c in
                                       zip(gaps["mean"], gaps["low"], gaps["high"])],
    **{k: [notebook.fmt_num(x) for x in gaps[c]] for k, c in (("median", "median"), ("10 %", "q10"), ("90 %", "q90"))},
    **{k: [notebook.fmt_ci(*r) for r in gaps[[c, f"{c}_low", f"{c}_high"]].to_numpy()]
       for k, c in (("SD above DD (95 % CI)", "share_sd_above"), ("equal (95 % CI)", "share_equal"))},
    "rows (deal, seat)": [notebook.fmt_num(int(x)) for x in gaps["rows"]],
    "deals": [notebook.fmt_num(int(x)) for x in gaps["deals"]]}, index=pd.Index(gaps.index, name="profile"))
display(gtab)
display(Markdown(
    "**Conclusion.** " + "; ".join(
        f"{p}: mean gap {notebook.fmt_num_ci(r['mean'], r['low'], r['high'], gdig, signed=True)} points"
        + (" (within the noise)" if r["low"] <= 0 <= r["high"] else "")
        for p, r in gaps.iterrows())
    + ". " + optimism.gap_verdict(gaps) + " The spread "
    f"(from {notebook.fmt_num(gaps['q10'].min(), 0)} to {notebook.fmt_num(gaps['q90'].max(), 0)} points between "
    "the 10th and 90th "
    "percentiles) shows that single deals differ a lot either way: double-dummy is no bound on one deal."))

# %%
fig, ax = plt.subplots(figsize=(8, 4.5))
for p in shown:
    h = optimism.gap_histogram(paired[p], width=10)
    ax.step(h["low"] + 5, 100 * h["share"], where="mid", label=p)
ax.set_xlabel("DD − SD value (points, bins of 10)")
ax.set_ylabel("rows (%)")
ax.set_title("Distribution of the value gap")
ax.legend()
plt.show()

# %% [markdown]
# ## Bolts under both
#
# The share of defenders who end the deal empty-handed, under both bolt
# definitions (RULES.md, bolts: *zero points* counts in `club` and
# `classic`, *no trick* in `wiki`; `book` and `ua` count none, shown for
# comparison). Double-dummy defenders avoid a bolt whenever it costs the
# defence nothing; single-dummy defenders cannot always see how.

# %%
bol = pd.concat({p: optimism.bolts_both(f) for p, f in paired.items()}, names=["profile", "definition"])
cols = ["dd", "dd_low", "dd_high", "sd", "sd_low", "sd_high"]
same = all((bol.loc[(p, "zero_points"), cols] == bol.loc[(p, "no_trick"), cols]).all() for p in shown)
if same:  # no defender took points without a trick or a trick without points
    bol = bol.drop(index="no_trick", level=1)
display(pd.DataFrame({
    "double-dummy": [notebook.fmt_ci(a, b, c) for a, b, c in zip(bol["dd"], bol["dd_low"], bol["dd_high"])],
    "single-dummy": [notebook.fmt_ci(a, b, c) for a, b, c in zip(bol["sd"], bol["sd_low"], bol["sd_high"])],
    "defenders": [notebook.fmt_num(int(x)) for x in bol["defenders"]],
    "deals": [notebook.fmt_num(int(x)) for x in bol["deals"]]}, index=bol.index).rename(
    index={"zero_points": "zero points, or no trick (the same defenders)" if same else "zero points",
           "no_trick": "no trick"}))
if same:
    display(Markdown("Under both kinds of play the two definitions bolt exactly the same defenders here (no "
                     "defender took a trick worth 0 points, nor points without a trick): one row each."))
one = pd.DataFrame({p: optimism.bolts_one_declarer(f) for p, f in paired.items()}).T
every = bol.xs("zero_points", level="definition")
higher = [p for p in shown if one.loc[p, "low"] > every.loc[p, "dd_high"]]
display(Markdown(
    "**Against the bolts page.** The table counts the defenders of *every* declarer seat with a single-dummy "
    "play (up to three declarers per deal, weak hands included) on the single-dummy pools' deals; the bolts "
    "page counts the defenders of *one* declarer per deal, the seat whose double-dummy value is highest, on "
    "every played deal of the double-dummy pool. Counted the bolts page's way on these same deals, "
    "double-dummy, " + "; ".join(
        f"{notebook.fmt_ci(r['zero_points'], r['low'], r['high'])} of {int(r['defenders']):,} defenders "
        f"({int(r['deals']):,} deals) in {p}" for p, r in one.iterrows())
    + " have no point, against " + "; ".join(
        f"{notebook.fmt_ci(every.loc[p, 'dd'], every.loc[p, 'dd_low'], every.loc[p, 'dd_high'])} in {p}"
        for p in shown) + " in the table. "
    + (f"The one-declarer share is the higher beyond the noise in {len(higher)} of {len(shown)} profiles: "
       "the strongest hand declaring leaves its defenders fewer points, so the two pages differ by their "
       "unit (and the sample: these are the pool's first deals), not by a slip."
       if higher else
       "The two units cannot be told apart at these sizes; the pages differ by their samples.")))

# %% [markdown]
# ## The declarer's own contracts
#
# The single-dummy declarer names his contract at the pool's bid (100) from
# the values he believes after his gift (`estimates`: his worlds'
# double-dummy values) and may write off (docs/SINGLE_DUMMY.md, section 3).
# The simulator's double-dummy declarer names the highest contract he makes,
# so he always makes it; here is how often a declarer who cannot see the
# cards makes what he names.

# %%
own = pd.DataFrame({p: optimism.own_contracts(f) for p, f in paired.items()}).T
pd.DataFrame({
    "write-offs (95 % CI)": [notebook.fmt_ci(a, b, c) for a, b, c in
                             zip(own["write_off_share"], own["write_off_low"], own["write_off_high"])],
    "own contract made, of seats played out (95 % CI)": [
        notebook.fmt_ci(a, b, c) for a, b, c in zip(own["made_share"], own["made_low"], own["made_high"])],
    "double-dummy value reaches it, seats played out (95 % CI)": [
        notebook.fmt_ci(a, b, c) for a, b, c in zip(own["dd_made_share"], own["dd_made_low"], own["dd_made_high"])],
    "mean contract, seats played out (points, 95 % CI)": [
        notebook.fmt_num_ci(a, b, c) for a, b, c in
        zip(own["mean_contract"], own["mean_contract_low"], own["mean_contract_high"])],
    "declarer seats": [notebook.fmt_num(int(x)) for x in own["rows"]],
    "seats played out": [notebook.fmt_num(int(x)) for x in own["played_rows"]],
    "deals": [notebook.fmt_num(int(x)) for x in own["deals"]]}, index=own.index).rename_axis("profile")

# %%
wo_most, wo_least = own["write_off_share"].idxmax(), own["write_off_share"].idxmin()
display(Markdown(
    "**Conclusion.** Weighing his change against his opponents' at a fresh table, the single-dummy declarer "
    f"wrote off from {notebook.fmt_ci(*own.loc[wo_least, ['write_off_share', 'write_off_low', 'write_off_high']])}"
    f" of his seats ({wo_least}) to "
    f"{notebook.fmt_ci(*own.loc[wo_most, ['write_off_share', 'write_off_low', 'write_off_high']])} ({wo_most}); "
    "where he played, he made his own contract on "
    + "; ".join(f"{notebook.fmt_ci(r['made_share'], r['made_low'], r['made_high'])} of seats in {p} "
                "(double-dummy play of the same seats would make it on "
                f"{notebook.fmt_ci(r['dd_made_share'], r['dd_made_low'], r['dd_made_high'])})"
                for p, r in own.iterrows()) + "."))

# %% [markdown]
# ## Whole games
#
# Games with the default bidding policy, once with double-dummy outcomes and
# once with single-dummy outcomes, drawn from the **same** deals (the
# single-dummy pool's), with the same seed: the declarer's gift, contract
# and write-off are his own single-dummy decisions at the auction's bid.
# The pool is small, so deals repeat across games.  Figures made of deals
# (write-offs, bolts per 100 played deals) take the two-way bootstrap over
# games and pool deals (Owen, 2007); figures of whole games (deals per
# game) and of barrel stays (the share won, an Aalen–Johansen incidence as
# on the barrel page) are resampled over games and their intervals widened
# by the root of the draws per distinct pool deal, as on the barrel page:
# a *widened 95 % interval*, wider than a 95 % interval (an upper bound).
# The headers say which columns carry one, and the last column by how much.

# %%
from analysis.game import simulate  # noqa: E402
from analysis.research import survival  # noqa: E402
from analysis.research.uncertainty import PoolBootstrap, interval_label  # noqa: E402

games = {}
for p in shown:
    m = pools[p]
    sd_rows = reference.load(m["name"], rules=p)
    dd_rows = reference.load(reference.pool_for(p).name, rules=p)
    dd_rows = dd_rows[dd_rows["deal_id"].isin(np.unique(sd_rows["deal_id"]))]
    games[p] = {
        "dd": simulate(p, N_GAMES, seed=SEED, pool=dd_rows, draw="with"),
        "pimc": simulate(p, N_GAMES, seed=SEED, pool=m["solutions_path"], draw="with", outcomes="pimc"),
    }
boots = {(p, kind): PoolBootstrap(g, n_boot=N_BOOT) for p in shown for kind, g in games[p].items()}
GAME_CI, DEAL_CI = interval_label(boots.values()), interval_label(boots.values(), of_games=False)
rows = []
for p in shown:
    for kind, g in games[p].items():
        b = boots[(p, kind)]
        played = (~g["redealt"]).to_numpy(float)
        made = played * (~g["written_off"]).to_numpy(float)
        wo, wo_lo, wo_hi = b.ratio((g["written_off"].to_numpy(float)) * played, played)
        st = survival.barrel_stays(g)
        end = (survival.competing_table(st, b, survival.ENDINGS, rules=p).loc["cif_win"].iloc[-1]
               if len(st) else None)
        # a figure of whole games: each game's played deals, resampled over games (not a ratio of rows,
        # whose denominator would weigh each game by the bootstrap weight of its first deal)
        per_game = pd.Series(played).groupby(g["game_id"].to_numpy()).sum().reindex(b.game_ids)
        dpg = b.game_mean(per_game.to_numpy(float))
        nbolt = g[["bolt0", "bolt1", "bolt2"]].sum(axis=1).to_numpy(float) * played
        bpd = b.ratio(nbolt, played)
        rows.append({"profile": p, "play": kind,
                     f"deals per game ({GAME_CI})": notebook.fmt_num_ci(*dpg),
                     f"write-offs ({DEAL_CI})": notebook.fmt_ci(wo, wo_lo, wo_hi),
                     f"bolts per 100 played deals ({DEAL_CI})": notebook.fmt_num_ci(*(100 * np.array(bpd)))
                     if Rules.profile(p).has_bolts else "no bolts by rule",
                     "barrel stays": len(st),
                     f"barrel stays won ({GAME_CI})": notebook.fmt_ci(end["p"], end["ci_low"], end["ci_high"])
                     if end is not None else "no barrel stay",
                     "games": b.games, "distinct deals": b.distinct_deals,
                     "games and stays: interval widened by": f"×{notebook.fmt_num(b.widening, 1)}" if b.reuse
                     else "×1 (no deal repeats)",
                     "_wins": int((st["ending"] == "win").sum()) if len(st) else 0,
                     "_open": int((st["ending"] == "open").sum()) if len(st) else 0})
gtable = pd.DataFrame(rows).replace({"play": {"dd": "double-dummy", "pimc": "single-dummy"}})
wins_, open_ = gtable.pop("_wins"), gtable.pop("_open")
display(notebook.table(gtable.set_index(["profile", "play"])))
twins = gtable[gtable.duplicated(["barrel stays", "games"], keep=False) & (gtable["barrel stays"] > 0)]
every_win = bool((wins_ == gtable["games"]).all())
display(Markdown(
    ("Each of these games ended with one player winning from the barrel, so *barrel stays won* is the games "
     "divided by the stays." if every_win else
     "*Barrel stays won* is the Aalen–Johansen incidence of a win by the longest stay, as on the barrel page"
     + (": no game was cut off, so it is the stays that ended in a win divided by the stays."
        if not open_.any() else f" ({int(open_.sum()):,} stays in games cut off unfinished count as censored)."))
    + (" Rows with as many stays show the same share: " + "; ".join(
        " and ".join(f"{r.profile} {r.play}" for r in grp.itertuples()) + f" ({k:,} stays each)"
        for k, grp in twins.groupby("barrel stays"))
        + " (other pools and deals; the count coincides, the rest of the rows differ)." if len(twins) else "")))


def drawn_words(p):
    """What the games' distinct deals count, against the pool's played deals of the provenance."""
    n_pool = reference.load(pools[p]["name"], rules=p)["deal_id"].nunique()
    n_played = paired[p]["deal_id"].nunique()
    drew, only = [], []
    for kind, g in games[p].items():
        deal = g["pool_deal"].to_numpy()
        drew.append(f"{boots[(p, kind)].distinct_deals:,}")
        only.append(f"{len(np.setdiff1d(np.unique(deal), deal[~g['redealt'].to_numpy(bool)])):,}")
    return (f"{p}: {n_pool:,} dealt deals, {n_played:,} of them played ({n_pool - n_played:,} forced redeals); "
            f"the games drew {' and '.join(drew)} distinct deals (double- and single-dummy), "
            f"{' and '.join(only)} of them only ever redealt")


display(Markdown(
    "*Distinct deals* counts every pool deal the games drew out of all the pool's dealt deals, those they "
    "redealt included (a redealt deal is drawn, thrown back and followed by the next draw); the provenance "
    "table and the sections above count only the deals the pool plays, without the deals its rules force to "
    "be redealt. So the games can show more distinct deals than the pool has played ones: "
    + "; ".join(drawn_words(p) for p in shown) + "."))

# %% [markdown]
# ## Deals where the two differ
#
# For club, the rows whose values differ most: the double-dummy line
# (`thousand analyse`) and then the single-dummy play of the same deal and
# seat, trick by trick (`*` marks the card that wins the trick).

# %%
first = shown[0] if shown else None
if first:
    for _, row in sd_play.differing_rows(paired[first], k=2).iterrows():
        d = int(row["seat"])
        hands = [int(row[f"hand{s}"]) for s in range(3)]
        display(Markdown(f"**Deal {int(row['deal_id'])}, declarer seat {d}: double-dummy {int(row['value_dd'])}, "
                         f"single-dummy {int(row['value_sd'])}** (contract named {int(row['contract'])})"))
        print("double-dummy\n" + format_line(analyse_deal(hands, int(row["widow"]), d, first)))
        print("\nsingle-dummy\n" + sd_play.sd_line(row, first))

# %% [markdown]
# ## Sensitivity to `worlds`
#
# The first club deals (first hand as declarer) played again with other
# numbers of worlds per decision, beside the pool's own. If the mean value and
# the gifts settle by the pool's `worlds`, more worlds would not change the
# figures above by more than their intervals. Every row reads the value of
# the deal as played out, written off or not: the other numbers of worlds
# play every deal on, and a pool row written off at the fresh table without
# its play stored is played out again from its own seed (as the bidding
# models' fit does), so no row counts a write-off as 0 points.

# %%
if first:
    sens = sd_play.worlds_sensitivity(paired[first], first, worlds=WORLDS, n=N_WORLDS_DEALS, data=DATA)
    REF = int(pools[first]["worlds"])
    wt = sd_play.worlds_table(sens, REF)
    wdig = optimism.enough_digits(wt[["diff", "diff_low", "diff_high"]].to_numpy())
    display(pd.DataFrame({
        "mean SD value (points, 95 % CI)": [notebook.fmt_num_ci(*r) for r in wt[["value", "value_low", "value_high"]].to_numpy()],
        f"paired difference from {REF} worlds (points, 95 % CI)": [
            "the pool's own: the reference" if w == REF else notebook.fmt_num_ci(r["diff"], r["diff_low"], r["diff_high"], wdig, signed=True)
            for w, r in wt.iterrows()],
        "mean DD − SD (points, 95 % CI)": [notebook.fmt_num_ci(*r, signed=True)
                                           for r in wt[["gap", "gap_low", "gap_high"]].to_numpy()],
        "same gift as the pool's (95 % CI)": [
            "the pool's own gifts" if w == REF else notebook.fmt_ci(*r)
            for w, r in zip(wt.index, wt[["same_gift", "same_gift_low", "same_gift_high"]].to_numpy())],
        "write-offs (value played out; 95 % CI)": [notebook.fmt_ci(*r) for r in
                                                   wt[["written_off", "written_off_low", "written_off_high"]].to_numpy()],
        "mean estimate (points, 95 % CI)": [notebook.fmt_num_ci(*r) for r in wt[["estimate", "estimate_low", "estimate_high"]].to_numpy()],
        "deals": [notebook.fmt_num(int(x)) for x in wt["deals"]]}, index=wt.index))
    noise = float(gaps.loc[first, "high"] - gaps.loc[first, "low"]) / 2
    display(Markdown(
        f"Every row reads the same {int(wt['deals'].iloc[0]):,} deals (first hand as declarer), one value per deal, "
        "so intervals are Student t over the deals (with so few deals the normal would be too narrow), each "
        f"held within the range its figure can take (a value 0 to {sd_play.MOST_VALUE} points: a t interval on "
        "a few deals reaches past it). The difference is paired: "
        "the same deal at both numbers of worlds. The noise it is held against is the half-width of the mean "
        f"DD − SD interval of {first} above (±{notebook.fmt_num(noise, 2)} points, on "
        f"{int(gaps.loc[first, 'deals']):,} deals).\n\n"
        "**Conclusion.** " + sd_play.worlds_verdict(wt, REF, noise)
        + f" (Pool rows written off without their play stored, played out again here: "
        f"{int(sens['replayed'].sum()):,} of {int((sens['worlds'] == REF).sum()):,}.)"))

# %%
hl = []
for p in shown:
    s = succ.loc[(p, 120)]
    gp = gaps.loc[p]
    hl.append({"profile": p, "question": "optimism",
               "figure": f"{notebook.fmt_ci(s['p_dd'], s['p_dd_low'], s['p_dd_high'])} double-dummy, "
                         f"{notebook.fmt_ci(s['p_sd'], s['p_sd_low'], s['p_sd_high'])} single-dummy; "
                         f"gap {notebook.fmt_num_ci(gp['mean'], gp['low'], gp['high'], gdig, signed=True)} points",
               "gap": [float(gp["mean"]), float(gp["low"]), float(gp["high"])],
               "n": f"{int(s['rows']):,} declarer seats with a single-dummy play "
                    f"(of {int(s['rows_all']):,}) in {int(s['deals']):,} deals of the single-dummy pool"})
for p in missing:
    hl.append(headline.not_applicable(p, "optimism", "no single-dummy pool built for these rules",
                                      f"build it: thousand reference build {sd_pools.sd_pool_name(p)}"))
_ = notebook.save_headline("single_dummy", hl)

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; the pools read, the games and the worlds played "
                 "as cached or computed now)."))
