"""Four jacks after the exchange (wiki, seed 004: «после раздачи или сноса карт у
любого игрока четыре валета»): the condition, the gift that causes or avoids
it, its exact probability, and the deal flow of a game."""

from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd

from analysis import cards
from analysis.deal import chunk_rng, deal, deal_constrained
from analysis.game import ThresholdPolicy
from analysis.game.deal_flow import (
    gift_condition_unavoidable,
    gift_redeal_known,
    gift_redeal_possible,
    play_deal,
)
from analysis.game.outcomes import SOLVED_FIELDS
from analysis.game.pools import PoolSource
from analysis.gift_redeals import gift_redeal_probabilities
from analysis.redeal import redeal_after_exchange
from analysis.rules import PROFILES
from analysis.rules.redeal_conditions import has_conditions, reasons
from analysis.scoring import new_table

P = cards.parse
UA = PROFILES["ua"]  # no redeal condition at all
UA_AFTER = UA.with_changes(redeal_after_four_jacks=True)
WIKI_BOTH = PROFILES["wiki"].with_changes(redeal_four_jacks=True, redeal_after_four_jacks=True)
FORCE_100 = np.array([[95, 95, 95]] * 3)  # nobody raises: seat 0 plays 100

# seat 0 (the declarer) holds J♠; seat 1, on his left, the three other jacks
H0 = P("A♠ 10♠ K♠ J♠ Q♦ 9♥ A♥")
H1 = P("J♣ J♦ J♥ A♣ 10♣ K♣ Q♣")
H2 = P("9♠ Q♠ 9♣ 9♦ A♦ 10♦ K♦")
WIDOW = P("10♥ K♥ Q♥")
J_SPADES, NINE_HEARTS, A_SPADES = 1, 18, 5  # card ids: 6 * suit + rank
assert H0 | H1 | H2 | WIDOW == cards.FULL_DECK


def _hands8(give_left, give_right, h=(H0, H1, H2), widow=WIDOW):
    a, b = 1 << give_left, 1 << give_right
    return np.array([[(h[0] | widow) & ~a & ~b, h[1] | a, h[2] | b]], dtype=np.uint32)


def test_the_field_adds_the_after_exchange_stage_only():
    assert not has_conditions(UA, "exchange") and has_conditions(UA_AFTER, "exchange")
    assert not has_conditions(UA_AFTER, "bidding")  # ua's dealt-hand rule is its own field
    assert reasons(UA_AFTER, "exchange", nines=0, points=30, jacks=4) == ["the hand holds four jacks"]
    assert reasons(UA_AFTER, "exchange", nines=0, points=30, jacks=3) == []


def test_worked_example_the_gift_causes_or_avoids_it():
    # giving J♠ to the left, who holds the other three, makes four jacks there
    assert redeal_after_exchange(_hands8(J_SPADES, NINE_HEARTS), UA_AFTER)[0]
    assert not redeal_after_exchange(_hands8(J_SPADES, NINE_HEARTS), UA)[0]
    # J♠ to the right instead: nobody holds four
    assert not redeal_after_exchange(_hands8(NINE_HEARTS, J_SPADES), UA_AFTER)[0]
    ten = H0 | WIDOW
    assert gift_redeal_possible(UA_AFTER, ten, H1, H2) and not gift_redeal_possible(UA, ten, H1, H2)
    assert not gift_condition_unavoidable(UA_AFTER, ten, H1, H2)
    # he sees only his own cards: his eight never hold four jacks here
    assert not gift_redeal_known(UA_AFTER, ten)
    assert gift_redeal_known(UA_AFTER, P("J♠ J♣ J♦ J♥ A♠ 10♠ K♠ 9♥ A♥ 10♥"))
    # a defender dealt all four keeps them whatever he is given
    h0, h1 = P("A♠ 10♠ K♠ Q♣ Q♦ 9♥ A♥"), P("J♠ J♣ J♦ J♥ A♣ 10♣ K♣")
    assert gift_condition_unavoidable(UA_AFTER, h0 | WIDOW, h1, H2)


def _brute_possible(rules, ten, left, right):
    ids = [c for c in range(24) if ten >> c & 1]
    h8 = np.array(
        [[ten & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b] for a in ids for b in ids if a != b]
    )
    return bool(redeal_after_exchange(h8.astype(np.uint32), rules).any())


def test_closed_form_equals_trying_all_90_gifts_on_jack_rich_deals():
    d = np.concatenate(
        [deal(chunk_rng(41, 0), 100), deal_constrained(chunk_rng(41, 1), 100, {1: P("J♠ J♣ J♦")})]
    )
    seen = set()
    for row in d:
        for seat in range(3):
            ten = int(row[seat]) | int(row[3])
            left, right = int(row[(seat + 1) % 3]), int(row[(seat + 2) % 3])
            got = gift_redeal_possible(UA_AFTER, ten, left, right)
            assert got == _brute_possible(UA_AFTER, ten, left, right)
            seen.add(got)
    assert seen == {True, False}


def test_exact_probabilities_against_the_closed_forms():
    p = gift_redeal_probabilities(UA_AFTER)
    c7, c10 = comb(24, 7), comb(24, 10)
    # he holds four in his ten; a defender was dealt four; or a defender holds
    # three and the fourth is among the declarer's ten of the other 17 cards
    possible = Fraction(comb(20, 6), c10) + 2 * Fraction(comb(20, 3), c7)
    possible += 2 * Fraction(4 * comb(20, 4), c7) * Fraction(10, 17)
    assert p["possible"] == possible  # ≈ 9.2 %
    assert p["unavoidable"] == 2 * Fraction(comb(20, 3), c7)
    assert p["possible_played"] == p["possible"]  # ua: no condition before play
    # wiki with both stages: a dealt four-jack hand is redealt before bidding,
    # so the exchange never meets an unavoidable one; the gift may still cause it
    w = gift_redeal_probabilities(WIKI_BOTH)
    assert w["unavoidable_played"] == 0 and 0 < w["possible_played"] < w["possible"]
    assert gift_redeal_probabilities(UA) == dict.fromkeys(p, Fraction(0))


def test_exact_probabilities_against_a_deal_sample():
    """book with the four jacks after the exchange: its 8-card points limit
    (15) too, so the rank-table count is checked on every kind of condition."""
    rules = PROFILES["book"].with_changes(redeal_after_four_jacks=True)
    exact = gift_redeal_probabilities(rules)
    n = 4000
    d = deal(chunk_rng(43, 0), n)
    possible = unavoidable = 0
    for row in d:
        ten, left, right = int(row[0]) | int(row[3]), int(row[1]), int(row[2])
        if gift_redeal_possible(rules, ten, left, right):
            possible += 1
            unavoidable += gift_condition_unavoidable(rules, ten, left, right)
    for k, hit in (("possible", possible), ("unavoidable", unavoidable)):
        p = float(exact[k])
        assert abs(hit / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1 / n, (k, hit, n * p)


def _pool(h, widow, give_left, give_right):
    """A one-deal pool frame whose seat-0 solution gives these two cards."""
    rows = []
    for seat in range(3):
        sol = dict.fromkeys(SOLVED_FIELDS, 0)
        sol.update(
            value=150,
            give_left=give_left,
            give_right=give_right,
            marriage_cap=220,
            redeal_after_gift=True,
            declarer_tricks=6,
            left_points=10,
            left_tricks=1,
            right_points=5,
            right_tricks=1,
        )
        if seat:  # other seats: any two of their ten cards
            ids = [c for c in range(24) if (h[seat] | widow) >> c & 1]
            sol.update(give_left=ids[0], give_right=ids[1])
        rows.append(
            {"deal_id": 0, "seat": seat, "hand0": h[0], "hand1": h[1], "hand2": h[2], "widow": widow, **sol}
        )
    return pd.DataFrame(rows)


def _play(rules, h, give_left, give_right):
    src = PoolSource(_pool(h, WIDOW, give_left, give_right), rules)
    masks = (*h, WIDOW)
    outcome = lambda seat, bid, replay=False: src.outcome(masks, 0, seat, bid=bid)  # noqa: E731
    return play_deal(
        rules, ThresholdPolicy(estimator=object()), new_table(rules, dealer=2), masks, FORCE_100, outcome
    )


def test_in_a_game_the_declarer_avoids_it_and_an_unavoidable_one_redeals():
    # the pool's stored flag is set again under the game's rules
    assert not PoolSource(_pool((H0, H1, H2), WIDOW, J_SPADES, NINE_HEARTS), UA).table[0, 0, -1]
    assert PoolSource(_pool((H0, H1, H2), WIDOW, J_SPADES, NINE_HEARTS), UA_AFTER).table[0, 0, -1]
    # the solver's gift makes four jacks on the left; another gift avoids them:
    # the made contract is played (flagged)
    dp = _play(UA_AFTER, (H0, H1, H2), J_SPADES, NINE_HEARTS)
    assert dp.redeal_reason == "" and dp.gift_condition and dp.contract == 150
    dp = _play(UA, (H0, H1, H2), J_SPADES, NINE_HEARTS)
    assert dp.redeal_reason == "" and not dp.gift_condition
    # a defender dealt the four jacks: every gift leaves them, the deal is redealt
    h = (P("A♠ 10♠ K♠ Q♣ Q♦ 9♥ A♥"), P("J♠ J♣ J♦ J♥ A♣ 10♣ K♣"), H2)
    dp = _play(UA_AFTER, h, A_SPADES, NINE_HEARTS)
    assert dp.redeal_reason == "exchange" and dp.result.deltas.tolist() == [0.0] * 3
    assert _play(UA, h, A_SPADES, NINE_HEARTS).redeal_reason == ""
