"""The look every chart shares, and the one place matplotlib is first imported."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrimmage.core.errors import ScrimmageError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

INSTALL_HINT = "plots need matplotlib: pip install 'scrimmage[plot]'"
FORMATS = (".png", ".svg")

HOME_COLOR = "#1f5a96"
AWAY_COLOR = "#c8553d"
REAL_COLOR = "#222222"
MUTED_COLOR = "#8a8a8a"
GRID_COLOR = "#dddddd"

RC: dict[Any, Any] = {   # matplotlib's rcParams (its stubs type the keys as literals)
    "font.size": 9,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.labelsize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": GRID_COLOR,
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "legend.frameon": False,
    "legend.fontsize": 8,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "svg.hashsalt": "scrimmage",   # the same chart gives the same SVG, byte for byte
}


def require_matplotlib() -> None:
    """Fail in one line, with the install hint, when matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise ScrimmageError(INSTALL_HINT) from None
    matplotlib.use("Agg")   # files only: never open a window


def check_out(out: Path) -> None:
    """Only PNG and SVG, chosen by the name (checked before any work is done)."""
    if out.suffix.lower() not in FORMATS:
        raise ScrimmageError(f"{out}: the output name must end in .png or .svg")


def render(out: Path, draw: Callable[[], Figure]) -> None:
    """Draw with the shared look and write PNG or SVG by the name's suffix. The look is set
    while drawing because matplotlib reads most settings when an artist is made."""
    check_out(out)
    require_matplotlib()
    from matplotlib import rc_context

    with rc_context(RC):
        fig = draw()
        _save(fig, out)


def svg_data_uri(draw: Callable[[], Figure]) -> str:
    """A chart as a `data:` URI of its SVG, for a self-contained HTML page (an `<img>` of its
    own: inline SVGs in one page could share their element ids)."""
    require_matplotlib()
    from matplotlib import rc_context

    buffer = io.BytesIO()
    with rc_context(RC):
        draw().savefig(buffer, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def note(ax: Axes, text: str) -> None:
    """Small grey text at the right of the title line (the game id, the run's size)."""
    ax.set_title(text, loc="right", fontsize=7, fontweight="normal", color=MUTED_COLOR)


def figure(width: float, height: float) -> Figure:
    """A figure not registered with pyplot: no global state to clean up."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _save(fig: Figure, out: Path) -> None:
    # no date in an SVG, so the same chart is the same file
    metadata: dict[str, Any] = {"Date": None} if out.suffix.lower() == ".svg" else {}
    try:
        fig.savefig(out, metadata=metadata)
    except OSError as exc:
        raise ScrimmageError(f"{out}: cannot write ({exc.strerror or exc})") from None
