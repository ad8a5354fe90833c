"""What ``thousand compare`` reports: limited draws, run context, verdict, table digits, plot."""

import json
import re

import pandas as pd
import pytest

from analysis import dataset
from analysis.cli import main
from analysis.comparison import COLUMNS, Comparison, compare
from analysis.rules import as_rules


@pytest.mark.parametrize(
    "rules, outcomes",
    [
        (["club", "book"], "dd"),
        (["book", "club"], "dd"),
        (["club", "classic"], "pimc"),
        (["club", "club barrel_seats=1"], "dd"),
        (["club", "classic"], "dd"),
    ],
)
def test_every_rule_set_whose_draws_are_limited_is_said(rules, outcomes, tmp_path):
    notes = []
    c = compare(rules, games=2, seed=1, outcomes=outcomes, workers=1, out=tmp_path, on_note=notes.append)
    shared = min(dataset.read_params(p)["comparison"]["shared"] for p in c.paths)
    from analysis import reference

    for name, r, p in zip(c.names, c.rules, c.paths):
        pool = reference.pool_for(r) if outcomes == "dd" else reference.sd_pool_for(r)
        said = any(n.startswith(f"note: {name} draws among the first {shared:,}") for n in notes)
        assert said == (pool.deals > shared)
        assert dataset.read_frame(p, "games")["pool_deal"].max() < shared


def _table(rows):
    t = pd.DataFrame(rows)
    for k in ("sample", "n"):
        t[k] = "games" if k == "sample" else 10
    t["beyond_noise"] = (t["diff_low"] > 0) | (t["diff_high"] < 0)
    return t


def _row(metric, rules, value, diff=0.0, half=0.0, vhalf=0.1):
    return {
        "metric": metric,
        "rules": rules,
        "value": value,
        "low": value - vhalf,
        "high": value + vhalf,
        "diff": diff,
        "diff_low": diff - half,
        "diff_high": diff + half,
        "unpaired_low": diff - 2 * half,
        "unpaired_high": diff + 2 * half,
        "games": 10,
    }


@pytest.fixture
def made_up():
    """A hand-made comparison: b moves m1 (z=4) and m2 (z=2), c moves m3 (z=3) only, m4 is noise."""
    rows = [
        _row("m1", "a", 1.0),
        _row("m1", "b", 1.4, 0.4, 0.1),
        _row("m1", "c", 1.0, 0.0, 0.1),
        _row("m2", "a", 0.000012, vhalf=0.000001),
        _row("m2", "b", 0.000016, 0.000004, 0.000002, vhalf=0.000001),
        _row("m2", "c", 0.000012, 0.0, 0.000002, vhalf=0.000001),
        _row("m3", "a", 12345.6, vhalf=10.0),
        _row("m3", "b", 12345.6, 0.0, 5.0, vhalf=10.0),
        _row("m3", "c", 12360.6, 15.0, 5.0, vhalf=10.0),
        _row("m4", "a", 0.5),
        _row("m4", "b", 0.51, 0.01, 0.05),
        _row("m4", "c", 0.49, -0.01, 0.05),
    ]
    rules = [as_rules("club")] * 3
    return Comparison(
        table=_table(rows), rules=rules, names=["a", "b", "c"], paths=["", "", ""], pairs=[], games=10
    )


def test_verdict_names_the_metrics_beyond_the_noise_largest_first(made_up):
    lines = made_up.verdict().splitlines()
    assert lines[0] == "b: beyond the noise against a: m1 +0.400, m2 +0.00000400"
    assert lines[1] == "c: beyond the noise against a: m3 +15.0"
    made_up.table.loc[made_up.table.rules == "c", "beyond_noise"] = False
    assert made_up.verdict().splitlines()[1] == "c: no metric beyond the noise against a"
    assert made_up.verdict(top=1).splitlines()[0] == "b: beyond the noise against a: m1 +0.400 and 1 more"


def test_plot_shows_each_rule_sets_largest_moves(made_up):
    assert made_up.plot_metrics(k=3) == ["m1", "m3", "m2"]
    assert made_up.plot_metrics() == ["m1", "m3", "m2", "m4"]


def test_table_has_fixed_digits_per_metric_and_no_scientific_notation(made_up):
    text = made_up.format()
    assert not re.search(r"\de[-+]\d", text)
    for metric in ("m1", "m2", "m3", "m4"):
        block = text.split(f"\n{metric} ", 1)[1].split("\n\n", 1)[0].split("\nm", 1)[0]
        values, diffs = set(), set()
        for line in block.splitlines():
            nums = [x.partition(".")[2] for x in re.findall(r"[-+]?\d+(?:\.\d+)?", line)]
            assert len(nums) in (3, 8), line
            values |= {len(x) for x in nums[:3]}
            diffs |= {len(x) for x in nums[3:]}
        assert len(values) == 1 and len(diffs) == 1, (metric, values, diffs)
    assert "12346 [12336, 12356]" in text and "0.00001200 [0.00001100, 0.00001300]" in text


def test_the_table_says_what_each_rule_set_changes_in_words(made_up):
    made_up.rules = [as_rules("club"), as_rules("club write_off_limit=3"), as_rules("club")]
    lines = made_up.format().splitlines()
    assert (
        "  b changes write-offs per player and game: no limit, each costs the contract → at most 3, each free"
        in lines
    )
    assert not any(line.startswith("  c changes") for line in lines)  # the same rules: nothing to say


def test_plot_tick_labels_do_not_collide(made_up, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    long = ["a", "club+barrel_seats=1,barrel_threshold=900", "club+redeal_four_nines=false"]
    made_up.names = long
    made_up.table["rules"] = made_up.table["rules"].map(dict(zip("abc", long)))
    fig = made_up.plot(metrics=["m1", "m2", "m3", "m4"])
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    boxes = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        lo, hi = sorted(ax.get_xlim())
        xs = [t for t in ax.get_xticklabels() if t.get_text() and lo <= t.get_position()[0] <= hi]
        ys = [t for t in ax.get_yticklabels() if t.get_text()]  # drawn ones only
        xs = sorted((t.get_window_extent(r) for t in xs), key=lambda b: b.x0)
        assert len(xs) >= 2 and all(a.x1 < b.x0 for a, b in zip(xs, xs[1:]))
        boxes += xs + [t.get_window_extent(r) for t in ys]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)


def test_json_rows_stay_a_list_and_the_context_is_written_beside(tmp_path, capsys):
    meta = tmp_path / "meta.json"
    argv = ["compare", "club", "club barrel_seats=1", "--games", "4", "--seed", "5", "--workers", "1"]
    argv += ["--out", str(tmp_path / "o"), "--json", "--json-meta", str(meta)]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    assert isinstance(rows, list) and set(COLUMNS) <= set(rows[0])
    m = json.loads(meta.read_text())
    # own information by default: club-sd serves both rule sets
    assert (m["games"], m["seed"], m["outcomes"], m["baseline"]) == (4, 5, "pimc", "club")
    assert [r["name"] for r in m["rules"]] == ["club", "club+barrel_seats=1"]
    assert m["rules"][1]["changes"] == {"barrel_seats": 1}
    assert m["pairs"] == [{"rules": "club+barrel_seats=1", "against": "club", "paired_on": "same outcomes"}]
    for r in m["rules"]:
        assert dataset.read_params(r["path"])["seed"] == 5
    assert m["columns"][: len(COLUMNS)] == COLUMNS and isinstance(m["verdict"], str)


def test_widened_intervals_are_marked_where_pool_draws_repeat(made_up):
    # b repeats its pool draws, a and c do not: b's figures and its difference are
    # widened (the larger arm's factor), c's are plain 95 % intervals
    made_up.table["pool_repeat_share"] = made_up.table["rules"].map({"a": 0.0, "b": 0.25, "c": 0.0})
    lines = made_up.format().splitlines()
    b = next(line for line in lines if line.split()[:1] == ["b"])  # m1's row of b (beyond the noise)
    c = next(line for line in lines if line.split()[:1] == ["c"])
    assert b.count("] †") == 2 and "] † *" in b and "†" not in c, (b, c)
    assert lines[-1].startswith("† a widened 95 % interval")
    # a baseline that repeats widens every difference, not the others' values
    made_up.table["pool_repeat_share"] = made_up.table["rules"].map({"a": 0.1, "b": 0.0, "c": 0.0})
    c = next(line for line in made_up.format().splitlines() if line.split()[:1] == ["c"])
    assert c.count("†") == 1 and "] †" in c.split("[", 2)[2]
    # nothing repeats: no mark, no footnote
    made_up.table["pool_repeat_share"] = 0.0
    assert "†" not in made_up.format()


@pytest.mark.parametrize(
    ("outcomes", "words"), [("dd", "double-dummy play"), ("pimc", "own-information (single-dummy) play")]
)
def test_the_header_names_what_the_players_saw(made_up, outcomes, words):
    made_up.outcomes = outcomes
    assert made_up.format().splitlines()[0] == f"10 paired games per rule set, seed 0, {words}; baseline a"
