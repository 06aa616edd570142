"""What the player did, in terms the game understands: keys, clicks and size changes.

The terminal layer translates whatever the terminal sends into these values,
so that everything else (the view-model, its tests, the benchmarks) handles
input without a terminal.  Printable keys are plain one-character strings;
keys that print nothing are :class:`Key` members.
"""

from __future__ import annotations

from enum import Enum

from foursquare.engine.values import Value
from foursquare.words.keys import label

__all__ = ["YES", "Click", "Input", "Key", "KeyName", "Resize", "key_label", "key_of"]


YES = ("y", "Y")
"""The keys that answer a question yes."""


class Key(Enum):
    """Keys that print nothing, named for what they are, not what they do."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    ENTER = "enter"
    ESCAPE = "escape"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    HOME = "home"
    END = "end"
    REDRAW = "ctrl_l"
    BACKSPACE = "backspace"
    OTHER = "other"
    """A key the game has no name for (F1, Insert, Shift-Tab): bound to nothing, but not lost, so that it too
    is said to do nothing (with no name to say it by)."""


KeyName = Key | str
"""A key as bindings name it: a :class:`Key` or one printable character."""


class Click(Value):
    """A mouse click (button 1) on screen row ``y``, column ``x``."""

    y: int
    x: int


class Resize(Value):
    """The terminal now has this many columns and rows."""

    width: int
    height: int


Input = Key | str | Click | Resize
"""Everything the view-model can be told."""


def key_label(key: KeyName) -> str:
    """How a key is written on screen, e.g. ``"Enter"``, ``"←"``, ``"u"`` (as :mod:`foursquare.words.keys` words it)."""
    return label(key if isinstance(key, str) else key.value)


def key_of(name: str) -> KeyName:
    """The key a record of :mod:`foursquare.words.keys` names: a :class:`Key` by its value, or a character."""
    return name if len(name) == 1 else Key(name)
