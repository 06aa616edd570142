"""A review in words and pictures: the summary, the expected-score chart, a page and a line per placement.

Shared by the review pages of the game screen, plain mode and ``foursquare
review``, so all say the same thing.  The review speaks in the game's own
currency, cards: what the expert expected to be left in the stock at the end
(a loss counting 0) and what each placement cost of it, the win chance
beside it.  Every figure is printed as the verdict read it (to a tenth of a
card, in whole points of win chance), so a verdict and its figures agree.
Cards and arrows are spelled as on the table (``10♠``, ``→``), or ``10S``
and ``->`` where the caller asks for ASCII.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum

from foursquare.engine import GRID, Card, Cell, Fault, Game, cell_name
from foursquare.expert.review import BLUNDER_POINTS, Line, Review, Step, Verdict, before_placement
from foursquare.expert.review import verdict as cost_verdict
from foursquare.expert.shown import tenths, whole_percent
from foursquare.storage.helped import Help
from foursquare.storage.problems import Problem
from foursquare.words.advice import chance_text
from foursquare.words.cards import Spelling
from foursquare.words.catalog import N_, _, ngettext, pgettext
from foursquare.words.explain import placement_why
from foursquare.words.faults import fault_words
from foursquare.words.glyphs import ASCII_EIGHTHS, EIGHTHS, glyphs
from foursquare.words.helped import help_words
from foursquare.words.problems import why
from foursquare.words.reasons import why_forms
from foursquare.words.results import score_words
from foursquare.words.text import Text, Tone, fitted, longest_fitting, to_terminal, wrap_under

__all__ = [
    "AUTOPLAY_MARK",
    "AUTOPLAY_NOTE",
    "BLUNDER_MARK",
    "CHART_FOOT",
    "CHART_TOP",
    "INACCURACY_MARK",
    "LINES_SHOWN",
    "MISTAKE_MARK",
    "NO_ERRORS",
    "NO_ERRORS_OF_YOURS",
    "SUMMARY_HEAD",
    "accuracy_text",
    "accuracy_words",
    "autoplay_note",
    "cards_text",
    "chart_lines",
    "cost_words",
    "finish_first",
    "helped_summary_line",
    "line_sentence",
    "lines_table",
    "no_error_beyond",
    "not_over",
    "placement_lines",
    "plain_review_lines",
    "progress_bar",
    "progress_line",
    "report_lines",
    "review_not_kept",
    "review_stopped",
    "review_stopped_sentence",
    "review_title",
    "step_line",
    "step_lines",
    "summary_lines",
    "summary_waiting",
    "verdict_lines",
    "verdict_phrase",
    "verdict_word",
    "why_forms_of",
    "why_sentences",
]

INACCURACY_MARK = "~"
MISTAKE_MARK = "?"
BLUNDER_MARK = "X"
_MARKS = {Verdict.INACCURACY: INACCURACY_MARK, Verdict.MISTAKE: MISTAKE_MARK, Verdict.BLUNDER: BLUNDER_MARK}
MAX_SCALE = 4
"""The most columns one point of the chart takes: a short game gets a chart wide enough to read."""
LABEL_WIDTH = 5
"""The chart's left margin: `` 24 `` and ``card``."""
CHART_TOP = 40 - GRID * GRID
"""The top of the chart's fixed scale: the highest score there is (40 cards less the 16 of the square), so
that the charts of two games compare."""
CHART_FOOT = 3
"""Lines of the chart below its bars: the axis, the marks and the placement numbers."""
LINES_SHOWN = 3
"""How many of the expert's best cells a placement's page lists (and the player's, if not among them)."""
TICK = 5
"""The placement numbers under the chart: the first, then every fifth."""


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


def cards_text(expected: float) -> str:
    """An expected score as it is read and judged: cards to a tenth, ``17.4``."""
    return f"{tenths(expected) / 10:.1f}"


def cost_words(step: Step) -> str:
    """What a placement gave away, as its verdict read it: ``1.2 cards of expected score``, ``nothing``."""
    if step.cost == 0:
        return _("nothing")
    if step.cost == 1:
        return _("{cost:.1f} card of expected score").format(cost=step.cost)
    return _("{cost:.1f} cards of expected score").format(cost=step.cost)


_PHRASES = {
    Verdict.BEST: N_("the best placement"),
    Verdict.GOOD: N_("a good placement"),
    Verdict.INACCURACY: N_("an inaccuracy"),
    Verdict.MISTAKE: N_("a mistake"),
    Verdict.BLUNDER: N_("a blunder"),
}
_WORDS = {
    Verdict.BEST: N_("best"),
    Verdict.GOOD: N_("good"),
    Verdict.INACCURACY: N_("inaccuracy"),
    Verdict.MISTAKE: N_("mistake"),
    Verdict.BLUNDER: N_("blunder"),
}


def verdict_phrase(verdict: Verdict) -> str:
    """A verdict after a comma: ``a mistake``, ``an inaccuracy``, ``a good placement`` (good alone is no noun)."""
    return _(_PHRASES[verdict])


def verdict_word(verdict: Verdict) -> str:
    """A verdict as a column or a label says it: ``mistake``."""
    return _(_WORDS[verdict])


def _verdict_count(verdict: Verdict, count: int) -> str:
    """``5 best``, ``2 inaccuracies``: how many placements got ``verdict``."""
    forms = {
        Verdict.BEST: lambda n: ngettext("{count} best", "{count} best", n),
        Verdict.GOOD: lambda n: ngettext("{count} good", "{count} good", n),
        Verdict.INACCURACY: lambda n: ngettext("{count} inaccuracy", "{count} inaccuracies", n),
        Verdict.MISTAKE: lambda n: ngettext("{count} mistake", "{count} mistakes", n),
        Verdict.BLUNDER: lambda n: ngettext("{count} blunder", "{count} blunders", n),
    }
    return forms[verdict](count).format(count=count)


def step_line(step: Step, *, ascii: bool = False) -> str:
    """``12. 7♠ on b1 (expert: b2)   17.4 → 16.2  cost 1.2   98% →  97%  inaccuracy``: one placement listed,
    its figures in the same columns as ``(expert: same)``'s; a verdict that the chance seems to contradict
    says why (``96% →  99%  mistake (for a surer win)``)."""
    return "".join(_step_parts(step, ascii))


def step_lines(step: Step, width: int, *, ascii: bool = False) -> list[str]:
    """:func:`step_line`, or where it is wider than ``width`` two lines: the cards, then under them the win
    chance and the verdict, each part whole."""
    cards, chance = _step_parts(step, ascii)
    return [cards + chance] if len(cards) + len(chance) <= width else [cards, "  " + chance]  # 100% lines up too


_PLACED = N_("{card} on {cell} (expert: {expert})")
"""A placement in the review's list of placements, and the cell the expert would have chosen."""
_PLACED_SAME = N_("{card} on {cell} (expert: same)")
"""A placement in the review's list of placements on the cell the expert would have chosen."""
_VERDICT_SURER = N_("{verdict} (for a surer win)")
"""The verdict in the review's list of placements, of a placement that cost cards yet raised the win chance."""
_VERDICT_TIES = N_("{verdict} (ties with the best)")
"""The verdict (best) in the review's list of placements, of a placement on another cell than the expert's."""
_VERDICT_TIES_SURER = N_("{verdict} (ties with the best, for a surer win)")
"""Both: a best placement on another cell than the expert's, that cost cards yet raised the win chance."""
_VERDICT_NOTES = {(True, True): _VERDICT_TIES_SURER, (True, False): _VERDICT_TIES, (False, True): _VERDICT_SURER}
"""The verdict's message by whether it ties with the best and whether it gave cards up for a surer win."""


def _step_parts(step: Step, ascii: bool) -> tuple[str, str]:
    """A listed placement in two parts: the card, the cells and the cards, then the win chance and the verdict."""
    card, cell = f"{_card(step.card, ascii):>3}", cell_name(step.cell)
    if step.expert_cell == step.cell:
        placed = _(_PLACED_SAME).format(card=card, cell=cell)
    else:
        placed = _(_PLACED).format(card=card, cell=cell, expert=cell_name(step.expert_cell))
    before, after = chance_text(step.chance_before), chance_text(step.chance_after)
    arrow = _arrow(ascii)
    verdict = verdict_word(step.verdict)
    noted = _VERDICT_NOTES.get((_ties(step), _surer(step)))
    if noted is not None:
        verdict = _(noted).format(verdict=verdict)
    return (
        f"{step.n:>2}. {placed:<{_placed_width()}}"
        f" {cards_text(step.expected_before):>4} {arrow} {cards_text(step.expected_after):>4}"
        "  " + _("cost {cost:.1f}").format(cost=step.cost),
        f"  {before:>4} {arrow} {after:>4}  {verdict}",
    )


def _placed_width() -> int:
    """The column of the placements and the expert's cells: the widest of the two forms, so that the figures after
    it line up (a card is 3 wide, a cell 2)."""
    same = _(_PLACED_SAME).format(card="10S", cell="d4")
    return max(len(same), len(_(_PLACED).format(card="10S", cell="d4", expert="d4")))


def _ties(step: Step) -> bool:
    """Whether ``step`` is best on a cell other than the expert's: it ties with the best, as far as the search
    can tell, however low the expert ranks it."""
    return step.verdict is Verdict.BEST and step.cell != step.expert_cell


def chart_lines(
    steps: Sequence[Step], rows: int, width: int, *, ascii: bool = False, autoplayed: Collection[int] = ()
) -> list[str]:
    """The expected score across the game, ``rows`` tall, then the axis, the marks and the placement numbers.

    One column per point (the expert's expectation before the first card,
    then the expected score after each placement: the score itself once the
    game is won, 0 once lost), up to :data:`MAX_SCALE` when there is room; at
    most ``width`` columns in all, labels included.  The scale is fixed, 0 to
    :data:`CHART_TOP` cards, so that two games' charts compare.  Under the
    axis, each inaccuracy, mistake and blunder of the player's (not those of
    the placements ``autoplayed``) is marked under the point its placement
    led to, and the placements are numbered.  In Unicode each
    column fills up to its figure in eighths of a row (``▁``-``█``), in ASCII
    with ``#`` to the nearest row.
    """
    if not steps:
        return []
    points = [steps[0].expected_before, *(step.expected_after for step in steps)]
    room = max(1, width - LABEL_WIDTH)
    scale = max(1, min(MAX_SCALE, room // len(points)))
    points = points[: room // scale]
    rows = max(1, rows)
    eighths = ASCII_EIGHTHS if ascii else EIGHTHS
    labels = {rows: str(CHART_TOP), 1: "0"}
    if rows >= 5:
        labels[(rows + 1) // 2] = str(CHART_TOP // 2)
    lines = []
    for row in range(rows, 0, -1):  # row 1 is the bottom
        cells = []
        for expected in points:
            filled = round(min(max(expected, 0.0), CHART_TOP) / CHART_TOP * rows * 8) - (row - 1) * 8
            cells.append(eighths[min(8, max(0, filled))] * scale)
        lines.append(f"{labels.get(row, ''):>4} {''.join(cells)}".rstrip())
    axis = "-" if ascii else "─"
    lines.append(f"{'':>4} {axis * (len(points) * scale)}")
    shown = steps[: len(points) - 1]
    marks = "".join((" " if step.n in autoplayed else _MARKS.get(step.verdict, " ")).rjust(scale) for step in shown)
    if marks.strip():
        lines.append(f"{'':>4} {' ' * scale}{marks}".rstrip())
    numbers = ""
    for step in shown:
        end = (step.n + 1) * scale  # the last column of the point this placement led to
        label = str(step.n)
        if (step.n == 1 or step.n % TICK == 0) and end - len(label) >= len(numbers) + (1 if numbers else 0):
            numbers = numbers.ljust(end - len(label)) + label
    # Translators: at most 4 columns, under the chart's axis before the placements' numbers
    card = _("card")
    lines.append(f"{card:<4} {numbers}".rstrip())
    return lines


SUMMARY_HEAD = 6
"""Lines of the summary above the chart's own."""


def _counted(review: Review, between: str = " · ", *, zeros: bool = True, short: bool = False) -> str:
    """``19 best · 5 good · 1 inaccuracy · 4 mistakes · 0 blunders``, then ``· 1 with no choice`` (the first
    card: one legal cell says nothing of the player) and ``· 17 by autoplay`` where autoplay made some, so that
    the counts add up to the placements; without the verdicts no placement got unless ``zeros``, and ``short``
    (``1 no choice``) for a narrow line."""
    words = _counts(review, zeros=zeros, short=short)
    joint = pgettext("a list of counts", "{first}, {rest}") if between == ", " else "{first}" + between + "{rest}"
    said = words[-1]
    for word in reversed(words[:-1]):
        said = joint.format(first=word, rest=said)
    return said


def _counted_lines(review: Review, width: int) -> list[str]:
    """The counts in the longest form that fits ``width``, else the shortest broken between two counts, never
    inside one (``1 no choice``, not ``1 no`` and then ``choice``)."""
    forms = (_counted(review), _counted(review, zeros=False))
    fits = [form for form in forms if len(form) <= width]
    if fits:
        return fits[:1]
    lines: list[str] = []
    for count in _counts(review, zeros=False, short=True):
        if lines and len(lines[-1]) + len(" · ") + len(count) <= width:
            lines[-1] += f" · {count}"
        else:
            lines.append(count)
    return lines


def _counts(review: Review, *, zeros: bool, short: bool) -> list[str]:
    """Each count of :func:`_counted` with its words."""
    words = []
    for name in Verdict:
        count = review.counts.get(name, 0)
        if count or zeros:
            words.append(_verdict_count(name, count))
    forced = sum(1 for step in review.steps if not step.had_choice and step.n not in review.autoplayed_at)
    if forced:  # no verdict of the player's either: without them the counts would not add up to the placements
        words.append((_("{count} no choice") if short else _("{count} with no choice")).format(count=forced))
    if review.autoplayed_at:
        words.append(_("{count} by autoplay").format(count=len(review.autoplayed_at)))
    return words


def accuracy_words(review: Review) -> str:
    """``Accuracy 75.0 of 100``, of the player's own placements where autoplay made some, or why there is none."""
    if not review.autoplayed_at:
        return _("Accuracy {accuracy} of 100").format(accuracy=accuracy_text(review.accuracy))
    if not review.has_accuracy:
        return _("No accuracy (autoplay made every placement with a choice)")
    # not "on your own": that is a record
    return _("Accuracy {accuracy} of 100 on the cards you placed").format(accuracy=accuracy_text(review.accuracy))


def accuracy_text(accuracy: float) -> str:
    """A game's accuracy to a tenth, always with its tenth (``75.0``, ``87.8``), so that two games read alike."""
    return f"{accuracy:.1f}"


def summary_lines(review: Review, *, rows: int, width: int, ascii: bool = False) -> list[str]:
    """The summary of a review, :data:`SUMMARY_HEAD` lines then the chart ``rows`` tall (and its foot).

    Each line of the head is said in the longest of its forms that fits ``width``, so that a narrow screen
    shortens a sentence rather than cutting its end (where the verdict is).
    """
    you = score_words(review.result, review.score)
    expert = score_words(review.expert_result, review.expert_score)
    worst = review.worst
    start = cards_text(review.expected_start)
    accuracy = accuracy_words(review)
    if worst is None:
        worst_line = _no_worst(review)
    else:
        arrow = _arrow(ascii)
        cell, expert_cell = cell_name(worst.cell), cell_name(worst.expert_cell)
        lost = [_lost(worst, arrow), _lost(worst, arrow, chance=False)]
        if worst.lost_at_once:  # the figures say no more than the loss does: 0 cards after
            lost.append(_(_LOST_AT_ONCE))
        elif cost_verdict(worst.cost) is not worst.verdict:  # a blunder by the win chance: the cards do not say why
            lost[1] = _chance_lost(worst, arrow)
        # what goes first as the line narrows: the win chance (unless it made the verdict), then the loss's
        # figures, then the card, then the expert's cell (what to learn from it)
        places = (
            _("Worst: card {n}, {card} on {cell} (expert {expert}): {what}, {verdict}"),
            _("Worst: card {n} on {cell} (expert {expert}): {what}, {verdict}"),
            _("Worst: card {n}, {card} on {cell}: {what}, {verdict}"),
            _("Worst: card {n} on {cell}: {what}, {verdict}"),
        )
        fields = {"n": worst.n, "card": _card(worst.card, ascii), "cell": cell, "expert": expert_cell}
        forms = [
            said.format(what=what, verdict=verdict_phrase(worst.verdict), **fields) for said in places for what in lost
        ]
        worst_line = tuple(dict.fromkeys(forms))  # the same form twice where the chance was never said
    marks = {"inaccuracy": INACCURACY_MARK, "mistake": MISTAKE_MARK, "blunder": BLUNDER_MARK}
    fields = {"you": you, "expert": expert, "accuracy": accuracy, "start": start, **marks}
    head = [
        (
            _("You {you} · expert {expert}   (the expert played this deal from the start)").format(**fields),
            _("You {you} · expert {expert}").format(**fields),
        ),
        (
            _("{accuracy} · at the first card the expert expected {start} cards left").format(**fields),
            _("{accuracy} · the expert expected {start} cards at first").format(**fields),
            _("{accuracy} · expert expected {start} at first").format(**fields),
            accuracy,
        ),
        worst_line,
        ("",),
        (
            _(
                "Expected score in cards, card by card ({inaccuracy} inaccuracy, {mistake} mistake, {blunder} blunder)"
            ).format(**fields),
            _("Expected cards, card by card ({inaccuracy} inaccuracy, {mistake} mistake, {blunder} blunder)").format(
                **fields
            ),
            _("Expected cards ({inaccuracy} inaccuracy, {mistake} mistake, {blunder} blunder)").format(**fields),
        ),
    ]
    chart = chart_lines(review.steps, rows, width, ascii=ascii, autoplayed=review.autoplayed_at)
    fitted = [longest_fitting(forms, width) for forms in head]
    return [*fitted[:2], *_counted_lines(review, width), *fitted[2:], *chart]  # the counts third


def _no_worst(review: Review) -> tuple[str, ...]:
    """The worst line of a game whose every placement was as good as the expert's, longest first: the player's
    own where autoplay made some (its own are not the player's to answer for), and none at all where autoplay
    made every one with a choice."""
    if not review.has_accuracy:
        return (
            _("Worst placement of yours: none, autoplay made every placement with a choice"),
            _("Worst of yours: none, all by autoplay"),
        )
    if review.autoplayed_at:
        return (
            _("Worst placement of yours: none, every one was as good as the expert's"),
            _("Worst of yours: none, every one as good as the expert's"),
        )
    return (
        _("Worst placement: none, every one was as good as the expert's"),
        _("Worst: none, every placement as good as the expert's"),
    )


_FOR_SURER = N_("for a surer win")
"""Why a placement that cost cards raised the win chance: the expert counts the cards a win leaves, as the score
does, and a safer cell that leaves fewer is worth less to it.  Said where the figures look like praise."""


def _surer(step: Step) -> bool:
    """Whether ``step`` cost cards yet raised the win chance, as both are read: a verdict against the cards that
    the chance seems to contradict without the reason (:data:`_FOR_SURER`)."""
    return step.cost > 0 and whole_percent(step.chance_after) > whole_percent(step.chance_before)


def _no_card_left(step: Step) -> bool:
    """Whether ``step`` had a chance of winning yet an expected score of 0.0 cards, which reads as a
    contradiction without the reason: the expert expects its win to come with the last cards, if it comes."""
    return tenths(step.expected_before) == 0 and tenths(step.expected_after) == 0 and step.chance_before > 0


_LOST_AT_ONCE = N_("the game lost at once")
"""What a placement that lost there and then (where another would not) did, in the summary's worst line."""


def _lost(step: Step, arrow: str, *, chance: bool = True) -> str:
    """What a placement lost, as its verdict weighed it: ``17.4 → 16.2 cards``, and the win chance (unless
    ``chance`` is False, for a narrow line) or the loss at once where that made it a blunder."""
    cards = _("{before} {arrow} {after} cards").format(
        before=cards_text(step.expected_before), arrow=arrow, after=cards_text(step.expected_after)
    )
    if step.lost_at_once:
        return _("{cards}, {lost}").format(cards=cards, lost=_(_LOST_AT_ONCE))
    if chance and step.verdict is Verdict.BLUNDER and step.drop_points >= BLUNDER_POINTS:
        return _("{cards}, {lost}").format(cards=cards, lost=_chance_lost(step, arrow))
    return cards


def _chance_lost(step: Step, arrow: str) -> str:
    """``win chance 45% → 24%``: what made a blunder of a placement that cost few cards."""
    return _("win chance {before} {arrow} {after}").format(
        before=chance_text(step.chance_before), arrow=arrow, after=chance_text(step.chance_after)
    )


# --- the pages of a review ---------------------------------------------------------


def placement_lines(
    step: Step | None, card: Card, cell: Cell, width: int = 78, *, by_autoplay: bool = False
) -> list[Text]:
    """What a placement's page says about it: who put it where and where the expert would have put it, in the
    longest of its forms that fits ``width`` on one line (so that the table under it stays in its place).

    ``step`` is the expert's verdict, None while it is still being worked out; ``by_autoplay``: autoplay
    made the placement, not the player.
    """
    same = step is not None and step.expert_cell == cell  # the table marks the cell { } (see _marked)
    if by_autoplay:
        placed = _("Card {card}: autoplay put it on {cell} {mark}")
    else:
        placed = _("Card {card}: you put it on {cell} {mark}")
    where = Text.filled(placed, card=card, cell=cell_name(cell), mark="{ }" if same else "[ ]")
    if step is None:
        said = [_("{where}; the expert is still judging it.")]
    elif same:
        said = [_("{where}; the expert would have put it there too."), _("{where}, the expert's own cell.")]
    else:
        said = [
            _("{where}; the expert would have put it on {expert} < >."),
            _("{where}; the expert's cell is {expert} < >."),
        ]
    expert = cell_name(step.expert_cell) if step is not None else ""
    return fitted([Text.filled(form, where=where, expert=expert) for form in said], width)


def _marked(cell: Cell, step: Step, also: Collection[Cell] = ()) -> str:
    """``{b2}`` the player's and the expert's cell, ``[b1]`` the player's (or one of ``also``, a practice's
    earlier tries), ``<b2>`` the expert's, `` c1 `` another."""
    name = cell_name(cell)
    if cell == step.cell and cell == step.expert_cell:
        return "{" + name + "}"
    if cell == step.cell or cell in also:
        return f"[{name}]"
    if cell == step.expert_cell:
        return f"<{name}>"
    return f" {name} "


def _shown_lines(step: Step, most: int, also: Collection[Cell] = ()) -> list[tuple[int, Line]]:
    """At most ``most`` of the best cells (:data:`LINES_SHOWN` at most) with their places in the expert's order,
    and the player's among them (last, in place of the last of the best, if it is not one of them), and the
    cells of ``also`` the same way (a practice's earlier tries)."""
    ranked = list(enumerate(step.lines, start=1))
    shown = ranked[: max(1, min(most, LINES_SHOWN))]
    wanted = {step.cell, *also}
    mine = [(n, line) for n, line in ranked if line.cell in wanted and (n, line) not in shown]
    if mine:
        shown = (shown[: max(1, most - len(mine))] if len(shown) + len(mine) > most else shown) + mine
    return shown


def lines_table(
    before: Game, step: Step, width: int, height: int = LINES_SHOWN + 2, also: Collection[Cell] = ()
) -> list[Text]:
    """The expert's best cells and the player's, like an analysis board's lines: each with its expected
    score, its win chance and what it would do (``1. <b2>  17.4   98%  a new pile, turns nothing over, …``).

    ``before`` is the game just before the placement; at most ``height``
    rows of ``width`` columns, the heading included.  What a cell would do
    runs on under its words where it is too long for its line and there are
    rows for it, else it is said in a shorter form; ``also`` (a practice's
    earlier tries) is shown and marked as the player's cell is.  A cell other than the
    expert's and the player's is left out before any is cut (after a whole
    word, with ``…``), which only the narrowest page short of rows needs.
    """
    # Translators: "cell", "cards" and "win" head columns of at most 4, 5 and 5 columns
    heads = (pgettext("a column of the best cells", "cell"), pgettext("a column of the best cells", "cards"))
    win, does = pgettext("a column of the best cells", "win"), _("what it would do")
    rows = [Text((f"{'':4}{heads[0]:<4}{heads[1]:>6}{win:>6}  {does}",), Tone.DIM)]  # over the rows' columns
    budget = max(1, height - 1)
    for most in range(min(budget, LINES_SHOWN + 1 + len(also)), 0, -1):  # a cell fewer only if the shortest overflow
        entries = [_entry(before, step, n, line, also) for n, line in _shown_lines(step, most, also)]
        forms = [[wrap_under(head, why, width) for why in whys] for head, whys in entries]
        fewest = [min(len(form) for form in options) for options in forms]
        if sum(fewest) <= budget:
            break
    else:
        fewest = [1] * len(entries)  # to be cut: a line for each cell, the first ones more if there are rows
    left = budget
    for n, ((head, whys), options) in enumerate(zip(entries, forms, strict=True)):
        room = max(1, left - sum(fewest[n + 1 :]))  # the longest form that leaves the cells below their fewest rows
        chosen = next((form for form in options if len(form) <= room), None)
        if chosen is None:
            chosen = wrap_under(head, whys[-1], width, room)
        rows += chosen
        left -= len(chosen)
    return rows


def _entry(before: Game, step: Step, n: int, line: Line, also: Collection[Cell] = ()) -> tuple[str, list[Text]]:
    """One cell's row of the lines table: its place, cell and figures, then each form of what it would do
    (longest first), in the row's tone."""
    head = f"{n:>2}. {_marked(line.cell, step, also)}{cards_text(line.expected):>6}{chance_text(line.chance):>6}  "
    tone = Tone.GOOD if line.cell == step.expert_cell else Tone.PLAIN
    whys = placement_why(before, before.preview(line.cell))
    if line.cell == step.expert_cell and any(other.expected > line.expected for other in step.lines):
        # the figures below read higher: say on the line why this one is first, as long as there is room
        notes = (
            _("first, though cells below read higher: the expert looked further ahead at it; {what}"),
            _("looked at further ahead than those below; {what}"),
        )
        whys = [Text.filled(note, what=why) for note in notes for why in whys[:1]] + whys
    return head, [Text(why.tokens, tone) for why in whys]


def line_sentence(before: Game, line: Line, who: str) -> Text:
    """One cell's line as a sentence: ``b2, the expert's cell: a new pile, …; expect 17.4 cards left, 98% to win.``"""
    why = placement_why(before, before.preview(line.cell))[0]
    fields = {"cell": cell_name(line.cell), "who": _(who), "why": why}
    fields |= {"expected": cards_text(line.expected), "chance": chance_text(line.chance)}
    if who:
        said = _("{cell}, {who}: {why}; expect {expected} cards left, {chance} to win.")
    else:
        said = _("{cell}: {why}; expect {expected} cards left, {chance} to win.")
    return Text.filled(said, Tone.PLAIN, **fields)


_FIGURES = N_("Expected score {before} {arrow} {after} cards, win chance {chance_before} {arrow} {chance_after}")
"""A placement's figures, before and after it: the shortest form of their line."""
_FIGURES_AGAINST: dict[bool, str] = {
    False: N_(
        "Expected score {before} {arrow} {after} cards, win chance {chance_before} {arrow} {chance_after} "
        "(expert {arrow} you)"
    ),
    True: N_(
        "Expected score {before} {arrow} {after} cards, win chance {chance_before} {arrow} {chance_after} "
        "(expert {arrow} autoplay)"
    ),
}
"""The figures with who placed: the player or autoplay (by whether autoplay did), against the expert's cell."""
_FIGURES_NO_CARD_LEFT = N_(
    "Expected score {before} {arrow} {after} cards, win chance {chance_before} {arrow} {chance_after} "
    "(the expert expects a win here to leave next to no card in the stock)"
)
"""The figures of a placement with a chance of winning that reads 0.0 cards (:func:`_no_card_left`), with why."""


class _Why(Enum):
    """Why a placement got its verdict, in one of the forms that say it (a shorter one for a narrow line)."""

    LOST_AT_ONCE = "lost at once"
    """The placement lost there and then, where another cell would not."""
    LOST_AT_ONCE_SHORT = "lost at once short"
    BLUNDER = "blunder"
    """A blunder by the win chance it gave away (and the cards)."""
    SEARCHED_DEEPER = "searched deeper"
    """The figures read higher after: the expert's own cell was searched deeper."""
    SEARCHED_DEEPER_SHORT = "searched deeper short"
    NOTHING_LOST = "nothing lost"
    """Nothing given away."""
    TIES = "ties"
    """A cell the expert ranked lower that reads the best: too close to tell apart."""
    TIES_SHORT = "ties short"
    TOO_LITTLE = "too little"
    """The best, though a little was given away: too little to tell apart."""
    SURER = "surer"
    """Cards given away for a higher win chance (:func:`_surer`)."""
    GIVEN_LOST = "given lost"
    """What was given away."""


_VERDICTS: dict[_Why, tuple[str, str, str]] = {
    _Why.LOST_AT_ONCE: (
        N_("Verdict: {verdict} (it lost the game at once, where another cell would not)"),
        N_("Verdict (autoplay's, not yours): {verdict} (it lost the game at once, where another cell would not)"),
        N_("Verdict (autoplay's): {verdict} (it lost the game at once, where another cell would not)"),
    ),
    _Why.LOST_AT_ONCE_SHORT: (
        N_("Verdict: {verdict} (lost at once, where another cell would not)"),
        N_("Verdict (autoplay's, not yours): {verdict} (lost at once, where another cell would not)"),
        N_("Verdict (autoplay's): {verdict} (lost at once, where another cell would not)"),
    ),
    _Why.BLUNDER: (
        N_("Verdict: {verdict} ({points} points of win chance and {cost:.1f} cards lost)"),
        N_("Verdict (autoplay's, not yours): {verdict} ({points} points of win chance and {cost:.1f} cards lost)"),
        N_("Verdict (autoplay's): {verdict} ({points} points of win chance and {cost:.1f} cards lost)"),
    ),
    _Why.SEARCHED_DEEPER: (
        N_("Verdict: {verdict} (nothing lost: the expert looked further ahead at its own cell, where it reads lower)"),
        N_(
            "Verdict (autoplay's, not yours): {verdict} (nothing lost: the expert looked further ahead at its own "
            "cell, where it reads lower)"
        ),
        N_(
            "Verdict (autoplay's): {verdict} (nothing lost: the expert looked further ahead at its own cell, where "
            "it reads lower)"
        ),
    ),
    _Why.SEARCHED_DEEPER_SHORT: (
        N_("Verdict: {verdict} (nothing lost: the expert's cell was looked at further ahead)"),
        N_("Verdict (autoplay's, not yours): {verdict} (nothing lost: the expert's cell was looked at further ahead)"),
        N_("Verdict (autoplay's): {verdict} (nothing lost: the expert's cell was looked at further ahead)"),
    ),
    _Why.NOTHING_LOST: (
        N_("Verdict: {verdict} (nothing lost)"),
        N_("Verdict (autoplay's, not yours): {verdict} (nothing lost)"),
        N_("Verdict (autoplay's): {verdict} (nothing lost)"),
    ),
    _Why.TIES: (
        N_(
            "Verdict: {verdict} (it ties with the best: the expert ranks it {place} of {cells}, {cost:.1f} cards "
            "apart, too little for the search to tell apart)"
        ),
        N_(
            "Verdict (autoplay's, not yours): {verdict} (it ties with the best: the expert ranks it {place} of "
            "{cells}, {cost:.1f} cards apart, too little for the search to tell apart)"
        ),
        N_(
            "Verdict (autoplay's): {verdict} (it ties with the best: the expert ranks it {place} of {cells}, "
            "{cost:.1f} cards apart, too little for the search to tell apart)"
        ),
    ),
    _Why.TIES_SHORT: (
        N_("Verdict: {verdict} (it ties with the best, {cost:.1f} cards apart)"),
        N_("Verdict (autoplay's, not yours): {verdict} (it ties with the best, {cost:.1f} cards apart)"),
        N_("Verdict (autoplay's): {verdict} (it ties with the best, {cost:.1f} cards apart)"),
    ),
    _Why.TOO_LITTLE: (
        N_("Verdict: {verdict} ({cost:.1f} cards: too little for the search to tell apart)"),
        N_("Verdict (autoplay's, not yours): {verdict} ({cost:.1f} cards: too little for the search to tell apart)"),
        N_("Verdict (autoplay's): {verdict} ({cost:.1f} cards: too little for the search to tell apart)"),
    ),
    _Why.SURER: (
        N_("Verdict: {verdict} ({given} given up for a surer win)"),
        N_("Verdict (autoplay's, not yours): {verdict} ({given} given up for a surer win)"),
        N_("Verdict (autoplay's): {verdict} ({given} given up for a surer win)"),
    ),
    _Why.GIVEN_LOST: (
        N_("Verdict: {verdict} ({given} lost)"),
        N_("Verdict (autoplay's, not yours): {verdict} ({given} lost)"),
        N_("Verdict (autoplay's): {verdict} ({given} lost)"),
    ),
}
"""The verdict's line by why it was given: the player's, then autoplay's (longer and shorter), each whole."""


def verdict_lines(step: Step, width: int = 78, *, by_autoplay: bool = False, ascii: bool = False) -> list[Text]:
    """The expected score and the win chance before and after, and the verdict with what it cost.

    The cost printed is the one the verdict was given for: both read to a
    tenth of a card (and the win chance in whole points).  Each line is the
    longest of its forms that fits ``width``, and runs on to the next line
    if none does, rather than be cut.  A placement autoplay made
    (``by_autoplay``) says that its verdict is not the player's; ``ascii`` spells the arrows ``->``, where a
    bare ``>`` would read as "more than".  Each form is one whole message, the figures and the verdict with
    why it was given, for a translator to see whole.
    """
    arrow = _arrow(ascii)
    tone = Tone.BAD if step.verdict.is_error else (Tone.GOOD if step.verdict is Verdict.BEST else Tone.PLAIN)
    fields = {
        "before": cards_text(step.expected_before),
        "after": cards_text(step.expected_after),
        "chance_before": chance_text(step.chance_before),
        "chance_after": chance_text(step.chance_after),
        "arrow": arrow,
    }
    forms = [_(_FIGURES_AGAINST[by_autoplay]).format(**fields), _(_FIGURES).format(**fields)]
    if _no_card_left(step):
        forms.insert(0, _(_FIGURES_NO_CARD_LEFT).format(**fields))
    place = next((n for n, line in enumerate(step.lines, start=1) if line.cell == step.cell), len(step.lines))
    reasons = {"cost": step.cost, "points": step.drop_points, "given": cost_words(step), "place": place}
    reasons |= {"cells": len(step.lines), "verdict": verdict_word(step.verdict)}
    heads: tuple[int, ...] = (0,)  # the player's line, in _VERDICTS
    if by_autoplay:  # not the player's to answer for: no colour of praise or blame either
        tone = Tone.PLAIN
        heads = (1, 2)  # autoplay's, longer and shorter
    verdicts = [_(_VERDICTS[why][head]).format(**reasons) for head in heads for why in _verdict_whys(step)]
    return [
        *fitted([Text((form,)) for form in forms], width),
        *fitted([Text((verdict,), tone) for verdict in verdicts], width),
    ]


def _verdict_whys(step: Step) -> tuple[_Why, ...]:
    """Why ``step`` got its verdict, in its forms, longest first."""
    if step.lost_at_once:
        return _Why.LOST_AT_ONCE, _Why.LOST_AT_ONCE_SHORT
    if step.verdict is Verdict.BLUNDER and step.drop_points >= BLUNDER_POINTS:
        return (_Why.BLUNDER,)
    if tenths(step.expected_after) > tenths(step.expected_before):  # the expert's cell was searched deeper
        return _Why.SEARCHED_DEEPER, _Why.SEARCHED_DEEPER_SHORT, _Why.NOTHING_LOST
    if step.verdict is Verdict.BEST and step.cell != step.expert_cell:  # a cell ranked lower reads "best"
        return _Why.TIES, _Why.TIES_SHORT
    if step.verdict is Verdict.BEST and step.cost:
        return (_Why.TOO_LITTLE,)
    if _surer(step):
        return _Why.SURER, _Why.GIVEN_LOST
    return (_Why.GIVEN_LOST,) if step.cost else (_Why.NOTHING_LOST,)


def progress_line(progress: float, error: Fault | None, done: bool, *, ascii: bool) -> list[Text]:
    """How far the review has come (a bar), or why it stopped (``error``: what the expert raised); nothing once
    it is done."""
    if error is not None:
        return [Text((_("The review stopped: {why}").format(why=review_stopped(error)),), Tone.ERROR)]
    if done:
        return []
    bar = progress_bar(progress, 20, ascii=ascii)
    return [Text((_("The expert is reviewing the game {bar}").format(bar=bar),), Tone.DIM)]


def summary_waiting() -> Text:
    """What the summary page says until every placement is judged: one sentence, for the page to wrap."""
    return Text(
        (
            _(
                "The summary comes once every placement is judged and the expert has played this deal itself. "
                "Your expected score so far, in cards:"
            ),
        )
    )


def review_title(deal: int | None, n: int | None = None, placements: int = 0) -> str:
    """The title of a review page: the summary's (``n`` None) or placement ``n``'s."""
    if n is not None:
        return _("Review: placement {n} of {placements}").format(n=n, placements=placements)
    if deal is None:
        return _("Review of a deal given by hand: summary")
    return _("Review of deal {deal}: summary").format(deal=deal)


def _review_of(deal: int | None) -> str:
    """``Review of deal 5``: a review's first line."""
    return _("Review of deal {deal}").format(deal=deal) if deal is not None else _("Review of a deal given by hand")


def report_lines(
    review: Review, *, rows: int, width: int, ascii: bool = False, terminal: int | None = None
) -> list[str]:
    """The review as the terminal shows it: the summary and chart laid out in ``width`` columns, then every
    placement, a line each, or two where a ``terminal`` that many columns wide is too narrow for one."""
    lines = [_review_of(review.deal), ""]
    lines += summary_lines(review, rows=rows, width=width, ascii=ascii)
    lines += ["", *to_terminal([_(_PLACEMENTS_HEAD)], width)]
    for step in review.steps:
        autoplay = _by_autoplay(review, step)
        *first, last = (
            [step_line(step, ascii=ascii)]
            if terminal is None
            else step_lines(step, terminal - len(autoplay), ascii=ascii)
        )
        lines += [*first, last + autoplay]
        why = why_forms_of(step) if not autoplay else []
        if why:
            lines += to_terminal(["    " + why[0].plain()], terminal)
    if review.autoplayed_at:
        lines += to_terminal([autoplay_note()], terminal)
    return lines


_PLACEMENTS_HEAD = N_(
    "Placements (cells a-g left to right, 1-7 top to bottom; the first card is on d4): the expected score in "
    "cards with the expert's cell and with yours, what yours cost, the win chance the same way, and the verdict"
)
"""What the list of placements under a review's summary gives, line by line."""

# Translators: a mark after a placement autoplay made, in a review's list of placements; the note under the list
# says what it means
AUTOPLAY_MARK = N_("(autoplay)")
"""The mark after a placement autoplay made, in the list of placements (said through ``_``)."""
AUTOPLAY_NOTE = N_("{mark}: placed by autoplay; the accuracy and the counts are your own.")
"""Under a list of placements some of which autoplay made: why those are marked (:data:`AUTOPLAY_MARK`) and set
apart (said through :func:`autoplay_note`)."""


def autoplay_note() -> str:
    """:data:`AUTOPLAY_NOTE`, with the mark it explains."""
    return _(AUTOPLAY_NOTE).format(mark=_(AUTOPLAY_MARK))


def _by_autoplay(review: Review, step: Step) -> str:
    """`` (autoplay)`` after a placement autoplay made, else nothing."""
    return " " + _(AUTOPLAY_MARK) if review.by_autoplay(step.n) else ""


NO_ERRORS = N_("Every placement was best: nothing to step to")
"""The footer when ``e`` or ``E`` finds nothing: a key that did nothing says why (said through ``_``)."""
NO_ERRORS_OF_YOURS = N_("Every placement of yours was best: nothing to step to")
"""The same, in a game where autoplay made some placements (``e`` and ``E`` pass those by)."""


def no_error_beyond(ahead: bool) -> str:
    """The footer when ``e`` (``ahead``) or ``E`` finds no costly placement past this one, though there are some."""
    if ahead:
        return _("No placement that cost something after this one")
    return _("No placement that cost something before this one")


def finish_first() -> str:
    return _("Finish the game first: only a finished game can be reviewed")


def why_forms_of(step: Step) -> list[Text]:
    """The "Why:" line of a placement of verdict inaccuracy or worse, longest form first; none for another, or
    where the expert did not say why (:func:`~foursquare.words.reasons.why_forms`)."""
    if step.why is None or not step.verdict.explained:
        return []
    return why_forms(step.why, step.cost)


class _Noted(Enum):
    """What plain mode's line of a placement says after its verdict, where the figures would read as a
    contradiction without it."""

    NO_CARD_LEFT = "no card left"
    """:func:`_no_card_left`."""
    SURER = "surer"
    """:func:`_surer`."""


_PLAIN_STEPS: dict[tuple[_Noted | None, bool], str] = {
    (None, False): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict}."
    ),
    (None, True): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict}, placed by autoplay."
    ),
    (_Noted.NO_CARD_LEFT, False): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict} (the expert expects a win here to "
        "leave next to no card in the stock)."
    ),
    (_Noted.NO_CARD_LEFT, True): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict} (the expert expects a win here to "
        "leave next to no card in the stock), placed by autoplay."
    ),
    (_Noted.SURER, False): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict} (cards given up for a surer win)."
    ),
    (_Noted.SURER, True): N_(
        "  {n}. {card} on {cell}, expert {expert}: expected score {before} before, {after} after, cost {cost:.1f}; "
        "win chance {chance_before} before, {chance_after} after; {verdict} (cards given up for a surer win), "
        "placed by autoplay."
    ),
}
"""Plain mode's line of a placement, whole, by what it says after the verdict and whether autoplay made it."""


def plain_review_lines(review: Review, spell: Spelling, game: Game | None = None) -> list[str]:
    """The review for plain mode: words and numbers only, no chart and no symbols a screen reader reads as noise.

    With the ``game`` reviewed, each placement that cost something says why:
    what the expert's cell and the player's would each have done.
    """
    fields = {
        "you": score_words(review.result, review.score),
        "expert": score_words(review.expert_result, review.expert_score),
        "start": cards_text(review.expected_start),
    }
    if review.deal is None:
        said = _("Review of a deal given by hand: you {you}, the expert {expert} (it played the deal from the start).")
    else:
        said = _("Review of deal {deal}: you {you}, the expert {expert} (it played the deal from the start).")
    lines = [
        said.format(deal=review.deal, **fields),
        _("{accuracy}: {counts}.").format(accuracy=accuracy_words(review), counts=_counted(review, ", ")),
        _("At the first card the expert expected {start} cards left at the end (a loss counting 0).").format(**fields),
    ]
    worst = review.worst
    if worst is not None:
        said = _(
            "Worst: card {n}, {card} on {cell}, where the expert would have put it on {expert}: {lost}, {verdict}."
        )
        lines.append(
            said.format(
                n=worst.n,
                card=spell.card(worst.card),
                cell=cell_name(worst.cell),
                expert=cell_name(worst.expert_cell),
                lost=_lost(worst, _("to")),
                verdict=verdict_phrase(worst.verdict),
            )
        )
    else:
        lines.append(pgettext("a line as a sentence", "{line}.").format(line=_no_worst(review)[0]))
    lines.append(_("Placement by placement:"))
    for step in review.steps:
        expert_cell = _("the same") if step.expert_cell == step.cell else cell_name(step.expert_cell)
        note = _Noted.NO_CARD_LEFT if _no_card_left(step) else _Noted.SURER if _surer(step) else None
        lines.append(
            _(_PLAIN_STEPS[note, review.by_autoplay(step.n)]).format(
                n=step.n,
                card=spell.card(step.card),
                cell=cell_name(step.cell),
                expert=expert_cell,
                before=cards_text(step.expected_before),
                after=cards_text(step.expected_after),
                cost=step.cost,
                chance_before=chance_text(step.chance_before),
                chance_after=chance_text(step.chance_after),
                verdict=verdict_word(step.verdict),
            )
        )
        if review.by_autoplay(step.n):
            continue
        why = why_forms_of(step)
        if why:
            lines.append("    " + spell.text(why[0]))
        if game is not None and step.verdict.cost_something:
            lines += ["    " + spell.text(text) for text in why_sentences(before_placement(game, step.n), step)]
    return lines


def why_sentences(before: Game, step: Step) -> list[Text]:
    """What the expert's cell and the player's would each have done, as sentences (the expert's first)."""
    expert = step.line(step.expert_cell)
    mine = step.line(step.cell)
    out = []
    if expert is not None:
        who = N_("the expert's cell") if step.cell != step.expert_cell else N_("yours")
        out.append(line_sentence(before, expert, who))
    if mine is not None and step.cell != step.expert_cell:
        out.append(line_sentence(before, mine, N_("yours")))
    return out


def review_stopped(error: Fault | None) -> str:
    """Why the expert's work on a review stopped: what it raised (``error``), or nothing known (interrupted)."""
    if error:
        return _("the expert could not review this game ({error})").format(error=fault_words(error))
    return _("the review stopped")


def review_stopped_sentence(error: Fault | None) -> str:
    """:func:`review_stopped` as a sentence of its own (plain mode's line)."""
    if error:
        return _("The expert could not review this game ({error}).").format(error=fault_words(error))
    return _("The review stopped.")


def not_over(placed: int, left: int) -> str:
    """Why a game cannot be reviewed yet."""
    said = ngettext(
        "this game is not over ({count} card placed, {left} in the stock): only a finished game can be reviewed",
        "this game is not over ({count} cards placed, {left} in the stock): only a finished game can be reviewed",
        placed,
    )
    return said.format(count=placed, left=left)


def helped_summary_line(review: Review, help: Help | None, width: int | None = None) -> str | None:
    """The summary's line on how the game was played, under the line with its result: ``Played on your own.``,
    ``Played with 2 take-backs, 1 tip.``; None when its help is not known.  Within ``width`` (a page's), a
    note that does not fit is left out rather than push the chart off the page."""
    if help is None:
        return None
    if help.alone:
        return _("Played on your own.")
    played = help_words(help, taken_back=False)
    forms = [_("Played with {help}.").format(help=played)]
    if help.autoplayed_at is None:  # kept before the game recorded which: the review took them all as the player's
        forms[:0] = [
            _("Played with {help}, not known which: all counted as yours.").format(help=played),
            _("Played with {help}: which, not known.").format(help=played),
        ]
    elif help.autoplayed_taken_back:  # why the help counts more than are marked below it
        forms[:0] = [_("Played with {help}.").format(help=help_words(help))]
    return forms[0] if width is None else longest_fitting(forms, width)


def review_not_kept(problem: Problem) -> str:
    return _("the review could not be kept with the game: {why}").format(why=why(problem))
