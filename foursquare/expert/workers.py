"""The expert's worker processes (a review's two children, simulate's pool): they end with their parent, quietly.

A worker is only ever of use to the process that started it.  So it leaves
Ctrl-C to its parent (the terminal sends it to the whole foreground group,
and the parent decides what it means), it ends within moments once its parent
is gone however the parent went (SIGKILL included: a thread watches for the
parent's death), and a pipe its parent closed ends it without a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import ParamSpec

__all__ = ["WATCH_SECONDS", "become_worker", "children_deaf_to_ctrl_c", "quietly"]

WATCH_SECONDS = 0.2
"""How often a worker looks whether its parent is still there."""

P = ParamSpec("P")


def become_worker() -> None:
    """In a worker process, first thing: leave Ctrl-C to the parent and end when the parent is gone.  (A
    worker is spawned, never forked: its SIGTERM, how a pool ends its workers, ends it at once.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    started_by = multiprocessing.parent_process()  # the parent as it was at the start, though it died since
    parent = started_by.pid if started_by is not None and started_by.pid is not None else os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(0)  # the parent is gone: nobody wants the work any more, and nothing is kept by it

    threading.Thread(target=watch, name="foursquare-parent-watch", daemon=True).start()


def quietly(work: Callable[P, None]) -> Callable[P, None]:
    """``work`` run as a worker's body: a parent that went away (a closed pipe) ends it without a word."""

    @functools.wraps(work)  # named as ``work`` is, so that a process started with it pickles it by that name
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        become_worker()
        with contextlib.suppress(BrokenPipeError, EOFError, ConnectionResetError, KeyboardInterrupt):
            work(*args, **kwargs)

    return run


@contextlib.contextmanager
def children_deaf_to_ctrl_c() -> Iterator[None]:
    """Start processes in here so that Ctrl-C never reaches them, from their first instruction on.

    The terminal sends Ctrl-C to every process of the foreground group; a
    child still importing its modules would print a traceback before it
    could ignore it.  A child inherits an ignored signal, so Ctrl-C is
    ignored here while the children start (only the main thread may do so;
    elsewhere they start as they are): the parent then gets Ctrl-C back and
    ends the work, and the children with it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
