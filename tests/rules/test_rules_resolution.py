"""A rules name is resolved once, at the entry point (analysis.rules.as_rules).

Entry points (the solver fronts, the odds, the game simulator, the research
and exact functions) accept a profile name, a ``.json`` file or a ``Rules``
and call :func:`analysis.rules.as_rules` once; everything below them takes
the ``Rules`` object.  The fixture counts every call of ``as_rules``
wherever a module imported it, so a building block that resolved again
would show up as a second call.
"""

import sys
from pathlib import Path

import numpy as np
import pytest

import analysis.bids
import analysis.game.sources
import analysis.odds.delta
import analysis.odds.hand
import analysis.odds.model
import analysis.odds.sample
import analysis.odds.widow
import analysis.probabilities
import analysis.redeal
import analysis.rules
import analysis.scoring
import analysis.solver
import analysis.solver.batch
import analysis.solver.line
import analysis.solver.position
from analysis import cards
from analysis.deal import chunk_rng, deal
from analysis.errors import BadArgument
from analysis.game import simulate
from analysis.rules import PROFILES, Rules, as_rules, load_rules

P = cards.parse
HAND = "A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣"
# A whole deal: seat 0 holds HAND, the widow is 9♦ J♣ 9♣.
DEAL = [P("A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣"), P("K♠ Q♠ J♠ 9♠ 10♣ K♣ Q♣"), P("J♥ 9♥ A♦ 10♦ K♦ Q♦ J♦")]
WIDOW = P("9♦ J♣ 9♣")


@pytest.fixture
def resolutions(monkeypatch):
    """The arguments of every ``as_rules`` call made while the test runs."""
    calls = []
    real = analysis.rules.as_rules

    def counting(rules="club"):
        calls.append(rules)
        return real(rules)

    for name, module in list(sys.modules.items()):
        if name == "analysis" or name.startswith("analysis."):
            for attr, value in list(vars(module).items()):
                if value is real:
                    monkeypatch.setattr(module, attr, counting)
    return calls


def test_the_fixture_sees_every_import_of_the_resolver(resolutions):
    analysis.solver.solver_fingerprint("club")  # an entry point (analysis.rules.entry_point)
    analysis.rules.as_rules("book")
    load_rules("wiki", ["target=1001"])  # the command line's resolver goes through it too
    assert resolutions == ["club", "book", "wiki"]


def test_hand_odds_resolves_its_rules_once(resolutions):
    t = analysis.odds.hand.hand_odds(HAND, rules="club", samples=4, seed=1, progress=False)
    assert resolutions == ["club"]
    assert t.attrs["rules"] == "club"


def test_hand_odds_given_rules_makes_the_one_call_only(resolutions):
    analysis.odds.hand.hand_odds(HAND, rules=PROFILES["book"], samples=3, seed=2, progress=False)
    assert len(resolutions) == 1 and resolutions[0] is PROFILES["book"]


def test_widow_odds_resolves_its_rules_once(resolutions):
    analysis.odds.widow.widow_odds(HAND, "J♠ 10♣ K♦", "wiki", 2, 0, progress=False)
    assert resolutions == ["wiki"]


def test_exchange_value_resolves_its_rules_once(resolutions):
    r = analysis.solver.exchange_value(DEAL[0], WIDOW, DEAL[1], DEAL[2], rules="club")
    assert resolutions == ["club"]
    assert r.value == max(
        analysis.solver.play_value.given_rules(
            [
                (DEAL[0] | WIDOW) & ~(1 << a) & ~(1 << b),
                DEAL[1] | (1 << a),
                DEAL[2] | (1 << b),
            ],
            rules=PROFILES["club"],
            first_trick=True,
        )
        for a in cards.cards_of(DEAL[0] | WIDOW)
        for b in cards.cards_of(DEAL[0] | WIDOW)
        if a != b
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda r: analysis.solver.play_value([P("A♠"), P("9♠"), P("10♠")], rules=r),
        lambda r: analysis.solver.makes([P("A♠"), P("9♠"), P("10♠")], 21, rules=r),
        lambda r: analysis.solver.exchange_makes(DEAL[0], WIDOW, DEAL[1], DEAL[2], 120, rules=r),
        lambda r: analysis.solver.analyse_deal(DEAL, WIDOW, 0, rules=r),
        lambda r: analysis.solver.line_from(
            analysis.solver.Position(hands=(P("A♠ K♥"), P("9♠ 9♥"), P("10♠ J♥"))), rules=r
        ),
        lambda r: analysis.solver.solve_deals(
            {"deal_id": [7], "hand0": [DEAL[0]], "hand1": [DEAL[1]], "hand2": [DEAL[2]], "widow": [WIDOW]},
            seats=(0, 2),
            rules=r,
        ),
        lambda r: analysis.odds.sample.make_sample(2, 5, rules=r),
        lambda r: analysis.probabilities.redeal_probabilities(r),
    ],
    ids=[
        "play_value",
        "makes",
        "exchange_makes",
        "analyse_deal",
        "line_from",
        "solve_deals",
        "make_sample",
        "exact",
    ],
)
def test_entry_points_resolve_once(resolutions, call):
    call("wiki")
    assert resolutions == ["wiki"]


def test_simulate_resolves_the_name_once(resolutions):
    from analysis.game.policy import ThresholdPolicy

    class Never:
        def p_make(self, hands7, seats, contract):
            return 0.0 * hands7

    # dd on the fly: the default's pool lookup reads the registry's own profile names
    games = simulate("club", 1, seed=1, policy=ThresholdPolicy(estimator=Never()), max_deals=2, outcomes="dd")
    assert len(games) == 2
    # the name is looked up once; what follows hands the Rules object on
    assert [r for r in resolutions if not isinstance(r, Rules)] == ["club"]


def test_building_blocks_take_rules_and_never_resolve(resolutions):
    book, wiki = PROFILES["book"], PROFILES["wiki"]
    hand = P("K♥ Q♥ K♣ Q♣ A♠ 10♠ 9♦")
    assert analysis.bids.bid_cap(book, hand) == 280
    assert analysis.bids.next_bids(wiki, 110, 160).tolist() == [115]
    d = deal(chunk_rng(3, 0), 50)
    flags = analysis.redeal.redeal_flags(d, wiki)
    assert flags["redeal_widow"].dtype == bool
    assert analysis.scoring.round_defender_points(PROFILES["classic"], 13) == 15
    assert analysis.scoring.write_off_payment(PROFILES["ua"], 125) == 60
    delta, _ = analysis.odds.delta.relative_delta(
        PROFILES["club"], np.array([120]), np.array([130]), np.array([0]), np.array([0])
    )
    assert delta.tolist() == [[120.0]]
    assert resolutions == []


@pytest.mark.parametrize(
    "call",
    [
        lambda: analysis.bids.bid_cap("book", P("K♥ Q♥ K♣ Q♣ A♠ 10♠ 9♦")),
        lambda: analysis.redeal.redeal_flags(deal(chunk_rng(3, 0), 5), "wiki"),
        lambda: analysis.scoring.round_defender_points("classic", 13),
    ],
    ids=["bid_cap", "redeal_flags", "round_defender_points"],
)
def test_building_blocks_do_not_resolve_a_name(resolutions, call):
    # below the entry points a name is a programming error, not looked up
    with pytest.raises(TypeError, match="takes a Rules object as rules"):
        call()
    assert resolutions == []


def test_as_rules_accepts_names_files_and_rules(tmp_path):
    assert as_rules("wiki") is PROFILES["wiki"]
    assert as_rules(None) is PROFILES["club"]
    house = PROFILES["club"].with_changes("barrel_seats=1", label="house")
    assert as_rules(house) is house
    f = tmp_path / "house.json"
    f.write_text(house.to_json(), encoding="utf-8")
    for spec in (str(f), Path(f)):
        got = as_rules(spec)
        assert got == house and got.name == "house" and got.barrel_seats == 1


@pytest.mark.parametrize(
    "spec,message",
    [
        ("bridge", "unknown rules 'bridge'"),
        ("missing.json", "rules file not found"),
        (5, "rules must be a profile name, a .json file or Rules, got int"),
        (PROFILES["club"].to_dict(), "got dict"),
    ],
)
def test_as_rules_names_the_bad_argument(spec, message):
    with pytest.raises(BadArgument, match=message):
        as_rules(spec)


# --- a variant's name: one spelling for every command -----------------------


@pytest.mark.parametrize(
    "spelling, changes",
    [
        ("club+crossing=allowed", {"crossing": "allowed"}),
        ("club+barrel_seats=1,target=1001", {"barrel_seats": 1, "target": 1001}),
        ("club+barrel_seats=1+target=1001", {"barrel_seats": 1, "target": 1001}),
        ("club barrel_seats=1 target=1001", {"barrel_seats": 1, "target": 1001}),
        ("wiki+write_off_limit=3,round_declarer=true", {"write_off_limit": 3, "round_declarer": True}),
    ],
)
def test_as_rules_reads_a_variants_name(spelling, changes):
    r = as_rules(spelling)
    base = PROFILES[spelling[:4]]
    assert r == base.with_changes(**changes)
    assert as_rules(r.name) == r  # the name a variant carries reads back as the variant


def test_a_rules_file_takes_changes_after_it(tmp_path):
    f = tmp_path / "house.json"
    f.write_text(PROFILES["book"].to_json(), encoding="utf-8")
    assert as_rules(str(f)) == PROFILES["book"]
    assert as_rules(f"{f}+barrel_seats=2") == PROFILES["book"].with_changes(barrel_seats=2)
    plus = tmp_path / "a+b.json"  # a file whose own name holds '+' is read whole
    plus.write_text(PROFILES["ua"].to_json(), encoding="utf-8")
    assert as_rules(str(plus)) == PROFILES["ua"]


@pytest.mark.parametrize(
    "spelling, words",
    [
        ("crossing=allowed", "profile or file first"),
        ("club+target=1001,target=1000", "twice"),
        ("clubb+target=1001", "unknown rules 'clubb'"),
        ("club+nonsense=1", "unknown rules field 'nonsense'"),
        ("club+barrel_seats=x", "integer"),
    ],
)
def test_a_bad_variant_name_is_refused_naming_its_fault(spelling, words):
    with pytest.raises(BadArgument, match=words):
        as_rules(spelling)


def test_rules_diff_and_show_take_a_variants_name(capsys):
    from analysis.cli import main

    assert main(["rules", "diff", "club", "club+crossing=allowed,barrel_seats=1"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in out[1:]}
    assert rows == {"barrel_seats": ["2", "1"], "crossing": ["'none'", "'allowed'"]}
    assert main(["rules", "show", "club+crossing=allowed"]) == 0
    assert capsys.readouterr().out.startswith("# club+crossing=allowed (fingerprint ")
    assert main(["rules", "diff", "club", "club+nonsense=1"]) == 2
    assert "nonsense" in capsys.readouterr().err
