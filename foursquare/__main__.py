"""The ``foursquare`` command (also ``python -m foursquare``): Ctrl-C is quiet from the first moment.

Until :func:`foursquare.cli.main` is running, nothing needs restoring (no
screen, no open game), so Ctrl-C ends the program at once with status 130
instead of a traceback from the middle of an import.  The command line then
puts back Python's own Ctrl-C, which the game screen and the commands handle.
Once it has returned, all that is left is the interpreter's own clean-up
(waiting for the expert's processes, say), and Ctrl-C ends that at once too,
as it does one that lands while the command returns: putting the quiet
Ctrl-C back first runs Python's own for one already pending.
"""

import os
import signal
import sys
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os._exit(128 + signum)


def main() -> int:
    """Entry point of the ``foursquare`` command; returns the exit status."""
    signal.signal(signal.SIGINT, _interrupted)
    from foursquare.cli import main as run  # imported after: the imports are what take time

    try:
        try:
            return run()
        finally:
            signal.signal(signal.SIGINT, _interrupted)  # the interpreter's own clean-up: Ctrl-C ends it quietly
    except KeyboardInterrupt:  # one that came as the command returned, before the line above could take it
        os._exit(128 + signal.SIGINT)  # at once: a call into Python first would give the next one a chance to land


if __name__ == "__main__":
    sys.exit(main())
