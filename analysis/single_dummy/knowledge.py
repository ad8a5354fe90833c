"""What one player knows during a deal: the information set of single-dummy play.

A player's knowledge is kept as, for each seat, the bit mask of the cards
that seat *may* hold now (``may``), the number of cards each seat holds
(``counts``) and at most one *count constraint* ``(seat, cards, at_most)``:
that seat holds at most ``at_most`` of ``cards``.  Seats are those of the
deal: 0 the declarer, 1 his left, 2 his right (docs/SINGLE_DUMMY.md,
section 1).

Knowledge is built from what the player sees only (RULES.md, common core:
exchange and play; "Conventions that differ": exchange cards passed face
up or down, ``Rules.exchange_face_up``; the widow not shown at a 100 passed
out, ``Rules.widow_shown_at_100``) and updated by :meth:`Knowledge.observe`
for every card played, the voids it reveals and the marriages declared.
Nothing is inferred from the other players' choices (standard PIMC).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FULL_DECK
from ..errors import BadArgument
from ..scoring.points import ACES

__all__ = ["Knowledge", "declarer_knowledge", "defender_knowledge", "suit_mask"]


def suit_mask(s: int) -> int:
    """Bit mask of the six cards of suit ``s`` (0..3)."""
    return 0x3F << (6 * s)


def _pop(m: int) -> int:
    return bin(m).count("1")


@dataclass(frozen=True)
class Knowledge:
    """Information set of one player (``viewer``) at a point of the deal.

    Attributes
    ----------
    viewer : int
        Seat of the player who knows (0 declarer, 1 left, 2 right).
    may : tuple of 3 int
        Bit masks: the cards seat ``s`` may hold now.  ``may[viewer]`` is his
        own hand exactly; a card in one mask only is known to be there; a
        card in none is gone (played, or the viewer's own).
    counts : tuple of 3 int
        Cards each seat holds now.
    limit : tuple or None
        ``(seat, cards, at_most)``: ``seat`` holds at most ``at_most`` of the
        card mask ``cards`` (a defender's view of the other defender after
        face-down gifts from a shown widow), or None.
    """

    viewer: int
    may: tuple
    counts: tuple
    limit: tuple | None = None

    def others(self) -> tuple:
        """The two seats other than the viewer, in seat order."""
        return tuple(s for s in range(3) if s != self.viewer)

    def unseen(self) -> int:
        """Bit mask of the cards held by the other two seats (not known to the
        viewer card by card)."""
        a, b = self.others()
        return self.may[a] | self.may[b]

    def observe(self, seat: int, card: int, *, led: int, trump: int, owner: int, declared: bool, rules):
        """Knowledge after ``seat`` plays ``card``.

        Parameters
        ----------
        seat : int
            Seat that played.
        card : int
            Card id 0..23.
        led : int
            Card led to this trick, or -1 when ``card`` is the lead.
        trump : int
            Trump in force for this card (after a marriage declared with
            this trick's lead), -1 for none.
        owner : int
            Seat that declared the trump (matters under
            ``rules.trump_lead_owner_only``).
        declared : bool
            The lead declares a marriage (the partner card is then in
            ``seat``'s hand), or with an ace the ace marriage (the other
            three aces are).
        rules : Rules

        Returns
        -------
        Knowledge

        Notes
        -----
        Voids (RULES.md, common core, play): a player who does not follow
        the suit led holds none of it; one who neither follows nor trumps
        while a trump is set holds no trump; under
        ``trump_lead_owner_only`` (wiki, seed 004) a player other than the
        trump's owner who leads a trump holds only trumps.
        """
        bit = 1 << card
        may = [m & ~bit for m in self.may]
        counts = list(self.counts)
        counts[seat] -= 1
        s = card // 6
        if led >= 0:
            ls = led // 6
            if s != ls:
                may[seat] &= ~suit_mask(ls)
                if trump >= 0 and s != trump:
                    may[seat] &= ~suit_mask(trump)
        else:
            if rules.trump_lead_owner_only and trump >= 0 and s == trump and seat != owner and not declared:
                may[seat] &= suit_mask(trump)
            if declared:
                partner = bit ^ (0b1100 << (6 * s)) if card % 6 in (2, 3) else 0
                partner &= suit_mask(s)
                if card % 6 == 5:  # the ace marriage: the other three aces
                    partner = ACES & ~bit
                for k in range(3):
                    if k != seat:
                        may[k] &= ~partner
        limit = self.limit
        if limit is not None:
            lseat, cards, at_most = limit
            if cards & bit:
                cards &= ~bit
                if seat == lseat:
                    at_most -= 1
            limit = None if at_most >= _pop(cards) else (lseat, cards, at_most)
        return Knowledge(self.viewer, tuple(may), tuple(counts), limit)

    def check(self) -> None:
        """Raise when no layout fits (a history the rules do not allow).

        Raises
        ------
        ValueError
            When a card is in no seat's mask though unseen, a seat cannot be
            filled, or the count constraint cannot be met.
        """
        a, b = self.others()
        if _pop(self.may[self.viewer]) != self.counts[self.viewer]:
            raise BadArgument("the viewer's hand does not match his card count")
        u = self.unseen()
        if _pop(u) != self.counts[a] + self.counts[b]:
            raise BadArgument("the unseen cards do not match the other seats' counts")
        for s in (a, b):
            t = b if s == a else a
            fixed = self.may[s] & ~self.may[t]
            if _pop(fixed) > self.counts[s] or _pop(self.may[s]) < self.counts[s]:
                raise BadArgument(f"no layout gives seat {s} its {self.counts[s]} cards")


def declarer_knowledge(hand8: int, give_left: int, give_right: int) -> Knowledge:
    """The declarer's knowledge before the first lead.

    He has seen his ten cards (hand and widow) and knows both gifts; the 14
    cards dealt to the defenders are unseen.

    Parameters
    ----------
    hand8 : int
        His 8 cards after the gift (bit mask).
    give_left, give_right : int
        Card ids he gave to his left and right.

    Returns
    -------
    Knowledge
    """
    gl, gr = 1 << give_left, 1 << give_right
    unseen = FULL_DECK & ~(hand8 | gl | gr)
    return Knowledge(0, (hand8, unseen | gl, unseen | gr), (8, 8, 8))


def defender_knowledge(seat: int, hand8: int, widow: int | None, other_gift: int | None) -> Knowledge:
    """A defender's knowledge before the first lead.

    Parameters
    ----------
    seat : int
        1 (declarer's left) or 2 (his right).
    hand8 : int
        His 8 cards, the card received included (bit mask).
    widow : int or None
        The widow's mask when it was shown to him (``rules.widow_shown_at_100``
        or a bid above 100), else None.
    other_gift : int or None
        The card the other defender received, when the gifts are passed face
        up (``rules.exchange_face_up``, book), else None.

    Returns
    -------
    Knowledge
        The widow's cards he did not receive are the declarer's, except that
        with face-down gifts the other defender may hold one of them (the
        count constraint: at most one); with face-up gifts every widow card
        is placed.

    Raises
    ------
    ValueError
        On a bad seat.
    """
    if seat not in (1, 2):
        raise BadArgument(f"a defender sits at seat 1 or 2, got {seat!r}")
    other = 3 - seat
    rest = FULL_DECK & ~hand8
    may = [rest, rest, rest]
    may[seat] = hand8
    limit = None
    if other_gift is not None:
        g = 1 << other_gift
        may[0] &= ~g
        if widow is not None:
            may[other] &= ~(widow & ~hand8 & ~g)
    elif widow is not None:
        w = widow & ~hand8
        if _pop(w) > 1:
            limit = (other, w, 1)
    return Knowledge(seat, tuple(may), (8, 8, 8), limit)
