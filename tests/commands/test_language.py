"""Which language speaks: ``--lang CODE`` before or after the command, the one kept with ``--remember``, else
the environment's as gettext reads it; an unknown code speaks English and says so."""

from __future__ import annotations

import errno
import locale
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import command

from foursquare.session.lines import use_locale
from foursquare.words import catalog
from foursquare.words.catalog import from_environment, known
from foursquare.words.problems import system_error


@pytest.fixture(autouse=True)
def spoken_again() -> Iterator[None]:
    """Each test starts and leaves the process choosing its language afresh (English, as conftest says)."""
    catalog.use(None)
    yield
    catalog.use(None)


def listed(out: str) -> str:
    """The code marked as in use in ``foursquare help languages``."""
    return next(line.split()[1] for line in out.splitlines() if line.startswith("*"))


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "en-XA", "help", "languages"),
        ("help", "languages", "--lang", "en-XA"),
        ("--lang=en_xa", "help", "languages"),
    ],
)
def test_lang_chooses_the_language_before_or_after_the_command(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert command(*argv) == 0
    out = capsys.readouterr().out
    assert listed(out) == "en-XA"
    assert "Languages" not in out


def test_the_languages_listed_are_english_and_every_compiled_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("help", "languages") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Languages (foursquare --lang CODE")
    assert [line[2:].split()[0] for line in out[1:]] == list(catalog.available())
    assert list(catalog.available()[:2]) == ["en", "en-XA"]
    assert listed("\n".join(out)) == "en"


def test_an_unknown_code_speaks_english_and_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("--lang", "xx", "help", "languages") == 0
    said = capsys.readouterr()
    assert listed(said.out) == "en"
    assert said.err == "foursquare: no language 'xx' here, so English it is (foursquare help languages lists them)\n"


def test_remember_keeps_the_language_for_the_next_runs_and_auto_forgets_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command("--lang", "en-XA", "--remember") == 0
    assert "en-XA" in capsys.readouterr().out
    assert (home / "language").read_text(encoding="utf-8") == "en-XA\n"
    assert command("help", "languages") == 0
    assert listed(capsys.readouterr().out) == "en-XA"
    assert command("--lang", "en", "help", "languages") == 0  # --lang wins over what is kept
    assert listed(capsys.readouterr().out) == "en"
    assert command("--lang", "auto", "--remember") == 0
    assert not (home / "language").exists()
    assert command("help", "languages") == 0
    assert listed(capsys.readouterr().out) == "en"


def test_remember_without_lang_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("--remember") == 2
    assert "--remember keeps the language --lang names" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        *[("en-XA", "en-XA"), ("en_XA", "en-XA"), ("EN-xa", "en-XA"), ("en_XA.UTF-8", "en-XA"), ("en_GB", "en")],
        *[("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("xx", None), ("", None), ("xx_YY@euro", None)],
    ],
)
def test_a_code_is_known_in_gettexts_spellings(typed: str, code: str | None) -> None:
    assert known(typed) == code


def test_fil_speaks_tagalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "available", lambda: ("en", "en-XA", "tl"))
    assert known("fil") == "tl"
    assert known("fil_PH.UTF-8") == "tl"
    assert known("tl_PH") == "tl"


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANGUAGE": "xx:en_XA:en", "LANG": "en_US.UTF-8"}, "en-XA"),
        ({"LANGUAGE": "", "LC_ALL": "en_XA.UTF-8", "LANG": "C"}, "en-XA"),
        ({"LC_MESSAGES": "en_XA", "LANG": "C"}, "en-XA"),
        ({"LANG": "en_XA.UTF-8"}, "en-XA"),
        ({"LC_ALL": "C", "LANG": "en_XA.UTF-8"}, "en"),  # the first one set names it, as gettext reads them
        ({"LANG": "xx_YY.UTF-8"}, "en"),  # a language the game does not speak: English
        ({"LANG": "sk_SK.UTF-8"}, "sk"),  # its pages are written, its sentences English until its catalog comes
        ({}, "en"),
    ],
)
def test_the_environment_names_the_language_as_gettext_reads_it(environ: dict[str, str], code: str) -> None:
    assert from_environment(environ) == code


def test_a_language_chosen_by_the_environment_speaks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "en_XA")
    assert command("help", "languages") == 0
    assert listed(capsys.readouterr().out) == "en-XA"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locales (LANG, LC_ALL): Windows names its own")
def test_a_locale_not_installed_still_draws_its_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    before = locale.setlocale(locale.LC_ALL)
    monkeypatch.setenv("LC_ALL", "xx_YY.UTF-8")  # installed nowhere
    try:
        use_locale()  # never raises
        assert "utf" in locale.setlocale(locale.LC_CTYPE).lower().replace("-", "") or locale.setlocale(
            locale.LC_CTYPE
        ) in ("C", "POSIX")
    finally:
        locale.setlocale(locale.LC_ALL, before)


def test_review_of_an_export_line_without_its_record_says_so_in_the_language_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = tmp_path / "line.json"
    line.write_text('{"format": "foursquare-finished-game", "version": 1, "help": null}\n', encoding="utf-8")
    assert command("review", "--file", str(line)) == 1
    assert capsys.readouterr().err == (
        f"foursquare review: {line}: this line of foursquare export was kept without the record of its placements\n"
    )
    assert command("--lang", "en-XA", "review", "--file", str(line)) == 1
    said = capsys.readouterr().err.replace(str(line), "FILE")
    assert said.startswith("foursquare review: FILE: ") and "foursquare export" in said
    words = re.findall(r"[A-Za-z]{3,}", said.replace("foursquare export", "").replace("foursquare review", ""))
    assert words == ["FILE"], said  # every other word went through the catalog


def test_a_file_missing_or_not_json_is_said_in_the_game_s_words_not_the_system_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The system's "No such file or directory" and the JSON decoder's "Expecting value" are English the
    game does not choose: the error's number and where the text stopped are worded through the catalog."""
    missing, notes = tmp_path / "missing.jsonl", tmp_path / "notes.txt"
    notes.write_text("these are notes, not games\n", encoding="utf-8")
    assert command("import", str(missing)) == 1
    assert capsys.readouterr().err == f"foursquare import: cannot read {missing}: no such file or folder\n"
    assert command("import", str(notes)) == 1
    assert capsys.readouterr().err == "foursquare import: line 1: not valid JSON: column 1\n"
    for path in (missing, notes):
        assert command("--lang", "en-XA", "import", str(path)) == 1
        printed = capsys.readouterr()
        said = (printed.out + printed.err).replace(str(path), "FILE").replace("foursquare import", "")
        words = re.findall(r"[A-Za-z]{3,}", said)
        assert set(words) <= {"FILE", "JSON"}, said  # every other word went through the catalog
        assert ("FILE" in words) is (path is missing), said  # a missing file is named; a bad line by its number


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("ENOENT", "no such file or folder"),
        ("EACCES", "permission denied"),
        ("EPERM", "permission denied"),
        ("EISDIR", "it is a folder"),
        ("ENOTDIR", "a part of its path is not a folder"),
        ("ENOSPC", "no space left on the device"),
        ("EROFS", "the file system is read-only"),
        ("ELOOP", "too many symbolic links"),
        ("ENAMETOOLONG", "the name is too long"),
        ("EBUSY", "the file is busy"),
        ("ENXIO", "the system refused: ENXIO"),
    ],
)
def test_a_system_error_is_worded_by_its_number_and_keeps_its_name_when_not_worded(name: str, english: str) -> None:
    code = getattr(errno, name)
    assert system_error(code) == english
    catalog.use("en-XA")
    words = re.findall(r"[A-Za-z]{3,}", system_error(code))
    assert words == ([name] if name == "ENXIO" else []), system_error(code)


def test_a_system_error_without_a_number_is_a_refusal_all_the_same() -> None:
    assert system_error(None) == "the system refused"
    assert system_error(99999) == "the system refused: 99999"
