"""The command line: its usage names every command, and a mistyped command is answered with the right one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import ShownAt

from foursquare import __version__
from foursquare.cli import COMMANDS, build_parser, main


def test_the_usage_line_lists_the_commands() -> None:
    usage = build_parser().format_usage()
    assert usage.startswith("usage: foursquare [-h]")
    assert "foursquare {" + ",".join(COMMANDS) + "} ..." in usage


@pytest.mark.parametrize(("typed", "meant"), [("stat", "stats"), ("simulat", "simulate"), ("sats", "stats")])
def test_a_mistyped_command_suggests_the_right_one(typed: str, meant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([typed]) == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error == f"foursquare: error: no command {typed!r}: did you mean {meant!r}?"


def test_a_word_like_no_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bogus"]) == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    listed = ", ".join(COMMANDS)
    assert error == f"foursquare: error: no command 'bogus': the commands are {listed} (foursquare --help says more)"


@pytest.mark.parametrize("args", [["--no-color", "stats"], ["--ascii", "--plain", "review", "3"]])
def test_a_command_after_the_game_s_options_is_told_to_come_first(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    command = next(arg for arg in args if arg in COMMANDS)
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"foursquare: error: the command comes first: foursquare {command} ... "
        f"(foursquare {command} --help lists its options)"
    )


def test_a_lone_version_prints_what_the_parser_prints_with_other_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    alone = capsys.readouterr()
    assert main(["--new", "--version"]) == 0  # answered by the parser's own version action
    assert capsys.readouterr() == alone
    assert alone.out == f"foursquare {__version__}\n" and alone.err == ""


def test_an_error_line_is_broken_between_words_in_a_terminal_narrower_than_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "30")
    terminal = ShownAt()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["review", "--file", "no such record.json"]) == 1
    shown = terminal.getvalue().splitlines()
    assert len(shown) > 1 and max(map(len, shown)) <= 30
    assert " ".join(shown) == "foursquare review: no such record.json: no such file"
