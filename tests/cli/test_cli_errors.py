"""The command line's error boundary: a user's error is one line of advice
and exit status 2; anything else is a bug, shown with its traceback and exit
status 1; ``--debug`` shows the traceback of a user's error too."""

import json

import pytest

from analysis import errors
from analysis.cli import main
from analysis.jobs.deals import run_deal
from analysis.rules import PROFILES

HAND = "K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠"
WIDOW = "K♥ Q♥ 10♥"


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """Folders and files that the bad inputs below point at."""
    root = tmp_path_factory.mktemp("cli_errors")
    deals = root / "deals"
    run_deal(deals, 20, 1, PROFILES["club"], chunk_size=10, workers=1)
    (root / "afile").write_text("keep me")
    (root / "notes").mkdir()
    (root / "notes" / "notes.txt").write_text("keep me")
    damaged = root / "damaged"
    run_deal(damaged, 10, 1, PROFILES["club"], chunk_size=10, workers=1)
    (damaged / "_params.json").write_bytes(b'{"kind": "deals", "n"')
    cut = root / "cut"
    run_deal(cut, 10, 1, PROFILES["club"], chunk_size=10, workers=1)
    chunk = cut / "part-000000.parquet"
    chunk.write_bytes(chunk.read_bytes()[:100])
    (root / "bad.json").write_text("{not json", encoding="utf-8")
    (root / "model.json").write_text(json.dumps({"kind": "something else"}), encoding="utf-8")
    return root


def deal_args(out, *more):
    return ["deal", "--n", "10", "--seed", "1", "--out", str(out), "--no-progress", *more]


#: (command line, a phrase of the advice); ``{root}`` is the fixture's folder.
BAD_INPUTS = {
    "bad card": (["odds", "K♠ Q♠ A♦ 10♦ J♣ 9♥ X♠"], "X♠"),
    "duplicate card": (["odds", "K♠ K♠ A♦ 10♦ J♣ 9♥ 9♠"], "K♠"),
    "wrong card count": (["odds", "K♠ Q♠"], "must hold 7 cards"),
    "widow overlapping the hand": (["odds", HAND, "--widow", "K♠ Q♥ 10♥"], "K♠"),
    "unknown rules": (["rules", "show", "nope"], "unknown rules 'nope'"),
    "unknown rules field": (["rules", "show", "club", "--set", "colour=red"], "unknown rules field"),
    "impossible rules value": (["rules", "show", "club", "--set", "barrel_seats=3"], "barrel_seats"),
    "unparsable rules value": (["rules", "show", "club", "--set", "target=high"], "takes an integer"),
    "missing rules file": (["rules", "show", "{root}/missing.json"], "rules file not found"),
    "rules file not JSON": (["rules", "show", "{root}/bad.json"], "not valid JSON"),
    "workers below 1": (
        ["odds", HAND, "--samples", "2", "--workers", "0", "--no-progress"],
        "--workers must be at least 1",
    ),
    "empty scheduler": (
        ["odds", HAND, "--samples", "2", "--scheduler", " ", "--no-progress"],
        "--scheduler is empty",
    ),
    "no deals": (deal_args("{root}/z0", "--n", "0"), "--n (the number of rows to write)"),
    "chunk size 0": (deal_args("{root}/z1", "--chunk-size", "0"), "--chunk-size must be"),
    "negative seed": (deal_args("{root}/z2", "--seed", "-1"), "--seed must be a non-negative"),
    "empty output name": (deal_args(" "), "the output folder's name is empty"),
    "output through a file": (deal_args("{root}/afile/sub"), "afile"),
    "output is a file": (deal_args("{root}/afile"), "is not a folder"),
    "output inside a dataset": (deal_args("{root}/deals/inner"), "inside the dataset folder"),
    "output of other parameters": (deal_args("{root}/deals"), "other parameters"),
    "output of other files": (deal_args("{root}/notes"), "is not empty and holds no dataset"),
    "deals missing": (
        ["solve", "--deals", "{root}/nowhere", "--out", "{root}/s0", "--no-progress"],
        "no dataset folder",
    ),
    "deals not a dataset": (
        ["solve", "--deals", "{root}/notes", "--out", "{root}/s1", "--no-progress"],
        "not a thousand dataset",
    ),
    "damaged parameters file": (
        ["solve", "--deals", "{root}/damaged", "--out", "{root}/s2", "--no-progress"],
        "_params.json is damaged",
    ),
    "damaged chunk": (
        [
            "solve",
            "--deals",
            "{root}/cut",
            "--out",
            "{root}/s3",
            "--n",
            "2",
            "--workers",
            "1",
            "--no-progress",
        ],
        "cannot be read",
    ),
    "seat named twice": (
        ["solve", "--deals", "{root}/deals", "--out", "{root}/s4", "--seats", "0,0", "--no-progress"],
        "--seats names a seat twice",
    ),
    "more deals than dealt": (
        ["solve", "--deals", "{root}/deals", "--out", "{root}/s5", "--n", "99", "--no-progress"],
        "--n must be 1..20",
    ),
    "no games": (
        ["simulate", "--games", "0", "--seed", "1", "--out", "{root}/g0", "--no-progress"],
        "--games must be at least 1",
    ),
    "model file of another kind": (
        [
            "simulate",
            "--games",
            "1",
            "--seed",
            "1",
            "--out",
            "{root}/g1",
            "--estimator",
            "{root}/model.json",
            "--no-progress",
        ],
        "not a BidModel file",
    ),
    "plot into a missing folder": (
        ["odds", HAND, "--samples", "2", "--plot", "{root}/nowhere/o.png", "--no-progress"],
        "does not exist",
    ),
    "overlapping hands": (["analyse", HAND, HAND, "A♠ 10♠ J♠ 9♦ Q♦ K♦ J♦", WIDOW], "hand0 and hand1 share"),
    # counts below their least value, on every command that takes one
    "no rows to verify": (
        ["reference", "verify", "--rows", "0", "--only", "book"],
        "--rows must be at least 1",
    ),
    "no single-dummy rows to verify": (
        ["reference", "verify", "--sd-rows", "-1"],
        "--sd-rows must be at least 1",
    ),
    "negative deals to solve": (
        ["run", "--n", "100", "--solve", "-1", "--report", "none"],
        "--solve must be",
    ),
    # numbers that are not finite
    "a score that is not a number": (["equity", "--scores", "nan,300,500"], "not a finite number"),
    "an infinite score": (["equity", "--scores", "inf,300,500"], "not a finite number"),
    # options that name what another option turns on
    "worlds without single-dummy odds": (["odds", HAND, "--worlds", "4"], "--worlds applies to --play pimc"),
    "worlds without single-dummy games": (
        ["simulate", "--games", "2", "--seed", "1", "--outcomes", "dd", "--worlds", "8", "--no-progress"],
        "--worlds applies to single-dummy play only",
    ),
    "worlds with a single-dummy pool": (
        ["simulate", "--games", "2", "--seed", "1", "--worlds", "8", "--no-progress"],
        "played with its own worlds: add --on-the-fly",
    ),
    # a table state the rules cannot produce
    "a score the 555 reset zeroes": (
        ["equity", "--rules", "classic", "--scores", "555,300,500"],
        "the reset at 555",
    ),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_each_bad_input_is_one_line_of_advice_and_exit_2(place, capsys, case):
    argv, phrase = BAD_INPUTS[case]
    argv = [a.replace("{root}", str(place)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"thousand {argv[0]}: error: ")
    assert phrase in lines[0] and "Traceback" not in err
    assert (place / "afile").read_text() == "keep me"


def test_debug_shows_the_traceback_of_a_users_error(capsys):
    assert main(["--debug", "rules", "show", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert "analysis.errors.BadArgument: unknown rules 'nope'" in err
    assert err.strip().splitlines()[-1].startswith("thousand rules: error: unknown rules 'nope'")


def test_an_internal_error_is_a_bug_with_its_traceback_and_exit_1(monkeypatch, capsys):
    import analysis.commands.rules as cmd

    def broken(*a, **k):
        return 1 // 0

    monkeypatch.setattr(cmd, "load_rules", broken)
    assert main(["rules", "show", "club"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert "ZeroDivisionError" in err and "internal error" in err
    assert "thousand rules: error:" not in err


def test_a_plain_value_error_from_below_is_a_bug_not_advice(monkeypatch, capsys):
    # a ValueError raised by numpy, pandas or the toolkit's own invariants is
    # not the user's: it is shown in full, not as one line of advice
    import analysis.commands.rules as cmd

    def broken(*a, **k):
        raise ValueError("operands could not be broadcast together")

    monkeypatch.setattr(cmd, "load_rules", broken)
    assert main(["rules", "show", "club"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: operands could not be broadcast" in err


def test_error_kinds_are_value_errors_with_fields():
    for kind in (
        errors.BadArgument,
        errors.DatasetError,
        errors.DamagedFile,
        errors.DamagedDataset,
        errors.ModelFileError,
    ):
        assert issubclass(kind, errors.ThousandError) and issubclass(kind, ValueError)
    e = errors.DamagedDataset("x is damaged", path="/d/_params.json")
    assert isinstance(e, errors.DatasetError) and isinstance(e, errors.DamagedFile)
    assert e.path == "/d/_params.json" and str(e) == "x is damaged"
    from analysis import dataset

    assert dataset.DatasetError is errors.DatasetError
