"""A review in words and pictures: the summary, the win-chance chart and a line per placement.

Shared by the review pages of the game screen and ``foursquare review``, so
both say the same thing.  Plain strings only, no terminal, no curses; cards
and arrows are spelled as on the table (``10♠``, ``→``), or ``10S`` and ``->``
where the caller asks for ASCII.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from foursquare.engine import Card, Status, cell_name
from foursquare.expert.review import Review, Step, Verdict
from foursquare.screen.render import UNICODE

__all__ = [
    "BLUNDER_MARK",
    "CHART_GLYPHS",
    "MISTAKE_MARK",
    "SUMMARY_HEAD",
    "chance_text",
    "chart_lines",
    "progress_bar",
    "result_text",
    "step_line",
    "summary_lines",
]

_EIGHTHS = " ▁▂▃▄▅▆▇█"
_ASCII_EIGHTHS = "    #####"
"""A row's worth of chance rounded to the nearest row: ASCII has no eighths."""
CHART_GLYPHS = _EIGHTHS.strip() + "░"
"""Every character the chart and progress bar draw beyond ASCII."""
MISTAKE_MARK = "?"
BLUNDER_MARK = "X"
_MARKS = {Verdict.MISTAKE: MISTAKE_MARK, Verdict.BLUNDER: BLUNDER_MARK}
MAX_SCALE = 4
"""The most columns one point of the chart takes: a short game gets a chart wide enough to read."""
LABEL_WIDTH = 5
"""The chart's left margin: ``100% `` and the like."""


def chance_text(chance: float) -> str:
    """A win chance as a whole percentage, never a false 0% or 100%."""
    percent = round(chance * 100)
    if percent >= 100 and chance < 1:
        return "99%"
    if percent <= 0 < chance:
        return "1%"
    return f"{percent}%"


def result_text(result: Status, score: int | None) -> str:
    """``won, score 14`` or ``lost``."""
    return f"won, score {score}" if result is Status.WON else "lost"


def _short_result(result: Status, score: int | None) -> str:
    return str(score) if result is Status.WON else "lost"


def progress_bar(fraction: float, width: int, *, ascii: bool = False) -> str:
    """``████░░░░ 50%``: a bar ``width`` columns wide, then the percentage."""
    fraction = min(1.0, max(0.0, fraction))
    full = round(fraction * width)
    on, off = ("#", "-") if ascii else ("█", "░")
    return f"{on * full}{off * (width - full)} {round(fraction * 100)}%"


def _card(card: Card, ascii: bool) -> str:
    """``10♠`` as on the table, or ``10S`` in ASCII."""
    return str(card) if ascii else card.rank_text + UNICODE.suits[card.suit]


def _arrow(ascii: bool) -> str:
    return "->" if ascii else "→"


def step_line(step: Step, *, ascii: bool = False) -> str:
    """``12. 7♠ on b1 (expert: b2)  94% →  81%  mistake``: one placement for a listing."""
    expert = "same" if step.expert_cell == step.cell else cell_name(step.expert_cell)
    before, after = chance_text(step.chance_before), chance_text(step.chance_after)
    return (
        f"{step.n:>2}. {_card(step.card, ascii):>3} on {cell_name(step.cell)} (expert: {expert:<4})"
        f" {before:>4} {_arrow(ascii)} {after:>4}  {step.verdict}"
    )


def chart_lines(steps: Sequence[Step], rows: int, width: int, *, ascii: bool = False) -> list[str]:
    """The player's win chance across the game, ``rows`` tall, and a row marking mistakes and blunders.

    One column per point (before the first card, then after each), up to
    :data:`MAX_SCALE` when there is room; at most ``width`` columns in all, labels included.  The
    scale runs from 100% down to the lowest chance less a little, in tens,
    so that a game spent between 80% and 95% does not look flat.  In
    Unicode each column fills up to the chance in eighths of a row
    (``▁``-``█``), in ASCII with ``#`` to the nearest row.
    """
    if not steps:
        return []
    points = [steps[0].chance_before, *(step.chance_after for step in steps)]
    room = max(1, width - LABEL_WIDTH)
    scale = max(1, min(MAX_SCALE, room // len(points)))
    points = points[: room // scale]
    rows = max(1, rows)
    low = max(0, math.floor(min(points) * 10) - 1) * 10  # in points, a multiple of 10
    glyphs = _ASCII_EIGHTHS if ascii else _EIGHTHS
    labels = {rows: "100%", 1: f"{low}%"}
    if rows >= 5:
        labels[(rows + 1) // 2] = f"{(100 + low) // 2}%"
    lines = []
    for row in range(rows, 0, -1):  # row 1 is the bottom
        cells = []
        for chance in points:
            eighths = round((chance * 100 - low) / (100 - low) * rows * 8) - (row - 1) * 8
            cells.append(glyphs[min(8, max(0, eighths))] * scale)
        lines.append(f"{labels.get(row, ''):>4} {''.join(cells)}".rstrip())
    axis = "-" if ascii else "─"
    lines.append(f"{'':>4} {axis * (len(points) * scale)}")
    marks = "".join(_MARKS.get(step.verdict, " ").rjust(scale) for step in steps[: len(points) - 1])
    if marks.strip():
        lines.append(f"{'':>4} {' ' * scale}{marks}".rstrip())
    return lines


SUMMARY_HEAD = 6
"""Lines of the summary above the chart's own."""


def _counted(review: Review) -> str:
    """``19 best · 5 good · 1 inaccuracy · 4 mistakes · 0 blunders``."""
    words = []
    for name in Verdict:
        count = review.counts.get(name, 0)
        word = name.value
        if count != 1 and name not in (Verdict.BEST, Verdict.GOOD):
            word = "inaccuracies" if name is Verdict.INACCURACY else word + "s"
        words.append(f"{count} {word}")
    return " · ".join(words)


def summary_lines(review: Review, *, rows: int, width: int, ascii: bool = False) -> list[str]:
    """The summary of a review, :data:`SUMMARY_HEAD` lines then the chart ``rows`` tall (and its axis and marks)."""
    you = _short_result(review.result, review.score)
    expert = _short_result(review.expert_result, review.expert_score)
    worst = review.costliest
    if worst is None:
        costliest = "Costliest placement: none, every one kept your chance"
    else:
        costliest = (
            f"Costliest: card {worst.n}, {_card(worst.card, ascii)} on {cell_name(worst.cell)} (expert: "
            f"{cell_name(worst.expert_cell)}), {chance_text(worst.chance_before)} {_arrow(ascii)} "
            f"{chance_text(worst.chance_after)}, {worst.verdict}"
        )
    return [
        f"You {you} · expert {expert}   (the expert played this deal from the start)",
        f"Accuracy {review.accuracy:g} of 100",
        _counted(review),
        costliest,
        "",
        f"Your win chance, card by card ({MISTAKE_MARK} mistake, {BLUNDER_MARK} blunder)",
        *chart_lines(review.steps, rows, width, ascii=ascii),
    ]
