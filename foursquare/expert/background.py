"""The expert's work for a screen, in a background thread: started at once, polled, cancelled within moments."""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["Background"]


class Background:
    """A daemon thread running ``work``, which checks :attr:`stopping` now and then.

    A screen's loop polls :meth:`done` between keys instead of waiting, and
    :meth:`cancel` asks the work to end early, so that a key never waits on
    the expert.
    """

    def __init__(self, work: Callable[[], None], name: str) -> None:
        self.stopping = threading.Event()
        """Set by :meth:`cancel`: the work should end as soon as it can."""
        self._thread = threading.Thread(target=work, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def done(self) -> bool:
        """Whether the work has ended (finished, failed or cancelled)."""
        return not self._thread.is_alive()

    def join(self, timeout: float | None = None) -> None:
        """Wait up to ``timeout`` seconds (for ever if None) for the work to end."""
        self._thread.join(timeout)

    def cancel(self) -> None:
        """Ask the work to stop; it ends within moments."""
        self.stopping.set()
