"""The game as the player sees and steers it, without a terminal.

:class:`App` holds the game, the cursor, what can be redone, the message line,
the cards to highlight and whichever dialog or full-screen view is open.  It
takes abstract input (:mod:`foursquare.screen.keys`), turns it into engine calls, and
decides what the screen should show; :mod:`foursquare.screen.render` draws that and
:mod:`foursquare.screen.tui` is the only part that touches the terminal.

What lies behind the screen comes in when the App is made: a :class:`Host`
(where new deals come from and what leaving a game costs: the saving game's
keeper, or a test's stand-in), the player's :class:`Settings` and the
:class:`Observer` values told of the game's life through typed methods.
Keys are looked up in a table of :class:`Command` values, so that other parts
can add keys (:meth:`App.add_command`), full-screen views
(:meth:`App.open_screen`), background work polled by the main loop
(:meth:`App.add_ticker`), listeners for every key before the commands see it
(:meth:`App.add_key_filter`), point out a cell (:attr:`App.marked`), show
background work in the side panel (:attr:`App.status`), say more in the end
box (:attr:`App.end_note`, :attr:`App.end_keys`) and put games dealt
elsewhere on the table (:meth:`App.start_game`), without changing this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import zip_longest
from typing import Protocol

from foursquare.engine import Cell, Game, IllegalMove, Preview, cell_name
from foursquare.screen import layout
from foursquare.screen.explain import explain, preview_words, refusal_words
from foursquare.screen.keys import Click, Input, Key, KeyName, Resize, key_label
from foursquare.screen.text import Text, Token, Tone, card_list, wrap
from foursquare.storage.stats import in_progress

__all__ = [
    "App",
    "Command",
    "Confirm",
    "Host",
    "KeyFilter",
    "Mode",
    "Observer",
    "Settings",
    "TextScreen",
    "Ticker",
    "ask_if_in_progress",
]


class Mode(Enum):
    """What the keys act on at the moment, in the order :attr:`App.mode` checks them."""

    CONFIRM = "confirm"
    """A yes/no question is open (quit? new deal?)."""
    SCREEN = "screen"
    """A full-screen text view is open (help, or one added later)."""
    TOO_SMALL = "too_small"
    """The terminal is smaller than the game needs: only quitting works."""
    GAME_OVER = "game_over"
    PLAYING = "playing"


TABLE_MODES = frozenset({Mode.PLAYING, Mode.GAME_OVER})


@dataclass(frozen=True, slots=True)
class Command:
    """A key binding: what it does, when it applies and how the help screen names it."""

    name: str
    keys: tuple[KeyName, ...]
    summary: str
    """Shown in the help screen; commands with the same summary share one line."""
    run: Callable[[App], object]
    modes: frozenset[Mode] = TABLE_MODES


@dataclass(frozen=True, slots=True)
class Confirm:
    """A yes/no question: ``y`` runs ``on_yes``, any other key just closes it."""

    question: Text
    detail: Text
    on_yes: Callable[[App], None]
    yes: str = "yes"
    """What ``y`` does, in a word or two."""
    no: str = "no"


@dataclass(frozen=True, slots=True)
class TextScreen:
    """A full-screen page of text, scrolled with the arrow keys; any other key closes it."""

    title: str
    lines: tuple[Text, ...]
    footer: str | None = None
    """The bottom line, for a page with keys of its own; None: how to scroll and leave."""
    keys: str = ""
    """Keys of the page's own (``g your games``), said on the scrolling footer before how to leave."""
    wrap: bool = False
    """Break lines too wide for the terminal at spaces (prose), rather than cut them (tables, charts)."""

    def rows(self, width: int) -> tuple[Text, ...]:
        """The lines as shown ``width`` columns wide: wrapped if :attr:`wrap`, else as they are."""
        if not self.wrap:
            return self.lines
        return tuple(row for line in self.lines for row in wrap(line, width))


@dataclass(slots=True)
class Settings:
    """What the player chose to see, remembered between runs by whoever keeps them (see :class:`Observer`)."""

    preview: bool = True
    """The bottom line says what placing on the cell under the cursor would do (``p``)."""
    to_come: bool = True
    """The side panel counts the cards of each rank still to come (``c``)."""


class Host(Protocol):
    """What lies behind the screen: where new deals come from and what leaving a game costs."""

    def deal(self, app: App) -> None:
        """Put a fresh deal on the table (with :meth:`App.start_game`)."""

    def leaving(self, app: App) -> str:
        """What leaving the game on the table for a new deal does, in one sentence."""

    def quitting(self, app: App) -> str:
        """What quitting does to the game on the table, in one sentence."""


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

    def game_abandoned(self, game: Game) -> None:
        """The player started a new deal while this game was in progress."""
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
        game: Game,
        host: Host,
        *,
        width: int = 80,
        height: int = 24,
        observers: Iterable[Observer] = (),
        settings: Settings | None = None,
    ) -> None:
        self.game = game
        self.host = host
        self.settings = settings if settings is not None else Settings()
        self.width = width
        self.height = height
        self.cursor: Cell = (0, 0)
        self.view = layout.first_view(self.region)
        """The 5×5 window of cells the table area shows: it moves only when the cells in play no longer fit."""
        self.redo_stack: list[Cell] = []
        self.message: Text | None = None
        """The message line: the explanation of the last move, an error, a hint."""
        self.message_short: Text | None = None
        """A shorter form of :attr:`message` for narrow terminals, if it has one."""
        self.previewing = False
        """The bottom line shows the preview of the cell under the cursor, not :attr:`message`:
        set when the cursor moves, cleared when there is something new to say."""
        self.flipped: frozenset[Cell] = frozenset()
        """Cells turned over by the last placement or undo, highlighted until the next key."""
        self.marked: Cell | None = None
        """A cell pointed out to the player (the expert's tip), drawn with a mark of its own.

        Whoever sets it clears it: the App leaves it alone."""
        self.status: Text | None = None
        """Work going on in the background (the expert thinking, autoplay), shown in the side panel."""
        self.intro: tuple[Text, ...] = ()
        """A few lines on how to win, shown on the empty table of a first game."""
        self.end_note: tuple[Text, ...] = ()
        """More to say in the end box (whether the game counts, the streak), set when a game ends."""
        self.reminder: list[tuple[KeyName, str]] = list(REMINDER)
        """The keys the side panel reminds of, each with a word for what it does."""
        self.end_keys: list[tuple[KeyName, str]] = list(END_KEYS)
        """The keys the end box offers, each with a word for what it does."""
        self.dialog: Confirm | None = None
        self.screen: TextScreen | None = None
        self.scroll = 0
        """First line of :attr:`screen` shown."""
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
        self._looked: tuple[tuple[int, Cell], Preview | None, Text] | None = None
        for command in _commands(host):
            self.add_command(command)
        self.cursor = self._start_cell()
        self._greet()

    # --- extension points ---------------------------------------------------

    def add_command(self, command: Command) -> None:
        """Bind ``command``'s keys, in place of the command of the same name if there is one.

        A replaced command keeps its line in the help.  A key bound to two
        commands runs the first that applies in the mode.
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

    def add_observer(self, observer: Observer) -> None:
        self.observers.append(observer)

    def add_ticker(self, ticker: Ticker) -> None:
        """Have ``ticker`` polled by the main loop, between keys and when none come."""
        self.tickers.append(ticker)

    def add_key_filter(self, key_filter: KeyFilter) -> None:
        """Have ``key_filter`` see every key and click first (resizes excepted), in the order added."""
        self.key_filters.append(key_filter)

    def open_screen(self, screen: TextScreen) -> None:
        """Show a full-screen page of text over the table until a key closes it."""
        self.screen = screen
        self.scroll = 0

    def ask(self, confirm: Confirm) -> None:
        """Open a yes/no question; the keys go to it until it is answered."""
        self.dialog = confirm

    def say(self, message: Text | None, short: Text | None = None) -> None:
        """Put ``message`` on the message line (``short`` for narrow terminals), in place of the preview."""
        self.message = message
        self.message_short = short
        self.previewing = False

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
        if self.screen is not None:
            return Mode.SCREEN
        if self.plan is None:
            return Mode.TOO_SMALL
        if self.game.is_over:
            return Mode.GAME_OVER
        return Mode.PLAYING

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
        return in_progress(self.game)

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
        """The cells placing on the cursor's cell would turn over, while the preview is shown."""
        if self.preview is None:
            return frozenset()
        looked = self._look()[0]
        return frozenset(looked.flipped) if looked is not None else frozenset()

    def _look(self) -> tuple[Preview | None, Text]:
        """The engine's preview of the cursor's cell and its words, worked out once per position and cell."""
        key = (self._version, self.cursor)
        if self._looked is None or self._looked[0] != key:
            try:
                ahead: Preview | None = self.game.preview(self.cursor)
            except IllegalMove:
                ahead = None
            words = preview_words(self.game, ahead) if ahead is not None else refusal_words(self.game, self.cursor)
            self._looked = (key, ahead, words)
        return self._looked[1], self._looked[2]

    # --- input --------------------------------------------------------------

    def handle(self, event: Input) -> None:
        """React to one key, click or resize."""
        if isinstance(event, Resize):
            self.width, self.height = max(0, event.width), max(0, event.height)
            self._clamp_scroll()
            return
        self.flipped = frozenset()
        if self.message is not None and self.message.tone is Tone.ERROR:
            self.say(None)
            self.previewing = True
        if any(key_filter(self, event) for key_filter in self.key_filters):
            return
        mode = self.mode
        if mode is Mode.CONFIRM:
            self._answer(event)
        elif mode is Mode.SCREEN:
            self._screen_key(event)
        elif isinstance(event, Click):
            if mode in TABLE_MODES:
                self._click(event)
        else:
            command = self._command_for(event, mode)
            if command is not None:
                command.run(self)

    def _command_for(self, key: KeyName, mode: Mode) -> Command | None:
        candidates = self._keymap.get(key)
        if candidates is None and isinstance(key, str) and key.lower() != key:
            candidates = self._keymap.get(key.lower())  # Caps Lock should not make keys dead
        for command in candidates or ():
            if mode in command.modes:
                return command
        return None

    def _answer(self, event: Input) -> None:
        dialog = self.dialog
        self.dialog = None
        if dialog is not None and event in ("y", "Y"):
            dialog.on_yes(self)

    def _screen_key(self, event: Input) -> None:
        rows = layout.screen_body_rows(self.height)
        steps: dict[Input, int] = {
            Key.UP: -1,
            "k": -1,
            Key.DOWN: 1,
            "j": 1,
            Key.PAGE_UP: -rows,
            Key.PAGE_DOWN: rows,
            " ": rows,
            Key.HOME: -(10**9),
            Key.END: 10**9,
        }
        step = steps.get(event)
        if step is None:
            if event != Key.REDRAW:
                self.screen = None
            else:
                self.redraw_all = True
            return
        self.scroll += step
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        lines = len(self.screen.rows(layout.page_width(self.width))) if self.screen else 0
        self.scroll = max(0, min(self.scroll, lines - layout.screen_body_rows(self.height)))

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
        self.settings.preview = not self.settings.preview
        self.say(Text.of("Preview on (p turns it off)" if self.settings.preview else "Preview off (p turns it on)"))
        self._settings_changed()

    def toggle_to_come(self) -> None:
        """``c``: the panel of cards still to come on or off; the message line says which, as a key should."""
        self.settings.to_come = not self.settings.to_come
        shown = "shown (c hides them)" if self.settings.to_come else "hidden (c shows them)"
        self.say(Text.of(f"Cards still to come {shown}"))
        self._settings_changed()

    def _settings_changed(self) -> None:
        for observer in self.observers:
            observer.settings_changed(self.settings)

    def place(self, cell: Cell) -> bool:
        """Place the next card on ``cell``; if the rules forbid it, say why and change nothing."""
        game = self.game
        if game.is_over:
            self.say(Text.of("The game is over: n for a new deal, u to take back the last card, q to quit"))
            return False
        reason = game.why_illegal(cell)
        if reason is not None:
            card = game.next_card
            self.say(Text((card, f" can't go on {cell_name(cell)}: {reason}") if card else (reason,), Tone.ERROR))
            return False
        if self.redo_stack and self.redo_stack[-1] == cell:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self._play(cell)
        return True

    def _play(self, cell: Cell) -> None:
        before = self.game.piles
        try:
            placement = self.game.play(cell)
        except IllegalMove as exc:  # checked just before; kept so a bad cell can never crash the game
            self.say(Text((str(exc),), Tone.ERROR))
            return
        self.cursor = cell
        self.flipped = frozenset(placement.flipped)
        self.view = layout.follow(self.view, self.region)
        self.say(*explain(before, placement))
        self._changed()
        if self.game.is_over:
            for observer in self.observers:
                observer.game_finished(self.game)

    def undo(self) -> None:
        """Take back the last placement; the cards it turned over turn back and are highlighted."""
        game = self.game
        if not game.placed_count:
            self.say(Text(("Nothing to undo",), Tone.ERROR))
            return
        cell = game.placements[-1]
        before = game.piles
        card = game.undo()
        after = game.piles
        self.redo_stack.append(cell)
        self.flipped = frozenset(c for c, p in after.items() if c != cell and before[c].face_up != p.face_up)
        turned = [p.top for c, p in after.items() if c in self.flipped]
        if turned:
            tail: tuple[Token, ...] = (": turned ", *card_list(turned), " back over")
        else:
            tail = ()
        self.say(Text.of("Took back ", card, f" from {cell_name(cell)}", *tail))
        self.cursor = self.region.clamp(cell)
        self.end_note = ()
        self._changed()

    def redo(self) -> None:
        """Put back the last card taken back."""
        if not self.redo_stack:
            self.say(Text(("Nothing to redo",), Tone.ERROR))
            return
        self._play(self.redo_stack.pop())

    def start_game(self, game: Game) -> None:
        """Put ``game`` (dealt elsewhere, perhaps with cards placed) on the table in place of this one.

        A game in progress counts as abandoned.
        """
        if self.in_progress:
            for observer in self.observers:
                observer.game_abandoned(self.game)
        self.game = game
        self.view = layout.first_view(self.region)
        self.cursor = self._start_cell()
        self.redo_stack.clear()
        self.flipped = frozenset()
        self.end_note = ()
        self._greet()
        for observer in self.observers:
            observer.game_started(self.game)
        self._changed()

    def quit(self) -> None:
        for observer in self.observers:
            observer.closing(self.game)
        self.running = False

    def _changed(self) -> None:
        self._version += 1
        for observer in self.observers:
            observer.game_changed(self.game)

    def _start_cell(self) -> Cell:
        """Where the cursor starts: the last card placed if the next may go there too, else a legal cell."""
        game = self.game
        last = game.placements[-1] if game.placed_count else (0, 0)
        if game.is_legal(last) or game.is_over:
            return last
        return game.legal_moves()[0]

    def _greet(self) -> None:
        card = self.game.next_card
        if self.game.placed_count == 0 and card is not None:
            deal = f"Deal {self.game.seed}: " if self.game.seed is not None else ""
            self.say(Text.of(deal, "place ", card, f" in the middle ({cell_name((0, 0))}) to begin"))
        else:
            self.say(None)
            self.previewing = True

    def help_screen(self) -> TextScreen:
        """The rules in short and every key, the added ones included."""
        lines = [
            Text((line,), Tone.HEADING if line and not line.startswith(" ") else Tone.PLAIN)
            for line in _paragraphs(RULES)
        ]
        lines.append(Text(("",)))
        lines.append(Text(("Keys",), Tone.HEADING))
        for keys, summary in self._key_lines():
            lines.append(Text((f"  {keys:<18}", summary), Tone.KEYS))
        return TextScreen("Foursquare: rules and keys", tuple(lines), wrap=True)

    def _key_lines(self) -> list[tuple[str, str]]:
        """One line per summary: commands sharing one (the four moves) list their arrows, then their letters."""
        merged: dict[str, list[tuple[KeyName, ...]]] = {}
        for command in self.commands:
            merged.setdefault(command.summary, []).append(command.keys)
        out = []
        for summary, groups in merged.items():
            keys = [k for column in zip_longest(*groups) for k in column if k is not None]
            out.append((" ".join(key_label(k) for k in dict.fromkeys(keys)), summary))
        out.extend(EXTRA_KEY_LINES)
        return out


RULES: tuple[str, ...] = (
    "Aim",
    "  Build a 4×4 square of piles with every top card face up.",
    "",
    "Placing",
    "  The first card goes in the middle. Each next card goes on a pile of",
    "  fewer than 4 cards, or on an empty cell beside a pile (not diagonally),",
    "  as long as all piles still fit in 4 rows by 4 columns.",
    "",
    "Turning over",
    "  Compare the placed card with the face-up top cards of the other piles in",
    "  its row. If it is higher than all of them, or lower than all of them, or",
    "  there are none, every other card in the row is turned over (face up to",
    "  face down and back). A tie is neither higher nor lower. Then the same",
    "  for its column. Face-down cards are never compared; suits never matter.",
    "",
    "The end",
    "  More than 4 cards face down: you lose. All 16 piles face up: you win,",
    "  and your score is the number of cards left in the stock. The stock runs",
    "  out first: you lose.",
    "",
    "On the table",
    "  Cells are named by a column letter and a row number, shown around the",
    "  table: the first card goes on d4. Dots under a card: cards in its pile",
    "  (4 at most). Dashed slots: cells where the next card may go. Cards just",
    "  turned over have a double frame until your next key; the line at the",
    "  bottom says why they turned. While you move the cursor, that line says",
    "  what placing the next card there would do, and the cards it would turn",
    "  over are marked 'flips'. 'Still to come' counts the cards of each rank",
    "  left in the stock after the next card.",
)


def _paragraphs(lines: tuple[str, ...]) -> list[str]:
    """``lines`` with each indented paragraph joined into one line.

    :data:`RULES` is broken for 80 columns; joined, a narrower page can wrap
    it again as prose, instead of breaking every line in two.
    """
    out: list[str] = []
    for line in lines:
        if line.startswith(" ") and out and out[-1].startswith(" "):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


REMINDER: tuple[tuple[KeyName, str], ...] = (("?", "help"), ("u", "undo"), ("q", "quit"), ("n", "new"))
"""The keys the side panel reminds of, unless more are added."""

END_KEYS: tuple[tuple[KeyName, str], ...] = (("n", "new deal"), ("u", "undo"), ("q", "quit"))
"""The keys the end box offers, unless more are added."""

EXTRA_KEY_LINES: tuple[tuple[str, str], ...] = (
    ("mouse click", "place the next card on the cell clicked (Shift and drag selects text)"),
    ("Ctrl-Z", "suspend (fg brings the game back)"),
)


def ask_if_in_progress(
    question: str, detail: Callable[[App], str], yes: str, action: Callable[[App], None]
) -> Callable[[App], None]:
    """A command that runs ``action`` at once, or first asks ``question`` while a game is in progress.

    ``detail`` says what leaving the game does; it is asked when the key is
    pressed, so that it can depend on the game and on what was saved.
    """

    def command(app: App) -> None:
        if not app.in_progress:
            action(app)
            return
        words = Text((detail(app),))
        app.ask(Confirm(Text((question,), Tone.HEADING), words, action, yes=yes, no="keep playing"))

    return command


def _move(d_row: int, d_col: int) -> Callable[[App], None]:
    return lambda app: app.move(d_row, d_col)


def _redraw(app: App) -> None:
    app.redraw_all = True


def _show_help(app: App) -> None:
    app.open_screen(app.help_screen())


def _commands(host: Host) -> Sequence[Command]:
    """The keys of the game, the new deal and quitting as ``host`` does them."""
    anywhere = TABLE_MODES | {Mode.TOO_SMALL}
    return (
        Command("left", (Key.LEFT, "h"), "move the cursor", _move(0, -1)),
        Command("down", (Key.DOWN, "j"), "move the cursor", _move(1, 0)),
        Command("up", (Key.UP, "k"), "move the cursor", _move(-1, 0)),
        Command("right", (Key.RIGHT, "l"), "move the cursor", _move(0, 1)),
        Command("place", (Key.ENTER, " "), "place the next card under the cursor", lambda app: app.place(app.cursor)),
        Command("undo", ("u",), "take back the last card (as often as you like)", App.undo),
        Command("redo", ("r",), "put back a card taken back", App.redo),
        Command(
            "new",
            ("n",),
            "new deal (asks first while a game is in progress)",
            ask_if_in_progress("Start a new deal?", host.leaving, "new deal", host.deal),
        ),
        Command("preview", ("p",), "preview on/off: what placing under the cursor would do", App.toggle_preview),
        Command("to_come", ("c",), "cards still to come on/off: how many of each rank", App.toggle_to_come),
        Command("help", ("?",), "this help", _show_help, anywhere),
        Command(
            "quit",
            ("q", Key.ESCAPE),
            "quit (asks first while a game is in progress)",
            ask_if_in_progress("Quit this game?", host.quitting, "quit", App.quit),
            anywhere,
        ),
        Command("redraw", (Key.REDRAW,), "redraw the screen", _redraw, anywhere),
    )
