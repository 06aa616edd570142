"""Problems as values and their words: every kind and reason is worded, and typed text is shown back safely."""

from __future__ import annotations

import argparse
import errno
from pathlib import Path

import pytest

from foursquare.commands.arguments import deal_number, whole
from foursquare.engine import LAST_DEAL
from foursquare.storage.problems import Kind, Problem, Reason, StoreError, invalid
from foursquare.storage.schema import SCHEMA_VERSION
from foursquare.words import problems as words
from foursquare.words.commands import NUMBERS
from foursquare.words.quote import shown

FOLDER = Path("/home/player/.local/share/foursquare")


@pytest.mark.parametrize("kind", list(Kind), ids=lambda kind: kind.name)
def test_every_problem_has_a_line_a_short_form_and_a_clause(kind: Kind) -> None:
    for reason in Reason:
        problem = Problem(kind, reason, FOLDER / "foursquare.db", "detail", 3, other=FOLDER.parent)
        aside = problem.but(aside=FOLDER / "foursquare.db.20261130T000000Z.corrupt")
        for moved in (problem, aside, problem.but(unmoved=16), problem.but(unmoved=Reason.TOO_MANY_COPIES)):
            line, short, clause = words.line(moved), words.short(moved), words.why(moved)
            assert (line[0].isupper() or line.startswith(str(FOLDER))) and line.endswith("."), line
            assert short and len(short) <= len(line) and "\n" not in line + short
            assert clause and not clause.endswith(".")
            assert "Kind." not in line and "Reason." not in line and "None" not in line


def test_a_moved_file_says_where_it_went_and_its_short_form_names_it() -> None:
    path = FOLDER / "game.json"
    moved = Problem(Kind.SAVED_GAME_DAMAGED, Reason.NOT_JSON, path, line=1, column=1)
    aside = moved.but(aside=FOLDER / "game.json.20261130T210509Z.corrupt")
    assert words.line(aside) == (
        "The saved game could not be used (not valid JSON: line 1, column 1); "
        f"it was moved to {aside.aside} and a new game was dealt."
    )
    assert words.short(aside) == "Damaged saved game renamed game.json.…corrupt; more when you quit."
    left = moved.but(unmoved=errno.EACCES)
    assert words.line(left) == (
        f"The saved game in {path} could not be used (not valid JSON: line 1, column 1) nor moved"
        " aside (permission denied), so the file is left as it is; a new game was dealt."
    )
    assert words.short(left) == "Damaged saved game left as it is; more when you quit."


def test_a_file_being_read_says_it_cannot_be_read_and_what_stands_there() -> None:
    folder = Problem(Kind.OLD_STATS_DAMAGED, Reason.FOLDER, FOLDER / "stats.json")
    assert words.reason(folder) == "cannot be read: a folder, not a regular file"
    stranger = Problem(Kind.DATABASE_STRANGER, Reason.FIFO, FOLDER / "foursquare.db-wal", aside=FOLDER)
    assert words.line(stranger) == (
        "The database file foursquare.db-wal could not be used (a named pipe, not a regular file);"
        f" it was moved to {FOLDER}."
    )


def test_sqlite_reasons_and_the_database_refusing_are_worded_for_players() -> None:
    refused = Problem(Kind.REFUSED, Reason.BUSY, FOLDER / "foursquare.db")
    assert words.why(refused) == "another foursquare kept the database busy too long; try again"
    newer = Problem(Kind.DATABASE_NEWER, Reason.NEWER, FOLDER / "foursquare.db", number=SCHEMA_VERSION + 1)
    assert f"version {SCHEMA_VERSION + 1} of the layout; this one knows up to {SCHEMA_VERSION}" in words.why(newer)
    assert words.cannot_use(words.Need.HISTORY, FOLDER, refused) == (
        f"cannot use the history in {FOLDER}: another foursquare kept the database busy too long; try again"
    )


def test_a_store_error_carries_its_problem() -> None:
    problem = Problem(Kind.FOLDER_UNDER_A_FILE, Reason.NOT_REGULAR, FOLDER, other=FOLDER.parent)
    error = StoreError(problem)
    assert error.problem is problem
    assert words.why(problem) == f"the data folder cannot be made: {FOLDER.parent} is a file, not a folder"


def test_notes_join_their_lines_and_their_short_forms() -> None:
    moved = Problem(Kind.DATABASE_DAMAGED, Reason.DAMAGED, FOLDER / "foursquare.db", aside=FOLDER / "x.corrupt")
    joined = words.join_notes([words.note(moved), None, "Could not save the game: the disk is full."])
    assert isinstance(joined, words.Note)
    assert joined == words.line(moved) + " Could not save the game: the disk is full."
    assert (
        joined.short == "Damaged database moved aside; more when you quit. Could not save the game: the disk is full."
    )
    assert words.join_notes([None, ""]) is None


@pytest.mark.parametrize(
    ("typed", "seen"),
    [
        ("d4", "d4"),
        ("\x1b[2J", "^[[2J"),
        ("tab\there", "tab^Ihere"),
        ("\x00", "^@"),
        ("\x7f\u200b", "^??"),
        ("9" * 4000, "9" * 23 + "…"),
        ("", ""),
    ],
)
def test_typed_text_is_shown_with_control_characters_as_question_marks_and_cut(typed: str, seen: str) -> None:
    assert shown(typed) == seen


def test_deal_numbers_and_whole_numbers_are_refused_with_the_text_cut() -> None:
    assert deal_number("0") == 0 and deal_number(str(LAST_DEAL)) == LAST_DEAL
    for bad in ("-1", str(LAST_DEAL + 1), "x", "9" * 4000, "1.5", "٣"):
        with pytest.raises(argparse.ArgumentTypeError, match="not a deal number") as refused:
            deal_number(bad)
        assert len(str(refused.value)) < 100
    games = whole(NUMBERS["games"], most=10)
    assert games("1") == 1 and games("10") == 10
    for bad in ("0", "11", "ten", "9" * 4000):
        with pytest.raises(argparse.ArgumentTypeError, match=r"not a number of games: '.*' \(a whole number from 1\)"):
            games(bad)


@pytest.mark.parametrize("kind", [Kind.GAME_IN_PROGRESS, Kind.GAME_ROW_SKIPPED, Kind.RECORD_FILE, Kind.IMPORT_LINE])
def test_an_unforeseen_error_s_own_english_is_kept_for_a_maintainer_and_never_shown_to_the_player(kind: Kind) -> None:
    exc = ValueError("invalid literal for int() with base 10: 'x'")
    problem = invalid(kind, FOLDER / "foursquare.db", exc, 7)
    assert problem.reason is Reason.UNFORESEEN
    for said in (words.line(problem), words.short(problem), words.why(problem)):
        assert "literal" not in said and "int()" not in said and "invalid" not in said, said
    assert "this version of foursquare cannot read" in words.line(problem) or kind is Kind.GAME_IN_PROGRESS
    assert "invalid literal for int()" in str(StoreError(problem))  # the error's words, for a bug report


def test_nesting_too_deep_to_follow_is_said_as_such() -> None:
    problem = invalid(Kind.IMPORT_LINE, None, RecursionError("maximum recursion depth exceeded"), 4)
    assert words.line(problem) == "Line 4: not valid JSON: nested too deeply."


def test_export_over_a_kept_file_says_what_to_do_with_no_code_word_in_it() -> None:
    said = words.why(Problem(Kind.EXPORT_OVER_KEPT, Reason.INVALID, FOLDER / "foursquare.db"))
    assert said == (
        f"{FOLDER / 'foursquare.db'} is one of the data folder's own files: "
        "export to a file outside it, or to standard output"
    )
