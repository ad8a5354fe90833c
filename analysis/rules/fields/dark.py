"""Dark play («темнить», «игра в тёмную»): the first hand's blind contract (RULES.md, "Dark play").

Two seeds describe it differently and the field ``dark_play`` picks one:

book (seed 002)
    «Участник игры, который сидит по левую руку от сдающего, имеет право
    «темнить», т. е., не открывая своих карт (сносит он также втемную),
    заказать удвоенное максимальное число очков — 240» ... «Торговаться с ним
    может лишь тот игрок, у кого на руках есть марьяж. Игрок с марьяжем
    начинает торг со 125 очков» ... «Если «темная» закончилась удачно, то
    игрок записывает на свой счет только 240 очков (право перезаказа у игрока
    в данном случае отсутствует); а если неудачно, то 240 очков
    списывается».
wiki (seed 004, «Игра «в тёмную»»)
    the first hand «обязуется набрать не менее 120 очков, не зная при этом ни
    своих карт, ни прикупа», takes the widow unshown and gives face down;
    «растемнить» at 125 (a marriage holder) cancels it; «После игры «в
    тёмную» все набранные игроками очки удваиваются» under one of the
    agreements (``dark_scoring``, ``dark_bolts_doubled``) and restrictions
    (``dark_min_score``, ``dark_on_barrel``).

:func:`check_dark` refuses impossible values (called by
:func:`analysis.rules.checks.validate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .convention import doc

__all__ = ["DarkFields", "DARK_PLAYS", "DARK_SCORINGS", "check_dark"]

#: Values of ``dark_play``.
DARK_PLAYS = ("none", "book", "wiki")
#: Values of ``dark_scoring`` (wiki's agreements on the points).
DARK_SCORINGS = ("double_all", "flat_240", "marriages_plain")


@dataclass(frozen=True)
class DarkFields:
    """Dark play (RULES.md, "Dark play"; seeds 002 and 004)."""

    # --- dark play (темнить) ------------------------------------------
    dark_play: str = field(
        default="none",
        metadata=doc(
            "Dark play: the first hand may declare before anyone has seen his "
            "cards. 'none' (club, classic, ua: club's seed 000 declines it, «без "
            "... торговли втёмную»; ua and wiki give it only as an agreement); "
            "'book' (seed 002 «имеет право «темнить» ... заказать удвоенное "
            "максимальное число очков — 240»: he must take 120 (†: the most a hand "
            "without a marriage may bid) and scores +240 or −240, write-off and "
            "raise excluded; only a marriage holder outbids him, at 125, and the "
            "auction then goes on as usual); 'wiki' (seed 004 «обязуется набрать "
            "не менее 120 очков, не зная при этом ни своих карт, ни прикупа»: "
            "«растемнить» at 125 by a marriage holder cancels it; scored under "
            "dark_scoring; restricted by dark_min_score and dark_on_barrel). In "
            "both the widow is taken unshown and the gift is blind (uniform over "
            "the 90 ordered gifts †).",
            added=True,
        ),
    )
    dark_scoring: str = field(
        default="double_all",
        metadata=doc(
            "wiki's agreement on the points of a dark deal (seed 004 «существуют "
            "различные варианты подсчёта (по договорённости)»): 'double_all' («все "
            "набранные игроками очки удваиваются»: the declarer who takes 120 "
            "scores twice his points, each defender twice his); 'flat_240' («получает "
            "240 очков, даже в случае если удвоенная сумма ... превышает 240»; "
            "defenders doubled); 'marriages_plain' («удваиваются только очки "
            "взяток, к полученной сумме плюсуется номинальная стоимость "
            "объявленного марьяжа»: everyone's card points doubled, marriages "
            "once †: the seed says it of the other players; the declarer is read "
            "alike). A failed or written-off dark costs 240 (a write-off pays 120 "
            "to each opponent). Only under dark_play='wiki'.",
            added=True,
        ),
    )
    dark_bolts_doubled: bool = field(
        default=False,
        metadata=doc(
            "A bolt taken in a dark deal counts twice («полученные при «тёмной» "
            "«болты» удваиваются»; seed 004 «По договорённости полученный болт "
            "может быть удвоен, если получен при игре «в тёмную»»). Only under "
            "dark_play='wiki' with bolts.",
            added=True,
        ),
    )
    dark_min_score: int = field(
        default=0,
        metadata=doc(
            "The least score with which a player may go dark (seed 004 «не может "
            "«темнить», если он находится в «минусе»»: 0; by agreement 5 «нужно "
            "иметь на счету минимум +5» or 240 «либо счёт игрока менее 240»). "
            "Only under dark_play='wiki' (book grants the right without "
            "restriction).",
            added=True,
        ),
    )
    dark_on_barrel: bool = field(
        default=False,
        metadata=doc(
            "Dark play is allowed while someone sits on the barrel. wiki: no "
            "(«нельзя «темнить» если один из игроков «на бочке»»). Only under "
            "dark_play='wiki' (book is silent: allowed †).",
            added=True,
        ),
    )


def check_dark(r, check) -> None:
    """Refuse impossible dark-play values.

    Parameters
    ----------
    r : Rules
    check : callable
        ``check(ok, field, message)``: raises the rules' typed error when
        ``ok`` is false (:func:`analysis.rules.checks.validate`'s).
    """
    check(r.dark_play in DARK_PLAYS, "dark_play", f"{r.dark_play!r} is not one of {', '.join(DARK_PLAYS)}")
    check(
        r.dark_scoring in DARK_SCORINGS,
        "dark_scoring",
        f"{r.dark_scoring!r} is not one of {', '.join(DARK_SCORINGS)}",
    )
    check(r.dark_min_score % 5 == 0, "dark_min_score", "must be a multiple of 5")
