"""Dark odds (``thousand odds --dark``): exact per deal, summarised with intervals."""

import json

import numpy as np
import pandas as pd
import pytest

from analysis.cli import main
from analysis.odds import DARK_KEYS, dark_odds
from analysis.odds.dark import deal_dark
from analysis.reference import pool_for
from analysis.rules import PROFILES
from analysis.solver import play_value
from analysis.stats import clustered_share_ci

BOOK = PROFILES["book"]
WIKI = PROFILES["wiki"].with_changes(dark_play="wiki")


def _pool_deal(rules, i):
    pool = pool_for(rules)
    d = pd.read_parquet(pool.deals_path, columns=["hand0", "hand1", "hand2", "widow"]).iloc[i]
    return int(d.hand0), int(d.widow), int(d.hand1), int(d.hand2)


def _brute(rules, hand, widow, left, right):
    """Every gift's exact value (play_value), scored as RULES.md says."""
    ten = hand | widow
    cards = [c for c in range(24) if ten >> c & 1]
    values = []
    for a in cards:
        for b in cards:
            if a != b:
                h8 = (ten & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b)
                values.append(play_value(h8, declarer=0, leader=0, first_trick=True, rules=rules))
    return np.array(values)


@pytest.mark.parametrize("i", [0, 7])
def test_book_deal_counts_every_gift_exactly(i):
    h, w, left, right = _pool_deal(BOOK, i)
    v = _brute(BOOK, h, w, left, right)
    made, change = deal_dark(BOOK, h, w, left, right)
    assert made == int((v >= 120).sum())
    assert change == pytest.approx((240 * made - 240 * (90 - made)) / 90)


def test_wiki_double_all_scores_twice_the_points_made():
    for i in range(40):  # the first pool deal with a made gift
        h, w, left, right = _pool_deal(WIKI, i)
        v = _brute(WIKI, h, w, left, right)
        if (v >= 120).any():
            break
    made, change = deal_dark(WIKI, h, w, left, right)
    assert made == int((v >= 120).sum()) > 0
    assert change == pytest.approx(np.where(v >= 120, 2 * v, -240).mean())


def test_summary_keys_and_intervals():
    t = dark_odds(BOOK, 4, seed=1)
    a = t.attrs
    assert tuple(a) == DARK_KEYS
    assert a["dark_samples"] == 4 == len(t) and a["dark_gifts"] == 90
    assert a["dark_p_low"] <= a["dark_p_make"] <= a["dark_p_high"]
    assert a["dark_p_make"] == pytest.approx(t.made.sum() / 360)
    assert a["dark_gain"] == pytest.approx(a["dark_change"] - a["dark_normal_change"])
    assert t.deal_id.is_unique
    # same seed, same deals; another seed, other deals
    assert dark_odds(BOOK, 4, seed=1).deal_id.tolist() == t.deal_id.tolist()
    assert dark_odds(BOOK, 4, seed=2).deal_id.tolist() != t.deal_id.tolist()


def test_refusals():
    with pytest.raises(ValueError, match="no dark play"):
        dark_odds("club", 2)
    with pytest.raises(ValueError, match="samples"):
        dark_odds(BOOK, 0)


def test_cli_json_keys_begin_with_dark(capsys):
    assert main(["odds", "--dark", "--rules", "book", "--samples", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == list(DARK_KEYS)
    assert all(k.startswith("dark") for k in out)


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--dark"],  # club has no dark play
        ["odds", "--dark", "--rules", "book", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"],
        ["odds", "--dark", "--rules", "book", "--widow", "Q♥ 9♦ J♣"],
        ["odds", "--dark", "--rules", "book", "--worlds", "4"],  # --worlds needs --play pimc
        ["odds"],
    ],
)
def test_cli_refusals_exit_2(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_p_make_interval_takes_the_deals_as_units():
    t = dark_odds(BOOK, 6, seed=3)
    a = t.attrs
    p, lo, hi, _ = clustered_share_ci(t.made.to_numpy(), 90)
    assert (a["dark_p_make"], a["dark_p_low"], a["dark_p_high"]) == pytest.approx((p, lo, hi))
    assert 0.0 <= a["dark_p_low"] <= a["dark_p_make"] <= a["dark_p_high"] <= 1.0
