"""Playing in the terminal, put together: the session, the game screen and its pages.

:func:`main` opens the one :class:`~foursquare.session.game.GameSession` (the
saved game resumed, or the deal asked for), puts it in an
:class:`~foursquare.screen.app.App`, adds the expert's keys
(:class:`~foursquare.screen.coach.Coach`), the statistics, the history and the
review and practice pages, and runs :mod:`foursquare.screen.tui`.  The session saves and
counts; this module only keeps the player's settings and prints, after the
game, the lines worth keeping (problems with the files, the daily line to
share).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import NamedTuple

from foursquare.engine import Game
from foursquare.screen import layout, tui
from foursquare.screen.app import ANYWHERE, App, Observer, Settings, TextScreen, back_with, bound, scroll_page
from foursquare.screen.coach import Coach, Expert, think_seconds
from foursquare.screen.goto import CellPrompt
from foursquare.screen.history_page import HistoryPage
from foursquare.screen.keys import Input
from foursquare.screen.log_page import LogPage
from foursquare.screen.practice_page import PracticePages
from foursquare.screen.review_page import ReviewPages, expert_review
from foursquare.session.errors import INTERRUPTED, CommandError
from foursquare.session.events import Trouble
from foursquare.session.game import GameSession, Opening
from foursquare.session.lines import use_locale
from foursquare.session.opening import open_session
from foursquare.storage.files import data_dir
from foursquare.storage.library import Library
from foursquare.storage.problems import StoreError
from foursquare.storage.stats import Records, Stats
from foursquare.storage.store import Store
from foursquare.words.catalog import _ as said
from foursquare.words.glyphs import SAMPLE, can_encode, locale_codeset
from foursquare.words.keys import binding, legend
from foursquare.words.problems import why
from foursquare.words.screen import cannot_keep_settings, cannot_play_here, intro, needs_a_terminal
from foursquare.words.session import quitting_words
from foursquare.words.stats import (
    CHART_TITLE,
    chart_title,
    daily_line,
    earlier_line,
    histogram_lines,
    records_lines,
    score_lines,
    summary_lines,
)
from foursquare.words.stats import TITLE as STATS_TITLE
from foursquare.words.text import Text, Tone, wrap

__all__ = [
    "BAR_ROWS",
    "Practising",
    "Request",
    "SettingsKeeper",
    "StatsPage",
    "build",
    "can_draw_unicode",
    "load_settings",
    "main",
    "records_screen",
    "stats_screen",
    "wire",
]

BAR_ROWS = range(3, 9)
"""How tall the statistics' bars may be drawn, in rows: lower than 3 they no longer compare, higher than 8 adds
nothing."""


class Request(NamedTuple):
    """The deal asked for on the command line."""

    seed: int | None = None
    daily: bool = False
    new: bool = False


class Practising(NamedTuple):
    """``foursquare practice``: the screen opens on the practice page, over these games (None: every kept game)."""

    games: list[int] | None = None
    nodes: int | None = None
    looked_up: Mapping[int, Game] | None = None
    """The games named, already looked up (by :func:`foursquare.commands.practice.check_game`), by id."""


def main(request: Request, *, ascii: bool = False, color: bool = True, practise: Practising | None = None) -> int:
    """Play in this terminal until the player quits; returns the exit status.

    Raises :class:`CommandError` when there is no usable terminal or the data
    folder is held by another window.  After the game, the lines the player
    should keep (problems with the files, the daily result to share) are
    printed where they stay: on the terminal, below the command.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError(needs_a_terminal())
    use_locale()  # the characters draw also where the language's locale is not installed
    size_notes = tui.ignore_false_size()
    problem = tui.terminal_problem()
    if problem is not None:
        raise CommandError(cannot_play_here(problem))
    try:
        seconds = think_seconds(os.environ)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None
    first = _first_run()
    session, opening = open_session(seed=request.seed, daily=request.daily, new=request.new)
    ascii = ascii or not can_draw_unicode()
    app = build(session, opening, ascii=ascii, seconds=seconds, first=first, practise=practise)
    for note in size_notes:
        app.tell(Trouble(note))
    status = tui.run(app, ascii=ascii, color=color and not os.environ.get("NO_COLOR"))
    for notice in app.notices:
        print(f"foursquare: {notice}", file=sys.stderr)
    stakes = app.session.stakes()
    if status == INTERRUPTED and stakes.in_progress:  # Ctrl-C left without the question q asks: say it is kept
        print(quitting_words(stakes.saved))
    if app.share is not None:
        print(app.share)
    for line in app.parting:
        print(line)
    return status


def build(
    session: GameSession,
    opening: Opening,
    *,
    ascii: bool = False,
    seconds: float | None = None,
    first: bool = False,
    width: int = 80,
    height: int = 24,
    practise: Practising | None = None,
) -> App:
    """The game screen on ``session``, with everything around the table, greeting as ``opening`` found the game.

    ``first`` shows how to win on the table of a first game; ``practise`` opens it on the practice page.
    """
    app = App(session, settings=load_settings(session.store), width=width, height=height)
    practice = wire(app, ascii=ascii, seconds=seconds, nodes=practise.nodes if practise is not None else None)
    if practise is not None:
        practice.open(practise.games, from_shell=True, looked_up=practise.looked_up)
    if first:
        app.intro = intro()
    if opening.trouble is not None:
        app.tell(opening.trouble)
    app.finish_pending()
    if opening.switch is not None:
        app.ask_to_switch(opening.switch.seed, opening.switch.daily)
    return app


def wire(app: App, *, ascii: bool, seconds: float | None = None, nodes: int | None = None) -> PracticePages:
    """Give ``app`` everything around the table: the expert's keys, the statistics, the games, their review and
    practice on their mistakes (reviews it must make use ``nodes``); the practice pages, to open."""
    library = Library(app.session.store)
    pondering = Expert(seconds)
    Coach(app, think=pondering, ponder=True)
    CellPrompt(app)
    LogPage.wire(app)
    app.reminder += legend(["outcomes"])  # last: the outcomes show on the table, the key is for turning them off
    reviews = ReviewPages(
        app, library=library, ascii=ascii, start=lambda game: expert_review(game, known=pondering.found())
    )
    HistoryPage.wire(app, library, reviews)
    practice = PracticePages(app, library, ascii=ascii, nodes=nodes, game_of_review=lambda: reviews.game_id)
    StatsPage.wire(app, ascii=ascii)
    app.add_observer(SettingsKeeper(app))
    return practice


def can_draw_unicode() -> bool:
    """Whether the locale's real character set can show the suits, card frames and bars.

    Asked of ``nl_langinfo(CODESET)`` after ``setlocale``, which is what curses
    writes with: Python's preferred encoding claims UTF-8 under ``LC_ALL=C``
    while the terminal gets ASCII.  PDCurses (Windows) writes the console's
    characters themselves, whatever its code page: there the font decides.
    """
    if tui.PDCURSES:
        return tui.console_shows_unicode()
    return can_encode(SAMPLE, locale_codeset())


def load_settings(store: Store) -> Settings:
    """The player's settings as kept in ``store``; the defaults for any never set."""
    defaults = Settings()
    try:
        preview, to_come = store.setting("preview", defaults.preview), store.setting("to_come", defaults.to_come)
        outcomes = store.setting("outcomes", defaults.outcomes)
    except StoreError:
        return defaults
    return Settings(preview=preview is not False, to_come=to_come is not False, outcomes=outcomes is not False)


class SettingsKeeper(Observer):
    """Keeps the settings the player turns on and off in the session's store, for the next time."""

    def __init__(self, app: App) -> None:
        self.app = app

    def settings_changed(self, settings: Settings) -> None:
        store = self.app.session.store
        try:
            store.set_setting("preview", settings.preview)
            store.set_setting("to_come", settings.to_come)
            store.set_setting("outcomes", settings.outcomes)
        except StoreError as exc:
            self.app.tell(Trouble(cannot_keep_settings(why(exc.problem))))


def _first_run() -> bool:
    """Nothing kept yet: no data folder, or an empty one."""
    try:
        folder = data_dir()
        return not folder.is_dir() or not any(folder.iterdir())
    except (OSError, ValueError):
        return False


def stats_screen(
    stats: Stats, *, height: int, ascii: bool = False, note: str | None = None, width: int = 80, keys: str = ""
) -> TextScreen:
    """The statistics page for a terminal ``width``×``height``.

    ``note`` is a line about the statistics (damaged, unreadable), shown
    first; ``ascii`` draws the bars with ``#`` and plain lines.  Where the
    chart of every score does not fit the width, each score won gets a line
    of its own instead, so that nothing is cut.
    """
    head = [Text((note,), Tone.ERROR), Text(("",))] if note else []
    summary = [Text((line,)) for line in summary_lines(stats)]
    return _with_charts(
        head + summary, [(said(CHART_TITLE), stats)], height=height, width=width, ascii=ascii, keys=keys
    )


def records_screen(
    records: Records, *, height: int, ascii: bool = False, note: str | None = None, width: int = 80, keys: str = ""
) -> TextScreen:
    """The statistics page for a terminal ``width``×``height``: both records, on your own first, then the charts.

    The chart of the winning scores on your own comes first, then that of
    all games when it holds wins the first has not (games won with help);
    a chart with no win is left out while the other has some.  The rest as
    for :func:`stats_screen`.
    """
    head = [Text((note,), Tone.ERROR), Text(("",))] if note else []
    earlier = earlier_line(records.before_help)
    daily = daily_line(records.daily)
    summary = [Text((line,)) for line in records_lines(records)]
    if daily is not None:
        summary += wrap(Text((daily,)), layout.page_width(width))
    if earlier is not None:
        summary += wrap(Text((earlier,), Tone.DIM), layout.page_width(width))
    alone, everything = records.on_your_own, records.all_games
    charts = [(chart_title(True), alone)] if alone.won or not everything.won else []
    if everything.won > alone.won:
        charts.append((chart_title(False), everything))
    return _with_charts(head + summary, charts, height=height, width=width, ascii=ascii, keys=keys)


def _with_charts(
    top: list[Text], charts: list[tuple[str, Stats]], *, height: int, width: int, ascii: bool, keys: str
) -> TextScreen:
    """The page of ``top`` lines, then each titled chart of winning scores, the charts sharing what rows the
    page has left (each at least :data:`BAR_ROWS`' least: the page scrolls when they do not fit), or a line a
    score where a chart does not fit the width."""
    frame = len(histogram_lines(charts[0][1], 0, ascii)) + 1  # a chart without bars, a blank line above it
    spare = (layout.screen_body_rows(height) - len(top)) // len(charts) - frame
    bars = min(max(spare, BAR_ROWS.start), BAR_ROWS.stop - 1)
    lines = list(top)
    for title, stats in charts:
        _, *chart = histogram_lines(stats, bars, ascii)
        if max(map(len, chart)) > width:  # the chart may use the margins of the page, not more
            _, *chart = score_lines(stats, ascii)
        titled = wrap(Text((title,), Tone.HEADING), layout.page_width(width))  # a longer language runs on
        lines += [Text(("",)), *titled, *(Text((line,)) for line in chart)]
    return TextScreen(said(STATS_TITLE), tuple(lines), keys=keys)


class StatsPage:
    """``s``: the statistics, read afresh when opened (another window may have counted games meanwhile)."""

    kind = "stats"

    def __init__(self, stats: Stats, note: str | None, ascii: bool, records: Records | None = None) -> None:
        self.stats = stats
        self.records = records
        """Both records: the page shows them when given (the game's page always gives them)."""
        self.note = note
        self.ascii = ascii
        self.scroll = 0

    @classmethod
    def wire(cls, app: App, *, ascii: bool) -> None:
        """Bind ``s`` on the table to open the page."""

        def open_page(app: App) -> None:
            records, trouble = app.session.records()
            if trouble is not None:
                app.tell(trouble)
            note = (trouble.short or trouble.line) if trouble is not None else None
            app.push_page(cls(records.all_games, note, ascii, records))

        app.add_command(bound("stats", open_page, ANYWHERE))
        app.add_command(bound("stats_close", lambda app: app.pop_page()))
        app.add_page_kind(cls.kind)

    def view(self, app: App) -> TextScreen:
        own = [binding(c.name) for c in app.commands if c.page == self.kind]
        keys = " · ".join(" ".join(record.pair()) for record in own if record.short)
        if self.records is not None:
            return records_screen(
                self.records, height=app.height, width=app.width, ascii=self.ascii, note=self.note, keys=keys
            )
        return stats_screen(self.stats, height=app.height, width=app.width, ascii=self.ascii, note=self.note, keys=keys)

    def other_key(self, app: App, event: Input) -> None:
        if not scroll_page(app, self, event):
            back_with(app, event)
