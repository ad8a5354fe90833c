"""Units of the game simulator: auction, limits, one deal's decisions (hand-made cases)."""

import numpy as np
import pytest

from analysis.cards import parse
from analysis.game import ThresholdPolicy, bid_limits
from analysis.game.auction import auction, hand_cap
from analysis.game.deal_flow import gift_redeal_possible, play_deal
from analysis.game.outcomes import Solved
from analysis.rules import Rules
from analysis.scoring import TableState, new_table

CLUB = Rules.profile("club")


class Step:
    """p = 1 up to a level per hand, 0 above (a hand's 'true' limit)."""

    def __init__(self, limit):
        self.limit = limit

    def p_make(self, hands7, seats, contract):
        return (np.asarray(contract) <= self.limit).astype(float)


class Linear:
    """p falls linearly from 1 at 100 to 0 at 200, whatever the hand."""

    def p_make(self, hands7, seats, contract):
        return np.clip((200 - np.asarray(contract, float)) / 100, 0, 1)


# --- limits ------------------------------------------------------------------------


def test_limits_of_a_step_estimator_are_its_step():
    h = np.zeros((2, 3), np.uint32)
    lim = bid_limits(Step(135), h, [0.5, 0.99])
    assert lim.shape == (2, 3, 2) and lim.dtype == np.int16
    assert (lim == 135).all()
    assert (bid_limits(Step(90), h, [0.5]) == 95).all()  # not even 100


def test_limits_of_a_linear_estimator_per_threshold():
    # p(L) = (200 - L) / 100 >= t  <=>  L <= 200 - 100 t
    lim = bid_limits(Linear(), np.zeros((1, 3), np.uint32), [0.2, 0.5, 0.8, 1.0])
    assert lim[0, 0].tolist() == [180, 150, 120, 100]


def test_limits_take_the_contiguous_prefix_of_a_non_monotone_estimator():
    class Holey:
        def p_make(self, hands7, seats, contract):
            c = np.asarray(contract)
            return np.where((c <= 110) | ((c >= 130) & (c <= 150)), 1.0, 0.0)

    assert bid_limits(Holey(), np.zeros((1, 3), np.uint32), [0.5])[0, 0, 0] == 110


def test_limits_reject_bad_estimators_and_thresholds():
    class Bad:
        def p_make(self, hands7, seats, contract):
            return np.full(np.shape(hands7), 1.5)

    with pytest.raises(ValueError, match="outside"):
        bid_limits(Bad(), np.zeros((1, 3), np.uint32), [0.5])
    with pytest.raises(ValueError, match="probabilities"):
        bid_limits(Linear(), np.zeros((1, 3), np.uint32), [1.5])
    with pytest.raises(ValueError, match="shape"):
        bid_limits(Linear(), np.zeros((3,), np.uint32), [0.5])
    with pytest.raises(ValueError, match="risk"):
        ThresholdPolicy(risk=2)


def test_bidmodel_fast_path_equals_p_make():
    odds = pytest.importorskip("analysis.odds")
    try:
        model = odds.BidModel.default()
    except (AttributeError, OSError, ValueError):
        pytest.skip("no default BidModel installed")

    class Plain:  # hides p_table: forces the generic p_make path
        def p_make(self, h, s, c):
            return model.p_make(h, s, c)

    from analysis.deal import chunk_rng, deal

    h = deal(chunk_rng(3, 0), 50)[:, :3]
    th = [0.3, 0.5, 0.7]
    assert np.array_equal(bid_limits(model, h, th), bid_limits(Plain(), h, th))


# --- auction -------------------------------------------------------------------------


def _lim(normal, barrel=None, block=None):
    barrel = barrel or normal
    block = block or normal
    return np.array([[n, b, k] for n, b, k in zip(normal, barrel, block)])


def test_nobody_raises_and_the_first_hand_plays_100():
    assert auction(_lim([95, 95, 95]), [120] * 3, [False] * 3, 120) == (0, 100)


def test_minimal_raises_until_the_second_best_gives_up():
    # seat 1 -> 105, seat 2 passes, 0 -> 110, 1 -> 115, 0 -> 120, 1 -> 125, 0 passes
    assert auction(_lim([120, 130, 95]), [120, 140, 120], [False] * 3, 120) == (1, 125)


def test_nobody_bids_above_his_cap():
    # seat 1 would go to 150 but holds no marriage: cap 120
    assert auction(_lim([95, 150, 95]), [120, 120, 120], [False] * 3, 120) == (1, 105)
    assert auction(_lim([200, 200, 95]), [120, 160, 120], [False] * 3, 120) == (1, 125)


def test_a_sitter_bids_only_when_his_target_contract_is_in_reach():
    # seat 1 sits; his barrel limit 115 < 120: he passes although his normal limit is 150
    assert auction(_lim([95, 150, 95], barrel=[95, 115, 95]), [120, 160, 120], [False, True, False], 120) == (
        0,
        100,
    )
    # barrel limit 130 >= 120: he bids (and wins with the minimal raise)
    assert auction(_lim([95, 95, 95], barrel=[95, 130, 95]), [120, 160, 120], [False, True, False], 120) == (
        1,
        105,
    )


def test_opponents_block_a_sitter_within_their_block_limit():
    # seat 2 would stop at 95 normally, but blocks the sitter (seat 1) up to 130
    lim = _lim([95, 95, 95], barrel=[95, 140, 95], block=[95, 95, 130])
    seat, bid = auction(lim, [120, 160, 160], [False, True, False], 120)
    assert (seat, bid) == (1, 135)
    # without a sitter the block limit is not used
    assert auction(lim, [120, 160, 160], [False, False, False], 120) == (0, 100)


def test_hand_cap_matches_worked_example_5():
    for text, cap in (
        ("K♥ Q♥ 9♠ 9♣ 9♦ J♠ J♣", 220),
        ("K♦ Q♦ 9♠ 9♣ 9♥ J♠ J♣", 200),
        ("K♣ Q♣ 9♠ 9♦ 9♥ J♠ J♦", 180),
        ("K♠ Q♠ 9♣ 9♦ 9♥ J♣ J♦", 160),
        ("K♥ Q♥ K♣ Q♣ A♠ 10♠ 9♦", 280),
        ("A♥ 10♥ K♠ J♠ A♣ 9♦ 9♥", 120),
    ):
        assert hand_cap(Rules.profile("book"), parse(text)) == cap
    assert hand_cap(CLUB.with_changes(bid_cap=False), parse("A♥ 10♥ K♠ J♠ A♣ 9♦ 9♥")) == 400


# --- one deal ------------------------------------------------------------------------

# seat 0 (first hand) will be the declarer: hands relative to dealer 2
H0 = parse("A♠ 10♠ K♠ J♣ Q♦ 9♥ J♥")
H1 = parse("9♠ 9♣ 9♦ A♣ 10♣ K♣ Q♣")  # three 9s
H2 = parse("Q♠ J♠ A♦ 10♦ K♦ A♥ 10♥")
WIDOW = parse("K♥ Q♥ J♦")
FULL = (1 << 24) - 1
assert H0 | H1 | H2 | WIDOW == FULL
FORCE_100 = np.array([[95, 95, 95]] * 3)  # nobody raises: seat 0 plays 100


def _solved(value, left=(30, 3), right=(20, 2)):
    return Solved(value, 0, 1, 220, 8 - left[1] - right[1], left[0], left[1], right[0], right[1], False)


def _play(rules, value, state=None, policy=None, left=(30, 3), right=(20, 2), masks=None):
    state = state or new_table(rules, dealer=2)
    masks = masks or (H0, H1, H2, WIDOW)
    return play_deal(
        rules,
        policy or ThresholdPolicy(estimator=Linear()),
        state,
        masks,
        FORCE_100,
        lambda seat, bid, replay=False: _solved(value, left, right),
    )


def test_made_contract_is_raised_to_the_highest_made_level():
    dp = _play(CLUB, 137)
    assert (dp.declarer, dp.bid, dp.contract, dp.written_off) == (0, 100, 135, False)
    assert dp.result.deltas.tolist() == [135.0, 30.0, 20.0]
    assert dp.raw == (137, 30, 20) and dp.tricks == (3, 3, 2)


def test_lost_contract_played_when_writing_off_is_not_better():
    # play: -100 vs +30, +20 (mean 25) -> -125; club write-off: -100 vs 50, 50 -> -150
    dp = _play(CLUB, 60, policy=ThresholdPolicy(estimator=Linear(), gift_redeals=False))
    assert not dp.written_off and dp.result.deltas.tolist() == [-100.0, 30.0, 20.0]


def test_lost_contract_written_off_when_better_with_exact_halves():
    # defenders would take 70 and 40 (rounded 70, 40): play -100 - 55 = -155 < -150
    pol = ThresholdPolicy(estimator=Linear(), gift_redeals=False)
    dp = _play(CLUB, 10, policy=pol, left=(70, 4), right=(40, 2))
    assert dp.written_off and dp.contract == 100
    assert dp.result.deltas.tolist() == [-100.0, 50.0, 50.0]
    # classic: half rounded to 5 (ties up): 100 -> 50; book fixed 40; ua fixed 60
    for name, pay in (("classic", 50.0), ("book", 40.0)):
        dp = _play(Rules.profile(name), 10, policy=pol, left=(70, 4), right=(40, 2))
        assert dp.written_off and dp.result.deltas.tolist() == [-100.0, pay, pay], name
    # ua pays 60 each: play (-155 with actual points 70, 40) beats writing off (-160)
    dp = _play(Rules.profile("ua"), 10, policy=pol, left=(70, 4), right=(40, 2))
    assert not dp.written_off


def test_half_write_off_keeps_halves_in_club_and_rounds_up_in_classic():
    pol = ThresholdPolicy(estimator=Linear(), gift_redeals=False)
    st = new_table(CLUB, dealer=2)
    # seat 1 (player 1) raises to 105 and buys the widow
    lim = np.array([[95, 95, 95], [105, 105, 105], [95, 95, 95]])
    dp = play_deal(
        CLUB, pol, st, (H0, H1, H2, WIDOW), lim, lambda seat, bid, replay=False: _solved(0, (100, 6), (20, 2))
    )
    assert dp.bid == 105 and dp.written_off
    assert dp.result.deltas.tolist() == [52.5, -105.0, 52.5]
    dp = play_deal(
        Rules.profile("classic"),
        pol,
        st,
        (H0, H1, H2, WIDOW),
        lim,
        lambda seat, bid, replay=False: _solved(0, (100, 6), (20, 2)),
    )
    assert dp.result.deltas.tolist() == [55.0, -105.0, 55.0]


def test_sitter_may_not_write_off_in_club():
    pol = ThresholdPolicy(estimator=Linear(), gift_redeals=False)
    st = TableState(scores=(300, 880, 200), barrel=(-1, 0, -1), dealer=0)  # player 1 first hand
    dp = _play(CLUB, 10, state=st, policy=pol, left=(70, 4), right=(40, 2))
    assert not dp.written_off
    assert "failed_contract:1" in dp.result.events
    # classic allows it (and here it is better): he writes off and leaves the barrel
    dp = _play(Rules.profile("classic"), 10, state=st, policy=pol, left=(70, 4), right=(40, 2))
    assert dp.written_off and "barrel_write_off:1" in dp.result.events
    assert dp.result.deltas.tolist() == [50.0, -100.0, 50.0]


def test_gift_redeal_escapes_a_lost_contract_with_a_fourth_nine():
    # seat 1 holds 9♠ 9♣ 9♦; the declarer holds 9♥: giving it makes four 9s (club)
    assert gift_redeal_possible(CLUB, H0 | WIDOW, H1, H2)
    assert not gift_redeal_possible(Rules.profile("classic"), H0 | WIDOW, H1, H2)
    dp = _play(CLUB, 60)
    assert dp.redeal_reason == "gift" and dp.result.deltas.tolist() == [0.0, 0.0, 0.0]
    assert dp.result.state.dealer == 2  # a redeal keeps the dealer
    # a made contract is played, and the option can be switched off
    assert _play(CLUB, 100).redeal_reason == ""
    pol = ThresholdPolicy(estimator=Linear(), gift_redeals=False)
    assert _play(CLUB, 60, policy=pol).redeal_reason == ""


def test_forced_redeals_before_bidding_and_at_the_widow():
    # a hand under 14 card points before bidding (club)
    weak = parse("9♠ 9♣ J♦ 9♥ J♠ J♣ Q♥")
    rest = [c for c in range(24) if not weak >> c & 1]
    h1 = sum(1 << c for c in rest[:7])
    h2 = sum(1 << c for c in rest[7:14])
    w = sum(1 << c for c in rest[14:])
    dp = _play(CLUB, 200, masks=(weak, h1, h2, w))
    assert dp.redeal_reason == "bidding" and dp.contract == -1
    # a widow under 5 points: J♠ 9♣ 9♦ (2 points)
    w = parse("J♠ 9♣ 9♦")
    others = [c for c in range(24) if not w >> c & 1]
    hs = [sum(1 << c for c in others[i::3]) for i in range(3)]
    dp = _play(CLUB, 200, masks=(*hs, w))
    assert dp.redeal_reason == "widow"
    # classic has no redeals
    assert _play(Rules.profile("classic"), 200, masks=(*hs, w)).redeal_reason == ""


def test_four_marriages_win_at_once_in_book():
    hand = parse("K♠ Q♠ K♣ Q♣ K♦ Q♦ K♥")
    widow = parse("Q♥ A♠ 9♣")
    rest = [c for c in range(24) if not (hand | widow) >> c & 1]
    h1, h2 = sum(1 << c for c in rest[:7]), sum(1 << c for c in rest[7:])
    book = Rules.profile("book")
    dp = _play(book, 0, masks=(hand, h1, h2, widow))
    assert dp.result.state.winner == 0 and "four_marriages:0" in dp.result.events
    assert _play(CLUB, 0, masks=(hand, h1, h2, widow)).result.state.winner == -1


def _gift_redeal_brute(rules, ten, left, right):
    from analysis.redeal import redeal_after_exchange

    cards = [1 << c for c in range(24) if ten >> c & 1]
    gifts = [(a, b) for a in cards for b in cards if a != b]
    h8 = np.array([[ten & ~a & ~b, left | a, right | b] for a, b in gifts], np.uint32)
    return bool(redeal_after_exchange(h8, rules).any())


@pytest.mark.parametrize("profile", ["club", "book", "wiki", "classic"])
def test_gift_redeal_closed_form_equals_trying_all_90_gifts(profile):
    from analysis.deal import chunk_rng, deal

    rules = Rules.profile(profile)
    d = deal(chunk_rng(17, 0), 300)
    # add deals rich in nines, where the four-9s case arises
    from analysis.deal import deal_constrained

    d9 = deal_constrained(chunk_rng(17, 1), 150, {1: parse("9♠ 9♣ 9♦")})
    seen = set()
    for row in np.concatenate([d, d9]):
        for seat in range(3):
            ten = int(row[seat]) | int(row[3])
            left, right = int(row[(seat + 1) % 3]), int(row[(seat + 2) % 3])
            got = gift_redeal_possible(rules, ten, left, right)
            assert got == _gift_redeal_brute(rules, ten, left, right)
            seen.add(got)
    assert seen == ({False} if profile == "classic" else {True, False})


def test_unavoidable_after_exchange_condition_redeals_a_made_contract():
    from analysis.game.deal_flow import gift_condition_unavoidable

    book = Rules.profile("book")
    # the declarer's 10 cards hold 14 card points: whatever two he gives, his
    # 8 cards stay under 15 (book's after-exchange condition, claimed)
    hand = parse("9♠ 9♣ 9♦ J♠ J♣ J♦ J♥")
    widow = parse("9♥ Q♠ Q♣")
    rest = [c for c in range(24) if not (hand | widow) >> c & 1]
    h1, h2 = sum(1 << c for c in rest[::2]), sum(1 << c for c in rest[1::2])
    assert gift_condition_unavoidable(book, hand | widow, h1, h2)
    assert not gift_condition_unavoidable(book, H0 | WIDOW, H1, H2)
    sol = Solved(150, 0, 1, 220, 5, 10, 2, 10, 1, True)  # a made contract, flagged gift
    dp = play_deal(
        book,
        ThresholdPolicy(estimator=Linear()),
        new_table(book, dealer=2),
        (hand, h1, h2, widow),
        FORCE_100,
        lambda seat, bid, replay=False: sol,
    )
    assert dp.redeal_reason == "exchange" and dp.result.deltas.tolist() == [0.0] * 3
    # an avoidable condition: the made contract is played, and flagged
    dp = play_deal(
        CLUB,
        ThresholdPolicy(estimator=Linear()),
        new_table(CLUB, dealer=2),
        (H0, H1, H2, WIDOW),
        FORCE_100,
        lambda seat, bid, replay=False: sol,
    )
    assert dp.redeal_reason == "" and dp.gift_condition and dp.contract == 150


def test_policy_defaults_and_recorded_parameters():
    assert ThresholdPolicy().thresholds == (0.5, 0.5, 0.35)
    assert ThresholdPolicy(risk=0.1).thresholds == (0.1, 0.1, 0.0)
    assert ThresholdPolicy(risk=0.7, barrel_risk=0.6, block_risk=0.65).thresholds == (0.7, 0.6, 0.65)
    p = ThresholdPolicy(risk=0.6, estimator=Linear()).params()
    assert p.pop("block_risk") == pytest.approx(0.45)
    assert p == {
        "name": "threshold",
        "risk": 0.6,
        "barrel_risk": 0.6,
        "claim_redeals": True,
        "gift_redeals": True,
        "write_offs": True,
        "estimator_name": "default",
    }
