"""Single-dummy odds: ``hand_odds(..., play="pimc")`` and ``thousand odds --play pimc``.

Few samples and 2 worlds: the single-dummy play of one deal costs about a
hundred double-dummy solves.
"""

import json

import numpy as np
import pandas as pd
import pytest

from analysis.cli import main
from analysis.deal import chunk_rng
from analysis.odds import hand_odds
from analysis.odds._common import interval, paired_difference_interval, seat_sample
from analysis.odds.delta import relative_delta
from analysis.redeal import redeal_flags
from analysis.rules import Rules
from analysis.scoring import write_off_payment
from analysis.single_dummy import decide_contract, play_deal, sd_fingerprint
from analysis.single_dummy.batch import deal_seed, play_out

HAND = "K♠ Q♠ A♦ 10♦ J♣ 9♥ A♠"
DD_COLUMNS = [
    "p_make",
    "ci_low",
    "ci_high",
    "expected_delta",
    "delta_se",
    "delta_low",
    "delta_high",
    "p_write_off",
]


@pytest.fixture(scope="module")
def club_pair():
    sd = hand_odds(HAND, samples=5, seed=3, play="pimc", worlds=2, progress=False)
    dd = hand_odds(HAND, samples=5, seed=3, progress=False)
    return sd, dd


def test_double_dummy_columns_are_the_plain_odds(club_pair):
    sd, dd = club_pair
    pd.testing.assert_frame_equal(sd[DD_COLUMNS], dd)
    assert {k: v for k, v in sd.attrs.items() if k in dd.attrs and k != "play"} == {
        k: v for k, v in dd.attrs.items() if k != "play"
    }
    assert sd.attrs["play"] == "pimc" and dd.attrs["play"] == "dd"
    assert sd.attrs["worlds"] == 2 and sd.attrs["sd_fingerprint"] == sd_fingerprint("club")


def _kept(rules, samples, seed, seat, hand):
    from analysis.cards import parse

    h = parse(hand)
    deals = seat_sample(chunk_rng(seed, 0), samples, seat, h)
    forced = redeal_flags(deals, rules)["redeal_forced"]
    return deals, np.flatnonzero(~forced)


def _direct(rules, t, samples, seed, seat, worlds):
    """The single-dummy columns from a plain loop over play_deal."""
    deals, idx = _kept(rules, samples, seed, seat, HAND)
    first = seat == 0
    rows = []
    for i in idx:
        d = deals[i]
        r = play_deal(
            int(d[seat]),
            int(d[3]),
            int(d[(seat + 1) % 3]),
            int(d[(seat + 2) % 3]),
            rules=rules,
            worlds=worlds,
            seed=deal_seed(seed, int(i)),
        )
        if r.written_off:  # the odds play every deal out: the same gift, estimates and play
            r = play_out(
                d[seat],
                d[3],
                d[(seat + 1) % 3],
                d[(seat + 2) % 3],
                rules,
                worlds=worlds,
                seed=deal_seed(seed, int(i)),
            )
        rows.append(r)
    n = len(rows)
    assert n == t.attrs["kept"]
    v = np.array([r.value for r in rows])
    lp = np.array([r.left_points for r in rows])
    rp = np.array([r.right_points for r in rows])
    for c in t.index:
        made = v >= c
        assert t.loc[c, "sd_p_make"] == made.sum() / n
        assert (t.loc[c, "sd_ci_low"], t.loc[c, "sd_ci_high"]) == pytest.approx(interval(int(made.sum()), n))
        ch = []
        for r, val, a, b in zip(rows, v, lp, rp, strict=True):
            wo = decide_contract(r.estimates, int(c), rules, first_hand=first, cap=int(c))[1]
            if wo:
                ch.append(-c - write_off_payment(rules, int(c)))
            else:
                ch.append(
                    float(
                        relative_delta(rules, [c], [val], [a], [b], first_hand=first, write_off=False)[0][
                            0, 0
                        ]
                    )
                )
        assert t.loc[c, "sd_expected_delta"] == pytest.approx(np.mean(ch))
    return v


def test_single_dummy_columns_equal_a_direct_loop_over_play_deal(club_pair):
    sd, _ = club_pair
    rules = Rules.profile("club")
    v = _direct(rules, sd, 5, 3, 0, 2)
    assert sd.attrs["sd_expected_value"] == pytest.approx(v.mean())
    deals, idx = _kept(rules, 5, 3, 0, HAND)
    from analysis.odds.hand import solve_sample

    dd = solve_sample(deals[idx], 0, rules)["value"]
    for c in sd.index:
        s, d = v >= c, dd >= c
        assert sd.loc[c, "diff"] == pytest.approx((s.sum() - d.sum()) / len(v))
        lo, hi = paired_difference_interval((s & d).sum(), (s & ~d).sum(), (~s & d).sum(), (~s & ~d).sum())
        assert (sd.loc[c, "diff_low"], sd.loc[c, "diff_high"]) == pytest.approx((lo, hi))
        assert sd.loc[c, "diff_low"] <= sd.loc[c, "diff"] <= sd.loc[c, "diff_high"]
    assert sd.sd_p_make.is_monotonic_decreasing


def test_book_off_the_first_hand_decides_write_offs_from_his_worlds():
    # book doubles the penalty off the first hand: writing off (-c - 40) beats a
    # likely failure (-2c), decided from the estimates, not from the deal's value
    rules = Rules.profile("book")
    t = hand_odds(HAND, rules, samples=4, seed=8, seat=1, play="pimc", worlds=2, progress=False)
    _direct(rules, t, 4, 8, 1, 2)
    assert t.attrs["sd_best_contract"] in t.index


def test_playing_every_deal_out_changes_no_decision_of_the_play():
    rules = Rules.profile("book")
    deals, idx = _kept(rules, 3, 11, 0, HAND)
    for i in idx:
        d = [int(x) for x in deals[i]]
        a = play_deal(d[0], d[3], d[1], d[2], rules=rules, worlds=2, seed=5)
        b = play_out(d[0], d[3], d[1], d[2], rules, worlds=2, seed=5)
        assert (a.give_left, a.give_right, a.estimates) == (b.give_left, b.give_right, b.estimates)
        if not a.written_off:
            assert a._replace(contract=0) == b._replace(contract=0)
        assert not b.written_off


def test_two_workers_give_the_same_single_dummy_table(club_pair):
    sd, _ = club_pair
    two = hand_odds(HAND, samples=5, seed=3, play="pimc", worlds=2, progress=False, workers=2)
    pd.testing.assert_frame_equal(sd, two)
    assert sd.attrs == two.attrs


def test_bad_play_and_worlds_are_refused():
    with pytest.raises(ValueError, match="play must be"):
        hand_odds(HAND, samples=2, play="sd")
    with pytest.raises(ValueError, match="worlds must be a positive integer"):
        hand_odds(HAND, samples=2, play="pimc", worlds=0)


def test_cli_plot_draws_both_curves(tmp_path, capsys):
    out = tmp_path / "sd.png"
    args = ["odds", HAND, "--samples", "3", "--seed", "2", "--play", "pimc", "--worlds", "2"]
    assert main([*args, "--plot", str(out), "--no-progress"]) == 0
    assert out.stat().st_size > 1000 and f"plot saved to {out}" in capsys.readouterr().out


def test_cli_prints_both_columns_and_json_carries_them(capsys):
    args = ["odds", HAND, "--samples", "3", "--seed", "2", "--play", "pimc", "--worlds", "2", "--no-progress"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["play"] == "pimc" and out["worlds"] == 2
    row = out["table"][0]
    for k in ("p_make", "sd_p_make", "diff", "diff_low", "diff_high", "sd_expected_delta"):
        assert k in row
    ref = hand_odds(HAND, samples=3, seed=2, play="pimc", worlds=2, progress=False)
    assert [r["sd_p_make"] for r in out["table"]] == ref.sd_p_make.tolist()
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "single-dummy" in text and "double-dummy" in text and "SD - DD" in text
    assert main(["odds", HAND, "--widow", "K♥ Q♥ J♦", "--play", "pimc"]) == 2
    assert "--widow" in capsys.readouterr().err
    assert main(["odds", HAND, "--play", "pimc", "--worlds", "0"]) == 2
    assert "--worlds" in capsys.readouterr().err
