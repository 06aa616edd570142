"""What starting the command loads: the quick answers and the first frame leave the heavy modules unloaded.

Each run is a fresh Python (``python -c``) that goes the way the command
goes and then lists ``sys.modules``; the start-up benchmark
(``python -m tests.benchmarks.startup``) says what the time is, these say
that a later import at the top of a module has not brought the cost back.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from foursquare.storage.files import PLATFORMDIRS_PLATFORMS

MARK = "--- loaded:"

EVERY_START = (
    "curses",
    "multiprocessing",
    "threading",
    "random",
    "platformdirs",
    "foursquare.screen",
    "foursquare.expert",
)
"""Needed by no quick command (the data folder is named by ``FOURSQUARE_HOME``, as in these tests)."""

THE_SEARCH = ("foursquare.expert.advice", "foursquare.expert.search", "foursquare.expert.evaluation")
"""The expert's search and its tables: loaded when a tip, the autoplay or a review is first asked for."""


def loaded_after(script: str) -> set[str]:
    """The modules a fresh Python has loaded once it has run ``script``."""
    listing = f"\nimport sys\nprint({MARK!r}, *sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", script + listing], capture_output=True, text=True, check=True, timeout=60
    )
    return set(done.stdout.rpartition(MARK)[2].split())


def command(*args: str) -> str:
    """A script that runs ``foursquare ARGS`` as the installed command does (its ``__main__``)."""
    return (
        f"import sys\nsys.argv = ['foursquare', *{list(args)!r}]\nfrom foursquare.__main__ import main\n"
        "status = main()\nassert status == 0, status\n"
    )


def among(loaded: set[str], names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` that are loaded, a package counting as loaded with any module of it."""
    return [name for name in names if any(m == name or m.startswith(name + ".") for m in loaded)]


def test_the_version_is_answered_with_nothing_but_the_command_line() -> None:
    loaded = loaded_after(command("--version"))
    heavy = ("argparse", "typing", "dataclasses", "json", "sqlite3", "shutil", "locale", "gettext", *EVERY_START)
    assert among(loaded, heavy) == []
    assert {m for m in loaded if m.startswith("foursquare")} <= {
        "foursquare",
        "foursquare.__main__",
        "foursquare.cli",
        "foursquare.session",
        "foursquare.session.errors",
    }


def test_the_statistics_as_json_load_no_screen_no_expert_and_no_words_of_the_page(home: Path) -> None:
    loaded = loaded_after(command("stats", "--json"))
    page = ("foursquare.words.stats", "foursquare.words.glyphs", "foursquare.words.text", "textwrap")
    unused = ("typing", "shutil", "foursquare.engine.game", "foursquare.session.game")
    assert among(loaded, (*EVERY_START, *unused, *page)) == []
    assert "sqlite3" in loaded  # the statistics were read from the database: the run went where it should


@pytest.mark.skipif(sys.platform in PLATFORMDIRS_PLATFORMS, reason="there platformdirs names the folder")
def test_the_platform_s_folder_is_found_without_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a player runs it, with no ``FOURSQUARE_HOME``: the XDG rule needs no library."""
    monkeypatch.delenv("FOURSQUARE_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    loaded = loaded_after(command("stats", "--json"))
    assert among(loaded, ("platformdirs", "tempfile")) == []
    assert "sqlite3" in loaded


def test_the_game_screen_draws_its_first_frame_without_the_search(home: Path) -> None:
    """As :func:`foursquare.screen.play.main` goes, up to the frame it would paint (curses left out)."""
    script = (
        "from foursquare.cli import build_parser\n"
        "args = build_parser().parse_args(['--seed', '1'])\n"
        "from foursquare.screen import play\n"
        "from foursquare.screen.render import render\n"
        "from foursquare.session.opening import open_session\n"
        "session, opening = open_session(seed=args.seed, daily=args.daily, new=args.new)\n"
        "app = play.build(session, opening)\n"
        "assert list(render(app, app.width, app.height))\n"
    )
    loaded = loaded_after(script)
    crash_report = ("platform", "tempfile", "traceback")
    assert (
        among(loaded, (*THE_SEARCH, "foursquare.expert.reviewing", "multiprocessing", "threading", *crash_report)) == []
    )
    assert "curses" in loaded  # the screen's own module was imported: the run went where it should
