"""``thousand compare``'s spellings: every rule set, value and count is what the user typed, or refused."""

import pytest

from analysis.cli import main
from analysis.comparison import display_names, vary
from analysis.comparison.games import arm_folder
from analysis.errors import BadArgument
from analysis.rules import as_rules


@pytest.mark.parametrize(
    "spelling",
    [
        "club barrel_seats=1 barrel_seats=2",
        "club+barrel_seats=1+barrel_seats=1",
        "club target=1000 target=1001",
    ],
)
def test_a_field_set_twice_in_one_rule_set_is_refused(spelling):
    with pytest.raises(BadArgument, match="twice"):
        as_rules(spelling)


@pytest.mark.parametrize("values", ["1,1", "true,True", "900,880,900"])
def test_vary_refuses_a_value_listed_twice(values):
    field = (
        "redeal_four_nines" if "true" in values else ("barrel_threshold" if "9" in values else "barrel_seats")
    )
    with pytest.raises(BadArgument, match="same value"):
        vary("club", f"{field}={values}")


def test_vary_drops_the_bases_own_value_with_a_note():
    notes = []
    rules = vary("club", "barrel_seats=2,1", on_note=notes.append)
    assert [r.barrel_seats for r in rules] == [2, 1]
    assert len(notes) == 1 and "barrel_seats=2" in notes[0] and "left out" in notes[0]
    with pytest.raises(BadArgument, match="own"):
        vary("club", "barrel_seats=2")


@pytest.mark.parametrize("chunk", ["0", "-3"])
def test_chunk_size_below_one_is_refused(chunk, tmp_path, capsys):
    argv = ["compare", "club", "club", "--games", "4", "--chunk-size", chunk, "--out", str(tmp_path)]
    assert main(argv) == 2
    assert "positive integer" in capsys.readouterr().err


def test_display_names_and_folders_are_spelled_as_typed(tmp_path):
    rules = [as_rules(s) for s in ["club", "club", "club redeal_four_nines=false", "club bolt_declarer=true"]]
    names = display_names(rules)
    assert names == ["club", "club#2", "club+redeal_four_nines=false", "club+bolt_declarer=true"]
    assert [arm_folder(tmp_path, i, n).name for i, n in enumerate(names)] == [
        "00-club",
        "01-club#2",
        "02-club+redeal_four_nines=false",
        "03-club+bolt_declarer=true",
    ]


def test_one_message_names_every_option_a_rule_set_needs(capsys, tmp_path):
    argv = ["compare", "club", "club bolt_declarer=true", "club bolt_declarer=true target=1001"]
    assert main([*argv, "--games", "2", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    for name in ("club+bolt_declarer=true ", "club+bolt_declarer=true,target=1001"):
        assert f"{name.strip()} needs two options" in err
    assert err.count("--on-the-fly") == 2 and err.count("--estimator club") == 2
