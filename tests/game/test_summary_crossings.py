"""A crossing (wiki «крещусь», ``rules.crossing``) is a give-up scored apart:
the games summary and compare's metrics count it apart from the write-offs."""

import pytest

from analysis.comparison.metrics import per_game
from analysis.game import simulate
from analysis.game.summary import format_summary, summarize
from analysis.reference import pool_for
from analysis.rules import PROFILES

CLUB = PROFILES["club"]


@pytest.fixture(scope="module")
def crossing_games():
    pool = pool_for(CLUB).solutions_path
    return simulate(CLUB.with_changes(crossing="allowed"), 6, seed=7, pool=pool)


def test_summary_counts_crossings_apart_from_write_offs(crossing_games):
    g = crossing_games
    played = g[~g.redealt]
    crossed = played.written_off & played.event.str.contains("crossed:", regex=False)
    assert crossed.sum() > 0  # these games hold crossings
    d = summarize(g)["declarer"]
    assert d["crossings"]["count"] == crossed.sum() and d["crossings"]["of"] == len(played)
    assert d["write_offs"]["count"] == (played.written_off & ~crossed).sum()
    # each crossing hands both opponents a bolt and leaves the declarer's score alone
    for r in played[crossed].itertuples():
        assert getattr(r, f"delta{r.declarer}") == 0 or "barrel" in r.event
    text = format_summary(summarize(g))
    assert f"crossings (give-ups scored as «крещусь», not write-offs): {100 * crossed.mean():5.1f} %" in text


def test_compare_metrics_count_the_same_crossings(crossing_games):
    g = crossing_games
    m = per_game(g)
    d = summarize(g)["declarer"]
    assert m["crossings"].sum() == d["crossings"]["count"]
    assert m["write_offs"].sum() == d["write_offs"]["count"]


def test_without_crossings_every_give_up_is_a_write_off():
    g = simulate(CLUB, 3, seed=7, pool=pool_for(CLUB).solutions_path)
    d = summarize(g)["declarer"]
    played = g[~g.redealt]
    assert d["crossings"]["count"] == 0 and d["write_offs"]["count"] == played.written_off.sum()
    assert "crossings" not in format_summary(summarize(g))
