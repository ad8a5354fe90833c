"""The reverse barrel, «обратная бочка» (wiki, seed 004): worked examples and
the invariants of games played through apply_deal."""

import numpy as np
import pytest

from analysis.errors import BadArgument
from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, TableState, apply_deal, check_state, give_up_allowed

WIKI = PROFILES["wiki"]
REV = WIKI.with_changes(reverse_barrel=-760)


def _tricks(raw) -> tuple:
    """Eight tricks: one to each player with points, the rest to the most points."""
    t = [1 if x else 0 for x in raw]
    t[int(np.argmax(raw))] += 8 - sum(t)
    return tuple(t)


def _failed(d, contract, raw=(0, 60, 60)):
    """Player ``d`` declares ``contract`` and takes ``raw[d]`` points."""
    return DealOutcome(declarer=d, contract=contract, raw=raw, tricks=_tricks(raw))


def test_off_in_every_profile_and_fingerprints_unchanged():
    for name, r in PROFILES.items():
        assert r.reverse_barrel == 0, name
    assert REV.fingerprint() != WIKI.fingerprint()
    assert REV.name == "wiki+reverse_barrel=-760"


@pytest.mark.parametrize("value", [-880, -900, 5, -763, 760])
def test_the_fall_must_be_a_negative_score_above_the_threshold(value):
    with pytest.raises(BadArgument, match="reverse_barrel"):
        WIKI.with_changes(reverse_barrel=value)


def test_seeds_example_three_deals_without_reaching_minus_1001_fall_to_minus_760():
    """wiki: at −850 a failed 120 takes player 0 to −970, on the reverse
    barrel; three more deals without reaching −1001 (−1000 is above wiki's
    −1001) and he falls to −760."""
    st = TableState(scores=(-850, 100, 200), dealer=2)
    res = apply_deal(REV, st, _failed(0, 120))  # 0 raw points: −120
    assert res.state.scores[0] == -970 and res.state.reverse_barrel == (0, -1, -1)
    assert "reverse_enter:0" in res.events
    st = res.state
    for k, o in enumerate(
        [
            _failed(1, 100, raw=(0, 110, 10)),  # others play: he gets 0 defence points
            _failed(2, 100, raw=(28, 0, 110)),  # +30 -> −940
            _failed(1, 100, raw=(0, 110, 10)),
        ]
    ):
        res = apply_deal(REV, st, o)
        st = res.state
        check_state(REV, st)
        if k < 2:
            assert st.reverse_barrel[0] == k + 1
    assert st.scores[0] == -760 and st.reverse_barrel == (-1, -1, -1)
    assert "reverse_fall:0" in res.events
    # the fall to −500 by the seed's other agreement
    st = TableState(scores=(-900, 0, 0), reverse_barrel=(2, -1, -1))
    assert (
        apply_deal(WIKI.with_changes(reverse_barrel=-500), st, _failed(1, 100, (0, 110, 10))).state.scores[0]
        == -500
    )


def test_reaching_minus_target_on_it_loses_and_the_highest_score_wins():
    # wiki's target is 1001: −1000 is not enough, −1005 is
    st = TableState(scores=(-880, 300, 420), reverse_barrel=(0, -1, -1), dealer=2)
    res = apply_deal(REV, st, _failed(0, 120, raw=(115, 0, 5)))  # failed 120: −120 -> −1000
    assert res.state.winner == -1 and res.state.scores[0] == -1000
    res = apply_deal(REV, st, _failed(0, 125, raw=(115, 0, 5)))  # −125 -> −1005
    assert res.state.winner == 2 and res.events[-1] == "reverse_loss:0"
    with pytest.raises(ValueError, match="game is over"):
        apply_deal(REV, res.state, _failed(1, 100))
    # club's target is 1000: −1000 loses; a tie goes to the next player after the loser
    club = PROFILES["club"].with_changes(reverse_barrel=-760)
    st = TableState(scores=(300, -900, 300), reverse_barrel=(-1, 1, -1), dealer=0)
    res = apply_deal(club, st, _failed(1, 100, raw=(60, 0, 60)))  # −100 -> −1000; +60 each
    assert res.state.winner == 2 and res.state.scores == (360, -1000, 360)


def test_arriving_below_minus_target_does_not_lose_at_once_and_climbing_out_ends_the_stay():
    st = TableState(scores=(-860, 0, 0), dealer=2)
    res = apply_deal(REV, st, _failed(0, 160))  # −160 -> −1020: he arrives, the game goes on
    assert res.state.winner == -1 and res.state.reverse_barrel == (0, -1, -1)
    st = TableState(scores=(-890, 0, 0), reverse_barrel=(1, -1, -1), dealer=2)
    made = _failed(0, 100, raw=(105, 10, 5))
    res = apply_deal(REV, st, made)  # +100 -> −790: off the reverse barrel, no fall
    assert res.state.scores[0] == -790 and res.state.reverse_barrel == (-1, -1, -1)
    assert "reverse_exit:0" in res.events


def test_off_the_reverse_barrel_changes_nothing():
    st = TableState(scores=(-850, 0, 0), dealer=2)
    res = apply_deal(WIKI, st, _failed(0, 120))
    assert res.state.reverse_barrel == (-1, -1, -1) and not any("reverse" in e for e in res.events)


def _outcome(rng) -> DealOutcome:
    """Deals that drift the declarer down: most contracts fail."""
    if rng.random() < 0.1:
        return DealOutcome(redeal=True)
    d = int(rng.integers(0, 3))
    c = int(rng.choice([100, 120, 140, 160]))
    if rng.random() < 0.2:
        return DealOutcome(declarer=d, contract=c, written_off=True)
    raw = [int(x) for x in rng.integers(0, 60, size=3)]
    raw[d] = int(rng.choice([c + 5, 40, 60]))
    return DealOutcome(declarer=d, contract=c, raw=tuple(raw), tricks=_tricks(raw))


@pytest.mark.parametrize(
    "profile, fall", [("club", -760), ("classic", -500), ("book", -760), ("ua", -500), ("wiki", -760)]
)
def test_games_keep_their_invariants_on_the_reverse_barrel(profile, fall):
    """150 games of drifting deals: the table invariants hold after every
    deal; a player is on the reverse barrel exactly when a completed deal
    left him at or below −threshold (or he arrived earlier and has not left);
    every stay ends by an exit, a fall to the agreed score, a loss that ends
    the game, or is still open; a fall happens at the attempts' end only."""
    rules = PROFILES[profile].with_changes(reverse_barrel=fall)
    rng = np.random.default_rng(33)
    seen = {"reverse_enter": 0, "reverse_fall": 0, "reverse_loss": 0, "reverse_exit": 0}
    for _ in range(150):
        st = TableState(dealer=int(rng.integers(0, 3)))
        for _ in range(300):
            o = _outcome(rng)
            if o.written_off and not give_up_allowed(rules, st, o.declarer):
                continue
            res = apply_deal(rules, st, o)
            new = res.state
            kinds = {e.split(":")[0]: int(e.split(":")[1]) for e in res.events if e.startswith("reverse")}
            for k in kinds:
                seen[k] += 1
            if o.redeal:
                assert new.reverse_barrel == st.reverse_barrel
            for p in range(3):
                was, now = st.reverse_barrel[p], new.reverse_barrel[p]
                if was < 0 and now >= 0:
                    assert kinds.get("reverse_enter") == p and new.scores[p] <= -rules.barrel_threshold
                if kinds.get("reverse_fall") == p:
                    assert was == rules.barrel_attempts - 1 and new.scores[p] == fall and now == -1
                if kinds.get("reverse_loss") == p:
                    assert was >= 0 and new.scores[p] <= -rules.target
            if "reverse_loss" in kinds:
                loser = kinds["reverse_loss"]
                others = [p for p in range(3) if p != loser]
                assert new.winner in others
                assert new.scores[new.winner] == max(new.scores[p] for p in others)
                break
            if new.winner >= 0:
                break
            check_state(rules, new)
            st = new
    assert all(v > 0 for v in seen.values()), seen
