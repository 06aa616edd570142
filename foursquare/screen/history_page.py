"""Your games as a page of the game screen (those left before the end too), to pick one for the expert's review.

:class:`HistoryPage` adds the ``g`` key (also on the statistics page, with
``v``): the games of the history, newest first, one a line as ``foursquare
history`` lists them.  ``↑``/``↓`` (``k``/``j``), PgUp/PgDn and Home/End
choose one, ``v`` or Enter opens its review over this page
(:class:`~foursquare.screen.review_page.ReviewPages`), and ``q`` from there
comes back here; ``q`` or Esc here goes back to what was under it.
"""

from __future__ import annotations

from collections.abc import Callable

from foursquare.screen import layout
from foursquare.screen.app import ANYWHERE, App, Command, TextScreen, bound
from foursquare.screen.keys import Input
from foursquare.screen.review_page import ReviewPages
from foursquare.storage.formats import FinishedGame
from foursquare.storage.library import Library
from foursquare.words.glyphs import MARK
from foursquare.words.history import none_to_review, not_reviewed_line, table, title
from foursquare.words.keys import HISTORY, footer_forms
from foursquare.words.problems import short
from foursquare.words.text import Text, Tone

__all__ = ["HistoryPage"]


class HistoryPage:
    """The list of games that ended; :meth:`wire` gives an :class:`App` the ``g`` key that opens it."""

    kind = "history"

    def __init__(self, games: list[FinishedGame], library: Library, reviews: ReviewPages) -> None:
        self.games = games
        self.library = library
        self.reviews = reviews
        self.at = 0
        left_out = " ".join(short(problem) for problem in library.take_problems())
        self.note: Text | None = None
        """A line under the games: what reading them left out, why a game cannot be reviewed, or that there is none."""
        if left_out:
            self.note = Text((left_out,), Tone.ERROR)
        elif not games:
            self.note = Text((none_to_review(),))
        self.scroll = 0

    @classmethod
    def wire(cls, app: App, library: Library, reviews: ReviewPages) -> None:
        """The ``g`` key on the table, ``g`` and ``v`` on the statistics page, and this page's own keys."""

        def open_page(app: App) -> None:
            app.push_page(cls(library.recent(), library, reviews))  # read afresh: another window may have played

        app.add_command(bound("history", open_page, ANYWHERE))
        app.add_command(bound("stats_history", open_page))
        app.add_page_kind(cls.kind)
        for command in _commands():
            app.add_command(command)

    def view(self, app: App) -> TextScreen:
        room = app.width - 2 - len(MARK)  # a table, as a chart, may be wider than a page of text (PAGE_MAX)
        heading, *lines = table(self.games, room)
        rows = layout.screen_body_rows(app.height) - 3  # the heading, a blank line and the note
        top = min(max(0, self.at - rows // 2), max(0, len(lines) - rows))
        shown = [Text(("  " + heading,), Tone.HEADING)]
        for n, line in enumerate(lines[top : top + rows], start=top):
            shown.append(Text(((MARK if n == self.at else "  ") + line,), Tone.KEYS if n == self.at else Tone.PLAIN))
        shown += [Text(("",)), self.note or Text(("",))]
        longest, *shorter = footer_forms(HISTORY)
        return TextScreen(title(), tuple(shown), longest, tuple(shorter))

    def other_key(self, app: App, event: Input) -> None:
        app.note_stray(event)

    def choose(self, step: int) -> None:
        self.at = min(max(0, self.at + step), max(0, len(self.games) - 1))

    def review(self) -> None:
        """Open the review of the game chosen, or say on the page why it cannot be reviewed."""
        if not self.games:
            return
        chosen = self.games[self.at]
        found = self.library.find(chosen.id)
        if found.game is None or found.why_not is not None:
            self.note = Text((not_reviewed_line(found),), Tone.ERROR)
            return
        self.note = None
        self.reviews.show_game(found.game, found.game_id)


def _on_page(action: Callable[[App, HistoryPage], None]) -> Callable[[App], None]:
    def run(app: App) -> None:
        page = app.page
        if isinstance(page, HistoryPage):
            action(app, page)

    return run


def _step(step: Callable[[App], int]) -> Callable[[App], None]:
    return _on_page(lambda app, page: page.choose(step(app)))


def _page(app: App) -> int:
    return max(1, layout.screen_body_rows(app.height) - 3)


def _commands() -> list[Command]:
    return [
        bound("history_up", _step(lambda app: -1)),
        bound("history_down", _step(lambda app: 1)),
        bound("history_page_up", _step(lambda app: -_page(app))),
        bound("history_page_down", _step(_page)),
        bound("history_first", _step(lambda app: -(10**9))),
        bound("history_last", _step(lambda app: 10**9)),
        bound("history_review", _on_page(lambda app, page: page.review())),
        bound("history_close", lambda app: app.pop_page()),
    ]
