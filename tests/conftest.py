"""Shared by every test: Foursquare's files go to a temporary folder, never the player's own; it speaks English."""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, NoReturn

import pytest

if TYPE_CHECKING:
    from terminal import Terminal  # not imported for tests that start no terminal


FAST_SECONDS = 180
"""How long a test of the fast set may run before it fails (each takes seconds, on a busy machine too)."""

SLOW_SECONDS = 900
"""How long a slow test may run before it fails."""


def _refuse_fork(*args: object, **kwargs: object) -> NoReturn:
    raise RuntimeError(
        "a test forked the test process: a fork of a process with threads may wait for ever on a lock another "
        "thread held; start a process with subprocess, or multiprocessing's spawn"
    )


def pytest_configure(config: pytest.Config) -> None:
    """No process is forked from the test process (which may have threads left by a test): a fork there is
    refused at once, with a message, where it could otherwise hang the run now and then."""
    if hasattr(os, "fork"):  # Windows has none (and asyncio takes one that is there for a real fork)
        os.fork = _refuse_fork
    if hasattr(os, "forkpty"):
        os.forkpty = _refuse_fork


class TimedOut(AssertionError):
    """A test ran past its time: it waited on something (a process, a thread, a pipe) that never came."""


@pytest.fixture(autouse=True)
def time_limit(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test fails with a message once it has run too long, rather than hang the run.

    SIGALRM (where there is one) interrupts the test where it waits, in the
    main thread, and fails it there with its traceback; the fault handler
    ends the whole run a minute later with every thread's stack, should the
    test not let go.
    """
    seconds = SLOW_SECONDS if request.node.get_closest_marker("slow") else FAST_SECONDS
    alarm = getattr(signal, "SIGALRM", None)
    before = None

    def expired(signum: int, frame: FrameType | None) -> NoReturn:
        raise TimedOut(f"{request.node.nodeid} still runs after {seconds} seconds: it waits on something for ever")

    if alarm is not None:
        before = signal.signal(alarm, expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    faulthandler.dump_traceback_later(seconds + 60, exit=True, file=sys.__stderr__ or sys.stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        if alarm is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(alarm, before)


@pytest.fixture(autouse=True, scope="session")
def private_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``FOURSQUARE_HOME`` for the whole run, so that a test that forgets to choose a folder (or a
    game it starts) cannot read or change the saved game and statistics of whoever runs the tests."""
    home = tmp_path_factory.mktemp("foursquare-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FOURSQUARE_HOME", str(home))
        patch.setenv("LANGUAGE", "en")  # the wording tests are pinned to English, whatever the machine speaks
        yield home


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own, not made yet, which ``FOURSQUARE_HOME`` names for this process
    and the commands it starts (they inherit the environment)."""
    folder = tmp_path / "home"
    monkeypatch.setenv("FOURSQUARE_HOME", str(folder))
    return folder


@pytest.fixture
def terms() -> Iterator[list[Terminal]]:
    """The pseudo-terminals a test starts (it appends them here), closed when the test ends."""
    started: list[Terminal] = []
    yield started
    for term in started:
        term.close()
