"""Aalen–Johansen cumulative incidence of barrel endings (analysis.research.survival)."""

import numpy as np
import pandas as pd
import pytest

from analysis.research import barrel_rules, survival
from analysis.research.uncertainty import PoolBootstrap


def _stays():
    # worked by hand: t=1: 6 at risk, one win, one fall -> S = 4/6, F_win = F_fall = 1/6
    # t=2: 4 at risk, one knock-off (and one open stay, censored after 2 deals)
    #      -> S = 4/6 * 3/4 = 1/2, F_ko = 4/6 * 1/4 = 1/6
    # t=3: 2 at risk, one win, one fall -> S = 0, F_win = 1/6 + 1/2 * 1/2 = 5/12
    return pd.DataFrame(
        {
            "game_id": [0, 1, 2, 3, 4, 5],
            "deals": [1, 1, 2, 2, 3, 3],
            "ending": ["win", "barrel_fall", "knocked_off", "open", "win", "barrel_fall"],
        }
    )


def test_aalen_johansen_matches_the_hand_computed_example():
    aj = survival.aalen_johansen(_stays())
    assert aj["at_risk"].tolist() == [6, 6, 4, 2]
    assert aj["survival"].tolist() == pytest.approx([1, 4 / 6, 1 / 2, 0])
    assert aj["cif_win"].tolist() == pytest.approx([0, 1 / 6, 1 / 6, 5 / 12])
    assert aj["cif_barrel_fall"].tolist() == pytest.approx([0, 1 / 6, 1 / 6, 5 / 12])
    assert aj["cif_knocked_off"].tolist() == pytest.approx([0, 0, 1 / 6, 1 / 6])
    assert aj["hazard_win"].tolist() == pytest.approx([0, 1 / 6, 0, 1 / 2])
    cif = aj[[c for c in aj if c.startswith("cif_")]].sum(axis=1)
    np.testing.assert_allclose(aj["survival"] + cif, 1.0)  # one reading of S(t)


def test_without_censoring_it_is_the_empirical_distribution_and_km_agrees():
    rng = np.random.default_rng(0)
    st = pd.DataFrame(
        {
            "game_id": np.arange(300),
            "deals": rng.integers(0, 4, 300),
            "ending": rng.choice(["win", "barrel_fall", "failed_contract"], 300),
            "ended": True,
        }
    )
    aj = survival.aalen_johansen(st)
    for t in range(4):
        for c in ("win", "barrel_fall", "failed_contract"):
            share = ((st.deals <= t) & (st.ending == c)).mean()
            assert aj.loc[t, f"cif_{c}"] == pytest.approx(share)
    km = survival.kaplan_meier(st)
    np.testing.assert_allclose(aj.loc[km.index, "survival"], km["survival"])


def test_weights_act_as_repeated_stays_and_bad_endings_are_refused():
    st = _stays()
    w = np.array([2, 1, 1, 3, 1, 1], float)
    rep = st.loc[st.index.repeat(w.astype(int))]
    pd.testing.assert_frame_equal(survival.aalen_johansen(st, weights=w), survival.aalen_johansen(rep))
    with pytest.raises(ValueError, match="not among the causes"):
        survival.aalen_johansen(st, causes=("win",))


def test_competing_table_intervals_hold_the_estimate():
    st = pd.concat(
        [_stays().assign(game_id=lambda f, k=k: f.game_id + 6 * k) for k in range(30)], ignore_index=True
    )
    games = pd.DataFrame({"game_id": np.arange(180), "pool_deal": np.arange(180)})
    tab = survival.competing_table(st, PoolBootstrap(games, n_boot=100))
    win = tab.loc["cif_win"]
    assert win.loc[3, "p"] == pytest.approx(5 / 12)
    assert (tab["ci_low"] <= tab["p"] + 1e-12).all() and (tab["p"] <= tab["ci_high"] + 1e-12).all()
    assert win.loc[3, "ci_high"] - win.loc[3, "ci_low"] > 0.05


# lifelines 0.30.3 on these stays: KaplanMeierFitter().fit(deals, ended).event_table["at_risk"]
# is 10, 9, 6, 3 at 0..3 deals, and the "At risk" row lifelines.plotting.add_at_risk_counts
# prints under the curve at ticks 0..3 is 9, 6, 3, 0 (those still followed after t deals)
LIFELINES_STAYS = pd.DataFrame(
    {
        "deals": [1, 1, 2, 3, 3, 0, 2, 2, 1, 3],
        "ending": ["win", "barrel_fall", "open", "barrel_fall", "win", "open", "win", "open", "win", "open"],
    }
)


def test_at_risk_counts_are_lifelines_own():
    aj = survival.aalen_johansen(LIFELINES_STAYS, causes=("win", "barrel_fall"))
    assert aj["at_risk"].tolist() == [10, 9, 6, 3]  # event_table: at the start of deal t
    assert aj["followed"].tolist() == [9, 6, 3, 0]  # under the plot: after deal t
    assert aj["survival"].tolist() == pytest.approx([1.0, 2 / 3, 5 / 9, 5 / 27])


def test_competing_table_never_prints_a_zero_width_interval():
    st = _stays()
    games = pd.DataFrame({"game_id": np.arange(6), "pool_deal": np.arange(6)})
    t = survival.competing_table(st, PoolBootstrap(games, n_boot=50, seed=1))
    zero = t[t["p"] == 0]
    assert len(zero) and (zero["ci_high"] > 0).all()
    assert t.loc[("survival", 0), "ci_low"] < 1  # rules unknown: deal 0 is estimated like the others
    assert t.loc[("cif_knocked_off", 1), "ci_high"] == pytest.approx(1 - 0.025 ** (1 / 6))


def test_deal_zero_is_the_start_where_the_rules_end_no_stay_before_its_first_deal():
    st = _stays()
    games = pd.DataFrame({"game_id": np.arange(6), "pool_deal": np.arange(6)})
    boot = PoolBootstrap(games, n_boot=50)
    t = survival.competing_table(st, boot, rules="club")
    start = t.xs(0, level="deals")
    # S(0) = 1 and every incidence 0 by the rules: no interval, in the table and the bands
    assert (start.loc["survival", ["p", "ci_low", "ci_high"]] == 1.0).all()
    cif = start[start.index.str.startswith("cif_")]
    assert (cif[["p", "ci_low", "ci_high"]] == 0.0).all().all()
    # after deal 0 a share of no event keeps its exact bound: 0 of 6 knocked off at deal 1
    assert t.loc[("cif_knocked_off", 1), "ci_high"] == pytest.approx(1 - 0.025 ** (1 / 6))
    # where the rules let a stay end before its first deal (a redeal's fine), deal 0 is estimated
    fined = survival.competing_table(st, boot, rules="wiki bad_deal_fine=50")
    assert fined.loc[("survival", 0), "ci_low"] < 1 and fined.loc[("cif_win", 0), "ci_high"] > 0
    assert barrel_rules.ends_before_first_deal("wiki reverse_barrel=-760")
    # a stay that ended at deal 0 under rules that allow none is an error, not a figure
    early = st.assign(deals=[0, 1, 2, 2, 3, 3])
    with pytest.raises(ValueError, match="before its first deal"):
        survival.competing_table(early, boot, rules="club")
    assert survival.competing_table(early, boot, rules="wiki bad_deal_fine=50").loc[("survival", 0), "p"] < 1


def test_another_players_win_competes_instead_of_censoring():
    # four stays: at deal 1 one won and one ended because another player won the
    # game; at deal 2 the same. Aalen–Johansen by hand: t=1: n=4, h_win = h_other
    # = 1/4, S(1) = 1/2, F_win(1) = 1/4; t=2: n=2, h_win = h_other = 1/2, S(2) = 0,
    # F_win(2) = 1/4 + S(1) * 1/2 = 1/2.  Censoring the other player's wins instead
    # would give 1 - KM(wins) = 1 - 3/4 * 1/2 = 5/8: more wins than stays had.
    st = pd.DataFrame({"deals": [1, 1, 2, 2], "ending": ["win", "other_won", "other_won", "win"]})
    aj = survival.aalen_johansen(st, causes=survival.ENDINGS)
    np.testing.assert_allclose(aj["cif_win"].to_numpy(), [0.0, 0.25, 0.5])
    np.testing.assert_allclose(aj["cif_other_won"].to_numpy(), [0.0, 0.25, 0.5])
    np.testing.assert_allclose(aj["survival"].to_numpy(), [1.0, 0.5, 0.0])
    censored = st.assign(ending=st["ending"].replace({"other_won": "open"}))
    wrong = survival.aalen_johansen(censored, causes=("win",))
    assert wrong["cif_win"].iloc[-1] == pytest.approx(0.625)


def test_endings_the_rules_forbid_are_read_from_the_rules_fields():
    from analysis.rules import Rules

    # RULES.md: write-off while the declarer is on the barrel forbidden in club and book
    assert "barrel_write_off" in barrel_rules.impossible_endings("club")
    assert "barrel_write_off" in barrel_rules.impossible_endings("book")
    for name in ("classic", "ua", "wiki"):  # allowed there
        assert "barrel_write_off" not in barrel_rules.impossible_endings(name)
    # one seat: only the sitter can win, unless book's four marriages end the game
    for r in ("classic", "ua", "wiki", Rules.profile("club").with_changes(barrel_seats=1)):
        assert "other_won" in barrel_rules.impossible_endings(r)
    assert "other_won" not in barrel_rules.impossible_endings("club")  # two seats
    assert "other_won" not in barrel_rules.impossible_endings("book")  # four_marriages_win
    assert "other_won" not in barrel_rules.impossible_endings("wiki reverse_barrel=-760")
    # no bolt penalty or fine reaches a sitter in any profile; a house that allows one opens the way
    for name in ("club", "classic", "book", "ua", "wiki"):
        assert "barrel_exit" in barrel_rules.impossible_endings(name)
    assert "barrel_exit" not in barrel_rules.impossible_endings("club barrel_bolts=true")
    assert "barrel_exit" not in barrel_rules.impossible_endings("wiki bad_deal_fine=50")
    for always in ("win", "barrel_fall", "knocked_off", "failed_contract"):
        assert always not in barrel_rules.impossible_endings("club")


def test_longest_stay_is_the_attempts_and_one_rest_at_four():
    assert barrel_rules.longest_stay("club") == 3
    assert barrel_rules.longest_stay("club barrel_attempts=4") == 4
    # wiki at four: a sitter who deals spends no attempt (rest, attempt, attempt, attempt)
    assert barrel_rules.longest_stay("wiki players=4") == 4
    assert barrel_rules.longest_stay("wiki players=4 rest_barrel_attempt=true") == 3
    assert barrel_rules.longest_stay("wiki players=4 bad_deal_fine=50") is None


def test_competing_table_fixes_what_the_rules_fix_and_refuses_what_they_forbid():
    st = _stays()
    games = pd.DataFrame({"game_id": np.arange(6), "pool_deal": np.arange(6)})
    boot = PoolBootstrap(games, n_boot=50, seed=1)
    for rules in ("club", "classic"):
        t = survival.competing_table(st, boot, rules=rules)
        never = barrel_rules.impossible_endings(rules)
        for e in survival.ENDINGS:
            k = t.loc[f"cif_{e}"]
            if e in never:  # none by rule: 0 with no interval at every deal
                assert k["by_rule"].all() and (k[["p", "ci_low", "ci_high"]] == 0).all().all()
            else:  # possible but perhaps unseen: estimated after deal 0
                assert not k.loc[1:, "by_rule"].any()
        s = t.loc["survival"]
        assert s.loc[3, "by_rule"] and s.loc[3, ["p", "ci_low", "ci_high"]].tolist() == [0, 0, 0]
        assert not s.loc[1:2, "by_rule"].any() and (s.loc[1:2, "ci_high"] > s.loc[1:2, "ci_low"]).all()
    # without rules nothing is fixed: every zero keeps its exact bound
    assert not survival.competing_table(st, boot).loc[(slice(None), slice(1, None)), "by_rule"].any()
    with pytest.raises(ValueError, match="do not allow"):
        survival.competing_table(st.assign(ending=["win", "barrel_exit", *st.ending[2:]]), boot, rules="club")
    with pytest.raises(ValueError, match="more than the 3 deals"):
        survival.competing_table(st.assign(deals=[1, 1, 2, 2, 3, 4]), boot, rules="club")
