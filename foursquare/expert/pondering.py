"""The expert's thinking kept for the last few positions, so that advice once found is found again at once.

A screen starts the expert on each new position before a tip is asked for
it (see :class:`~foursquare.screen.coach.Coach`), and an undo followed by a
redo comes back to a position already thought out.  :meth:`Ponderer.think`
hands out the :class:`~foursquare.expert.advice.Thinking` already under way
(or done) on a position, and starts one only when there is none that still
gives full advice.  The advice is then the very advice
:func:`~foursquare.expert.advice.advise` gives without a deadline whenever
the thinking was done before it was needed: keeping it changes when advice
comes, never what it says.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from foursquare.expert.advice import DEFAULT_SECONDS, Advice, Position, Thinking

__all__ = ["FOUND_KEPT", "KEPT", "Ponderer"]

KEPT = 8
"""Positions whose thinking is kept, newest last: an undo and a redo find their advice again."""
FOUND_KEPT = 200
"""Positions whose full advice is kept once found, newest last: every position of a game or five (the review
judges them with it, :meth:`Ponderer.found`)."""


class Ponderer:
    """The expert's thinking for one screen, kept for its last :data:`KEPT` positions.

    Pass :meth:`think` where the screen starts the expert; the screen
    cancels the thinking on a position that is gone.  Thinking cancelled
    before it finished is never handed out again.  Used from one thread
    (the screen's).
    """

    def __init__(self, seconds: float = DEFAULT_SECONDS, start: Callable[[Position, float], Thinking] = Thinking):
        self._seconds = seconds
        self._start = start
        self._kept: OrderedDict[Position, Thinking] = OrderedDict()
        self._found: OrderedDict[Position, Advice] = OrderedDict()

    def think(self, position: Position) -> Thinking:
        """The thinking on ``position``: the one already started (perhaps done) if any, else a new one."""
        thinking = self._kept.get(position)
        if thinking is None or not _usable(thinking):
            thinking = self._start(position, self._seconds)
            self._kept[position] = thinking
        self._kept.move_to_end(position)
        while len(self._kept) > KEPT:
            _, old = self._kept.popitem(last=False)
            self._keep_found(old)
            old.cancel()
        return thinking

    def found(self) -> dict[Position, Advice]:
        """The full advice found so far on the last :data:`FOUND_KEPT` positions (none cut short).

        Each is the very advice :func:`~foursquare.expert.advice.advise`
        gives with the default budget and no deadline, so a review of the
        game may take it rather than think again.
        """
        for thinking in self._kept.values():
            self._keep_found(thinking)
        return dict(self._found)

    def _keep_found(self, thinking: Thinking) -> None:
        advice = thinking.advice if thinking.done() else None
        if advice is not None and not advice.cut_short:
            self._found[thinking.position] = advice
            self._found.move_to_end(thinking.position)
            while len(self._found) > FOUND_KEPT:
                self._found.popitem(last=False)

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
