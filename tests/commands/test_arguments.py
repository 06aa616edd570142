"""The commands' help is laid out as argparse's own formatter lays it out, at the width it would measure."""

from __future__ import annotations

import argparse
import shutil

import pytest

from foursquare.cli import build_parser
from foursquare.commands.arguments import HelpFormatter, RawDescriptionHelpFormatter, parser_for
from foursquare.session.columns import terminal_columns

WIDTHS = [{"COLUMNS": "40"}, {"COLUMNS": "132"}, {"COLUMNS": "0"}, {"COLUMNS": "-5"}, {"COLUMNS": "wide"}, {}]


@pytest.mark.parametrize("env", WIDTHS)
def test_the_terminal_is_as_wide_as_shutil_measures_it(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert terminal_columns() == shutil.get_terminal_size().columns


def _help_with(parser: argparse.ArgumentParser, formatter: type[argparse.HelpFormatter]) -> str:
    parser.formatter_class = formatter
    return parser.format_help()


@pytest.mark.parametrize("columns", ["30", "80", "200"])
def test_every_help_reads_as_argparse_itself_would_write_it(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    command = parser_for("stats")
    command.add_argument("--json", action="store_true", help="a help long enough to be wrapped " * 4)
    for parser, ours, theirs in (
        (build_parser(), RawDescriptionHelpFormatter, argparse.RawDescriptionHelpFormatter),
        (command, HelpFormatter, argparse.HelpFormatter),
    ):
        assert parser.formatter_class is ours
        assert _help_with(parser, ours) == _help_with(parser, theirs)
