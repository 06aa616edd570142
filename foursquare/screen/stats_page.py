"""The statistics as text: a page of the game screen, and what ``foursquare stats`` prints.

The figures, then the winning scores as bars.  The page draws the bars as
tall as the terminal leaves room for, so that on an 80×24 terminal the whole
page shows without scrolling; the command prints the same lines.  Whether the
bars can be drawn with block characters is decided here, from the character
set of wherever they are shown (:func:`can_encode`).
"""

from __future__ import annotations

from foursquare.screen import layout
from foursquare.screen.app import TextScreen
from foursquare.screen.text import Text, Tone
from foursquare.storage.session import Finish
from foursquare.storage.stats import LOSSES, Stats

__all__ = [
    "BAR_ROWS",
    "CHART_GLYPHS",
    "TITLE",
    "can_encode",
    "end_note",
    "histogram_lines",
    "render_lines",
    "score_lines",
    "stats_screen",
    "summary_lines",
]

TITLE = "Foursquare: your statistics"
BAR_ROWS = range(3, 9)
"""How tall the bars may be drawn, in rows: lower than 3 they no longer compare, higher than 8 adds nothing."""


def stats_screen(
    stats: Stats, *, height: int, ascii: bool = False, note: str | None = None, width: int = 80
) -> TextScreen:
    """The statistics page for a terminal ``width``×``height``.

    ``note`` is a line about the statistics file (damaged, unreadable), shown
    first; ``ascii`` draws the bars with ``#`` and plain lines.  Where the
    chart of every score does not fit the width, each score won gets a line
    of its own instead (:func:`score_lines`), so that nothing is cut.
    """
    head = [Text((note,), Tone.ERROR), Text(("",))] if note else []
    summary = [Text((line,)) for line in summary_lines(stats)]
    frame = len(histogram_lines(stats, 0, ascii))  # the chart without its bars: title, axis, labels
    spare = layout.screen_body_rows(height) - len(head) - len(summary) - 1 - frame
    bars = min(max(spare, BAR_ROWS.start), BAR_ROWS.stop - 1)
    title, *chart = histogram_lines(stats, bars, ascii)
    if max(map(len, chart)) > width:  # the chart may use the margins of the page, not more
        title, *chart = score_lines(stats, ascii)
    lines = [*head, *summary, Text(("",)), Text((title,), Tone.HEADING), *(Text((line,)) for line in chart)]
    return TextScreen(TITLE, tuple(lines))


def summary_lines(stats: Stats) -> list[str]:
    """The figures as aligned lines of text: label on the left, number on the right."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    rows = [
        ("Games played", str(stats.played), ""),
        ("Won", str(stats.won), "" if stats.win_percent is None else f"{stats.win_percent:.1f}%"),
        ("Lost", str(stats.lost), ""),
        ("Current winning streak", str(stats.current_streak), ""),
        ("Longest winning streak", str(stats.longest_streak), ""),
        ("Best score", show(stats.best_score), ""),
        ("Average winning score", show(stats.average_score, 1), ""),
    ]
    rows += [(f"  {ending.label}", str(stats.losses[ending]), "") for ending in LOSSES]
    label_width = max(len(label) for label, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    lines = [f"{label:<{label_width}}  {value:>{value_width}}  {note}".rstrip() for label, value, note in rows]
    lines.insert(len(rows) - len(LOSSES), "Lost because of")
    return lines


# The chart's bar, axis side, tick, corner and rule.
_UNICODE_CHART = ("██", "│", "┤", "└", "─")
_ASCII_CHART = ("##", "|", "+", "+", "-")
CHART_GLYPHS = "".join(_UNICODE_CHART)
"""Every character the chart draws beyond ASCII."""


def histogram_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The winning scores 0 to 24 as a bar chart: one column a score, at most ``height`` rows tall.

    The bars are scaled when a count exceeds ``height``; the exact counts are
    printed under the score labels.  80 columns suffice while no score has
    been won 100 times or more.
    """
    title = "Winning scores (cards left in the stock)"
    top = max(stats.histogram)
    if top == 0:
        return [title, "  no wins yet"]
    bar, side, tick, corner, rule = _ASCII_CHART if ascii_only else _UNICODE_CHART
    width = max(3, len(str(top)) + 1)
    rows = min(height, top)
    label = max(3, len(str(top)))
    filled = [(count * rows + top - 1) // top for count in stats.histogram]
    lines = [title]
    for level in range(rows, 0, -1):
        axis = f"{top:>{label}} {tick}" if level == rows else f"{'':>{label}} {side}"
        lines.append(axis + "".join(f"{bar if n >= level else '':>{width}}" for n in filled).rstrip())
    lines.append(f"{0:>{label}} {corner}" + rule * (width * len(filled)))
    lines.append(f"{'score':>{label + 2}}" + "".join(f"{score:>{width}}" for score in range(len(filled))))
    lines.append((f"{'wins':>{label + 2}}" + "".join(f"{n or '':>{width}}" for n in stats.histogram)).rstrip())
    return lines


def score_lines(stats: Stats, ascii_only: bool = False, longest: int = 30) -> list[str]:
    """The winning scores as one line for each score won: the score, a bar at most ``longest`` long, the count.

    For a terminal too narrow for :func:`histogram_lines`' 25 columns.
    """
    title = "Winning scores (cards left in the stock)"
    top = max(stats.histogram)
    if top == 0:
        return [title, "  no wins yet"]
    bar = (_ASCII_CHART if ascii_only else _UNICODE_CHART)[0][0]
    lines = [title, "  score  wins"]
    for score, count in enumerate(stats.histogram):
        if count:
            lines.append(f"  {score:>5}  {bar * max(1, count * longest // top)} {count}")
    return lines


def render_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The whole statistics screen as lines of text (no terminal control codes)."""
    return [*summary_lines(stats), "", *histogram_lines(stats, height, ascii_only)]


def end_note(finish: Finish, stats: Stats | None, deal: int | None, *, replay: bool, ended: bool) -> tuple[Text, ...]:
    """Whether a game that just ended counts in the statistics and why not, then the streak and win rate.

    ``replay``: the deal was counted before this game began; ``ended``: this
    game ended before and was taken back since; ``stats``: the statistics
    now, or None if they could not be read.
    """
    if finish.counted:
        counts = Text(("This game counts in your statistics.",))
    elif replay:
        counts = Text((f"Not counted: deal {deal} was counted before (a replay).",), Tone.BAD)
    elif ended:
        counts = Text((f"Not counted: deal {deal} counted when it first ended, before the undo.",), Tone.BAD)
    else:
        counts = Text(("Not counted: the statistics could not be updated.",), Tone.BAD)
    if stats is None or not stats.played:
        return (counts,)
    rate = f"won {stats.win_percent:.0f}% of {stats.played}" if stats.win_percent is not None else ""
    return (counts, Text((f"Streak {stats.current_streak}, {rate}.",)))


def can_encode(text: str, encoding: str | None) -> bool:
    """Whether ``text`` can be written in ``encoding`` (an unknown or missing one counts as ASCII)."""
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
