"""A golden start changes what it should in ``thousand compare`` (the knob is live)."""

from analysis import dataset
from analysis.comparison import compare


def test_a_golden_start_changes_the_games_it_should(tmp_path):
    c = compare(["club", "club golden_round=in_turn"], games=12, seed=35, workers=1, out=tmp_path)
    plain, golden = (dataset.read_table(p, "games").to_pandas() for p in c.paths)
    first = golden.sort_values(["game_id", "deal_no"]).groupby("game_id")
    # every game opens with three golden deals: the first hand plays exactly 120
    for _, g in first:
        played = g[~g.redealt]
        gold = played[played.event.str.contains("golden:")]
        assert len(gold) >= 3 and (gold.bid == 120).all() and (gold.contract == 120).all()
        assert (gold.declarer == gold.first_hand).all()
        assert gold.index[:3].tolist() == played.index[:3].tolist()
    assert not plain.event.str.contains("golden").any()
    # the same first dealers and deals (paired), different games
    assert (plain.groupby("game_id").dealer.first() == golden.groupby("game_id").dealer.first()).all()
    rows = c.table.set_index(["metric", "rules"])
    name = c.names[1]
    assert rows.loc[("mean_bid", name), "diff"] != 0
    assert c.pairs and not c.no_difference
