"""Pools of outcomes a game draws its deals from, with or without replacement.

:class:`PoolSource`
    draws deals from a pool of solved deals (a ``solutions`` dataset of all
    three seats joined with its deals, or the same columns as a DataFrame)
    solved under the same solver conventions
    (:func:`analysis.solver.solver_fingerprint`), in one of two modes:

    ``draw="with"``
        each deal uniformly *with replacement* from the game's stream, so
        draws repeat once a pool is small beside the games drawn from it;
    ``draw="without"``
        a fixed permutation of the pool's deals made from the root seed
        alone (:func:`~analysis.game.sources.pool_permutation`) is cut into
        ``games`` blocks of ``size // games`` deals; game ``g`` takes its
        deals in order from block ``g``.  No deal is used twice while every
        game stays in its block.  A game that runs past its block (or a game
        id of ``games`` or more, or a pool of fewer deals than games) goes on
        drawing with replacement from its own stream; those draws are
        counted (:func:`~analysis.game.sources.draw_summary`).  The blocks
        depend on the seed, the pool and ``games`` only, so games stay the
        same whatever the split into calls, chunks or workers (pass the
        total as ``games``), and two conventions simulated on the same seed
        and pool draw the same deals (common random numbers).
:class:`SDPoolSource`
    draws the same way from a pool of single-dummy rows (all three seats of
    every deal, played at one bid) and gives their stored play; a row the
    declarer wrote off holds no play, and if the table has him play it (a
    higher bid, or a write-off he may not make on the barrel), the deal is
    played again on the fly with the row's own seed, so the gift and
    estimates are the row's (:attr:`SDPoolSource.replays` counts them; a
    replay is kept per row, seat and bid, so a pool deal drawn again is not
    played again).
    The declarer decides his contract and write-off again at the game's
    table state from the row's per-world outcomes; a pool of ``sd`` schema
    1 (values only) has the defenders' side of its worlds solved again on
    first use (:meth:`SDPoolSource.row_worlds`).

Both give their outcomes through the interface of
:mod:`analysis.game.sources`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .. import dataset
from ..dataset.schema import SD_WORLD_COLUMNS
from ..errors import BadArgument
from ..redeal import redeal_after_many
from ..single_dummy import sd_fingerprint
from ..single_dummy.batch import PLAY_FIELDS, has_play, row_seed
from ..single_dummy.decide import declarer_worlds, world_outcomes
from ..solver import solver_fingerprint
from .outcomes import SOLVED_FIELDS, SDPlayed, Solved
from .sources import BLOCK, check_draw, check_worlds, play_masks, pool_permutation, sd_identity

__all__ = ["load_pool_frame", "PoolSource", "SDPoolSource"]

#: Columns an SD pool frame needs besides ``deal_id seat hand0 hand1 hand2
#: widow`` (the rows of :func:`analysis.single_dummy.play_deals`).
SD_POOL_COLUMNS = (*PLAY_FIELDS, "written_off", "estimates")


def load_pool_frame(path) -> tuple[pd.DataFrame, dict]:
    """Read the columns the simulator needs from a solutions dataset and its deals.

    Returns
    -------
    (frame, params) : DataFrame with one row per (deal, seat) (``deal_id``,
        ``seat``, the solution columns, ``hand0 hand1 hand2 widow``), and
        the solutions dataset's parameters.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``path`` is not a complete solutions dataset, or its deals
        dataset is missing or holds other deals.
    """
    params = dataset.read_params(path)
    if params.get("kind") != "solutions":
        hint = "; single-dummy rows are drawn with --outcomes pimc" if params.get("kind") == "sd" else ""
        raise dataset.DatasetError(f"{path} is a {params.get('kind')} dataset, not solutions{hint}")
    deals_path = dataset.solved_deals(path, params)
    sol = dataset.read_frame(path, "solutions", columns=["deal_id", "seat", *SOLVED_FIELDS])
    deals = dataset.read_frame(deals_path, "deals", columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    return sol.merge(deals, on="deal_id", how="left", validate="many_to_one"), params


class PoolSource:
    """Deals drawn from a pool of solved deals, with or without replacement.

    Parameters
    ----------
    pool : path or pandas.DataFrame
        A ``solutions`` dataset (all three seats solved; its deals dataset
        must be readable), or a frame with the columns ``deal_id hand0
        hand1 hand2 widow seat`` and the solution columns.
    rules : Rules
        Must have the pool's solver conventions.
    fingerprint : str, optional
        Solver fingerprint of a DataFrame pool (a dataset's is read from its
        metadata); None trusts the frame.
    draw : {"with", "without"}
        ``"with"``: uniform draws with replacement (the default, as before);
        ``"without"``: each game its own block of a fixed permutation of the
        pool (module docstring).
    games : int, optional
        With ``draw="without"``: the number of games the permutation is
        shared among (every game id below it gets ``size // games`` deals).
        Required for ``"without"``.

    Raises
    ------
    ValueError
        If the pool was solved under other conventions, lacks a seat of
        some deal, or is empty; on an unknown ``draw`` or a missing or
        non-positive ``games`` with ``draw="without"``.
    """

    kind = "pool"
    play = "dd"

    def __init__(
        self, pool, rules, fingerprint: str | None = None, *, draw: str = "with", games: int | None = None
    ):
        self.draw_mode, self.games = check_draw(draw, games)
        self.rules = rules
        want = solver_fingerprint(rules)
        meta: dict = {}
        if isinstance(pool, pd.DataFrame):
            frame, self.path = pool, None
        else:
            frame, meta = load_pool_frame(pool)
            self.path = str(Path(pool).resolve())
            fingerprint = meta.get("solver_fingerprint")
        if fingerprint is not None and fingerprint != want:
            raise BadArgument(
                f"the pool was solved under other conventions (solver fingerprint "
                f"{fingerprint}, these rules need {want}); solve the deals again with "
                f"--rules {rules.name}"
            )
        self.meta = meta
        f = self._rows(frame)
        n = self.size
        self.table = np.stack(
            [f[c].to_numpy(np.int32).reshape(n, 3) for c in SOLVED_FIELDS], axis=-1
        )  # (n, seat, field), int32: 120 bytes a deal
        self._flag_gifts(rules)

    def _flag_gifts(self, rules) -> None:
        """Set the ``redeal_after_gift`` column of :attr:`table` under the
        game's ``rules``: the pool's was computed under the rules it was solved
        with, which share the solver conventions but not necessarily the
        after-exchange redeal conditions (RULES.md, "Redeals": e.g. wiki's four
        jacks after the exchange, ``redeal_after_four_jacks``, on a wiki pool)."""
        t, m = self.table, self.masks.astype(np.int64)
        left, right, flag = (SOLVED_FIELDS.index(c) for c in ("give_left", "give_right", "redeal_after_gift"))
        for s in range(3):
            gl = np.left_shift(np.int64(1), t[:, s, left].astype(np.int64))
            gr = np.left_shift(np.int64(1), t[:, s, right].astype(np.int64))
            eight = (m[:, s] | m[:, 3]) & ~gl & ~gr
            hands8 = np.stack([eight, m[:, (s + 1) % 3] | gl, m[:, (s + 2) % 3] | gr], axis=1)
            t[:, s, flag] = redeal_after_many(hands8, rules)

    def _rows(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Sort the pool's rows by (deal, seat), check every deal has its three
        seats, and set :attr:`size`, :attr:`deal_ids` and :attr:`masks`."""
        f = frame.sort_values(["deal_id", "seat"], kind="stable")
        counts = f.groupby("deal_id").seat.nunique()
        if len(counts) == 0:
            raise BadArgument("the pool holds no solved deals")
        if (counts != 3).any():
            raise BadArgument(
                f"{int((counts != 3).sum())} pool deals lack a solved seat; "
                "the simulator needs all three seats (thousand solve --seats 0,1,2)"
            )
        self.size = len(counts)
        self.deal_ids = f.deal_id.to_numpy(np.int64)[::3].copy()
        self.masks = np.ascontiguousarray(f[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)[::3])
        self._limits = {}
        self._perm = {}
        self._queue = np.zeros(0, dtype=np.int64)
        return f

    @property
    def per_game(self) -> int:
        """Deals of each game's block with ``draw="without"`` (0 with ``"with"``)."""
        return 0 if self.games is None else self.size // self.games

    def describe(self) -> dict:
        """Metadata: pool path, size, draw mode, solver identity."""
        if self.draw_mode == "with":
            how = "uniform with replacement (draws can repeat)"
        else:
            how = (
                f"without replacement: game g takes block g of {self.per_game} deals of a "
                f"permutation of the pool shared among {self.games} games; past its "
                "block a game draws with replacement"
            )
        return {
            "source": "pool",
            "play": "dd",
            "pool_path": self.path,
            "pool_size": int(self.size),
            "draw": self.draw_mode,
            "draws": how,
            "pool_games": self.games,
            "per_game": self.per_game,
            "solver_fingerprint": solver_fingerprint(self.rules),
            "solver_version": self.meta.get("solver_version"),
            "pool_deals_hash": self.meta.get("deals_hash"),
        }

    def begin(self, seed: int, game_id: int) -> None:
        """Start game ``game_id`` of root ``seed``: queue its block of the permutation."""
        if self.draw_mode == "with" or game_id >= self.games:
            self._queue = np.zeros(0, dtype=np.int64)
            return
        if seed not in self._perm:
            self._perm = {seed: pool_permutation(seed, self.size)}
        b = self.per_game
        self._queue = self._perm[seed][game_id * b : (game_id + 1) * b]

    def draw(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Next pool rows of the game: from its block, then uniform with replacement.

        Returns
        -------
        masks : ndarray of shape (k, 4), uint32
        refs : ndarray of shape (k,), int64
            Pool row indices (:attr:`deal_ids` maps them to deal ids); ``k``
            is ``BLOCK``, or what is left of the game's block.
        """
        if len(self._queue):
            idx, self._queue = self._queue[:BLOCK], self._queue[BLOCK:]
        else:
            idx = rng.integers(0, self.size, BLOCK).astype(np.int64)
        return self.masks[idx], idx

    def outcome(self, masks, ref: int, seat: int, *, bid: int = 100, deal_no: int = 0, replay: bool = False):
        """The stored solution of pool row ``ref`` for declarer ``seat``."""
        return Solved._make(self.table[ref, seat].tolist())

    def limits(self, policy) -> np.ndarray:
        """Policy limits of every pool deal, computed once per policy."""
        key = policy.thresholds + (policy.estimator_name, id(policy.estimator))
        if key not in self._limits:
            self._limits[key] = policy.limits(self.masks[:, :3], self.rules)
        return self._limits[key]


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
        As :class:`PoolSource`.

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
        self.draw_mode, self.games = check_draw(draw, games)
        self.rules = rules
        meta: dict = {}
        if isinstance(pool, pd.DataFrame):
            frame, self.path = pool, None
        else:
            frame, meta, self.path = load_sd_pool(pool)
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
        self.worlds = check_worlds(worlds)
        self.seed = int(seed)
        f = self._rows(frame)
        n = self.size
        self.table = np.stack([f[c].to_numpy(np.int32).reshape(n, 3) for c in PLAY_FIELDS], axis=-1)
        self.written_off = f["written_off"].to_numpy(bool).reshape(n, 3)
        self.has_play = has_play(f).reshape(n, 3)  # older pools: no play where written off
        est = [tuple(int(x) for x in e) for e in f["estimates"]]
        if len({len(e) for e in est}) != 1 or not est[0]:
            raise BadArgument("every single-dummy pool row must hold the same positive number of estimates")
        self.estimates = np.array(est, dtype=np.int16).reshape(n, 3, -1)
        k = self.estimates.shape[2]
        #: per (row, seat, world) the WORLD_FIELDS; None: drawn again on first use
        self.worlds_of = None
        if all(c in f for c in SD_WORLD_COLUMNS):
            cols = [
                np.array([tuple(int(x) for x in e) for e in f[c]], dtype=np.int16) for c in SD_WORLD_COLUMNS
            ]
            if any(c.shape != (3 * n, k) for c in cols):
                raise BadArgument("every per-world column of a single-dummy pool row needs one value a world")
            self.worlds_of = np.stack([self.estimates.reshape(3 * n, k), *cols], axis=-1).reshape(n, 3, k, 5)
        self._redrawn: dict = {}
        #: (row, seat, bid) -> the replay of a written-off row (equal arguments, equal play)
        self._replayed: dict = {}
        self.replays = 0
        self.redrawn = 0

    def describe(self) -> dict:
        """Metadata: pool identity and draw mode, and the single-dummy identity."""
        d = super().describe()
        d.update(sd_identity(self.rules, self.estimates.shape[2]))
        d["pool_seed"] = self.seed
        d["pool_bid"] = self.meta.get("bid")
        d["replays"] = "a written-off row the table plays is played again with its own seed"
        return d

    def row_seed(self, ref: int, seat: int) -> int:
        """The ``play_deal`` seed of pool row ``ref``, ``seat``: the one
        :func:`analysis.single_dummy.batch.row_seed` gave it."""
        return row_seed(self.seed, int(self.deal_ids[ref]), seat)

    def outcome(self, masks, ref: int, seat: int, *, bid: int, deal_no: int = 0, replay: bool = False):
        """The stored play of row ``ref``, ``seat``; with ``replay``, a written-off
        row played out on the fly with its own seed at ``bid``."""
        known = bool(self.has_play[ref, seat])
        if not replay or known:
            return SDPlayed(*self.table[ref, seat].tolist(), self.row_worlds(ref, seat), known)
        self.replays += 1
        key = (int(ref), int(seat), int(bid))
        if key not in self._replayed:  # the play is a function of the row, its seed and the bid
            self._replayed[key] = play_masks(
                self.masks[ref], seat, self.rules, self.worlds, self.row_seed(ref, seat), bid
            )
        return self._replayed[key]

    def row_worlds(self, ref: int, seat: int) -> tuple:
        """The declarer's worlds of row ``ref``, ``seat`` as ``SDPlayed.worlds``.

        A pool of ``sd`` schema 1 stores only his values: his worlds are
        drawn again from the row's seed
        (:func:`analysis.single_dummy.decide.declarer_worlds`) and the
        defenders' points and tricks solved after the row's gift
        (:func:`~analysis.single_dummy.decide.world_outcomes`), once a row
        (:attr:`redrawn` counts them).

        Raises
        ------
        RuntimeError
            If the values drawn again differ from the stored estimates (the
            row was played by another sampler).
        """
        if self.worlds_of is not None:
            return tuple(tuple(int(x) for x in w) for w in self.worlds_of[ref, seat])
        key = (int(ref), int(seat))
        if key not in self._redrawn:
            h = [int(x) for x in self.masks[ref]]
            ten = h[seat] | h[3]
            gl, gr = (int(self.table[ref, seat, PLAY_FIELDS.index(c)]) for c in ("give_left", "give_right"))
            lay = declarer_worlds(ten, self.worlds, self.row_seed(ref, seat))
            rows = world_outcomes(ten, gl, gr, lay, self.rules)
            if rows[:, 0].tolist() != self.estimates[ref, seat].tolist():
                raise RuntimeError(
                    f"pool row {self.deal_ids[ref]} seat {seat}: its worlds drawn again give other "
                    "values than the stored estimates; play the pool again with this version"
                )
            self._redrawn[key] = tuple(tuple(int(x) for x in w) for w in rows)
            self.redrawn += 1
        return self._redrawn[key]


def load_sd_pool(path):
    """Read a single-dummy dataset joined with its deals: (frame, params, absolute path).

    ``params`` holds the rows' ``sd_fingerprint``, ``worlds``, ``seed`` and
    ``bid`` (:func:`analysis.dataset.load_sd`, ``attrs["sd"]``) and the
    dataset's recorded parameters.
    """
    frame = dataset.load_sd(path)
    params = {**dataset.read_params(path), **frame.attrs["sd"]}
    return frame, params, str(Path(path).resolve())
