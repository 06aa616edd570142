"""The one error type of the command line: a line for standard error and an exit status.

Anything below the command line that must stop a command raises
:class:`CommandError` with its line already worded (by :mod:`foursquare.words`);
:func:`foursquare.cli.main` catches it once, prints the line and returns the
status.  So no function has to return "a value or an exit status".  The
status after Ctrl-C is named here, where the screen, plain mode and the
commands can all take it.
"""

from __future__ import annotations

__all__ = ["INTERRUPTED", "CommandError"]

INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell gives a command killed by SIGINT."""


class CommandError(Exception):
    """The command cannot go on: ``line`` says why (for standard error), ``status`` is the exit status."""

    def __init__(self, line: str, status: int = 1) -> None:
        super().__init__(line)
        self.line = line
        self.status = status
