"""Shared by every test: Foursquare's files go to a temporary folder, never the player's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from terminal import Terminal  # not imported for tests that start no terminal


@pytest.fixture(autouse=True, scope="session")
def private_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``FOURSQUARE_HOME`` for the whole run, so that a test that forgets to choose a folder (or a
    game it starts) cannot read or change the saved game and statistics of whoever runs the tests."""
    home = tmp_path_factory.mktemp("foursquare-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FOURSQUARE_HOME", str(home))
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
