"""Going to a cell by name: ``/`` opens a one-line prompt on the message line, Enter moves the cursor there.

With ten or more cells in play, walking the cursor to a cell takes several
keys; typing its name (``e4``) takes three.  :class:`CellPrompt` adds the
``/`` key to an :class:`~foursquare.screen.app.App` and, while its prompt is
open, takes every key through a key filter: letters and digits are typed,
Backspace takes one back, Enter goes to the cell named (then Enter places
the card as usual), Esc closes the prompt; a key that does nothing there
(Tab, PgUp, F1) is said to do nothing, in the prompt, as on the table.  A name that is no cell, or a cell
off the table as it stands, gets its reason in the prompt, which stays open:
Backspace corrects the name, or the next name typed replaces it (``/``
again starts afresh at any time).  A key of the table (an arrow, a click)
closes it and does what it always does.
"""

from __future__ import annotations

from foursquare.engine import Cell, cell_name, parse_cell
from foursquare.engine.board import CELLS
from foursquare.screen.app import App, Mode, bound
from foursquare.screen.keys import Input, Key, key_label
from foursquare.words.keys import legend
from foursquare.words.screen import goto_full, goto_prompt, goto_refusal, goto_stray
from foursquare.words.text import Text

__all__ = ["MAX_TYPED", "CellPrompt"]

MAX_TYPED = 8
"""The most characters the prompt takes: a cell name has two, a few more show what went wrong."""
_NAMES = frozenset(cell_name(cell) for cell in CELLS)


class CellPrompt:
    """The ``/`` key of an :class:`App` and the prompt it opens; creating it wires it in."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.typed: str | None = None
        """What has been typed so far, or None while the prompt is closed."""
        self.refused = False
        """The name typed was refused, its reason shown: a letter or digit typed next begins a new one."""
        self._before: tuple[Text | None, Text | None, bool] | None = None
        app.add_command(bound("goto", self.open, frozenset({Mode.PLAYING})))
        app.add_key_filter(self._key)
        app.reminder += legend(["goto"])

    @property
    def is_open(self) -> bool:
        return self.typed is not None

    def open(self, app: App) -> None:
        """``/``: an empty prompt on the message line, in place of what it said."""
        self._before = (app.message, app.message_short, app.previewing)
        self._restart()

    def _restart(self) -> None:
        self.typed = ""
        self.refused = False
        self.app.say(goto_prompt(""))

    def close(self, *, restore: bool) -> None:
        """Close the prompt; ``restore`` puts back what the message line said before it opened."""
        self.typed = None
        before, self._before = self._before, None
        if restore and before is not None:
            message, short, previewing = before
            self.app.say(message, short)
            self.app.previewing = previewing

    def _key(self, app: App, event: Input) -> bool:
        """Every key while the prompt is open: typed, taken back, gone to, or closing it."""
        if self.typed is None:
            return False
        if app.mode is not Mode.PLAYING:  # a question, a page or a terminal too small: the prompt has no place
            self.close(restore=False)
            return False
        if event == Key.ESCAPE:
            self.close(restore=True)
        elif event == Key.ENTER:
            self._go()
        elif event == Key.BACKSPACE:
            self.typed = self.typed[:-1]
            self.refused = False
            self._say_typed()
        elif event == "/":
            self._restart()
        elif isinstance(event, str) and len(event) == 1 and event.isprintable():
            kept = "" if self.refused else self.typed
            self.refused = False
            if len(kept) >= MAX_TYPED:  # said, not dropped unseen
                self.typed = kept
                app.say(goto_prompt(kept, why=goto_full(MAX_TYPED)))
            else:
                self.typed = kept + event
                self._say_typed()
        elif event == Key.REDRAW:
            return False
        elif isinstance(event, (Key, str)) and not app.takes(event):  # Tab, PgUp, F1: said to do nothing
            app.say(goto_prompt(self.typed, why=goto_stray(key_label(event))))
            self.refused = False
        else:  # an arrow, a click: what it always does
            self.close(restore=True)
            return False
        return True

    def _say_typed(self) -> None:
        """The prompt with what is typed, and at once why it is no cell name where no name begins so (``z``)."""
        typed = self.typed or ""
        start = typed.strip().lower()
        if start and not any(name.startswith(start) for name in _NAMES):
            self.app.say(goto_prompt(typed, why=goto_refusal(typed.strip(), None)))
        else:
            self.app.say(goto_prompt(typed))

    def _go(self) -> None:
        """Move the cursor to the cell typed, or say in the prompt why not."""
        app, typed = self.app, (self.typed or "").strip()
        cell = _cell(typed)
        region = app.region
        if cell is None or cell not in region:
            shown = (
                None
                if cell is None
                else (cell_name((region.top, region.left)), cell_name((region.bottom, region.right)))
            )
            app.say(goto_prompt(self.typed or "", why=goto_refusal(typed, shown)))
            self.refused = True
            return
        self.close(restore=True)
        app.cursor = cell
        app.previewing = True  # the bottom line turns to the preview of the cell, as after a move of the cursor


def _cell(typed: str) -> Cell | None:
    try:
        return parse_cell(typed)
    except ValueError:
        return None
