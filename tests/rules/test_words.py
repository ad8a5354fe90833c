"""Convention fields and values in a player's words (``analysis.rules.words``)."""

from analysis.rules import PROFILES, change_words, field_words, value_words
from analysis.rules.words import FIELD_WORDS


def test_switches_and_numbers_read_as_words():
    assert value_words("redeal_four_jacks", True) == "yes"
    assert value_words("write_off_limit", 0) == "no limit, each costs the contract"
    assert value_words("write_off_limit", 3) == "at most 3, each free"
    assert value_words("reverse_barrel", -760) == "falling back to \u2212760"
    assert value_words("write_off_no_barrel", True) == "not allowed"
    assert value_words("write_off_on_barrel", True) == "allowed"
    # 0 and False are not the same value of a field that holds a number
    assert value_words("redeal_hand_under", 0) == "no"


def test_a_field_without_words_reads_as_its_name_and_setting():
    assert field_words("exchange_face_up") == "exchange face up"
    assert change_words("exchange_face_up", False, True) == "exchange face up: false → true"


def test_every_profile_value_of_a_described_field_has_its_own_words():
    for field in FIELD_WORDS:
        said = {}
        for p in PROFILES.values():
            v = getattr(p, field)
            said.setdefault(value_words(field, v), set()).add(v)
            assert "_" not in value_words(field, v), (field, v)
        assert all(len(vs) == 1 for vs in said.values()), (field, said)  # two values never read alike
