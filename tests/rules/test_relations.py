"""The table of relations between Rules fields (analysis.rules.relations).

Every row has a witness here: settings under which it holds.  A
contradiction is refused naming its fields; a setting with no effect is
noted (once, and only when the user set it) and truly changes nothing: the
table's trajectories over random deal sequences, and the redeal claims, are
identical with the field at its other value.
"""

import warnings

import numpy as np
import pytest

from analysis.cli import main
from analysis.errors import BadArgument, NoEffectWarning
from analysis.game.policy import NO_LEVEL, ThresholdPolicy, claims_redeal
from analysis.rules import PROFILES, as_rules, load_rules
from analysis.rules.relations import RELATIONS, no_effect_notes
from analysis.scoring import DealOutcome, TableState, apply_deal, give_up_allowed

#: (kind, field, others) -> (profile, companion settings, the field's value).
WITNESSES = {
    ("contradiction", "crossing", ("bolt_rule",)): ("club", {"bolt_rule": "none"}, "allowed"),
    ("contradiction", "bolt_declarer", ("bolt_rule",)): ("club", {"bolt_rule": "none"}, True),
    ("contradiction", "barrel_bolts", ("bolt_rule",)): ("club", {"bolt_rule": "none"}, True),
    ("no_effect", "bolt_window", ("bolt_rule",)): ("ua", {}, "streak"),
    ("no_effect", "bolt_count", ("bolt_rule",)): ("ua", {}, 2),
    ("no_effect", "bolt_penalty", ("bolt_rule",)): ("ua", {}, 200),
    ("contradiction", "write_off_fixed", ("write_off_payment",)): ("club", {}, 40),
    ("contradiction", "write_off_limit", ("write_off_banned",)): ("club", {"write_off_banned": True}, 3),
    ("contradiction", "write_off_fine", ("write_off_banned",)): ("club", {"write_off_banned": True}, "third"),
    ("no_effect", "write_off_payment", ("write_off_banned",)): (
        "club",
        {"write_off_banned": True},
        "half_round5",
    ),
    ("no_effect", "write_off_fixed", ("write_off_banned",)): ("book", {"write_off_banned": True}, 60),
    ("no_effect", "write_off_no_barrel", ("write_off_banned",)): ("club", {"write_off_banned": True}, True),
    ("no_effect", "write_off_fine_points", ("write_off_banned",)): ("club", {"write_off_banned": True}, 0),
    ("no_effect", "write_off_on_barrel", ("write_off_banned", "crossing")): (
        "club",
        {"write_off_banned": True},
        True,
    ),
    ("no_effect", "write_off_on_barrel", ("write_off_no_barrel", "crossing")): (
        "club",
        {"write_off_no_barrel": True},
        True,
    ),
    ("no_effect", "write_off_fine_points", ("write_off_fine",)): ("wiki", {}, 0),
    ("no_effect", "write_off_fine", ("write_off_limit",)): ("wiki", {"write_off_limit": 2}, "every_third"),
    ("no_effect", "write_off_payment", ("crossing",)): ("wiki", {"crossing": "allowed"}, "half"),
    ("no_effect", "write_off_fixed", ("crossing",)): (
        "wiki",
        {"crossing": "allowed", "write_off_payment": "fixed", "write_off_fixed": 40},
        60,
    ),
    ("no_effect", "write_off_no_barrel", ("crossing",)): ("wiki", {"crossing": "allowed"}, True),
    ("no_effect", "write_off_limit", ("crossing",)): ("wiki", {"crossing": "allowed"}, 3),
    ("no_effect", "write_off_fine", ("crossing",)): ("wiki", {"crossing": "allowed"}, "third"),
    ("no_effect", "write_off_fine_points", ("crossing",)): (
        "wiki",
        {"crossing": "allowed", "write_off_fine": "third"},
        0,
    ),
    ("no_effect", "redeal_claimer", ("redeal_claim",)): ("club", {}, "first_hand"),
    ("no_effect", "reset_at", ("reset_555",)): ("club", {}, 600),
    ("no_effect", "dark_play", ("players",)): ("wiki", {"players": 4}, "wiki"),
    ("no_effect", "golden_round", ("players",)): ("wiki", {"players": 4}, "in_turn"),
}
ROWS = [(rel.kind, rel.field, rel.others) for rel in RELATIONS]


def test_every_row_of_the_table_has_a_witness_and_the_profiles_hold_none():
    assert sorted(ROWS) == sorted(WITNESSES)
    assert len(set(ROWS)) == len(ROWS)
    for name, r in PROFILES.items():
        assert not any(rel.holds(r) for rel in RELATIONS if rel.kind == "contradiction"), name
        assert no_effect_notes(r, set()) == []


@pytest.mark.parametrize("row", [w for w in WITNESSES if w[0] == "contradiction"], ids=lambda w: w[1])
def test_a_contradiction_is_refused_naming_both_fields(row):
    _, field, others = row
    profile, companions, value = WITNESSES[row]
    with pytest.raises(BadArgument, match="contradict") as e:
        PROFILES[profile].with_changes(**companions, **{field: value})
    assert all(f"{f}=" in str(e.value) for f in (field, *others))
    # each side alone is legal
    assert getattr(PROFILES[profile].with_changes(**companions), field) != value
    spelled = f"{profile}+" + ",".join(f"{k}={_spell(v)}" for k, v in {**companions, field: value}.items())
    assert main(["rules", "show", spelled]) == 2


def _spell(v):
    return str(v).lower() if isinstance(v, bool) else str(v)


# --- a setting with no effect changes nothing --------------------------------------


def _outcome(rng) -> DealOutcome:
    if rng.random() < 0.1:
        return DealOutcome(redeal=True)
    d = int(rng.integers(0, 3))
    c = int(rng.choice([100, 110, 120, 135, 160]))
    if rng.random() < 0.35:
        return DealOutcome(declarer=d, contract=c, written_off=True)
    raw = [int(x) for x in rng.choice([0, 0, 12, 30, 55], size=3)]
    raw[d] = int(rng.choice([c + 5, 40, 85]))
    t = [1 if x else 0 for x in raw]
    t[int(np.argmax(raw))] += 8 - sum(t)
    return DealOutcome(declarer=d, contract=c, raw=tuple(raw), tricks=tuple(t))


def scoring_figure(rules) -> list:
    """The table after every deal of 150 random sequences from random states (sitters included)."""
    rng = np.random.default_rng(44)
    t = rules.barrel_threshold
    out = []
    for _ in range(150):
        sit = int(rng.integers(0, 3))
        scores = [float(rng.choice([t - 40, 300, 480, 0, -120])) for _ in range(3)]
        barrel = [-1, -1, -1]
        if sit < 2:
            scores[sit], barrel[sit] = float(t), 0
        state = TableState(scores=scores, barrel=barrel, dealer=int(rng.integers(0, 3)))
        for _ in range(12):
            o = _outcome(rng)
            if o.written_off and not give_up_allowed(rules, state, o.declarer):
                out.append("refused")
                continue
            res = apply_deal(rules, state, o)
            state = res.state
            out.append((state.scores, state.bolts, state.barrel, tuple(res.events)))
            if state.winner >= 0:
                break
    return out


def games_figure(rules) -> list:
    """Every deal of three whole games from the shipped pool (a table of four
    included), by players who go dark whenever they may."""
    from analysis.game import ThresholdPolicy, simulate

    return simulate(rules, 3, seed=3, policy=ThresholdPolicy(dark_behind=0), outcomes="dd").to_dict("records")


def claims_figure(rules) -> list:
    rng = np.random.default_rng(8)
    choosy = ThresholdPolicy(claim_weak=True, estimator=object())
    return [
        claims_redeal(rules, choosy, rng.choice([NO_LEVEL, 130, 160], size=(3, 3)).tolist())
        for _ in range(300)
    ]


@pytest.mark.parametrize(
    "row", [w for w in WITNESSES if w[0] == "no_effect"], ids=lambda w: f"{w[1]}-{'-'.join(w[2])}"
)
def test_a_setting_with_no_effect_is_noted_and_changes_nothing(row):
    _, field, others = row
    profile, companions, value = WITNESSES[row]
    before = PROFILES[profile].with_changes(**companions)
    after = before.with_changes(**{field: value})
    assert getattr(before, field) != value
    notes = no_effect_notes(after, {field, *companions})
    assert any(n.startswith(f"{field}={_spell(value)} has no effect") for n in notes)
    assert no_effect_notes(before, set(companions) - {field}) == [] or field not in " ".join(
        no_effect_notes(before, set(companions) - {field})
    )
    figure = games_figure if others == ("players",) else scoring_figure
    if field == "redeal_claimer":
        figure = claims_figure
    assert figure(after) == figure(before)


def test_notes_reach_the_user_once_as_a_warning_and_on_the_command_line(capsys):
    with pytest.warns(NoEffectWarning, match="reset_at=600 has no effect"):
        r = as_rules("club+reset_at=600")
    assert r.reset_at == 600
    with pytest.warns(NoEffectWarning, match="write_off_fine_points=0"):
        load_rules("wiki", ["write_off_fine_points=0"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", NoEffectWarning)
        as_rules("club")  # a profile: no note
        as_rules("wiki+reset_at=600")  # wiki resets at 555: reset_at acts
        load_rules("club", ["reset_555=positive", "reset_at=600"])
    assert main(["rules", "show", "club+reset_at=650"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "thousand rules: note: reset_at=650 has no effect: the 555 reset is off (reset_555='none')"
    ]
