"""A review in words and pictures: the summary, the win-chance chart, a page and a line per placement.

Shared by the review pages of the game screen, plain mode and ``foursquare
review``, so all say the same thing.  Cards and arrows are spelled as on the
table (``10♠``, ``→``), or ``10S`` and ``->`` where the caller asks for ASCII.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from foursquare.engine import Card, Cell, cell_name
from foursquare.expert.review import Review, Step, Verdict
from foursquare.storage.helped import Help
from foursquare.storage.problems import Problem
from foursquare.words.advice import chance_text
from foursquare.words.cards import Spelling
from foursquare.words.glyphs import ASCII_EIGHTHS, EIGHTHS, glyphs
from foursquare.words.grammar import plural
from foursquare.words.helped import with_help
from foursquare.words.problems import why
from foursquare.words.results import result_words, score_words
from foursquare.words.text import Text, Token, Tone

__all__ = [
    "BLUNDER_MARK",
    "FOOTER",
    "MISTAKE_MARK",
    "NO_ERRORS",
    "SHORT_FOOTER",
    "SUMMARY_HEAD",
    "chart_lines",
    "finish_first",
    "helped_summary_line",
    "no_error_beyond",
    "not_over",
    "placement_lines",
    "plain_review_lines",
    "progress_bar",
    "progress_line",
    "report_lines",
    "review_not_kept",
    "review_stopped",
    "review_title",
    "step_line",
    "summary_lines",
    "summary_waiting",
    "verdict_lines",
]

MISTAKE_MARK = "?"
BLUNDER_MARK = "X"
_MARKS = {Verdict.MISTAKE: MISTAKE_MARK, Verdict.BLUNDER: BLUNDER_MARK}
MAX_SCALE = 4
"""The most columns one point of the chart takes: a short game gets a chart wide enough to read."""
LABEL_WIDTH = 5
"""The chart's left margin: ``100% `` and the like."""


def progress_bar(fraction: float, width: int, *, ascii: bool = False) -> str:
    """``████░░░░ 50%``: a bar ``width`` columns wide, then the percentage."""
    fraction = min(1.0, max(0.0, fraction))
    full = round(fraction * width)
    g = glyphs(ascii)
    return f"{g.bar * full}{g.bar_off * (width - full)} {round(fraction * 100)}%"


def _card(card: Card, ascii: bool) -> str:
    """``10♠`` as on the table, or ``10S`` in ASCII."""
    return Spelling(ascii=ascii).card(card)


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
    eighths = ASCII_EIGHTHS if ascii else EIGHTHS
    labels = {rows: "100%", 1: f"{low}%"}
    if rows >= 5:
        labels[(rows + 1) // 2] = f"{(100 + low) // 2}%"
    lines = []
    for row in range(rows, 0, -1):  # row 1 is the bottom
        cells = []
        for chance in points:
            filled = round((chance * 100 - low) / (100 - low) * rows * 8) - (row - 1) * 8
            cells.append(eighths[min(8, max(0, filled))] * scale)
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
        same = name in (Verdict.BEST, Verdict.GOOD)  # "5 best", not "5 bests"
        words.append(plural(count, name.value, name.value if same else None))
    return " · ".join(words)


def summary_lines(review: Review, *, rows: int, width: int, ascii: bool = False) -> list[str]:
    """The summary of a review, :data:`SUMMARY_HEAD` lines then the chart ``rows`` tall (and its axis and marks)."""
    you = score_words(review.result, review.score)
    expert = score_words(review.expert_result, review.expert_score)
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


# --- the pages of a review ---------------------------------------------------------


def placement_lines(step: Step | None, card: Card, cell: Cell) -> list[Text]:
    """What a placement's page says about it: where it went and where the expert would have put it.

    ``step`` is the expert's verdict, None while it is still being worked out.
    Then, with a verdict, the chances before and after and the verdict itself.
    """
    where: tuple[Token, ...] = ("Card ", card, f": you put it on {cell_name(cell)} [ ]")
    if step is None:
        return [Text((*where, "; the expert is still judging it."))]
    if step.expert_cell == cell:
        first = Text((*where, "; the expert would have put it there too."))
    else:
        first = Text((*where, f"; the expert would have put it on {cell_name(step.expert_cell)} < >."))
    return [first]


def verdict_lines(step: Step) -> list[Text]:
    """The chances before and after, and the verdict with the points it cost."""
    before, after = chance_text(step.chance_before), chance_text(step.chance_after)
    drop = round(step.drop * 100, 1)
    tone = Tone.BAD if step.verdict.is_error else (Tone.GOOD if step.drop == 0 else Tone.PLAIN)
    cost = "nothing lost" if drop == 0 else f"{drop:g} points of win chance lost"
    return [
        Text((f"Win chance {before} before (with the expert's cell), {after} after yours",)),
        Text((f"Verdict: {step.verdict} ({cost})",), tone),
    ]


def progress_line(progress: float, error: str | None, done: bool, *, ascii: bool) -> list[Text]:
    """How far the review has come (a bar), or why it stopped (``error``: what the expert raised); nothing once
    it is done."""
    if error is not None:
        return [Text((f"The review stopped: {review_stopped(error)}",), Tone.ERROR)]
    if done:
        return []
    return [Text(("The expert is reviewing the game ", progress_bar(progress, 20, ascii=ascii)), Tone.DIM)]


def summary_waiting() -> list[Text]:
    """What the summary page says until every placement is judged."""
    return [
        Text(("The summary comes once every placement is judged and the expert has played",)),
        Text(("this deal itself. Your win chance so far:",)),
    ]


def review_title(deal: int | None, n: int | None = None, placements: int = 0) -> str:
    """The title of a review page: the summary's (``n`` None) or placement ``n``'s."""
    if n is not None:
        return f"Review: placement {n} of {placements}"
    return f"Review of {_deal(deal)}: summary"


def _deal(deal: int | None) -> str:
    return f"deal {deal}" if deal is not None else "a deal given by hand"


def report_lines(review: Review, *, rows: int, width: int, ascii: bool = False) -> list[str]:
    """The review as the terminal shows it: the summary and chart, then every placement."""
    lines = [f"Review of {_deal(review.deal)}", ""]
    lines += summary_lines(review, rows=rows, width=width, ascii=ascii)
    lines += ["", "Placements (cells a-g left to right, 1-7 top to bottom; the first card is on d4)"]
    lines += [step_line(step, ascii=ascii) for step in review.steps]
    return lines


FOOTER = "← → step · Home End · n N next/previous mistake · s summary · q back"
"""The review page's keys, on its footer."""
SHORT_FOOTER = "← → step · n N mistakes · s summary · q back"
NO_ERRORS = "No mistakes or blunders to jump to"
"""The footer when ``n`` or ``N`` finds nothing: a key that did nothing says why."""


def no_error_beyond(ahead: bool) -> str:
    """The footer when ``n`` (``ahead``) or ``N`` finds no mistake past this placement, though there are some."""
    return f"No mistake or blunder {'after' if ahead else 'before'} this placement"


def finish_first() -> str:
    return "Finish the game first: only a finished game can be reviewed"


def plain_review_lines(review: Review, spell: Spelling) -> list[str]:
    """The review for plain mode: words and numbers only, no chart and no symbols a screen reader reads as noise."""
    you = score_words(review.result, review.score)
    expert = score_words(review.expert_result, review.expert_score)
    counts = ", ".join(
        plural(review.counts.get(name, 0), name.value, name.value if name in (Verdict.BEST, Verdict.GOOD) else None)
        for name in Verdict
    )
    lines = [
        f"Review of {_deal(review.deal)}: you {you}, the expert {expert} (it played the deal from the start).",
        f"Accuracy {review.accuracy:g} of 100: {counts}.",
    ]
    worst = review.costliest
    if worst is not None:
        lines.append(
            f"Costliest: card {worst.n}, {spell.card(worst.card)} on {cell_name(worst.cell)}, where the expert "
            f"would have put it on {cell_name(worst.expert_cell)}: win chance {chance_text(worst.chance_before)} "
            f"before, {chance_text(worst.chance_after)} after, a {worst.verdict}."
        )
    lines.append("Placement by placement:")
    for step in review.steps:
        expert_cell = "the same" if step.expert_cell == step.cell else cell_name(step.expert_cell)
        lines.append(
            f"  {step.n}. {spell.card(step.card)} on {cell_name(step.cell)}, expert {expert_cell}: "
            f"{chance_text(step.chance_before)} before, {chance_text(step.chance_after)} after, {step.verdict}."
        )
    return lines


def review_stopped(error: str | None) -> str:
    """Why the expert's work on a review stopped: what it raised (``error``), or nothing known (interrupted)."""
    return f"the expert could not review this game ({error})" if error else "the review stopped"


def not_over(placed: int, left: int) -> str:
    """Why a game cannot be reviewed yet."""
    return (
        f"this game is not over ({plural(placed, 'card')} placed, {left} in the stock): "
        "only a finished game can be reviewed"
    )


def helped_summary_line(review: Review, help: Help | None) -> str | None:
    """The summary's line on how the game was played: ``You won, score 17, on my own.``; None when its help
    is not known."""
    if help is None:
        return None
    return f"You {with_help(result_words(review.result, review.score), help)}."


def review_not_kept(problem: Problem) -> str:
    return f"the review could not be kept with the game: {why(problem)}"
