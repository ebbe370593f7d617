"""Pictures as PNG files, with matplotlib: the 13x13 grid (a range, or a value per class), and a
player's winnings over his hands.

matplotlib comes with the ``plot`` extra (``pip install "holdem-engine[plot]"``); it is
imported only here, when a picture is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from holdem.analysis.starting import GRID_RANKS, class_at
from holdem.errors import MissingDependencyError

__all__ = ["PIXELS", "grid_png", "strategy_png", "winnings_png"]

PIXELS = 800
"""Width and height of every picture, in pixels."""

_DPI = 100


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no window, no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingDependencyError(
            'pictures need matplotlib: pip install "holdem-engine[plot]"'
        ) from None
    return plt


def _grid_axes(ax: Any, title: str) -> None:
    """The grid's frame: 13 x 13 square cells, ranks along the top and the left, a title."""
    ax.set_xlim(0, 13)
    ax.set_ylim(13, 0)
    ax.set_aspect("equal")
    ticks = [k + 0.5 for k in range(13)]
    ax.set_xticks(ticks, list(GRID_RANKS))
    ax.set_yticks(ticks, list(GRID_RANKS))
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_title(title, fontsize=10)


def grid_png(
    path: str,
    values: Mapping[str, float],
    *,
    title: str,
    labels: Mapping[str, str] | None = None,
    scale: tuple[float, float] = (0.0, 1.0),
    colormap: str = "Greens",
) -> None:
    """Draw the 13x13 grid to the PNG file ``path``, ``PIXELS`` square.

    Each class's cell is coloured by its value in ``values`` (from ``scale[0]`` to
    ``scale[1]`` along ``colormap``; a class without a value is left white) and shows its name
    and, from ``labels``, a second line. Ranks label the rows and columns (pairs on the
    diagonal, suited above, offsuit below).

    :raises MissingDependencyError: without matplotlib (the ``plot`` extra).
    :raises OSError: when the file cannot be written.
    """
    plt = _pyplot()
    low, high = scale
    cmap = plt.get_cmap(colormap)
    fig, ax = plt.subplots(figsize=(PIXELS / _DPI, PIXELS / _DPI), dpi=_DPI)
    try:
        for r in range(13):
            for c in range(13):
                name = class_at(r, c)
                value = values.get(name)
                shade = 0.0 if value is None else (value - low) / ((high - low) or 1.0)
                face: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0)
                if value is not None:
                    face = tuple(cmap(0.15 + 0.75 * min(max(shade, 0.0), 1.0)))
                ax.add_patch(plt.Rectangle((c, r), 1, 1, facecolor=face, edgecolor="#999999"))
                text = name if labels is None or name not in labels else f"{name}\n{labels[name]}"
                red, green, blue = face[:3]
                dark = 0.299 * red + 0.587 * green + 0.114 * blue < 0.5
                ax.text(
                    c + 0.5,
                    r + 0.5,
                    text,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if dark else "black",
                )
        _grid_axes(ax, title)
        fig.savefig(path, format="png", dpi=_DPI)
    finally:
        plt.close(fig)


# Colours of a strategy's actions, in order: checks and calls green, then bets and raises from
# light to dark red, folds blue (as solvers' pictures usually show them).
_PASSIVE = "#5ab45a"
_FOLD = "#4a7fc1"
_AGGRESSIVE = ("#f2a07b", "#e8684a", "#c83a2e", "#962020", "#5e0f0f")


def _action_colours(actions: list[str]) -> list[str]:
    colours = []
    k = 0
    for action in actions:
        if action.startswith("fold"):
            colours.append(_FOLD)
        elif action.startswith(("check", "call")):
            colours.append(_PASSIVE)
        else:
            colours.append(_AGGRESSIVE[min(k, len(_AGGRESSIVE) - 1)])
            k += 1
    return colours


def strategy_png(
    path: str,
    classes: Mapping[str, tuple[float, list[float]]],
    actions: list[str],
    *,
    title: str,
) -> None:
    """Draw a strategy on the 13x13 grid to the PNG file ``path``, ``PIXELS`` square.

    ``classes`` maps a class to its weight in the range and its frequency of each of
    ``actions``; each class's cell is split from left to right into one band per action, as
    wide as its frequency (a class not in the range is left white), with a legend of the
    actions below.

    :raises MissingDependencyError: without matplotlib (the ``plot`` extra).
    :raises OSError: when the file cannot be written.
    """
    plt = _pyplot()
    colours = _action_colours(actions)
    fig, ax = plt.subplots(figsize=(PIXELS / _DPI, PIXELS / _DPI), dpi=_DPI)
    try:
        for r in range(13):
            for c in range(13):
                name = class_at(r, c)
                weight, freqs = classes.get(name, (0.0, []))
                if weight > 0:
                    left = 0.0
                    for f, colour in zip(freqs, colours, strict=True):
                        if f > 0:
                            ax.add_patch(plt.Rectangle((c + left, r), f, 1, facecolor=colour))
                            left += f
                ax.add_patch(plt.Rectangle((c, r), 1, 1, fill=False, edgecolor="#999999"))
                ax.text(c + 0.5, r + 0.5, name, ha="center", va="center", fontsize=7)
        _grid_axes(ax, title)
        handles = [plt.Rectangle((0, 0), 1, 1, facecolor=c) for c in colours]
        ax.legend(
            handles,
            actions,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.01),
            ncol=min(len(actions), 6),
            fontsize=8,
            frameon=False,
        )
        fig.savefig(path, format="png", dpi=_DPI)
    finally:
        plt.close(fig)


def winnings_png(path: str, curve: Sequence[tuple[float, float]], player: str) -> None:
    """Draw a player's running winnings and all-in adjusted winnings, in big blinds, hand
    after hand (``curve``: each hand's pair) to the PNG file ``path``.

    :raises MissingDependencyError: without matplotlib (the ``plot`` extra).
    :raises OSError: when the file cannot be written.
    """
    plt = _pyplot()
    won = adjusted = 0.0
    xs, ys, zs = [0], [0.0], [0.0]
    for k, (w, a) in enumerate(curve, 1):
        won += w
        adjusted += a
        xs.append(k)
        ys.append(won)
        zs.append(adjusted)
    fig, ax = plt.subplots(figsize=(PIXELS / _DPI, PIXELS / 2 / _DPI), dpi=_DPI)
    try:
        ax.plot(xs, ys, label="won", color="tab:green")
        ax.plot(xs, zs, label="all-in adjusted", color="tab:orange")
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_xlabel("hands")
        ax.set_ylabel("big blinds")
        ax.set_title(f"{player}: {len(curve)} hands", fontsize=10)
        ax.legend(loc="best")
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)
