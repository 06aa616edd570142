"""The statistics as a page of the game screen: the figures, then the winning scores as bars.

The same text as ``foursquare stats`` prints (:mod:`foursquare.storage.stats` writes
both), with the bars as tall as the terminal leaves room for, so that on an
80×24 terminal the whole page shows without scrolling.
"""

from __future__ import annotations

from foursquare.screen import layout
from foursquare.screen.app import TextScreen
from foursquare.screen.text import Text, Tone
from foursquare.storage.stats import Stats, histogram_lines, summary_lines

__all__ = ["BAR_ROWS", "TITLE", "stats_screen"]

TITLE = "Foursquare: your statistics"
BAR_ROWS = range(3, 9)
"""How tall the bars may be drawn, in rows: lower than 3 they no longer compare, higher than 8 adds nothing."""


def stats_screen(stats: Stats, *, height: int, ascii: bool = False, note: str | None = None) -> TextScreen:
    """The statistics page for a terminal ``height`` rows tall.

    ``note`` is a line about the statistics file (damaged, unreadable), shown
    first; ``ascii`` draws the bars with ``#`` and plain lines.
    """
    head = [Text((note,), Tone.ERROR), Text(("",))] if note else []
    summary = [Text((line,)) for line in summary_lines(stats)]
    frame = len(histogram_lines(stats, 0, ascii))  # the chart without its bars: title, axis, labels
    spare = layout.screen_body_rows(height) - len(head) - len(summary) - 1 - frame
    bars = min(max(spare, BAR_ROWS.start), BAR_ROWS.stop - 1)
    title, *chart = histogram_lines(stats, bars, ascii)
    lines = [*head, *summary, Text(("",)), Text((title,), Tone.HEADING), *(Text((line,)) for line in chart)]
    return TextScreen(TITLE, tuple(lines))
