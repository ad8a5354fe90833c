"""Rules profiles, validation, JSON round trip, fingerprint (RULES.md)."""

import dataclasses
import json
import re

import pytest

from analysis.rules import PROFILES, Rules, field_doc, load_rules, rules_diff


def test_five_profiles_default_club():
    assert list(PROFILES) == ["club", "classic", "book", "ua", "wiki"]
    assert Rules() == PROFILES["club"]
    assert Rules.profile("wiki").target == 1001


def test_profile_table_values():
    # a few rows of RULES.md "Conventions that differ"
    c, cl, b, u, w = (PROFILES[n] for n in PROFILES)
    assert (c.barrel_seats, cl.barrel_seats, b.barrel_seats) == (2, 1, 1)
    assert (b.barrel_threshold, b.barrel_fall_penalty) == (900, 100)
    assert (b.write_off_fixed, u.write_off_fixed) == (40, 60)
    assert not u.round_defenders and c.round_defenders
    assert (c.bolt_rule, w.bolt_rule, b.bolt_rule) == ("zero_points", "no_trick", "none")
    assert w.marriage_lead == "Q" and w.trump_lead_owner_only
    assert b.first_trick_marriage and not c.first_trick_marriage
    assert (cl.reset_555, w.reset_555, c.reset_555) == ("positive", "both", "none")


def test_barrel_min_contract():
    # RULES.md: target - threshold in steps of 5: club 120, book 100, wiki 125
    assert PROFILES["club"].barrel_min_contract == 120
    assert PROFILES["book"].barrel_min_contract == 100
    assert PROFILES["wiki"].barrel_min_contract == 125


def test_unknown_profile():
    with pytest.raises(ValueError, match="unknown rules profile 'poker'"):
        Rules.profile("poker")


def test_json_round_trip_every_profile():
    for r in PROFILES.values():
        assert Rules.from_json(r.to_json()) == r


@pytest.mark.parametrize("change, field", [
    ({"barrel_seats": 3}, "barrel_seats"),
    ({"bolt_rule": "sometimes"}, "bolt_rule"),
    ({"write_off_fixed": 40}, "write_off_fixed"),
    ({"barrel_threshold": 1000}, "barrel_threshold"),
    ({"round_defenders": "yes"}, "round_defenders"),
    ({"marriage_lead": "K"}, "marriage_lead"),
])
def test_validation_names_the_field(change, field):
    with pytest.raises(ValueError, match=field):
        dataclasses.replace(PROFILES["club"], **change)


def test_with_changes_parses_strings_and_rejects_unknown():
    r = PROFILES["club"].with_changes("barrel_seats=1", "round_defenders=false", "name=house")
    assert r.barrel_seats == 1 and r.round_defenders is False and r.name == "house"
    with pytest.raises(ValueError, match="unknown rules field"):
        PROFILES["club"].with_changes("barrel_sets=1")
    with pytest.raises(ValueError, match="integer"):
        PROFILES["club"].with_changes("barrel_seats=two")
    with pytest.raises(ValueError, match="field=value"):
        PROFILES["club"].with_changes("barrel_seats")


def test_from_dict_rejects_unknown_field():
    with pytest.raises(ValueError, match="unknown rules field.*colour"):
        Rules.from_dict({"colour": "red"})


def test_fingerprint_stable_and_sensitive():
    club = PROFILES["club"]
    assert club.fingerprint() == dataclasses.replace(club, name="renamed").fingerprint()
    assert club.fingerprint() != club.with_changes("target=1001").fingerprint()
    assert len(club.fingerprint()) == 12
    # a restricted fingerprint ignores the other fields
    names = ("first_trick_marriage",)
    assert club.fingerprint(names) == club.with_changes("target=1001").fingerprint(names)


def test_load_rules_file_and_sets(tmp_path):
    p = tmp_path / "house.json"
    p.write_text(PROFILES["book"].to_json(), encoding="utf-8")
    assert load_rules(str(p)) == PROFILES["book"]
    assert load_rules("wiki", ["target=1005"]).target == 1005
    with pytest.raises(ValueError, match="not found"):
        load_rules(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_rules(str(bad))
    with pytest.raises(ValueError, match="unknown rules"):
        load_rules("nonsense")


def test_diff_and_docs():
    d = dict((k, (a, b)) for k, a, b in rules_diff(PROFILES["club"], PROFILES["classic"]))
    assert d["barrel_seats"] == (2, 1)
    assert "name" not in d
    for f in dataclasses.fields(Rules):
        assert field_doc(f.name)


def test_house_variants_are_named_after_their_changes():
    r = PROFILES["club"].with_changes("barrel_seats=1")
    assert r.name == "club+barrel_seats=1"
    assert PROFILES["club"].with_changes("barrel_seats=1", "name=mine").name == "mine"
    assert PROFILES["club"].with_changes("barrel_seats=2").name == "club"  # no change
    assert Rules.from_dict({"barrel_seats": 1}).name == "house"
    # a variant of a variant is named after its profile and all it changes
    # there; a change undone is no change
    v = r.with_changes("target=1001")
    assert v.name == "club+barrel_seats=1,target=1001"
    assert load_rules("club", ["barrel_seats=1", "target=1001"]) == v
    assert r.with_changes("barrel_seats=2").name == "club"
    assert r.with_changes("barrel_seats=2") == PROFILES["club"]
    assert Rules.from_dict({"barrel_seats": 1}).with_changes("target=1001").name \
        == "house+target=1001"


@pytest.mark.parametrize("change", ["target=0", "barrel_threshold=2000", "target=1500"])
def test_target_and_barrel_threshold_are_named_together(change):
    # two fields that must agree: the message names both, whichever was changed
    with pytest.raises(ValueError, match=r"rules fields target \(\d+\) and barrel_threshold "
                                         r"\(\d+\): the target must be"):
        PROFILES["club"].with_changes(change)


def test_the_same_rules_carry_one_name_however_written(tmp_path):
    # a variant's name written by hand in another order, or listing a value
    # that is the profile's own, loads under the name with_changes gives
    # those values, so datasets made from either are the same job
    p = tmp_path / "r.json"
    club = json.loads(PROFILES["club"].to_json())
    v = PROFILES["club"].with_changes("barrel_seats=1", "target=1001")
    for name, data in (("club+target=1001,barrel_seats=1", dict(club, target=1001, barrel_seats=1)),
                       ("club+barrel_seats=1+target=1001", dict(club, target=1001, barrel_seats=1)),
                       ("club+barrel_seats=2", club), (" CLUB", club)):
        p.write_text(json.dumps(dict(data, name=name)), encoding="utf-8")
        want = v if data is not club else PROFILES["club"]
        assert load_rules(str(p)) == want
    assert load_rules("club", ["name=club+target=1001,barrel_seats=1", "target=1001",
                               "barrel_seats=1"]) == v


def test_a_rules_file_may_not_claim_a_profile_it_does_not_hold(tmp_path):
    # results carry the rules' name: {"name": "wiki"} alone is club's values
    # (missing fields), and an edited dump of wiki is wiki no more
    p = tmp_path / "r.json"
    for name, data in (("wiki", {"name": "wiki"}),
                       ("book", dict(json.loads(PROFILES["book"].to_json()), bolt_penalty=60))):
        p.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(ValueError, match=f"named '{name}', claims profile {name}'s values, "
                                             "but the values differ"):
            load_rules(str(p))
    with pytest.raises(ValueError, match="bolt_penalty: 120 there, 60 here"):
        load_rules(str(p))
    # the name is compared as written by hand: any case, spaces; variants'
    # names must match the changes they spell out; a name is required
    for data, msg in (({"name": "Wiki ", "target": 1000}, "claims profile wiki's values"),
                      ({"name": "wiki\u200b"}, "claims profile wiki's values"),    # zero-width
                      ({"name": "\uff57\uff49\uff4b\uff49"}, "claims profile wiki's values"),
                      ({"name": "club+barrel_seats=1", "barrel_seats": 2},
                       "claims club with the changes it lists, but the values differ"),
                      ({"name": "club+nonsense=1"}, "its changes cannot be read"),
                      ({"name": " "}, "is empty: give the rules a name")):
        p.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(ValueError, match=msg):
            load_rules(str(p))
    p.write_text(json.dumps({"name": "wiki"}), encoding="utf-8")
    with pytest.raises(ValueError, match="fields left out take club's values"):
        load_rules(str(p))
    for r in (PROFILES["club"].with_changes("barrel_seats=1"),
              PROFILES["club"].with_changes("barrel_seats=1").with_changes("target=1001"),
              PROFILES["book"].with_changes("barrel_seats=1", "target=1001")):
        p.write_text(r.to_json(), encoding="utf-8")
        assert load_rules(str(p)) == r
    p.write_text(json.dumps({"name": "club+Barrel_Seats=1"}), encoding="utf-8")
    with pytest.raises(ValueError, match="cannot be read: unknown rules field.*Barrel_Seats"):
        load_rules(str(p))
    # the profile's own values under its name, and any values under a new name, load
    for r in PROFILES.values():
        p.write_text(r.to_json(), encoding="utf-8")
        assert load_rules(str(p)) == r
    p.write_text(json.dumps({"name": "ours", "bolt_penalty": 60}), encoding="utf-8")
    assert load_rules(str(p)).bolt_penalty == 60


def test_every_named_variant_written_to_a_file_loads_back(tmp_path):
    # the name check must accept what with_changes names and to_json writes:
    # each profile changed in one field to another profile's value
    p = tmp_path / "v.json"
    n = 0
    for name, r in PROFILES.items():
        other = PROFILES["club" if name == "wiki" else "wiki"]
        for f in dataclasses.fields(Rules):
            v = getattr(other, f.name)
            if f.name == "name" or v == getattr(r, f.name):
                continue
            try:
                x = r.with_changes(f"{f.name}={v}")
            except ValueError:      # a change that needs another with it
                continue
            p.write_text(x.to_json(), encoding="utf-8")
            assert load_rules(str(p)) == x
            n += 1
    assert n > 40


@pytest.mark.parametrize("how", ["python", "load_rules", "cli"])
def test_a_name_given_as_a_change_may_not_claim_a_profile_it_does_not_hold(how, capsys):
    # the same fault as a file's name: wiki's values labelled "club", by any road
    from analysis.cli import main
    msg = "the name 'club' .given as a change. claims profile club's values, but the values differ"
    if how == "python":
        with pytest.raises(ValueError, match=msg):
            PROFILES["wiki"].with_changes("name=club")
        with pytest.raises(ValueError, match="claims club with the changes it lists"):
            PROFILES["wiki"].with_changes(name="club+barrel_seats=1")
    elif how == "load_rules":
        with pytest.raises(ValueError, match=msg):
            load_rules("wiki", ["name=club"])
    else:
        assert main(["rules", "show", "wiki", "--set", "name=club"]) == 2
        assert re.search(msg, capsys.readouterr().err)
    # a true claim, or a name of one's own, passes
    assert PROFILES["club"].with_changes("barrel_seats=2", "name=club").name == "club"
    assert load_rules("wiki", ["barrel_seats=1", "name=mine"]).name == "mine"
    assert PROFILES["club"].with_changes("barrel_seats=1", "name=club+barrel_seats=1") \
        == PROFILES["club"].with_changes("barrel_seats=1")
