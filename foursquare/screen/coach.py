"""The expert at the table: a tip for the next card, or the rest of the game played for you.

:class:`Coach` gives an :class:`~foursquare.screen.app.App` two keys.  ``t`` asks the
expert (:mod:`foursquare.expert.advice`) where the next card should go, then marks
that cell, puts the cursor on it and says the chance of winning from here: the
player still decides.  ``a`` lets the expert play on, one card at a time at a
pace the eye can follow, each placement explained and saved as the player's
would be (it goes through :meth:`App.place <foursquare.screen.app.App.place>`); any
key stops it.

A tip and autoplay are help: in a game still on the player's own, the first
of them asks first (:meth:`App.ask_before_help
<foursquare.screen.app.App.ask_before_help>`), and each tip asked is counted
by the session.

The expert thinks in a background thread that the app's ticker polls, so the
screen keeps answering keys meanwhile.  Advice is for one position: whatever
changes the game (a placement, undo, redo, a new deal) throws away advice that
has not been used and stops the thinking, and so does quitting.

With ``ponder`` the expert starts on each new position by itself, a moment
after it is shown (the tick after the frame, so that the frame is never
late), and keeps what it finds to itself: a tip asked a little later is
then ready at once, and says just what it would have said had it been
asked first.  Nothing is shown and nothing is counted until the player asks.

How long the expert may think about one card is ``seconds`` (by default
:data:`~foursquare.expert.advice.DEFAULT_SECONDS`, or the environment variable
``FOURSQUARE_THINK_SECONDS``, read by :func:`think_seconds`); it usually
answers well before that.  The expert is imported when it is first asked,
so that starting the game stays fast.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from foursquare.engine import Game
from foursquare.screen.app import App, Mode, Observer, bound
from foursquare.screen.keys import YES, Input
from foursquare.session.events import Aid, Mover
from foursquare.words.advice import (
    autoplay_started,
    autoplay_stopped,
    no_advice,
    thinking,
    thinking_status,
    tip_forms,
)
from foursquare.words.explain import game_over_text
from foursquare.words.keys import legend
from foursquare.words.screen import Setting

if TYPE_CHECKING:
    from foursquare.expert.advice import Advice, Position
    from foursquare.expert.pondering import Ponderer

__all__ = [
    "BUSY_TICK_SECONDS",
    "PACE_SECONDS",
    "THINK_SECONDS_ENV",
    "Coach",
    "Expert",
    "Pending",
    "Thinker",
    "think_seconds",
]

PACE_SECONDS = 0.5
"""Least time between two placements of autoplay, so that each can be seen and its line read (twice that after
a line that needs two rows)."""
BUSY_TICK_SECONDS = 0.03
"""How often the main loop polls while the expert works: advice shows as soon as it comes."""
THINK_SECONDS_ENV = "FOURSQUARE_THINK_SECONDS"
"""Environment variable: the most seconds the expert may think about one card."""
MAX_THINK_SECONDS = 60.0


class Pending(Protocol):
    """Advice being worked out for one position (:class:`~foursquare.expert.advice.Thinking` is one)."""

    @property
    def position(self) -> Position: ...

    @property
    def advice(self) -> Advice | None: ...

    def done(self) -> bool: ...

    def cancel(self) -> None: ...


Thinker = Callable[["Position"], Pending]
"""Starts the expert on a position and returns at once."""


def think_seconds(environ: Mapping[str, str]) -> float | None:
    """The thinking time per card ``environ`` asks for (None: the expert's own); ValueError if unusable."""
    text = environ.get(THINK_SECONDS_ENV, "").strip()
    if not text:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_THINK_SECONDS:  # also rules out nan
        raise ValueError(Setting.THINK_SECONDS.say(name=THINK_SECONDS_ENV, most=MAX_THINK_SECONDS, text=text))
    return seconds


class Expert:
    """The real expert as a :data:`Thinker`, thinking at most ``seconds`` per card (None: its own default).

    Its thinking on the last few positions is kept (a
    :class:`~foursquare.expert.pondering.Ponderer`), so that advice found
    before an undo is there again after the redo, and the full advice found
    on every position is there for the review (:meth:`found`).
    """

    def __init__(self, seconds: float | None = None) -> None:
        self._seconds = seconds
        self._ponderer: Ponderer | None = None

    def __call__(self, position: Position) -> Pending:
        if self._ponderer is None:
            from foursquare.expert.advice import DEFAULT_SECONDS
            from foursquare.expert.pondering import Ponderer

            self._ponderer = Ponderer(DEFAULT_SECONDS if self._seconds is None else self._seconds)
        return self._ponderer.think(position)

    def found(self) -> dict[Position, Advice]:
        """The full advice found so far, by position: what a review may take rather than think again."""
        return {} if self._ponderer is None else self._ponderer.found()


def _position(game: Game) -> Position:
    from foursquare.expert.advice import Position

    return Position.of(game)


class Coach(Observer):
    """The tip and autoplay keys of an :class:`App`, and the expert working for them in the background.

    Creating it wires it into ``app``: the ``t`` and ``a`` commands (so the
    help lists them), the side panel's key reminder, a ticker, a key filter
    (any key stops autoplay) and an observer (a changed game drops advice).
    ``think`` starts the expert (tests pass a fake or a hurried one);
    ``ponder`` has it start on each new position before it is asked;
    ``pace`` is the least time between two placements of autoplay, in
    seconds of ``clock``.
    """

    def __init__(
        self,
        app: App,
        *,
        think: Thinker | None = None,
        ponder: bool = False,
        pace: float = PACE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.pace = pace
        self.clock = clock
        self._think = think if think is not None else Expert()
        self._thinking: Pending | None = None
        """The expert at work on the position on the table, or finished and not yet read."""
        self._advice: Advice | None = None
        """Advice that has come for the position on the table."""
        self.ponder = ponder
        self._asked = False
        """Whether the player waits for the thinking under way (a tip asked): else it is pondering, unseen."""
        self._ponder_in = 0
        """Ticks to go before pondering on the position on the table starts (0: none due)."""
        self.autoplaying = False
        self.autoplaced = 0
        """Cards autoplay has placed since it was started."""
        self._next_at = 0.0
        self._idle_tick = app.tick_seconds
        app.add_command(bound("tip", self.tip))
        app.add_command(bound("autoplay", self.autoplay))
        app.reminder += legend(["tip", "autoplay"])
        app.add_ticker(self.tick)
        app.add_key_filter(self._stop_key)
        app.add_observer(self)
        self._ponder_soon(app.game)

    @property
    def thinking(self) -> bool:
        """Whether the expert is at work (or has finished and its advice is not read yet)."""
        return self._thinking is not None

    # --- keys ---------------------------------------------------------------

    def tip(self, app: App) -> None:
        """``t``: have the expert mark a cell for the next card, at once if it has already judged this position."""
        card = app.game.next_card
        if app.game.is_over or card is None:
            app.say(game_over_text(app.end_offers))
            return
        if app.ask_before_help(Aid.TIP, self.tip) or not app.tip_counted():
            return
        self._ponder_in = 0
        advice = self._ready()
        if advice is not None:
            self._show(advice)
            return
        if self._thinking is None:
            self._start()
        self._asked = True
        self._busy()
        app.say(thinking(card))
        app.status = thinking_status()

    def autoplay(self, app: App) -> None:
        """``a``: the expert plays on from here until the game ends or a key is pressed."""
        if app.game.is_over:
            app.say(game_over_text(app.end_offers))
            return
        if app.ask_before_help(Aid.AUTOPLAY, self.autoplay):
            return
        self.autoplaying = True
        self.autoplaced = 0
        self._next_at = self.clock() + self.pace
        message, status = autoplay_started(any_key=True)
        app.say(message)
        app.status = status
        if self._thinking is None and self._advice is None:
            self._start()
        self._busy()

    def _stop_key(self, app: App, event: Input) -> bool:
        """During autoplay every key (or click) stops it, and does nothing else.

        But a yes before its first card is let be: autoplay starts at once in
        a game that asks nothing (a replay, or one played with help already),
        and a player who answers its question out of habit would stop it.
        """
        if not self.autoplaying:
            return False
        if event in YES and not self.autoplaced:
            return True
        placed = self.autoplaced
        self._end_autoplay()
        self._ponder_soon(app.game)
        app.say(autoplay_stopped(placed))
        return True

    # --- background work ----------------------------------------------------

    def tick(self, app: App) -> bool:
        """Polled by the main loop: show advice that has come, or play autoplay's next card when due."""
        if self.autoplaying:
            return self._autoplay_step()
        if self._ponder_in:
            self._ponder_in -= 1
            if not self._ponder_in and self._thinking is None and self._advice is None:
                self._thinking = self._think(_position(app.game))
            return False
        if self._thinking is None or not self._thinking.done() or not self._asked:
            return False  # pondering finished is read when a tip is asked
        advice = self._ready()
        if self._thinking is not None:
            return False  # started again on the position now on the table
        self._asked = False
        app.status = None
        self._idle()
        if advice is not None:
            self._show(advice)
        else:
            app.say(no_advice())
        return True

    def _autoplay_step(self) -> bool:
        app = self.app
        if app.game.is_over:
            self._end_autoplay()
            return True
        if self._thinking is None and self._advice is None:
            self._start()
        advice = self._ready()
        if advice is None and self._thinking is None:
            self._end_autoplay()
            app.say(no_advice())
            return True
        if advice is None or app.mode is not Mode.PLAYING or self.clock() < self._next_at:
            return False  # still thinking, a pause between cards, or a terminal too small to watch
        if not app.place(advice.cell, by=Mover.EXPERT):
            self._end_autoplay()  # the line says why the cell was refused; the player takes over
            return True
        self.autoplaced += 1
        self._next_at = self.clock() + self._pause()
        if app.game.is_over:
            self._end_autoplay()
        else:
            self._start()  # think about the next card during the pause
        return True

    def _pause(self) -> float:
        """The pause after a card: twice the pace when its line is longer than the screen is wide, so that
        the two lines it is wrapped on can be read."""
        message = self.app.message
        return self.pace * (2 if message is not None and len(message) > self.app.width - 2 else 1)

    def _start(self) -> None:
        self._thinking = self._think(_position(self.app.game))
        self._busy()

    def _ready(self) -> Advice | None:
        """The advice for the position on the table, once it has come.

        None while the expert thinks, and also if it has stopped without advice
        (it failed): then nothing is thinking any more.  Advice for a position
        no longer on the table is thrown away and the expert starts again.
        """
        thinking = self._thinking
        if thinking is not None and thinking.done():
            self._thinking = None
            if not self._is_current(thinking.position):
                if not self.app.game.is_over:
                    self._start()
            elif thinking.advice is not None:
                self._advice = thinking.advice
        return self._advice

    def _is_current(self, position: Position) -> bool:
        game = self.app.game
        return not game.is_over and _position(game) == position

    def _show(self, advice: Advice) -> None:
        app = self.app
        app.marked = app.cursor = advice.cell
        app.say(*tip_forms(app.game, advice, marked=True))

    def _drop(self) -> None:
        """Forget advice and stop the expert: the position it was for is gone."""
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
        self._advice = None
        self._asked = False
        self._ponder_in = 0
        self.app.marked = None
        if not self.autoplaying:
            self.app.status = None
            self._idle()

    def _end_autoplay(self) -> None:
        self.autoplaying = False
        self._drop()

    def _busy(self) -> None:
        self.app.tick_seconds = min(self._idle_tick, BUSY_TICK_SECONDS)

    def _idle(self) -> None:
        self.app.tick_seconds = self._idle_tick

    # --- the game's life ----------------------------------------------------

    def game_changed(self, game: Game) -> None:
        self._drop()
        self._ponder_soon(game)

    def game_started(self, game: Game) -> None:
        self._end_autoplay()
        self._ponder_soon(game)

    def _ponder_soon(self, game: Game) -> None:
        """Have pondering start on ``game``'s new position two ticks from now: after its frame is painted."""
        if self.ponder and not self.autoplaying and not game.is_over:
            self._ponder_in = 2

    def closing(self, game: Game) -> None:
        self._end_autoplay()
