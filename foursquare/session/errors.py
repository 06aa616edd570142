"""The one error type of the command line: a line for standard error and an exit status.

Anything below the command line that must stop a command raises
:class:`CommandError` with its line already worded (by :mod:`foursquare.words`);
:func:`foursquare.cli.main` catches it once, prints the line and returns the
status.  So no function has to return "a value or an exit status".  The
status after Ctrl-C, and the unwinding a signal that ends the program
starts, are named here, where the screen, plain mode and the commands can
all take them.
"""

from __future__ import annotations

__all__ = ["INTERRUPTED", "CommandError", "DealAndDaily", "Misused", "Terminated", "UnnumberedGame"]

INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell gives a command killed by SIGINT."""


class Terminated(BaseException):
    """A signal that ends the program arrived (SIGTERM, ``kill``; the game screen heeds more): raised by its
    handler so that the program unwinds through its clean-up (a review's child processes let go, the terminal
    restored) instead of being cut off where it stood, then exits as one killed by the signal would.

    A BaseException, as KeyboardInterrupt is: no ``except Exception`` on the way swallows it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status a shell gives a command killed by the signal: 128 and its number."""
        return 128 + self.signum


class CommandError(Exception):
    """The command cannot go on: ``line`` says why (for standard error), ``status`` is the exit status."""

    def __init__(self, line: str, status: int = 1) -> None:
        super().__init__(line)
        self.line = line
        self.status = status


class Misused(ValueError):
    """A session was asked for what it never does: a misuse of the code, which the command line's own checks keep
    a player from, so its type names it and it carries no sentence."""


class UnnumberedGame(Misused):
    """A session was given a game without a deal number: it plays numbered deals only."""


class DealAndDaily(Misused):
    """Both a deal number and the daily deal were asked for: one or the other."""
