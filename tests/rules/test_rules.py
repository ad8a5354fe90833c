"""Rules profiles, validation, JSON round trip, fingerprint (RULES.md)."""

import dataclasses
import json

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


@pytest.mark.parametrize(
    "change, field",
    [
        ({"barrel_seats": 3}, "barrel_seats"),
        ({"bolt_rule": "sometimes"}, "bolt_rule"),
        ({"write_off_fixed": 40}, "write_off_fixed"),
        ({"barrel_threshold": 1000}, "barrel_threshold"),
        ({"round_defenders": "yes"}, "round_defenders"),
        ({"marriage_lead": "K"}, "marriage_lead"),
    ],
)
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
    assert club.fingerprint() == dataclasses.replace(club, label="renamed").fingerprint()
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
    assert Rules.from_dict({"barrel_seats": 1}).name == "club+barrel_seats=1"
    # a variant of a variant is named after its profile and all it changes
    # there; a change undone is no change
    v = r.with_changes("target=1001")
    assert v.name == "club+barrel_seats=1,target=1001"
    assert load_rules("club", ["barrel_seats=1", "target=1001"]) == v
    assert r.with_changes("barrel_seats=2").name == "club"
    assert r.with_changes("barrel_seats=2") == PROFILES["club"]
    assert PROFILES["wiki"].with_changes("target=1005").name == "wiki+target=1005"


@pytest.mark.parametrize("change", ["target=0", "barrel_threshold=2000", "target=1500"])
def test_target_and_barrel_threshold_are_named_together(change):
    # two fields that must agree: the message names both, whichever was changed
    with pytest.raises(
        ValueError,
        match=r"rules fields target \(\d+\) and barrel_threshold "
        r"\(\d+\): the target must be",
    ):
        PROFILES["club"].with_changes(change)


def test_rules_are_identified_by_their_conventions_not_their_label(tmp_path):
    # a label is free text: never checked against the values it names
    wiki, club = PROFILES["wiki"], PROFILES["club"]
    for label in ("club", " CLUB", "wiki\u200b", "club+barrel_seats=1", "клуб вечер", "x/../y"):
        r = wiki.with_changes(label=label)
        assert r.name == label and r == wiki and r.fingerprint() == wiki.fingerprint()
        assert r != club and r.fingerprint() != club.fingerprint()
    assert load_rules("wiki", ["label=club"]) == wiki
    # the same conventions however written are equal, whatever their labels
    v = club.with_changes("barrel_seats=1", "target=1001")
    p = tmp_path / "r.json"
    for data in (
        dict(json.loads(club.to_json()), name="ours", target=1001, barrel_seats=1),
        {"name": "club+target=1001,barrel_seats=1", "target": 1001, "barrel_seats": 1},
        {"target": 1001, "barrel_seats": 1},
    ):
        p.write_text(json.dumps(data), encoding="utf-8")
        got = load_rules(str(p))
        assert got == v and got.fingerprint() == v.fingerprint()
    # a file named after a profile but holding other values loads as written
    p.write_text(json.dumps({"name": "wiki"}), encoding="utf-8")
    got = load_rules(str(p))
    assert got.name == "wiki" and got == club and got.fingerprint() == club.fingerprint()
    # the profile a variant starts from is kept and its values checked
    assert (
        Rules(
            base="book", **{f: getattr(PROFILES["book"], f) for f in ("write_off_payment", "write_off_fixed")}
        ).base
        == "book"
    )
    with pytest.raises(ValueError, match="base"):
        Rules(base="poker")
    # an empty label falls back to the derived name
    assert club.with_changes("barrel_seats=1", "label=  ").name == "club+barrel_seats=1"


def test_rules_written_before_labels_still_load():
    # datasets and files made before record the name as "name" in the rules
    old = dict(json.loads(PROFILES["wiki"].to_json()))
    del old["label"], old["base"]
    old["name"] = "wiki"
    r = Rules.from_dict(old)
    assert r == PROFILES["wiki"] and r.name == "wiki"
    assert r.fingerprint() == PROFILES["wiki"].fingerprint()
    old["name"] = "club+barrel_seats=1"
    r = Rules.from_dict(old)
    assert r.name == "club+barrel_seats=1" and r == PROFILES["wiki"]


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
            except ValueError:  # a change that needs another with it
                continue
            p.write_text(x.to_json(), encoding="utf-8")
            assert load_rules(str(p)) == x
            n += 1
    assert n > 40


#: The fingerprints the five profiles had when the reference pools and the
#: shipped datasets were made; conventions added since must not move them,
#: but for book's dark play (its main text grants the right): book without
#: it keeps the published 6727afbda4cb.
PUBLISHED_FINGERPRINTS = {
    "club": "9361ae3fbacc",
    "classic": "f0f43ff647cf",
    "book": "d71178c7022a",
    "ua": "ca1466b27d40",
    "wiki": "afb9279b924d",
}


def test_profile_fingerprints_stay_published():
    assert {k: v.fingerprint() for k, v in PROFILES.items()} == PUBLISHED_FINGERPRINTS
    assert PROFILES["book"].with_changes(dark_play="none").fingerprint() == "6727afbda4cb"


def test_added_convention_counts_in_fingerprint_only_when_set():
    from analysis.rules.fields import doc

    @dataclasses.dataclass(frozen=True)
    class Later(Rules):
        later_switch: bool = dataclasses.field(default=False, metadata=doc("a later convention", added=True))

    club = PROFILES["club"]
    assert Later(base="club").fingerprint() == club.fingerprint()
    assert Later(base="club", later_switch=True).fingerprint() != club.fingerprint()


def test_a_variant_name_spells_booleans_as_set_does():
    r = PROFILES["club"].with_changes("ace_marriage=true", "barrel_third_fall_zero=false")
    assert r.name == "club+ace_marriage=true,barrel_third_fall_zero=false"
    assert PROFILES["club"].with_changes(*r.name.split("+")[1].split(",")) == r
