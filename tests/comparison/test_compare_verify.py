"""Volume check of ``compare`` (``make verify``): the barrel conventions over 1,000 paired games."""

import pytest

from analysis.comparison import compare


@pytest.mark.verify
def test_barrel_conventions_move_game_length_with_known_signs(tmp_path):
    c = compare(
        ["club", "club barrel_seats=1", "club barrel_threshold=900"],
        games=1000,
        seed=1,
        outcomes="dd",
        workers=1,
        out=tmp_path,
    )
    t = c.table.set_index(["metric", "rules"])
    one = t.loc[("deals_per_game", "club+barrel_seats=1")]
    # one barrel seat: knocked-off players come back, games last about 2 deals longer
    assert 1.0 < one["diff"] < 3.5 and one["diff_low"] > 0
    assert one["diff_high"] - one["diff_low"] < 0.75 * (one["unpaired_high"] - one["unpaired_low"])
    assert t.loc[("barrel_entries_per_game", "club+barrel_seats=1"), "diff_low"] > 0
    # the barrel at 900: the sitter needs only 100, fewer stays and shorter games
    # (-0.3 deals a game on these 1,000 games: the sign, not yet beyond the noise)
    assert t.loc[("deals_per_game", "club+barrel_threshold=900"), "diff"] < 0
    assert t.loc[("barrel_entries_per_game", "club+barrel_threshold=900"), "diff_high"] < 0
