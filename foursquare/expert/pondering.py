"""The expert thinking ahead for a screen: on each new position as soon as it is shown, so a tip is ready at once.

A player looks at a new card for a moment before asking for a tip; the
expert can use that moment.  :class:`Ponderer` starts a
:class:`~foursquare.expert.advice.Thinking` on a position when the screen
says it is shown (:meth:`Ponderer.ponder`) and hands the same one out when a
tip is asked for it (:meth:`Ponderer.think`, a drop-in for the screen's
thinker), so that the tip is often there already.  The advice is the very
advice :func:`~foursquare.expert.advice.advise` gives without a deadline
whenever the thinking was done before it was needed: pondering changes when
advice comes, never what it says.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from foursquare.expert.advice import DEFAULT_SECONDS, Position, Thinking

__all__ = ["KEPT", "Ponderer"]

KEPT = 8
"""Positions whose thinking is kept, newest last: an undo and a redo find their advice again."""


class Ponderer:
    """The expert's background thinking for one screen, one position at a time, started before it is asked for.

    Call :meth:`ponder` whenever a new position is on the table (a card
    placed, an undo, a new game), and pass :meth:`think` where the screen
    starts the expert for a tip or autoplay.  Pondering a position cancels
    the unfinished thinking on any other, so the expert never works on a
    position that is gone.  Used from one thread (the screen's).
    """

    def __init__(self, seconds: float = DEFAULT_SECONDS, start: Callable[[Position, float], Thinking] = Thinking):
        self._seconds = seconds
        self._start = start
        self._kept: OrderedDict[Position, Thinking] = OrderedDict()

    def ponder(self, position: Position) -> Thinking:
        """Start thinking on ``position`` (unless it already is) and stop thinking on any other."""
        for other, thinking in self._kept.items():
            if other != position and not thinking.done():
                thinking.cancel()
        return self.think(position)

    def think(self, position: Position) -> Thinking:
        """The thinking on ``position``: the one already started (perhaps done) if any, else a new one."""
        thinking = self._kept.get(position)
        if thinking is None or not _usable(thinking):
            thinking = self._start(position, self._seconds)
            self._kept[position] = thinking
        self._kept.move_to_end(position)
        while len(self._kept) > KEPT:
            _, old = self._kept.popitem(last=False)
            old.cancel()
        return thinking

    def cancel(self) -> None:
        """Stop all thinking (the screen is closing): nothing is kept."""
        for thinking in self._kept.values():
            thinking.cancel()
        self._kept.clear()


def _usable(thinking: Thinking) -> bool:
    """Whether ``thinking`` still gives full advice: at work and not cancelled, or done without being cut short."""
    if thinking.done():
        advice = thinking.advice
        return advice is not None and not advice.cut_short
    return not thinking.stopping.is_set()
