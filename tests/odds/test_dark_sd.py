"""Dark odds single-dummy (``thousand odds --dark --play pimc``): the blind
play against its references, determinism, the cache, the intervals, the CLI."""

import json

import numpy as np
import pandas as pd
import pytest

from analysis.cli import main
from analysis.odds import DARK_KEYS, DARK_SD_KEYS, dark_sd_odds
from analysis.odds import dark_sd as dark_sd_module
from analysis.odds.dark import deal_dark
from analysis.odds.dark_sd import dark_change, sd_gift
from analysis.reference import pool_for
from analysis.rules import PROFILES
from analysis.single_dummy import play_blind, play_cards, play_deal, row_seed
from analysis.single_dummy.knowledge import Knowledge, declarer_knowledge, defender_knowledge
from analysis.solver import play_value

BOOK = PROFILES["book"]
WIKI = PROFILES["wiki"].with_changes(dark_play="wiki")
FULL = (1 << 24) - 1


def _deals(rules, n):
    d = pd.read_parquet(pool_for(rules).deals_path, columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    d = d.sort_values("deal_id").head(n)
    return [tuple(int(x) for x in (r.deal_id, r.hand0, r.widow, r.hand1, r.hand2)) for r in d.itertuples()]


def test_gift_is_uniform_over_the_90():
    ten = 0b1111111111 << 7
    got = [sd_gift(ten, 0, i) for i in range(9000)]
    assert all(a != b and ten >> a & 1 and ten >> b & 1 for a, b in got)
    counts = np.array(list(pd.Series(got).value_counts()))
    assert len(counts) == 90
    # chi-square with 89 degrees of freedom: far below its 0.1 % point (about 135)
    assert ((counts - 100) ** 2 / 100).sum() < 135


def test_shared_card_play_reproduces_play_deal():
    """The play after play_deal's own gift, run again through play_cards with
    the knowledge play_deal gives the players: the same cards and points."""
    _, h, w, left, right = _deals(BOOK, 1)[0]
    r = play_deal(h, w, left, right, rules=BOOK, worlds=2, seed=5)
    a, b = r.give_left, r.give_right
    hands = [(h | w) & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b]
    shown = w if BOOK.widow_shown_at_100 else None  # the bid is 100
    up = BOOK.exchange_face_up
    know = [
        declarer_knowledge(hands[0], a, b),
        defender_knowledge(1, hands[1], shown, b if up else None),
        defender_knowledge(2, hands[2], shown, a if up else None),
    ]
    pts, tricks, moves = play_cards(hands, know, BOOK, 2, 5)
    assert tuple(moves) == r.moves
    assert (pts[0], pts[1], pts[2]) == (r.value, r.left_points, r.right_points)
    assert tuple(tricks) == (r.declarer_tricks, r.left_tricks, r.right_tricks)


def test_blind_play_is_the_card_play_with_blind_knowledge():
    """play_blind: the declarer knows his eight cards only, the defenders
    their own eight (no widow shown, gifts face down)."""
    for _, h, w, left, right in _deals(BOOK, 2):
        a, b = sd_gift(h | w, 0, 1)
        r = play_blind(h, w, left, right, a, b, rules=BOOK, worlds=2, seed=9)
        d8 = (h | w) & ~(1 << a) & ~(1 << b)
        hands = [d8, left | 1 << a, right | 1 << b]
        know = [
            Knowledge(0, (d8, FULL & ~d8, FULL & ~d8), (8, 8, 8)),
            Knowledge(1, (FULL & ~hands[1], hands[1], FULL & ~hands[1]), (8, 8, 8)),
            Knowledge(2, (FULL & ~hands[2], FULL & ~hands[2], hands[2]), (8, 8, 8)),
        ]
        pts, tricks, moves = play_cards(hands, know, BOOK, 2, 9)
        assert r.moves == tuple(moves) and len(moves) == 24
        assert (r.value, r.left_points, r.right_points) == tuple(pts)
        assert sum(pts) >= 120 and sum(tricks) == 8
        assert (r.give_left, r.give_right, r.contract, r.written_off) == (a, b, 120, False)


def test_blind_play_refuses_a_gift_he_does_not_hold():
    _, h, w, left, right = _deals(BOOK, 1)[0]
    c = next(c for c in range(24) if left >> c & 1)
    own = next(c for c in range(24) if h >> c & 1)
    with pytest.raises(ValueError, match="blind gift"):
        play_blind(h, w, left, right, c, own, rules=BOOK, worlds=1)
    with pytest.raises(ValueError, match="blind gift"):
        play_blind(h, w, left, right, own, own, rules=BOOK, worlds=1)


def test_worlds_is_live_in_blind_play():
    deals = _deals(BOOK, 4)
    plays = {
        wo: [
            play_blind(h, w, le, ri, *sd_gift(h | w, 0, i), rules=BOOK, worlds=wo).moves
            for i, h, w, le, ri in deals
        ]
        for wo in (1, 6)
    }
    assert plays[1] != plays[6]


def test_sd_figures_equal_play_blind_and_the_solver(tmp_path):
    """Each deal's single-dummy value is play_blind's with the drawn gift and
    the row seed; its double-dummy figures are the solver's."""
    t = dark_sd_odds(BOOK, 3, 2, seed=4, data=tmp_path)
    for (deal_id, h, w, left, right), r in zip(_deals(BOOK, 3), t.itertuples(), strict=True):
        a, b = sd_gift(h | w, 4, deal_id)
        assert (r.deal_id, r.give_left, r.give_right) == (deal_id, a, b)
        ref = play_blind(h, w, left, right, a, b, rules=BOOK, worlds=2, seed=row_seed(4, deal_id, 0))
        assert r.sd_value == ref.value
        assert r.sd_made == (ref.value >= 120)
        assert r.sd_change == (240 if ref.value >= 120 else -240)
        h8 = ((h | w) & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b)
        v = play_value(h8, declarer=0, leader=0, first_trick=True, rules=BOOK)
        assert r.dd_made == (v >= 120)
        assert (r.made, r.change) == deal_dark(BOOK, h, w, left, right)


def test_summary_and_intervals(tmp_path):
    t = dark_sd_odds(BOOK, 4, 2, seed=1, data=tmp_path)
    a = t.attrs
    assert tuple(a) == DARK_KEYS + DARK_SD_KEYS
    assert a["dark_outcomes"] == "pimc" and a["dark_samples"] == a["dark_sd_deals"] == 4 == len(t)
    assert a["dark_sd_p_make"] == pytest.approx(t.sd_made.mean())
    assert a["dark_sd_dd_p_make"] == pytest.approx(t.dd_made.mean())
    assert a["dark_sd_diff"] == pytest.approx(t.sd_made.mean() - t.dd_made.mean())
    assert a["dark_p_make"] == pytest.approx(t.made.sum() / 360)
    for key in ("dark_sd_p", "dark_sd_dd_p", "dark_p"):
        assert a[f"{key}_low"] <= a[f"{key}_make"] <= a[f"{key}_high"]
    for key in ("dark_sd_diff", "dark_sd_change", "dark_sd_gain", "dark_change", "dark_gain"):
        assert a[f"{key}_low"] <= a[key] <= a[f"{key}_high"]
    # book's single-dummy pool holds the first deals: every deal has its normal play
    assert a["dark_sd_normal_deals"] == 4
    assert a["dark_sd_gain"] == pytest.approx((t.sd_change - t.sd_normal).mean())


def test_same_seed_same_result_whatever_the_workers(tmp_path):
    one = dark_sd_odds(BOOK, 3, 2, seed=2, data=tmp_path / "a")
    two = dark_sd_odds(BOOK, 3, 2, seed=2, workers=2, data=tmp_path / "b")
    pd.testing.assert_frame_equal(one, two)
    other = dark_sd_odds(BOOK, 3, 2, seed=3, data=tmp_path / "a")
    assert (
        other[["give_left", "give_right"]].to_numpy() != one[["give_left", "give_right"]].to_numpy()
    ).any()


def test_cache_hit_equals_the_computed_result(tmp_path, monkeypatch):
    first = dark_sd_odds(BOOK, 2, 2, seed=0, data=tmp_path)
    assert not first.attrs["dark_sd_cached"]
    files = list(tmp_path.glob("dark-sd-*.parquet"))
    assert len(files) == 1

    def no_play(*args, **kwargs):
        raise AssertionError("played again despite the cache")

    monkeypatch.setattr(dark_sd_module, "play_chunk", no_play)
    again = dark_sd_odds(BOOK, 2, 2, seed=0, data=tmp_path)
    assert again.attrs.pop("dark_sd_cached") and first.attrs.pop("dark_sd_cached") is False
    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs
    # another n, worlds or seed is another file
    with pytest.raises(AssertionError, match="played again"):
        dark_sd_odds(BOOK, 2, 3, seed=0, data=tmp_path)


def test_wiki_doubled_points_single_dummy(tmp_path):
    t = dark_sd_odds(WIKI, 3, 1, seed=0, data=tmp_path)
    for r in t.itertuples():
        assert r.sd_change == dark_change(WIKI, r.sd_value, r.sd_marriages)
        assert r.sd_change == (2 * r.sd_value if r.sd_value >= 120 else -240)
    plain = WIKI.with_changes(dark_scoring="marriages_plain")
    assert dark_change(plain, 150, 40) == 2 * 110 + 40
    assert dark_change(WIKI.with_changes(dark_scoring="flat_240"), 150, 40) == 240


def test_refusals(tmp_path):
    with pytest.raises(ValueError, match="no dark play"):
        dark_sd_odds("club", 2, data=tmp_path)
    with pytest.raises(ValueError, match="n must be"):
        dark_sd_odds(BOOK, 0, data=tmp_path)
    with pytest.raises(ValueError, match="worlds must be"):
        dark_sd_odds(BOOK, 2, 0, data=tmp_path)


def test_cli_json_and_text(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("THOUSAND_DATA", str(tmp_path))
    argv = ["odds", "--dark", "--rules", "book", "--play", "pimc", "--n", "2", "--worlds", "1"]
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == list(DARK_KEYS + DARK_SD_KEYS)
    assert all(k.startswith("dark") for k in out)
    assert out["dark_sd_deals"] == 2 and out["dark_sd_worlds"] == 1 and not out["dark_sd_cached"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "(cached)" in text and "distinct deals" in text and "Newcombe" in text
    assert len(list(tmp_path.glob("dark-sd-*.parquet"))) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--dark", "--rules", "book", "--n", "3"],  # --n needs --play pimc
        ["odds", "--dark", "--rules", "book", "--play", "pimc", "--samples", "3"],
        ["odds", "--dark", "--rules", "book", "--play", "pimc", "--n", "0"],
        ["odds", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "--n", "3"],
    ],
)
def test_cli_refusals_exit_2(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.count("\n") == 1
