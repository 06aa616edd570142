"""The game as the player sees and steers it, without a terminal.

:class:`App` is the screen's adapter over the one
:class:`~foursquare.session.game.GameSession`: it turns keys
(:mod:`foursquare.screen.keys`) into session calls, words the events they
return (:mod:`foursquare.words`) and keeps what the screen shows: the cursor,
the message line, the cards to highlight, the open question and the stack of
pages over the table.  :mod:`foursquare.screen.render` draws that and
:mod:`foursquare.screen.tui` is the only part that touches the terminal.

Keys are looked up in a table of :class:`Command` values, each bound to the
table or to a kind of page, so that other parts add keys
(:meth:`App.add_command`) and the help lists every one.  Pages
(:class:`Page`) are pushed over the table or over another page and popped
back (:meth:`App.push_page`, :meth:`App.pop_page`), like a screen stack;
a page is drawn afresh from its state for whatever size the terminal has, so
a resize needs nothing of it.  Other parts also add background work polled by
the main loop (:meth:`App.add_ticker`), listeners for every key before the
commands see it (:meth:`App.add_key_filter`), observers of the game's life
(:class:`Observer`), a cell pointed out (:attr:`App.marked`), background work
shown in the side panel (:attr:`App.status`) and more said in the end box
(:attr:`App.end_note`, :attr:`App.end_more`), without changing this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from itertools import zip_longest
from typing import Protocol

from foursquare.engine import Cell, Game, IllegalMove, Preview, cell_name
from foursquare.engine.values import Value, replace
from foursquare.expert.danger import danger_after
from foursquare.screen import layout
from foursquare.screen.keys import Click, Input, Key, KeyName, Resize, key_label, key_of
from foursquare.session import events as session_events
from foursquare.session import presenter
from foursquare.session.events import Event, Mover, Stakes, Trouble
from foursquare.session.game import GameSession
from foursquare.storage.helped import Aid
from foursquare.words.catalog import _
from foursquare.words.danger import preview_forms
from foursquare.words.explain import preview_forms as preview_texts
from foursquare.words.explain import refusal_forms
from foursquare.words.keys import (
    AT_THE_END,
    KEYS_HEADING,
    PAGE_TITLES,
    binding,
    extra_key_lines,
    legend,
    offers,
    summary,
)
from foursquare.words.rules import on_the_table, rules
from foursquare.words.screen import HELP_TITLE, cannot_suspend, outcomes_words
from foursquare.words.session import replay_not_yet, toggled_words
from foursquare.words.text import Text, Tone, wrap

__all__ = [
    "TABLE_MODES",
    "App",
    "Command",
    "HelpPage",
    "KeyFilter",
    "Mode",
    "Observer",
    "Page",
    "Settings",
    "TextPage",
    "TextScreen",
    "Ticker",
    "bound",
]


class Mode(Enum):
    """What the keys act on at the moment, in the order :attr:`App.mode` checks them."""

    CONFIRM = "confirm"
    """A yes/no question is open (quit? new deal?)."""
    SCREEN = "screen"
    """A page is open over the table."""
    TOO_SMALL = "too_small"
    """The terminal is smaller than the game needs: only quitting works."""
    GAME_OVER = "game_over"
    PLAYING = "playing"


TABLE_MODES = frozenset({Mode.PLAYING, Mode.GAME_OVER})
ANYWHERE = TABLE_MODES | {Mode.TOO_SMALL}
PLAYING = frozenset({Mode.PLAYING})
TOO_SMALL_COMMANDS = frozenset({"quit", "redraw"})
"""What works on a terminal too small to play in: quitting, as its notice says, and repainting it."""


class Command(Value):
    """A key binding: what it does, where it applies and how the help screen names it.

    ``page`` binds it to the kind of page open on top (its :attr:`Page.kind`)
    instead of the table's ``modes``; ``"*"`` binds it on every page.
    """

    name: str
    keys: tuple[KeyName, ...]
    summary: str
    """Shown in the help screen; commands with the same summary share one line."""
    run: Callable[[App], object]
    modes: frozenset[Mode] = TABLE_MODES
    page: str | None = None


def bound(name: str, run: Callable[[App], object], modes: frozenset[Mode] | None = None) -> Command:
    """The command called ``name``, running ``run``: its keys, its page and its line in the help as its record in
    :mod:`foursquare.words.keys` has them, so that a key is written in one place."""
    record = binding(name)
    keys = tuple(key_of(key) for key in record.keys)
    return Command(name, keys, summary(name), run, TABLE_MODES if modes is None else modes, record.page)


class TextScreen(Value):
    """What a page shows for one size of terminal: a title, lines of text, and its footer."""

    title: str
    lines: tuple[Text, ...]
    footer: str | None = None
    """The bottom line, for a page with keys of its own; None: how to scroll and leave."""
    shorter: tuple[str, ...] = ()
    """Shorter forms of :attr:`footer`, longest first: the longest that fits beside the page's margin is shown."""
    keys: str = ""
    """Keys of the page's own (``g your games``), said on the scrolling footer before how to leave."""
    wrap: bool = False
    """Break lines too wide for the terminal at spaces (prose), rather than cut them (tables, charts)."""

    def rows(self, width: int) -> tuple[Text, ...]:
        """The lines as shown ``width`` columns wide: wrapped if :attr:`wrap`, else as they are."""
        if not self.wrap:
            return self.lines
        return tuple(row for line in self.lines for row in wrap(line, width))


class Page(Protocol):
    """A full-screen page over the table (or over another page), drawn afresh for every frame."""

    @property
    def kind(self) -> str:
        """Which kind of page it is: the commands bound to this kind (:attr:`Command.page`) are its keys."""

    scroll: int
    """The first line shown, for a page longer than the screen."""

    def view(self, app: App) -> TextScreen:
        """What the page shows on a terminal of ``app.width`` × ``app.height``."""

    def other_key(self, app: App, event: Input) -> None:
        """A key that none of the page's commands took."""


class TextPage:
    """A page of text that scrolls with the arrow keys; q or Esc closes it, and so does any other key, which
    then does what it means on the page behind (:func:`back_with`)."""

    kind = "text"

    def __init__(self, screen: TextScreen) -> None:
        self.screen = screen
        self.scroll = 0

    def view(self, app: App) -> TextScreen:
        return self.screen

    def other_key(self, app: App, event: Input) -> None:
        if not scroll_page(app, self, event):
            back_with(app, event)


def back_with(app: App, event: Input) -> None:
    """ "Any other key: back": close the page on top, and where ``event`` means something on what is behind it
    (``d`` on the table, ``→`` on a review), do it there, so that no key is swallowed on the way back."""
    app.pop_page()
    if app.takes(event):
        app.handle(event)


def scroll_page(app: App, page: Page, event: Input) -> bool:
    """Scroll ``page`` for the arrow, page and Home/End keys; False for any other key."""
    rows = layout.screen_body_rows(app.height)
    steps: dict[Input, int] = {
        Key.UP: -1, "k": -1, Key.DOWN: 1, "j": 1, Key.PAGE_UP: -rows, Key.PAGE_DOWN: rows, " ": rows,
        Key.HOME: -(10**9), Key.END: 10**9,
    }  # fmt: skip
    step = steps.get(event)
    if step is None:
        return False
    lines = len(page.view(app).rows(layout.page_width(app.width)))
    page.scroll = max(0, min(page.scroll + step, lines - rows))
    return True


class HelpPage(TextPage):
    """The rules and every key: a page of text like any other, one that ``?`` closes again."""

    kind = "help"


class Settings(Value):
    """What the player chose to see, remembered between runs by whoever keeps them (see :class:`Observer`)."""

    preview: bool = True
    """The bottom line says what placing on the cell under the cursor would do (``p``)."""
    to_come: bool = True
    """The side panel counts the cards of each rank still to come (``c``)."""
    outcomes: bool = True
    """Every cell the next card may go on shows what it would do there (``o``).

    On by default: it is the preview of every cell at once, and it shows a new
    player which cells lose before one is tried."""


class Observer(Protocol):
    """Told about the life of the games an :class:`App` plays.  Subclass it and override what you need.

    Every game method gets the app's current game, after the fact.
    """

    def game_started(self, game: Game) -> None:
        """A new deal is on the table (not called for the game the App was created with)."""
        return None

    def game_changed(self, game: Game) -> None:
        """A card was placed, taken back or put back (also called for new deals)."""
        return None

    def game_finished(self, game: Game) -> None:
        """A placement (or redo) just won or lost the game; undo can reopen it."""
        return None

    def closing(self, game: Game) -> None:
        """The player is quitting; ``game`` is what is on the table."""
        return None

    def settings_changed(self, settings: Settings) -> None:
        """The player turned something on or off: a good time to remember the settings."""
        return None


Ticker = Callable[["App"], bool]
"""Polled by the main loop every :attr:`App.tick_seconds` or so; returns True to ask for a redraw."""

KeyFilter = Callable[["App", Input], bool]
"""Sees every key and click before the commands do; returns True to take it, so nothing else runs."""


class App:
    """The view-model of the game: feed it :data:`~foursquare.screen.keys.Input`, read what to show."""

    tick_seconds = 0.1
    """How often the main loop wakes up to poll tickers when no key comes."""

    def __init__(
        self,
        session: GameSession,
        *,
        width: int = 80,
        height: int = 24,
        observers: Iterable[Observer] = (),
        settings: Settings | None = None,
    ) -> None:
        self.session = session
        self.settings = settings if settings is not None else Settings()
        self.width = width
        self.height = height
        self.cursor: Cell = (0, 0)
        self.view = layout.view_after(self.game.placements)
        """The 5×5 window of cells the table area shows: it moves only when the cells in play no longer fit.

        Worked out from the placements (:func:`layout.view_after`), so that a game resumed, or a card taken
        back, shows the table where it was."""
        self.message: Text | None = None
        """The message line: the explanation of the last move, an error, a hint."""
        self.message_short: Text | None = None
        """A shorter form of :attr:`message` for narrow terminals, if it has one."""
        self.message_forms: tuple[Text, ...] = ()
        """Every form of :attr:`message`, longest first: the screen shows the first that fits its rows."""
        self.previewing = False
        """The bottom line shows the preview of the cell under the cursor, not :attr:`message`:
        set when the cursor moves, cleared when there is something new to say."""
        self.flipped: frozenset[Cell] = frozenset()
        """Cells turned over by the last placement or undo, highlighted until the next key."""
        self.marked: Cell | None = None
        """A cell pointed out to the player (the expert's tip), drawn with a mark of its own.

        Whoever sets it clears it: the App leaves it alone."""
        self.stray: str | None = None
        """The label of the last key if it did nothing (:meth:`note_stray`), said until the next key."""
        self.status: Text | None = None
        """Work going on in the background (the expert thinking, autoplay), shown in the side panel."""
        self.intro: tuple[Text, ...] = ()
        """A few lines on how to win, shown on the empty table of a first game."""
        self.end_note: tuple[Text, ...] = ()
        """More to say in the end box (whether the game counts, the streak), set when a game ends."""
        self.end_more: tuple[Text, ...] = ()
        """What the end box says below :attr:`end_note` where it has the rows (the record of all games)."""
        self.reminder: list[tuple[KeyName, str]] = [*legend(REMINDER)]
        """The keys the side panel reminds of, each with a word for what it does."""
        self.share: str | None = None
        """The line to share for the last daily game that ended, to print after the game too."""
        self.notices: list[str] = []
        """Every problem with the files shown on screen, once each, to print after the game so none goes unread."""
        self.parting: list[str] = []
        """Lines to print once the screen has closed, where they stay on the terminal (what a practice round
        started from the shell came to, as ``foursquare practice --plain`` says it)."""
        self.dialog: presenter.Question | None = None
        """The question open over the screen (the presenter's, as plain mode asks it); the keys go to it."""
        self._answered: Callable[[App, presenter.Answer], None] | None = None
        """What the answer to :attr:`dialog` runs."""
        self.pages: list[Page] = []
        """The pages open over the table, the one shown last."""
        self.page_titles: dict[str, str] = {}
        """Each kind of page with keys of its own, and what the help calls it."""
        self.running = True
        self.redraw_all = False
        """Set by Ctrl-L: the terminal layer should repaint every cell, then clear it."""
        self.observers: list[Observer] = list(observers)
        self.tickers: list[Ticker] = []
        self.key_filters: list[KeyFilter] = []
        self.commands: list[Command] = []
        self._keymap: dict[KeyName, list[Command]] = {}
        self._version = 0
        """Counts the changes of the game on the table, so that a preview is worked out once per position."""
        self._looked: tuple[tuple[int, Cell], Preview | None, list[Text]] | None = None
        self._outcomes: tuple[tuple[int, int, int], dict[Cell, Preview]] | None = None
        for command in COMMANDS:  # made at import, before a language is chosen: their words are said now
            self.add_command(replace(command, summary=summary(command.name)))
        self.add_page_kind("*")  # ? and the way back, on every page
        self.cursor = self._start_cell()
        self._greet(presenter.greeted(self.session.greeting(), self.game))

    @property
    def game(self) -> Game:
        """The game on the table: the session's."""
        return self.session.game

    # --- extension points ---------------------------------------------------

    def add_command(self, command: Command) -> None:
        """Bind ``command``'s keys, in place of the command of the same name if there is one.

        A replaced command keeps its line in the help.  A key bound to two
        commands runs the first that applies.
        """
        names = [c.name for c in self.commands]
        if command.name in names:
            self.commands[names.index(command.name)] = command
        else:
            self.commands.append(command)
        self._keymap = {}
        for bound in self.commands:
            for key in bound.keys:
                self._keymap.setdefault(key, []).append(bound)

    def add_page_kind(self, kind: str) -> None:
        """Make a kind of page known to the help, which lists its keys under the page's title (in
        :data:`foursquare.words.keys.PAGE_TITLES`)."""
        self.page_titles[kind] = PAGE_TITLES[kind]

    def add_observer(self, observer: Observer) -> None:
        self.observers.append(observer)

    def add_ticker(self, ticker: Ticker) -> None:
        """Have ``ticker`` polled by the main loop, between keys and when none come."""
        self.tickers.append(ticker)

    def add_key_filter(self, key_filter: KeyFilter) -> None:
        """Have ``key_filter`` see every key and click first (resizes excepted), in the order added."""
        self.key_filters.append(key_filter)

    def push_page(self, page: Page) -> None:
        """Show ``page`` over the table (or over the page open now) until it is popped."""
        self.pages.append(page)

    def pop_page(self) -> Page | None:
        """Close the page on top, back to the one under it or to the table."""
        return self.pages.pop() if self.pages else None

    @property
    def page(self) -> Page | None:
        """The page shown, or None when the table is."""
        return self.pages[-1] if self.pages else None

    def open_screen(self, screen: TextScreen) -> None:
        """Show a page of text over the table until a key closes it."""
        self.push_page(TextPage(screen))

    def ask(self, question: presenter.Question, answered: Callable[[App, presenter.Answer], None]) -> None:
        """Open ``question``; the next key answers it (:meth:`Question.answer`), and ``answered`` runs with the
        answer."""
        self.dialog, self._answered = question, answered

    def say(self, message: Text | None, short: Text | None = None) -> None:
        """Put ``message`` on the message line (``short`` for narrow terminals), in place of the preview."""
        self.message = message
        self.message_short = short
        self.message_forms = tuple(form for form in (message, short) if form is not None)
        self.previewing = False

    def say_forms(self, forms: Sequence[Text]) -> None:
        """Say the first of ``forms`` (longest first), with the longest that fits the narrowest screen as its short.

        The screen shows the first form that fits the message's rows, wrapped (:attr:`message_forms`).
        """
        short = next((form for form in forms[1:] if len(form) <= NARROWEST), forms[-1] if len(forms) > 1 else None)
        self.say(forms[0], short)
        self.message_forms = tuple(forms)

    def say_help(self, words: Callable[[bool], str], tone: Tone = Tone.PLAIN) -> None:
        """Say a line of the help question's family in its long form, or its short one (``words(True)``)
        where the long one would be cut: its reason is the point, and must not be lost to a ``…``."""
        self.say_forms([Text((words(False),), tone), Text((words(True),), tone)])

    def tick(self) -> bool:
        """Poll the tickers; True if any of them changed what the screen shows."""
        changed = False
        for ticker in self.tickers:
            changed = ticker(self) or changed
        return changed

    # --- what the screen shows ---------------------------------------------

    @property
    def mode(self) -> Mode:
        if self.dialog is not None:
            return Mode.CONFIRM
        if self.pages:
            return Mode.SCREEN
        if self.plan is None:
            return Mode.TOO_SMALL
        if self.game.is_over:
            return Mode.GAME_OVER
        return Mode.PLAYING

    @property
    def screen(self) -> TextScreen | None:
        """What the page on top shows now, or None when the table is shown."""
        page = self.page
        return page.view(self) if page is not None else None

    @property
    def scroll(self) -> int:
        page = self.page
        return page.scroll if page is not None else 0

    @property
    def plan(self) -> layout.Plan | None:
        """Where things go on the current terminal; None if it is too small."""
        return layout.plan(self.width, self.height)

    @property
    def region(self) -> layout.Region:
        """The cells shown on the table."""
        return layout.shown_region(self.game.bounds)

    @property
    def in_progress(self) -> bool:
        """A game with cards on the table that is not over: leaving it loses something."""
        return self.session.in_progress

    @property
    def end_keys(self) -> list[tuple[str, str]]:
        """The keys the end box offers, each with a word for what it does: those of the end of a game's offers
        (:data:`~foursquare.words.keys.AT_THE_END`) that are bound here (the review and the log are, by their
        pages)."""
        names = {command.name for command in self.commands}
        return offers(action for action in AT_THE_END if action in names)

    @property
    def end_offers(self) -> list[tuple[str, str]]:
        """The end box's keys as written there, each with its word: what the game over message offers too."""
        return [(key_label(key), word) for key, word in self.end_keys]

    @property
    def cursor_legal(self) -> bool:
        return self.game.is_legal(self.cursor)

    @property
    def preview(self) -> Text | None:
        """What the bottom line says of the cell under the cursor, while it shows the preview; else None."""
        if not (self.previewing and self.settings.preview) or self.mode is not Mode.PLAYING:
            return None
        return self._look()[1]

    @property
    def would_flip(self) -> frozenset[Cell]:
        """The cells placing on the cursor's cell would turn over, while the preview is shown, or while the
        tip's cell is under the cursor (the tip's words then have the preview's line, and its cells are marked
        as the cell's preview would mark them)."""
        tip = self.marked is not None and self.marked == self.cursor and self.mode is Mode.PLAYING
        if self.preview is None and not (tip and self.settings.preview):
            return frozenset()
        looked = self._look()[0]
        return frozenset(looked.flipped) if looked is not None else frozenset()

    @property
    def outcomes(self) -> dict[Cell, Preview]:
        """What the next card would do on each cell it may go on, while the outcomes are shown (``o``); else empty.

        Worked out once per position: the engine's preview of every legal cell.  Kept while a question is
        open over a game in play, on the part of the table it leaves in view.
        """
        if not self.settings.outcomes or self.game.is_over or self.mode not in (Mode.PLAYING, Mode.CONFIRM):
            return {}
        game = self.game
        key = (self._version, game.placed_count, id(game))
        if self._outcomes is None or self._outcomes[0] != key:
            self._outcomes = (key, {cell: game.preview(cell) for cell in game.legal_moves()})
        return self._outcomes[1]

    def _look(self) -> tuple[Preview | None, Text]:
        """The engine's preview of the cursor's cell and its words, worked out once per position and cell."""
        ahead, forms = self._looked_at()
        return ahead, forms[0]

    @property
    def preview_forms(self) -> list[Text]:
        """:attr:`preview` in its forms, longest first (with the danger after it, :func:`preview_forms`)."""
        if self.preview is None:
            return []
        return self._looked_at()[1]

    def _looked_at(self) -> tuple[Preview | None, list[Text]]:
        key = (self._version, self.cursor)
        if self._looked is None or self._looked[0] != key:
            try:
                ahead: Preview | None = self.game.preview(self.cursor)
            except IllegalMove:
                ahead = None
            if ahead is None:
                forms = refusal_forms(self.game, self.cursor)
            else:
                danger = danger_after(self.game, self.cursor)
                texts = preview_texts(self.game, ahead)
                forms = preview_forms(cell_name(self.cursor), texts[0], danger) if danger.cards else texts
            self._looked = (key, ahead, forms)
        return self._looked[1], self._looked[2]

    # --- input --------------------------------------------------------------

    def handle(self, event: Input) -> None:
        """React to one key, click or resize."""
        if isinstance(event, Resize):
            self.width, self.height = max(0, event.width), max(0, event.height)
            return
        self.flipped = frozenset()
        self.stray = None
        if self.message is not None and self.message.tone is Tone.ERROR:
            self.say(None)
            self.previewing = True
        if self.plan is None and self.dialog is None:
            self._too_small_key(event)
            return
        if any(key_filter(self, event) for key_filter in self.key_filters):
            return
        mode = self.mode
        if mode is Mode.CONFIRM:
            self._answer(event)
            return
        if isinstance(event, Click):
            if mode in TABLE_MODES:
                self._click(event)
            return
        command = self._command_for(event, mode)
        if command is not None:
            command.run(self)
        elif self.page is not None:
            if event == Key.REDRAW:
                self.redraw_all = True
            else:
                self.page.other_key(self, event)
        elif mode in TABLE_MODES:
            self.note_stray(event)

    def _too_small_key(self, event: Input) -> None:
        """On a terminal too small to play in, only the keys its notice names act: a page or a prompt opened
        or closed there would be out of sight, and ``q`` must quit even over a page opened before."""
        if not isinstance(event, (Key, str)):
            return
        key = event.lower() if isinstance(event, str) else event  # Caps Lock should not make q dead
        for command in self._keymap.get(event) or self._keymap.get(key) or ():
            if command.name in TOO_SMALL_COMMANDS and command.page is None:
                command.run(self)
                return

    def note_stray(self, event: Input) -> None:
        """Say, until the next key, that ``event`` does nothing here: on the table in the side panel (or on the
        bottom line), on a page before its footer (a page that uses every key, closing on those it does not know,
        never calls it)."""
        if isinstance(event, (Key, str)):
            self.stray = key_label(event)

    def takes(self, key: Input) -> bool:
        """Whether ``key`` runs a command where the player is now (the table, or the page on top)."""
        return isinstance(key, (Key, str)) and self._command_for(key, self.mode) is not None

    def _command_for(self, key: KeyName, mode: Mode) -> Command | None:
        candidates = self._keymap.get(key)
        if candidates is None and isinstance(key, str) and key.lower() != key:
            candidates = self._keymap.get(key.lower())  # Caps Lock should not make keys dead
        page = self.page
        if page is not None:  # the page's own key first, then the one of every page
            own = [command for command in candidates or () if command.page == page.kind]
            return next(iter(own or [c for c in candidates or () if c.page == "*"]), None)
        for command in candidates or ():
            if command.page is None and mode in command.modes:
                return command
        return None

    def _answer(self, event: Input) -> None:
        """The key that answers the open question: a character says what it types, any other key nothing."""
        dialog, answered = self.dialog, self._answered
        self.dialog = self._answered = None
        if dialog is not None and answered is not None:
            answered(self, dialog.answer(event if isinstance(event, str) else ""))

    def cell_under(self, y: int, x: int) -> Cell | None:
        """The shown cell drawn at screen row ``y``, column ``x``, if any."""
        where = self.plan
        return None if where is None else layout.cell_at(where, self.view, self.region, y, x)

    def _click(self, click: Click) -> None:
        cell = self.cell_under(click.y, click.x)
        if cell is not None:
            self.cursor = cell
            self.place(cell)

    # --- actions ------------------------------------------------------------

    def move(self, d_row: int, d_col: int) -> None:
        """Move the cursor one cell, staying on the cells shown; the bottom line turns to the preview."""
        row, col = self.cursor
        self.cursor = self.region.clamp((row + d_row, col + d_col))
        self.previewing = True

    def toggle_preview(self) -> None:
        """``p``: the preview on the bottom line (and its marks on the table) on or off, said on that line.

        Turned on, the preview shows from the next move of the cursor.
        """
        self.settings = replace(self.settings, preview=not self.settings.preview)
        self.say(toggled_words("preview", self.settings.preview))
        self._settings_changed()

    def toggle_to_come(self) -> None:
        """``c``: the panel of cards still to come on or off; the message line says which, as a key should."""
        self.settings = replace(self.settings, to_come=not self.settings.to_come)
        self.say(toggled_words("to_come", self.settings.to_come))
        self._settings_changed()

    def toggle_outcomes(self) -> None:
        """``o``: what every legal cell would do shown in its frame, or hidden; the message line says how to read it."""
        self.settings = replace(self.settings, outcomes=not self.settings.outcomes)
        self.say_forms(outcomes_words(self.settings.outcomes))
        self._settings_changed()

    def _settings_changed(self) -> None:
        for observer in self.observers:
            observer.settings_changed(self.settings)

    def place(self, cell: Cell, *, by: Mover = Mover.PLAYER) -> bool:
        """Place the next card on ``cell``; if the rules forbid it, say why and change nothing.

        The first card placed ends the first game's lines on how to win: the next deal's empty table has none.
        """
        placed = self._show(self.session.place(cell, by=by))
        if placed:
            self.intro = ()
        return placed

    def undo(self) -> None:
        """Take back the last placement; the cards it turned over turn back and are highlighted.

        The first take-back of a game on the player's own asks first (see :meth:`ask_before_help`).
        """
        if not self.ask_before_help(Aid.TAKE_BACK, App.undo):
            self._show(self.session.undo())

    def ask_before_help(self, aid: Aid, action: Callable[[App], object]) -> bool:
        """Whether ``aid`` (a take-back, a tip, autoplay) must wait: True when the player is asked first (yes
        runs ``action``) or said no for this game (said on the message line); False: go ahead."""
        gate = presenter.help_gate(self.session.permission(aid), aid)
        if gate.said is not None:
            self.say_forms(gate.said.forms)
            return True
        if gate.asked is None:
            return False

        def answered(app: App, answer: presenter.Answer) -> None:
            done = presenter.help_answered(answer, app.session.answer_help)
            if done.said is not None:
                app.say_forms(done.said.forms)
            app._show(list(done.events))
            if done.go:
                action(app)

        self.ask(gate.asked, answered)
        return True

    def tip_counted(self) -> bool:
        """A tip is about to be shown: have the session count it; False (said why) if it is held back."""
        events = self.session.tip()
        self._show(events)
        return not any(isinstance(event, session_events.HelpHeld) for event in events)

    def redo(self) -> None:
        """Put back the last card taken back."""
        self._show(self.session.redo())

    def deal(self, seed: int | None = None, daily: bool = False) -> None:
        """Leave this game (counted, if a card is down) for a new deal: random, number ``seed`` or today's."""
        self._show(self.session.new_deal(seed=seed, daily=daily))

    def replay_deal(self) -> None:
        """``d`` in the end box: the same deal again from its first card; the greeting says whether it counts.
        While the game goes on it says when it works, rather than do nothing."""
        if not self.game.is_over:
            self.say(Text((replay_not_yet(),), Tone.ERROR))
            return
        self._show(self.session.replay_deal())

    def cannot_suspend(self) -> None:
        """Ctrl-Z stopped nothing (no shell here does job control): say so on the message line, rather than
        nothing."""
        self.say_forms([Text((said,), Tone.ERROR) for said in cannot_suspend()])

    def finish_pending(self) -> None:
        """Count a game found over when the session opened that could not be counted then (see the session)."""
        self._show(self.session.finish_pending())

    def quit(self) -> None:
        for observer in self.observers:
            observer.closing(self.game)
        self.running = False

    def _show(self, events: list[Event]) -> bool:
        """Show what the session did, as the presenter words it; True if the game changed."""
        changed = False
        finished = False
        for shown in presenter.present(events, self.game, self.end_offers):
            if shown.turned is not None:  # a card placed or taken back: what it turned, shown as turned
                self.flipped = shown.turned
                self.view = layout.view_after(self.game.placements)
            if shown.placed is not None:
                self.cursor = shown.placed
            if shown.taken_from is not None:
                self.cursor = self.region.clamp(shown.taken_from)
                self.end_note = self.end_more = ()  # a take-back reopens a finished game
            if shown.message is not None:
                self.say_forms(shown.message.forms)
            if shown.trouble is not None and shown.trouble.line not in self.notices:
                self.notices.append(shown.trouble.line)
            if shown.ending is not None:
                self.end_note, self.end_more = shown.ending.lines, shown.ending.more
                finished = True
                if shown.ending.share is not None:
                    self.share = shown.ending.share.forms[0].plain()
                    self.say_forms(shown.ending.share.forms)
            if shown.dealt:
                self.view = layout.view_after(self.game.placements)
                self.cursor = self._start_cell()
                self.flipped = frozenset()
                self.end_note = self.end_more = ()
                self._greet(shown)
                for observer in self.observers:
                    observer.game_started(self.game)
            changed = changed or shown.changed
        if changed:
            self._version += 1
            for observer in self.observers:
                observer.game_changed(self.game)
        if finished:
            for observer in self.observers:
                observer.game_finished(self.game)
        return changed

    def tell(self, trouble: Trouble) -> None:
        """Show a problem with the files on the message line, and keep it for after the game."""
        self._show([trouble])

    def _start_cell(self) -> Cell:
        """Where the cursor starts: the last card placed if the next may go there too, else a legal cell."""
        game = self.game
        last = game.placements[-1] if game.placed_count else (0, 0)
        if game.is_legal(last) or game.is_over:
            return last
        return game.legal_moves()[0]

    def _greet(self, shown: presenter.Shown) -> None:
        """Say what the presenter says of the game put on the table; once it is over, the preview instead."""
        if shown.greeting is None:
            self.say(None)
            self.previewing = True
            return
        self.say_forms(shown.greeting.forms)

    def ask_to_switch(self, seed: int | None, daily: bool) -> None:
        """Another deal was asked for on the command line while a game is in progress: ask before leaving it."""

        def answered(app: App, answer: presenter.Answer) -> None:
            if answer is presenter.Answer.YES:
                app.deal(seed, daily)

        self.ask(presenter.leaving_asked(self.session.stakes(), seed, daily, keep=True), answered)

    def help_screen(self) -> TextScreen:
        """The rules in short, what the table's marks mean, and every key, those of each page included."""
        lines: list[Text] = []
        for heading, paragraph in (*rules(), on_the_table()):
            lines += [Text((heading,), Tone.HEADING), Text(("  " + paragraph,)), Text(("",))]
        groups = [(_(KEYS_HEADING), self._key_lines(None))]
        groups += [(_(title), self._key_lines(kind)) for kind, title in self.page_titles.items()]
        for n, (heading, group) in enumerate(groups):
            lines += [Text(("",))] * bool(n) + [Text((heading,), Tone.HEADING)]
            lines += [line for keys, said in group for line in _key_help(keys, said)]
        return TextScreen(_(HELP_TITLE), tuple(lines), wrap=True)

    def _key_lines(self, page: str | None) -> list[tuple[str, str]]:
        """One line per summary: commands sharing one (the four moves) list their arrows, then their letters."""
        merged: dict[str, list[tuple[KeyName, ...]]] = {}
        for command in self.commands:
            if command.page == page:
                merged.setdefault(command.summary, []).append(command.keys)
        out = []
        for said, groups in merged.items():
            keys = [k for column in zip_longest(*groups) for k in column if k is not None]
            out.append((" ".join(key_label(k) for k in dict.fromkeys(keys)), said))
        if page is None:
            out.extend(extra_key_lines())
        return out


def _narrowest() -> int:
    """Columns of the bottom line on the smallest terminal the game plays in, where a short form must fit."""
    width, height = layout.minimum_size()
    where = layout.plan(width, height)
    return width - (where.table.x if where is not None else 0) - 1


NARROWEST = _narrowest()
"""The message line's width on the smallest terminal: the short form of a message must fit it."""

KEY_COLUMN = 18
"""How wide the help's column of keys is: a longer run of keys has a line of its own (:func:`_key_help`)."""


def _key_help(keys: str, said: str) -> list[Text]:
    """A line of the help's keys: the keys, then what they do from :data:`KEY_COLUMN` on; a run of keys too
    long for that column has a line of its own, its words on the next, so that they still line up."""
    if len(keys) + 2 <= KEY_COLUMN:  # two spaces at least after the keys
        return [Text((f"  {keys:<{KEY_COLUMN}}", said), Tone.KEYS)]
    return [Text((f"  {keys}", ""), Tone.KEYS), Text((" " * (2 + KEY_COLUMN), said), Tone.KEYS)]


REMINDER: tuple[str, ...] = ("help", "undo", "redo", "quit", "new")
"""The actions whose keys the side panel reminds of, unless more are added (:func:`legend` words them)."""


def ask_if_in_progress(
    asked: Callable[[Stakes], presenter.Question], action: Callable[[App], None]
) -> Callable[[App], None]:
    """A command that runs ``action`` at once, or first asks the question ``asked`` words while a game is in
    progress (yes runs it).

    The question is worded when the key is pressed, so that it can depend on
    the game and on what was saved.
    """

    def command(app: App) -> None:
        if not app.in_progress:
            action(app)
            return

        def answered(app: App, answer: presenter.Answer) -> None:
            if answer is presenter.Answer.YES:
                action(app)

        app.ask(asked(app.session.stakes()), answered)

    return command


def _move(d_row: int, d_col: int) -> Callable[[App], None]:
    return lambda app: app.move(d_row, d_col)


def _redraw(app: App) -> None:
    app.redraw_all = True


def _show_help(app: App) -> None:
    """``?``: the help over the table or over the page open; ``?`` again, on the help, closes it."""
    if isinstance(app.page, HelpPage):
        app.pop_page()
    else:
        app.push_page(HelpPage(app.help_screen()))


def _place(app: App) -> None:
    app.place(app.cursor)


def _new(app: App) -> None:
    app.deal()


def _back(app: App) -> None:
    app.pop_page()


COMMANDS: tuple[Command, ...] = (
    bound("left", _move(0, -1), PLAYING),  # over, the cursor is not shown: a stray key
    bound("down", _move(1, 0), PLAYING),
    bound("up", _move(-1, 0), PLAYING),
    bound("right", _move(0, 1), PLAYING),
    bound("place", _place),
    bound("undo", App.undo),
    bound("redo", App.redo),
    bound("new", ask_if_in_progress(presenter.leaving_asked, _new)),
    bound("replay", App.replay_deal),
    bound("preview", App.toggle_preview),
    bound("to_come", App.toggle_to_come),
    bound("outcomes", App.toggle_outcomes),
    bound("help", _show_help, ANYWHERE),
    bound("quit", ask_if_in_progress(presenter.quitting_asked, App.quit), ANYWHERE),
    bound("redraw", _redraw, ANYWHERE),
    bound("page_help", _show_help),
    bound("page_back", _back),
)
"""The keys of the game on the table, and the help and the way back from any page."""
