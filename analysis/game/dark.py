"""Dark play in a game: the declaration, the outbidding at 125, the blind exchange.

RULES.md, "Dark play" (``Rules.dark_play``; seeds 002 and 004).  The deal
flow (:func:`analysis.game.deal_flow.play_deal`) asks, before the cards are
seen, whether the first hand goes dark (:func:`goes_dark`: the rules allow
it, :func:`may_go_dark`, and the policy's ``dark_behind`` wants it); after
the before-bidding redeals, whether someone outbids him at 125
(:func:`outbidder`: book «Торговаться с ним может лишь тот игрок, у кого на
руках есть марьяж. Игрок с марьяжем начинает торг со 125 очков»; wiki
«растемнить ... объявив ставку в 125 очков ... Для «растемнения» соперника
игрок обязан иметь на руках любой марьяж»): the auction then goes on from
125 as usual, the dark void.  Otherwise the dark player takes the widow
unshown and gives two cards he has not seen
(:func:`analysis.odds.blind_gift`: uniform over the 90 ordered gifts †,
drawn from the deal's own cards so that a deal always gets the same gift
whatever the workers), and the deal is played double-dummy from there
(:func:`dark_deal`): the pools store the value of the best gift only, so
the position after the blind gift is solved (:func:`analysis.odds.blind_play`:
its value, then one optimal line for the defenders' points, tricks and
declared marriages, as the solver's tie-break orders lines, DESIGN.md
contract 3).  It is scored by :mod:`analysis.scoring.dark`.

The dark player plays every dark deal: a write-off would cost the same 240
and pay each opponent 120, more than the defenders' doubled points of a
failed deal in all but rare marriage-rich defences.  Single-dummy games
(``--outcomes pimc``) play dark deals double-dummy too: the single-dummy
player has no blind gift.
"""

from __future__ import annotations

from ..cards import ALL_MARRIAGES, KQ_MASKS
from ..odds import blind_gift, blind_play
from ..rules.redeal_conditions import meets
from ..scoring import DARK_CONTRACT, DealOutcome

__all__ = [
    "DARK_OUTBID",
    "may_go_dark",
    "goes_dark",
    "outbidder",
    "dark_deal",
]

#: The bid that outbids the dark player (book «начинает торг со 125 очков»;
#: wiki «объявив ставку в 125 очков»).
DARK_OUTBID = 125
_NINES = sum(1 << (6 * s) for s in range(4))
_POINTS = (0, 2, 3, 4, 10, 11)  # 9 J Q K 10 A (DESIGN.md, contract 1)


def may_go_dark(rules, state) -> bool:
    """Whether the first hand may go dark at this table.

    Parameters
    ----------
    rules : Rules
    state : analysis.scoring.TableState
        The table before the deal.

    Returns
    -------
    bool
        ``rules.dark_play`` is on; under 'wiki' also his score is at least
        ``rules.dark_min_score`` («не может «темнить», если он находится в
        «минусе»») and, unless ``rules.dark_on_barrel``, nobody sits on the
        barrel («нельзя «темнить» если один из игроков «на бочке»»).  book
        grants the right without restriction.  Never at a table of four:
        the seeds describe dark play for three; it is not modelled there †.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> from analysis.scoring import TableState
    >>> wiki = PROFILES["wiki"].with_changes(dark_play="wiki")
    >>> may_go_dark(wiki, TableState(scores=(0, 300, 200), dealer=2))
    True
    >>> may_go_dark(wiki, TableState(scores=(-5, 300, 200), dealer=2))
    False
    >>> may_go_dark(PROFILES["book"], TableState(scores=(-5, 300, 200), dealer=2))
    True
    """
    if rules.dark_play == "none" or rules.players != 3:  # not modelled at four †
        return False
    if rules.dark_play == "book":
        return True
    if state.scores[state.first_hand] < rules.dark_min_score:
        return False
    return rules.dark_on_barrel or all(b < 0 for b in state.barrel)


def goes_dark(rules, policy, state) -> bool:
    """Whether the first hand goes dark: the rules allow it and the policy's
    ``dark_behind`` (None: never) is reached, his score at least that many
    points below the best of his opponents' (for the players in the policy's
    ``dark_players``, everyone when None).

    Examples
    --------
    >>> from analysis.game import ThresholdPolicy
    >>> from analysis.rules import PROFILES
    >>> from analysis.scoring import TableState
    >>> t = TableState(scores=(100, 500, 200), dealer=2)
    >>> goes_dark(PROFILES["book"], ThresholdPolicy(dark_behind=300, estimator=object()), t)
    True
    >>> goes_dark(PROFILES["book"], ThresholdPolicy(dark_behind=500, estimator=object()), t)
    False
    """
    behind = getattr(policy, "dark_behind", None)
    me = state.first_hand
    who = getattr(policy, "dark_players", None)
    if behind is None or (who is not None and me not in who) or not may_go_dark(rules, state):
        return False
    best = max(s for p, s in enumerate(state.scores) if p != me)
    return best - state.scores[me] >= behind


def outbidder(limits, caps, hands, sitting, min_barrel: int) -> int:
    """The seat that outbids the dark player at 125, or −1.

    Parameters
    ----------
    limits : array of shape (3, 3), int
        The policy's limits per seat (:meth:`ThresholdPolicy.limits`).
    caps : sequence of 3 int
        Each seat's 7-card bid cap.
    hands : sequence of 3 int
        The 7-card hands by seat (0 the dark player), masks.
    sitting : sequence of 3 bool
        Barrel sitters by seat.
    min_barrel : int
        The contract a sitter needs (``rules.barrel_min_contract``).

    Returns
    -------
    int
        The first seat in play order (1, then 2) that holds a marriage and
        whose willingness (as :func:`analysis.game.auction.auction` reads
        it) reaches 125.
    """
    for s in (1, 2):
        if not any(hands[s] & km == km for km in KQ_MASKS):
            continue
        lim = int(limits[s][1] if sitting[s] else limits[s][0])
        if sitting[s] and lim < min_barrel:
            continue
        if min(lim, caps[s]) >= DARK_OUTBID:
            return s
    return -1


def _after_exchange(rules, hands8) -> bool:
    """An 8-card hand meets an after-exchange redeal condition (RULES.md, "Redeals")."""
    for h in hands8:
        pts = sum(_POINTS[c % 6] for c in range(24) if h >> c & 1)
        if meets(rules, "exchange", (h & _NINES).bit_count(), pts, (h & _NINES << 1).bit_count()):
            return True
    return False


def dark_deal(rules, hands, widow: int, player) -> tuple:
    """The outcome of a dark deal nobody outbid.

    Parameters
    ----------
    rules : Rules
    hands : sequence of 3 int
        The 7-card hands by seat (0 the dark player), masks.
    widow : int
        Mask.
    player : sequence of 3 int
        The player at each seat.

    Returns
    -------
    (outcome, value, condition) : (DealOutcome, int, bool)
        The deal to score (``dark=True``, contract 120; under
        ``rules.four_marriages_win`` the player whose 8 cards after the gift
        hold every king and queen, book †, in ``four_marriages``), the declarer's
        double-dummy value after the blind gift, and whether the gift left
        an after-exchange redeal condition (the usual redeals stand: wiki
        «любой игрок может потребовать пересдачи карт на обычных условиях»).
    """
    a, b = blind_gift(hands[0], widow, hands[1], hands[2])
    h8 = ((hands[0] | widow) & ~(1 << a) & ~(1 << b), hands[1] | 1 << a, hands[2] | 1 << b)
    bp = blind_play(rules, h8)
    by = [0, 0, 0]
    raw, tricks, marr = list(by), list(by), list(by)
    for s in range(3):
        raw[player[s]], tricks[player[s]], marr[player[s]] = bp.raw[s], bp.tricks[s], bp.marriages[s]
    # book's four marriages (†): a hand of the 8 holding every king and queen wins
    whole = [h & ALL_MARRIAGES == ALL_MARRIAGES for h in h8]
    four = [player[s] for s in range(3) if whole[s] and rules.four_marriages_win]
    out = DealOutcome(
        four_marriages=four[0] if four else -1,
        declarer=player[0],
        contract=DARK_CONTRACT,
        bid=DARK_CONTRACT,
        raw=tuple(raw),
        tricks=tuple(tricks),
        dark=True,
        marriages=tuple(marr),
    )
    return out, bp.value, _after_exchange(rules, h8)
