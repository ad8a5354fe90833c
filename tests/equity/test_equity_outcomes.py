"""The equity models by outcomes: double-dummy games' and own-information games'.

Book ships both (``equity_book.json``, ``equity_book_pimc.json``); a profile
that ships only the double-dummy one is made by pointing the model folder at
a copy of club's double-dummy file alone.
"""

import hashlib
import json
import shutil
import warnings

import numpy as np
import pytest

import analysis.equity.model as equity_model_module
from analysis import dataset
from analysis.cli import main
from analysis.dataset import DatasetError
from analysis.equity import default_model, model_choice, win_chances
from analysis.equity.choice import choose_model
from analysis.equity.model import MODEL_DIR, model_file
from analysis.errors import BadArgument
from analysis.game import default_play
from analysis.game.equity_policy import EquityPolicy
from analysis.jobs.games import game_params, run_games
from analysis.reference import sd_pool_for
from analysis.rules import PROFILES
from analysis.scoring import TableState

BOOK, CLUB = PROFILES["book"], PROFILES["club"]
HAND = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


@pytest.fixture
def dd_only(tmp_path, monkeypatch):
    """The shipped models' folder holding club's double-dummy model alone."""
    shutil.copy(MODEL_DIR / "equity_club.json", tmp_path / "equity_club.json")
    monkeypatch.setattr(equity_model_module, "MODEL_DIR", tmp_path)
    return tmp_path


def test_model_file_names_by_outcomes():
    assert model_file("club").name == "equity_club.json"
    assert model_file("club", outcomes="dd") == model_file("club")
    assert model_file("book", outcomes="pimc").name == "equity_book_pimc.json"
    with pytest.raises(BadArgument, match="outcomes"):
        model_file("club", outcomes="sd")


def test_the_default_is_the_games_default_and_reads_the_own_information_model():
    # book's single-dummy pool is built, so book's games are own-information ones
    assert default_play(BOOK) == "pimc"
    c = model_choice(BOOK)
    assert (c.outcomes, c.path.name, c.default, c.fallback, c.note) == (
        "pimc",
        "equity_book_pimc.json",
        True,
        False,
        None,
    )
    m = default_model("book")
    assert m is default_model(BOOK, "pimc") and m is not default_model("book", "dd")
    assert m.info["outcomes"]["play"] == "pimc" and m.info["estimator"]["outcomes"] == "pimc"
    assert default_model("book", "dd").info["games"] == 10_000
    st = TableState(scores=(860, 300, 500), dealer=2)
    own, dd = win_chances("book", st), win_chances("book", st, outcomes="dd")
    np.testing.assert_array_equal(own, win_chances("book", st, outcomes="pimc"))
    assert np.abs(own - dd).max() > 1e-3  # the two models answer differently


def test_a_profile_without_its_own_information_model_falls_back_with_a_note(dd_only):
    c = model_choice(CLUB)
    assert (c.outcomes, c.path, c.default, c.fallback) == ("dd", dd_only / "equity_club.json", True, True)
    assert "no equity model of own-information games is shipped for club" in c.note
    assert "--outcomes pimc" in c.note and "\n" not in c.note
    assert default_model("club").info["games"] == 10_000
    with pytest.warns(UserWarning, match="own-information"):
        c.warn()
    # asked for explicitly: a clear error naming the fit command
    with pytest.raises(BadArgument, match="analysis.equity.build fit --rules club --outcomes pimc"):
        default_model("club", "pimc")
    with pytest.raises(BadArgument, match="analysis.equity.build fit"):
        win_chances("club", TableState(scores=(0, 0, 0)), outcomes="pimc")
    # the games' fallback (the equity policy) reads the double-dummy model
    assert choose_model("club", "pimc", fallback=True).fallback


def test_rules_no_single_dummy_pool_serves_read_the_double_dummy_model(monkeypatch):
    # where the games play double-dummy by default, so does the equity default
    import analysis.equity.choice as choice
    import analysis.game.outcome_choice as games_choice

    monkeypatch.setattr(games_choice, "default_play", lambda rules: "dd")
    monkeypatch.setattr(games_choice, "unserved_reason", lambda rules: "no pool plays as book does")
    choice._games_default.cache_clear()
    try:
        c = choose_model("book")
        assert (c.outcomes, c.path.name, c.fallback) == ("dd", "equity_book.json", True)
        assert c.note.startswith("note: no pool plays as book does, so games are played double-dummy")
    finally:
        choice._games_default.cache_clear()


def test_the_policy_reads_the_model_of_the_games_it_plays_in():
    own = EquityPolicy().with_estimator("book", "pimc")
    assert own.model is default_model("book", "pimc")
    assert EquityPolicy().with_estimator("book", "dd").model is default_model("book", "dd")
    # paired games are double-dummy games: they read the double-dummy games' model
    assert EquityPolicy(players=(1,)).with_estimator("book", "dd").model.info["games"] == 10_000


def test_the_policy_falls_back_where_no_own_information_model_ships(dd_only):
    # club ships no own-information model here: own-information games read the
    # double-dummy games' model, with the note
    with pytest.warns(UserWarning, match="no equity model of own-information games"):
        pol = EquityPolicy().with_estimator("club", "pimc")
    assert pol.model is default_model("club", "dd")
    # a given file is read whatever the games
    mine = EquityPolicy(model_path=str(dd_only / "equity_club.json"))
    assert mine.model_choice("club", "pimc") is None
    assert mine.with_estimator("club", "pimc").model.info == default_model("club", "dd").info


def test_the_games_dataset_records_the_equity_model_read():
    pimc = model_file("book", outcomes="pimc")
    p = game_params(3, 1, BOOK, EquityPolicy(), outcomes="pimc")
    assert p["equity_model"] == {"file": pimc.name, "outcomes": "pimc", "content_hash": _digest(pimc)}
    p = game_params(3, 1, BOOK, EquityPolicy(), outcomes="dd")
    dd = model_file("book")
    assert p["equity_model"] == {"file": dd.name, "outcomes": "dd", "content_hash": _digest(dd)}
    f = str(model_file("club"))
    p = game_params(3, 1, CLUB, EquityPolicy(model_path=f), outcomes="dd")
    assert p["equity_model"]["file"] == f and p["equity_model"]["content_hash"] == _digest(model_file("club"))
    assert "equity_model" not in game_params(3, 1, BOOK, outcomes="dd")  # the threshold policy reads none
    with pytest.raises(BadArgument, match="model_path"):
        game_params(3, 1, BOOK, EquityPolicy(model=default_model("book")), outcomes="dd")


def test_a_resume_reading_another_equity_model_is_refused(tmp_path, monkeypatch):
    out = tmp_path / "games"
    kw = {
        "pool": sd_pool_for(BOOK).sd_path,
        "outcomes": "pimc",
        "workers": 1,
        "progress": False,
        "max_deals": 2,
    }
    run_games(out, 1, 3, BOOK, EquityPolicy(), **kw)
    assert dataset.read_params(out)["equity_model"]["file"] == "equity_book_pimc.json"
    # the own-information model gone (or refitted): the same command reads another model
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(MODEL_DIR / "equity_book.json", models / "equity_book.json")
    monkeypatch.setattr(equity_model_module, "MODEL_DIR", models)
    with pytest.raises(DatasetError):
        run_games(out, 1, 3, BOOK, EquityPolicy(), **kw)


def _equity_json(capsys, *args):
    assert main(["equity", "--scores", "860,300,500", "--json", *args]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def test_equity_command_outcomes_option_and_json(capsys, dd_only):
    out, err = _equity_json(capsys, "--rules", "club")  # club ships no own-information model here
    assert out["outcomes"] == "dd" and out["model"] == "equity_club.json" and out["games"] == 10_000
    info = default_model("club", "dd").info
    assert out["states"] == info["states_fit"] + info["states_held_out"]
    assert "no equity model of own-information games is shipped for club" in err
    assert main(["equity", "--scores", "860,300,500", "--outcomes", "pimc"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--outcomes pimc" in err and "\n" not in err


def test_equity_command_reads_the_model_asked_for(capsys):
    own, err = _equity_json(capsys, "--rules", "book")
    games = default_model("book", "pimc").info["games"]
    assert (own["outcomes"], own["model"], own["games"]) == ("pimc", "equity_book_pimc.json", games)
    assert err == ""
    dd, _ = _equity_json(capsys, "--rules", "book", "--outcomes", "dd")
    assert (dd["outcomes"], dd["model"], dd["games"]) == ("dd", "equity_book.json", 10_000)
    assert dd["win"] != own["win"]
    st = TableState(scores=(860, 300, 500), dealer=2)
    np.testing.assert_allclose(own["win"], win_chances("book", st, outcomes="pimc"), rtol=0, atol=1e-15)
    assert main(["equity", "--rules", "book", "--scores", "860,300,500"]) == 0
    text = capsys.readouterr().out
    assert f"model equity_book_pimc.json: fitted on {games:,} simulated own-information games" in text
    path = str(model_file("book"))
    assert (
        main(["equity", "--rules", "book", "--scores", "0,0,0", "--outcomes", "dd", "--equity-model", path])
        == 2
    )
    assert "leave out one of them" in capsys.readouterr().err


def test_odds_at_the_table_names_its_equity_model(capsys):
    argv = [
        "odds",
        HAND,
        "--rules",
        "book",
        "--samples",
        "16",
        "--no-progress",
        "--json",
        "--scores",
        "860,300,500",
    ]
    assert main(argv) == 0
    own = json.loads(capsys.readouterr().out)
    assert (own["equity_outcomes"], own["equity_model"], own["equity_model_games"]) == (
        "pimc",
        "equity_book_pimc.json",
        default_model("book", "pimc").info["games"],
    )
    st = TableState(scores=(860, 300, 500), dealer=2)
    np.testing.assert_allclose(
        own["equity_now"], win_chances("book", st, outcomes="pimc"), rtol=0, atol=1e-15
    )
    # the Python front names the same model in its attrs
    from analysis.odds.hand import hand_odds

    t = hand_odds(HAND, "book", 16, table=st, player=0, progress=False)
    assert {k: t.attrs[k] for k in ("equity_outcomes", "equity_model", "equity_model_games")} == {
        k: own[k] for k in ("equity_outcomes", "equity_model", "equity_model_games")
    }
    assert main([*argv, "--equity-outcomes", "dd"]) == 0
    dd = json.loads(capsys.readouterr().out)
    assert dd["equity_model"] == "equity_book.json" and dd["equity_now"] != own["equity_now"]
    assert main(argv[:-3] + ["--equity-outcomes", "dd"]) == 2
    assert "add --scores" in capsys.readouterr().err
    assert main([a for a in argv if a != "--json"]) == 0
    games = default_model("book", "pimc").info["games"]
    assert f"equity model equity_book_pimc.json: fitted on {games:,} simulated own-information games" in (
        capsys.readouterr().out
    )


def test_simulate_names_the_model_and_says_a_fallback_once(dd_only, tmp_path, capsys):
    out = tmp_path / "games"
    argv = [
        "simulate",
        "--rules",
        "club",
        "--games",
        "1",
        "--seed",
        "1",
        "--policy",
        "equity",
        "--out",
        str(out),
    ]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main([*argv, "--no-progress", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert text.count("no equity model of own-information games is shipped for club") == 1
    assert not [w for w in caught if "no equity model" in str(w.message)]
    assert "game-equity model equity_club.json, fitted on double-dummy games" in text
    rec = dataset.read_params(out)["equity_model"]
    assert rec == {
        "file": "equity_club.json",
        "outcomes": "dd",
        "content_hash": _digest(dd_only / "equity_club.json"),
    }
