"""The equity plot: one player's chance to win against his score."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..atomic import replace_file
from ..errors import BadArgument

__all__ = ["check_plot_path", "plot_curve"]


def check_plot_path(arg: str) -> Path:
    """The file a plot will be written to, checked before any work.

    A name without an extension gets ``.png``.

    Raises
    ------
    BadArgument
        If the path is a folder, its folder does not exist, or its extension
        is not an image format matplotlib writes.
    """
    # matplotlib is heavy: loaded only to draw
    from matplotlib.figure import Figure

    path = Path(arg).expanduser()
    if path.is_dir():
        raise BadArgument(f"--plot {arg}: is a folder; give a file name such as {path / 'equity.png'}")
    if not path.resolve().parent.is_dir():
        raise BadArgument(f"--plot {arg}: folder {path.resolve().parent} does not exist")
    if not path.suffix:
        path = path.with_name(path.name + ".png")
    formats = Figure().canvas.get_supported_filetypes()
    if path.suffix[1:].lower() not in formats:
        raise BadArgument(
            f"--plot {arg}: unknown image format {path.suffix!r}; "
            f"use one of {', '.join('.' + f for f in sorted(formats))}"
        )
    return path


def plot_curve(path, scores, win, low, high, *, player: int, title: str, mark=None) -> Path:
    """Save one player's chance to win against his score, with its band.

    Parameters
    ----------
    path : path
        Image file (:func:`check_plot_path`); written atomically.
    scores, win, low, high : ndarray of shape (k,)
        His scores (points) and his chances with their 95 % interval.
    player : int
        For the labels.
    title : str
    mark : (float, float), optional
        A point to mark: the state asked about.
    """
    # matplotlib is heavy: loaded only to draw
    import matplotlib

    matplotlib.use("Agg")
    # matplotlib is heavy: loaded only to draw
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    x = np.asarray(scores)
    ax.fill_between(x, low, high, alpha=0.25, color="C0", label="95% interval (fit's uncertainty)")
    ax.plot(x, win, "-", color="C0", label=f"player {player}'s chance to win")
    ax.axhline(1 / 3, color="grey", lw=0.8, ls=":", label="1/3")
    if mark is not None:
        ax.plot([mark[0]], [mark[1]], "o", color="C3", label="this table")
    ax.set_xlabel(f"player {player}'s score (points), the others fixed")
    ax.set_ylabel("chance to win the game")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    try:
        replace_file(path, lambda tmp: fig.savefig(tmp, dpi=110, format=Path(path).suffix[1:].lower()))
    finally:
        plt.close(fig)
    return Path(path)
