"""Single-dummy deal outcomes for the game simulator (``--outcomes pimc``).

With single-dummy outcomes the declarer's gift and every card come from
:func:`analysis.single_dummy.play_deal` (each player deciding from what he
sees, docs/SINGLE_DUMMY.md), and his final contract and write-off from
:func:`analysis.single_dummy.decide_contract` on his worlds' values after
the gift (``estimates``), at the table's winning bid and seat
(:mod:`analysis.game.sd_flow`).  Two sources give them, drawing their deals
exactly as the double-dummy ones do (:mod:`analysis.game.sources`: the
game's stream, or a pool's rows with or without replacement):

:class:`SDSolverSource`
    plays each deal's declarer seat on the fly at the winning bid
    (:func:`analysis.odds.sd_play.play_out`: the deal is always played, the
    write-off is decided by the table), seed ``deal_seed(seed, game_id,
    deal_no, seat)``;
:class:`SDPoolSource`
    reads the stored play of a pool of single-dummy rows (all three seats of
    every deal, played at one bid); a row the declarer wrote off holds no
    play, and if the table has him play it (a higher bid, or a write-off he
    may not make on the barrel), the deal is played again on the fly with
    the row's own seed, so the gift and estimates are the row's
    (:attr:`SDPoolSource.replays` counts them).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..deal import deal
from ..errors import BadArgument
from ..odds.sd_play import PLAY_FIELDS, deal_seed, play_out
from ..solver import solver_fingerprint
from .sources import BLOCK, PoolSource, check_draw

__all__ = ["SDPlayed", "SDSolverSource", "SDPoolSource", "SD_POOL_COLUMNS", "from_result"]

#: Columns an SD pool frame needs besides ``deal_id seat hand0 hand1 hand2
#: widow`` (analysis/single_dummy/batch.py rows).
SD_POOL_COLUMNS = (*PLAY_FIELDS, "written_off", "estimates")


class SDPlayed(NamedTuple):
    """Single-dummy outcome of one deal for one declarer seat."""

    value: int  #: declarer's card points + declared marriages as played
    give_left: int  #: card given to the declarer's left
    give_right: int  #: card given to the declarer's right
    declarer_tricks: int
    left_points: int  #: left defender's raw points as played
    left_tricks: int
    right_points: int
    right_tricks: int
    estimates: tuple  #: the declarer's worlds' values after his gift, points
    played: bool  #: False: written off where it was stored, no play known


def from_result(r) -> SDPlayed:
    """An :class:`SDPlayed` from an :class:`analysis.single_dummy.SDResult`."""
    return SDPlayed(
        *(int(getattr(r, f)) for f in PLAY_FIELDS),
        tuple(int(x) for x in r.estimates),
        not bool(r.written_off),
    )


def _sd_identity(rules, worlds: int) -> dict:
    from ..single_dummy import SD_VERSION, sd_fingerprint

    return {
        "play": "pimc",
        "worlds": int(worlds),
        "sd_fingerprint": sd_fingerprint(rules),
        "sd_version": SD_VERSION,
        "solver_fingerprint": solver_fingerprint(rules),
    }


def _check_worlds(worlds) -> int:
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise BadArgument(f"worlds must be a positive integer, got {worlds!r}")
    return int(worlds)


class SDSolverSource:
    """Fresh uniform deals, played single-dummy on the fly.

    Parameters
    ----------
    rules : Rules
    worlds : int
        Layouts per decision (:func:`analysis.single_dummy.play_deal`).
    """

    kind = "solver"
    play = "pimc"

    def __init__(self, rules, worlds: int = 16):
        self.rules = rules
        self.worlds = _check_worlds(worlds)
        self.size = None
        self._seed = self._game = 0

    def describe(self) -> dict:
        """Metadata: where outcomes come from."""
        return {
            "source": "solver",
            **_sd_identity(self.rules, self.worlds),
            "seeds": "deal_seed(seed, game_id, deal_no, seat)",
        }

    def begin(self, seed: int, game_id: int) -> None:
        """Start game ``game_id``: its deals' play seeds derive from ``(seed, game_id)``."""
        self._seed, self._game = int(seed), int(game_id)

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next block of deals, as :meth:`analysis.game.sources.SolverSource.draw`."""
        return deal(rng, BLOCK), np.full(BLOCK, -1, dtype=np.int64)

    def play_seat(self, masks, ref: int, seat: int, *, bid: int, deal_no: int, replay: bool = False):
        """Play deal ``masks`` (4,) for declarer ``seat`` at ``bid``; always played."""
        seed = deal_seed(self._seed, self._game, deal_no, seat)
        return _play_masks(masks, seat, self.rules, self.worlds, seed, bid)


def _play_masks(masks, seat: int, rules, worlds: int, seed: int, bid: int):
    """Single-dummy play of the deal ``masks`` (4,: three hands, widow) with
    ``seat`` declaring at ``bid``, as the table's :class:`SDPlayed`."""
    h = [int(x) for x in masks]
    hand, left, right = h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3]
    return from_result(play_out(hand, h[3], left, right, rules, worlds=worlds, seed=seed, bid=bid))


class SDPoolSource(PoolSource):
    """Deals drawn from a pool of single-dummy rows.

    Parameters
    ----------
    pool : path or pandas.DataFrame
        A single-dummy dataset (all three seats of every deal) or a frame
        with ``deal_id seat hand0 hand1 hand2 widow`` and the
        :data:`SD_POOL_COLUMNS` (``estimates`` a sequence of ints a row).
    rules : Rules
        Must have the pool's single-dummy conventions.
    worlds, seed : int
        Of a frame pool (required): the worlds and root seed it was played
        with, used to play again a written-off row the table plays (a
        dataset's come from its metadata).
    fingerprint : str, optional
        ``sd_fingerprint`` of a frame pool; None trusts the frame.
    draw, games
        As :class:`analysis.game.sources.PoolSource`.

    Raises
    ------
    ValueError
        On a pool of other conventions, missing columns or seats, an empty
        pool, unequal numbers of estimates, or a bad draw mode.
    """

    play = "pimc"

    def __init__(
        self,
        pool,
        rules,
        *,
        worlds: int | None = None,
        seed: int | None = None,
        fingerprint: str | None = None,
        draw: str = "with",
        games: int | None = None,
    ):
        from ..single_dummy import sd_fingerprint

        self.draw_mode, self.games = check_draw(draw, games)
        self.rules = rules
        meta: dict = {}
        if isinstance(pool, pd.DataFrame):
            frame, self.path = pool, None
        else:
            frame, meta, self.path = _load_sd_pool(pool)
            fingerprint = meta.get("sd_fingerprint")
            worlds, seed = meta.get("worlds"), meta.get("seed")
        want = sd_fingerprint(rules)
        if fingerprint is not None and fingerprint != want:
            raise BadArgument(
                f"the pool was played under other single-dummy conventions (fingerprint "
                f"{fingerprint}, these rules need {want}); play the deals again with "
                f"--rules {rules.name}"
            )
        missing = sorted(
            {"deal_id", "seat", "hand0", "hand1", "hand2", "widow", *SD_POOL_COLUMNS} - set(frame)
        )
        if missing:
            raise BadArgument(f"single-dummy pool lacks columns {missing}")
        if worlds is None or seed is None or isinstance(seed, bool) or int(seed) < 0:
            raise BadArgument(
                "a single-dummy pool frame needs the worlds and the non-negative root seed "
                f"it was played with, got worlds={worlds!r}, seed={seed!r}"
            )
        self.meta = meta
        self.worlds = _check_worlds(worlds)
        self.seed = int(seed)
        f = self._rows(frame)
        n = self.size
        self.table = np.stack([f[c].to_numpy(np.int32).reshape(n, 3) for c in PLAY_FIELDS], axis=-1)
        self.written_off = f["written_off"].to_numpy(bool).reshape(n, 3)
        est = [tuple(int(x) for x in e) for e in f["estimates"]]
        if len({len(e) for e in est}) != 1 or not est[0]:
            raise BadArgument("every single-dummy pool row must hold the same positive number of estimates")
        self.estimates = np.array(est, dtype=np.int16).reshape(n, 3, -1)
        self.replays = 0

    def describe(self) -> dict:
        """Metadata: pool identity and draw mode, and the single-dummy identity."""
        d = super().describe()
        d.update(_sd_identity(self.rules, self.estimates.shape[2]))
        d["pool_seed"] = self.seed
        d["pool_bid"] = self.meta.get("bid")
        d["replays"] = "a written-off row the table plays is played again with its own seed"
        return d

    def row_seed(self, ref: int, seat: int) -> int:
        """The ``play_deal`` seed of pool row ``ref``, ``seat``: the one
        :func:`analysis.single_dummy.batch.row_seed` gave it."""
        from ..single_dummy.batch import row_seed

        return row_seed(self.seed, int(self.deal_ids[ref]), seat)

    def play_seat(self, masks, ref: int, seat: int, *, bid: int, deal_no: int, replay: bool = False):
        """The stored play of row ``ref``, ``seat``; with ``replay``, a written-off
        row played out on the fly with its own seed at ``bid``."""
        wo = bool(self.written_off[ref, seat])
        if not (replay and wo):
            est = tuple(int(x) for x in self.estimates[ref, seat])
            return SDPlayed(*self.table[ref, seat].tolist(), est, not wo)
        self.replays += 1
        return _play_masks(self.masks[ref], seat, self.rules, self.worlds, self.row_seed(ref, seat), bid)


def _load_sd_pool(path):
    """Read a single-dummy dataset joined with its deals: (frame, params, absolute path).

    ``params`` holds the rows' ``sd_fingerprint``, ``worlds``, ``seed`` and
    ``bid`` (:func:`analysis.dataset.load_sd`, ``attrs["sd"]``) and
    the dataset's recorded parameters.
    """
    from pathlib import Path

    from .. import dataset

    frame = dataset.load_sd(path)
    params = {**dataset.read_params(path), **frame.attrs["sd"]}
    return frame, params, str(Path(path).resolve())
