"""The review on the game screen: ``v`` on a finished game steps through the expert's verdicts.

:class:`ReviewPages` adds the ``v`` key to an :class:`~foursquare.screen.app.App`
(offered in the end box) and shows the review as a :class:`ReviewPage` over
the table: one view per placement (the table as it was, the card, where the
player put it and where the expert would have, the win chance before and
after, the verdict) and a summary with the expected-score chart.  The review
opens at once and fills in while the expert works in the background
(:class:`~foursquare.expert.reviewing.Reviewing`), with a progress bar; the
page is drawn again as verdicts come in.  A finished review is kept with its
game (:class:`~foursquare.storage.library.Library`), so a second look is
instant.

Keys on the page: ``←``/``→`` (``h``/``l``) step, Home/End go to the first
and last placement, ``n``/``N`` jump to the next/previous placement that cost
something (anything but best),
``s`` shows the summary (``→`` past the last placement too), ``q`` or Esc
goes back to the table or to the page it was opened from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from foursquare.engine import Cell, Game, cell_name
from foursquare.screen import layout
from foursquare.screen.app import App, Command, Observer, TextScreen, bound
from foursquare.screen.keys import Input
from foursquare.session.reviews import ReviewService, Starter, Work
from foursquare.storage.helped import Help, placements_autoplayed
from foursquare.storage.library import Library
from foursquare.words.catalog import _ as said
from foursquare.words.glyphs import HEIGHTS
from foursquare.words.keys import REVIEW, footer_forms
from foursquare.words.review import (
    CHART_FOOT,
    LINES_SHOWN,
    NO_ERRORS,
    NO_ERRORS_OF_YOURS,
    SUMMARY_HEAD,
    chart_lines,
    finish_first,
    lines_table,
    no_error_beyond,
    placement_lines,
    progress_line,
    review_title,
    summary_lines,
    summary_waiting,
    verdict_lines,
    why_forms_of,
)
from foursquare.words.text import Text, Token, Tone, fitted, wrap

if TYPE_CHECKING:  # the expert is imported when a review is first asked for: starting the game stays fast
    from foursquare.expert.advice import Advice, Position
    from foursquare.expert.review import Review
    from foursquare.expert.reviewing import Reviewing

__all__ = ["CHART_ROWS", "ReviewPage", "ReviewPages", "Starter", "Work", "expert_review", "position_table"]

CHART_ROWS = range(3, 11)
"""How tall the summary's chart may be, in rows."""


def expert_review(game: Game, known: Mapping[Position, Advice] | None = None) -> Reviewing:
    """The real expert reviewing ``game`` at its default strength, taking the advice ``known`` already (the
    screen's pondering found it) rather than thinking again."""
    from foursquare.expert.reviewing import Reviewing

    return Reviewing(game, known=known)


class ReviewPage:
    """The review of one game, shown over the table or over the list of games it was chosen from."""

    kind = "review"

    def __init__(self, owner: ReviewPages) -> None:
        self.owner = owner
        self.at = 1
        """The placement shown, or 0 for the summary."""
        self.note: str | None = None
        """Said on the footer line in place of the keys until the next key, as when ``n`` finds nothing."""
        self.scroll = 0

    @property
    def count(self) -> int:
        game = self.owner.game
        return game.placed_count if game is not None else 0

    def view(self, app: App) -> TextScreen:
        game, work = self.owner.game, self.owner.work
        if game is None or work is None:
            return TextScreen("", ())
        if self.at == 0:
            title, lines = self._summary(app, game, work)
        else:
            title, lines = self._step_page(app, game, work, self.at)
        practise = any(command.name == "review_practice" for command in app.commands)
        if self.note is not None:
            return TextScreen(title, tuple(lines), self.note)
        longest, *shorter = footer_forms(key for key in REVIEW if practise or key.action != "review_practice")
        return TextScreen(title, tuple(lines), longest, tuple(shorter))

    def other_key(self, app: App, event: Input) -> None:
        """Keys the page does not use do nothing here but say so (the footer says which it does)."""
        self.note = None
        app.note_stray(event)

    # --- moving ------------------------------------------------------------------

    def go(self, at: int) -> None:
        self.note = None
        self.at = at

    def jump(self, direction: int) -> None:
        """To the next (or previous) placement judged so far that cost something (anything but best)."""
        work = self.owner.work
        steps = work.steps if work is not None else []
        here = self.at if self.at else (0 if direction > 0 else len(steps) + 1)
        autoplayed = self.owner.autoplayed_at  # not the player's to look back on
        errors = [step.n for step in steps if step.verdict.cost_something and step.n not in autoplayed]
        ahead = [n for n in errors if (n - here) * direction > 0]
        self.note = None
        if ahead:
            self.at = min(ahead) if direction > 0 else max(ahead)
        elif not errors:
            self.note = said(NO_ERRORS_OF_YOURS if autoplayed else NO_ERRORS)
        else:
            self.note = no_error_beyond(direction > 0)

    # --- drawing -----------------------------------------------------------------

    def _progress(self, work: Work) -> list[Text]:
        return progress_line(work.progress, work.error, work.review is not None, ascii=self.owner.ascii)

    def _summary(self, app: App, game: Game, work: Work) -> tuple[str, list[Text]]:
        title = review_title(game.seed)
        width = layout.page_width(app.width)
        body = layout.screen_body_rows(app.height)
        ascii = self.owner.ascii
        if work.review is None:
            lines = [*self._progress(work), Text(("",)), summary_waiting()]
            lines = [row for line in lines for row in wrap(line, width)]
            rows = max(CHART_ROWS.start, min(CHART_ROWS.stop - 1, body - len(lines) - CHART_FOOT))
            chart = chart_lines(work.steps, rows, width, ascii=ascii, autoplayed=self.owner.autoplayed_at)
            lines += [Text((line,)) for line in chart]
            return title, lines
        review = self.owner.as_played(work.review)
        helped = self.owner.reviews.help_line(review, self.owner.help, width)
        rows = max(CHART_ROWS.start, min(CHART_ROWS.stop - 1, body - SUMMARY_HEAD - CHART_FOOT - (helped is not None)))
        while True:  # a head that takes more lines than it has makes the chart shorter, down to two rows, so that
            text = summary_lines(review, rows=rows, width=width, ascii=ascii)  # its numbers stay in view
            if helped is not None:
                text.insert(1, helped)
            heads = (Text((line,), Tone.HEADING if n == 0 else Tone.PLAIN) for n, line in enumerate(text))
            lines = [row for line in heads for row in wrap(line, width)]  # a line too wide runs on, never cut
            if len(lines) <= body or rows <= 2:
                return title, lines
            rows = max(2, rows - (len(lines) - body))

    def _step_page(self, app: App, game: Game, work: Work, n: int) -> tuple[str, list[Text]]:
        """Placement ``n``'s page, every line within the page's width: a line too wide would move the whole
        page sideways (the screen makes room for the widest line), and only on the placements that have one."""
        from foursquare.expert.review import before_placement  # loaded already: a review is at work

        before = before_placement(game, n)
        card = game.stock[n - 1]
        cell = game.placements[n - 1]
        step = work.step(n)
        width = layout.page_width(app.width)
        by_autoplay = n in self.owner.autoplayed_at
        lines = placement_lines(step, card, cell, width, by_autoplay=by_autoplay)
        lines += position_table(before, cell, step.expert_cell if step is not None else None, ascii=self.owner.ascii)
        progress = [row for line in self._progress(work) for row in wrap(line, width)]
        if step is not None:
            verdict = verdict_lines(step, width, by_autoplay=by_autoplay, ascii=self.owner.ascii)
            why = [] if by_autoplay else why_forms_of(step)
            if why:  # the whole sentence where it leaves the lines table its rows, else its short form
                whole, short = wrap(why[0], width), fitted(why, width)
                spare = layout.screen_body_rows(app.height) - len(lines) - len(verdict) - len(progress)
                verdict += whole if spare - len(whole) >= LINES_SHOWN + 3 else short
            room = layout.screen_body_rows(app.height) - len(lines) - len(verdict) - len(progress)
            gap = [Text(("",))] if room >= LINES_SHOWN + 3 else []  # the blank line goes first on a short screen
            lines += [*gap, *lines_table(before, step, width, max(3, room - len(gap))), *verdict]
        lines += progress
        return review_title(game.seed, n, game.placed_count), lines


class ReviewPages(Observer):
    """The ``v`` key and the review page of an :class:`App`; creating it wires it in.

    ``start`` starts the expert on a game (tests pass one with a fake expert);
    ``library`` keeps finished reviews with their games; ``ascii`` draws the
    chart and bars with plain characters.
    """

    def __init__(
        self, app: App, *, start: Starter = expert_review, library: Library | None = None, ascii: bool = False
    ) -> None:
        self.app = app
        self.start = start
        self.library = library
        self.reviews = ReviewService(library, start=start)
        self.ascii = ascii
        self.work: Work | None = None
        """The review of :attr:`game`: at work, finished, or read from the library."""
        self.game: Game | None = None
        self.game_id: int | None = None
        """The history's id of :attr:`game`, where its review is kept; None if it has none (yet)."""
        self.help: Help | None = None
        """The help :attr:`game` had, for the summary; None when it is not known."""
        self._shown: tuple[object, ...] = ()
        app.add_command(bound("review", self.open))  # during a game too: it says to finish first
        app.add_page_kind(ReviewPage.kind)
        for command in _page_commands():
            app.add_command(command)
        app.add_ticker(self._tick)
        app.add_observer(self)

    @property
    def page(self) -> ReviewPage | None:
        """The review page, when it is the page shown."""
        page = self.app.page
        return page if isinstance(page, ReviewPage) and page.owner is self else None

    @property
    def is_open(self) -> bool:
        return self.page is not None

    @property
    def at(self) -> int:
        """The placement the page shown is at (0: the summary)."""
        return self.page.at if self.page is not None else 0

    # --- opening and closing ----------------------------------------------------

    def open(self, app: App) -> None:
        """``v``: the review of the game on the table, from its first placement (at once if kept or under way)."""
        game = app.game
        if not game.is_over:
            app.say(Text((finish_first(),), Tone.ERROR))
            return
        self.show_game(game, app.session.game_id)

    def show_game(self, game: Game, game_id: int | None) -> None:
        """Open the review of finished ``game`` (game ``game_id`` of the history, if it is one there)."""
        if self.game is None or self.game != game or (self.work is not None and self.work.error):
            self._begin(game.copy(), game_id)
        elif game_id is not None:
            self.game_id = game_id
            self.help = self._help_of(game, game_id)
        self.app.push_page(ReviewPage(self))

    def _begin(self, game: Game, game_id: int | None) -> None:
        self.stop()
        self.game, self.game_id = game, game_id
        self.help = self._help_of(game, game_id)
        self.work = self.reviews.open(game_id, game)

    @property
    def autoplayed_at(self) -> tuple[int, ...]:
        """The placements of :attr:`game` autoplay made: the review sets them apart from the player's."""
        return placements_autoplayed(self.help)

    def as_played(self, review: Review) -> Review:
        """``review`` as :attr:`game` was played: autoplay's placements set apart."""
        return self.reviews.as_played(review, self.help)

    def _help_of(self, game: Game, game_id: int | None) -> Help | None:
        """The help ``game`` had: the session's for the game on the table, as it was played to this end, else
        the history's."""
        if game == self.app.game and game_id == self.app.session.game_id:
            return self.app.session.help
        return self.library.help_of(game_id) if self.library is not None else None

    def stop(self) -> None:
        """Stop the expert's work on a review no longer wanted."""
        if self.work is not None:
            self.work.cancel()
        self.work = None
        self.game = None

    def game_started(self, game: Game) -> None:
        """A new deal: a review still at work would slow the expert's tips, so it stops (g can start it again)."""
        if self.work is not None and self.work.review is None:
            self.stop()
            if self.page is not None:
                self.app.pop_page()

    def closing(self, game: Game) -> None:
        self.stop()

    # --- background -------------------------------------------------------------

    def _tick(self, app: App) -> bool:
        """Keep the finished review, and ask for a redraw when the review has moved on under the open page."""
        work = self.work
        if work is not None and work.review is not None and self.game is not None:
            if self.game_id is None and self.game == app.game:
                self.game_id = app.session.game_id  # kept in the history since the review began
            self.reviews.settle(self.game_id, self.game, work)
        if self.page is None or work is None:
            return False
        state = (len(work.steps), round(work.progress, 2), work.review is not None, work.error)
        if state == self._shown:
            return False
        self._shown = state
        return True


def _on_review(action: Callable[[ReviewPage], None]) -> Callable[[App], None]:
    def run(app: App) -> None:
        page = app.page
        if isinstance(page, ReviewPage):
            action(page)

    return run


def _page_commands() -> list[Command]:
    """The review page's keys."""

    def right(page: ReviewPage) -> None:
        page.go(0 if page.at in (0, page.count) else page.at + 1)

    def left(page: ReviewPage) -> None:
        page.go(page.count if page.at == 0 else max(1, page.at - 1))

    def close(app: App) -> None:
        app.pop_page()

    return [
        bound("review_next", _on_review(right)),
        bound("review_back", _on_review(left)),
        bound("review_first", _on_review(lambda page: page.go(1))),
        bound("review_summary", _on_review(lambda page: page.go(0))),
        bound("review_error", _on_review(lambda page: page.jump(1))),
        bound("review_error_back", _on_review(lambda page: page.jump(-1))),
        bound("review_close", close),
    ]


def position_table(before: Game, mine: Cell | None, expert: Cell | None, *, ascii: bool = False) -> list[Text]:
    """The table before the placement, with column letters and row numbers, the two cells marked.

    In ``ascii`` a pile's height is a plain figure, set off from the card by a colon (``5D:2``, where ``5D2``
    would read as one word): a cell takes a column more."""
    region = layout.shown_region(before.bounds)
    legal = set(before.legal_moves())
    size = 7 if ascii else 6
    head = "    " + "".join(
        f"{cell_name((region.top, col))[0]:^{size}}" for col in range(region.left, region.right + 1)
    )
    lines = [Text((head.rstrip(),), Tone.DIM)]
    heights = ASCII_HEIGHTS if ascii else HEIGHTS
    for row in range(region.top, region.bottom + 1):
        tokens: list[Token] = [f" {cell_name((row, region.left))[1:]:>2} "]
        for col in range(region.left, region.right + 1):
            tokens += _cell((row, col), before, legal, (mine, expert), heights)
        lines.append(Text(tuple(tokens)))
    return lines


ASCII_HEIGHTS = ("  ", ":2", ":3", ":4")
"""A pile's height after its top card in ASCII, by the cards it holds: none for one card."""


def _cell(
    cell: Cell, before: Game, legal: set[Cell], marked: tuple[Cell | None, Cell | None], heights: Sequence[str]
) -> list[Token]:
    """Six columns for one cell (seven in ASCII): marks either side of four, a card's suit under the dot of an
    empty cell.

    A card is its rank and suit (a 10 is one column wider), so the rank is padded to two columns; the fourth
    holds how many cards the pile has when more than one (:data:`HEIGHTS`), as the game's piles show it.
    """
    mine, expert = marked
    if cell == mine and cell == expert:
        left, right = "{", "}"
    elif cell == mine:
        left, right = "[", "]"
    elif cell == expert:
        left, right = "<", ">"
    else:
        left, right = " ", " "
    pile = before.pile(cell)
    blank = " " * (len(heights[0]) - 1)
    if pile is None:
        inner: list[Token] = [("  · " if cell in legal else "    ") + blank]
    elif not pile.face_up:
        inner = [" ##" + heights[len(pile) - 1]]
    else:
        top = pile.top
        inner = [" " * (2 - len(top.rank_text)), top, heights[len(pile) - 1]]
    return [left, *inner, right]
