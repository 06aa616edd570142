"""Slovak, Tagalog and Mongolian played whole: each catalog complete with its plural forms, and a whole game
on the screen at 80x24 and 70x17, in plain mode and through the commands said in the language, with no
English sentence word and, on the screen, no word cut at an edge or drawn over another.

An English sentence word (:data:`ENGLISH`) is one of the small words every English sentence of the game is
made of; found as a whole word in any case, outside what the player types (``foursquare stats``, ``--lang``),
the key names and the game's name, it is a sentence that did not go through the catalog.
"""

from __future__ import annotations

import gettext
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers import WINNING_DEAL, WINNING_LINE
from spoken import GAME, KEY_NAMES, Drawn, printed_by, watch_drawing, won_in_plain_mode, won_on_screen, won_quietly
from terminal import GAME as RUN
from terminal import game_env
from test_catalogs import catalogs

from foursquare.cli import COMMANDS
from foursquare.engine import cell_name
from foursquare.words import catalog

LOCALE = Path(catalog.__file__).resolve().parent / "locale"
"""The compiled catalogs, where the game reads them (the installed package)."""
SOURCES = Path(__file__).resolve().parents[2] / "foursquare" / "words" / "locale"
"""The catalogs' sources in the repository: an installed package ships only the compiled ones."""

LANGUAGES = ("sk", "tl", "mn")

ENGLISH = frozenset(
    re.findall(
        r"\w+",
        "the your you cards card turned next placed left face down deal won lost score tip and with from this that"
        " game games press stock play win lose are for not of is",
    )
)
"""Words of English sentences, none of them a word of Slovak, Tagalog or Mongolian."""

OWN_LETTERS = {
    "sk": re.compile(r"[áäčďéíĺľňóôŕšťúýž]", re.IGNORECASE),
    "tl": re.compile(
        r"\b(?:ang|mga|ng|sa|na|ay|pa|pang|wala\w*|laro\w*|panalo|talo|puntos|balasa|baraha|tulong)\b", re.IGNORECASE
    ),
    "mn": re.compile(r"[а-яёөү]", re.IGNORECASE),
}
"""What shows that a text is in the language: its own letters, or Tagalog's own small words."""

_TYPED = re.compile(rf"(?<![\w-])(?:foursquare(?: help [a-z]+\b| (?:{'|'.join(COMMANDS)})\b)?|--?[a-z][a-z-]*)")
"""What the player types, kept as typed in every language: the game's commands and options."""

_WORD = re.compile(r"[^\W\d_]+")


def english(text: str) -> list[str]:
    """The English sentence words of ``text``, outside what the player types, the key names and the game's
    name."""
    words = _WORD.findall(_TYPED.sub(" ", text))
    return [w for w in words if w.lower() in ENGLISH and w not in KEY_NAMES and w not in GAME]


def problems_in(lines: list[str], code: str) -> list[str]:
    found = sorted({f"English {english(line)}: {line.strip()!r}" for line in lines if english(line)})
    if not any(OWN_LETTERS[code].search(line) for line in lines):
        found.append(f"never in {code}")
    return found


@pytest.fixture(params=LANGUAGES)
def code(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language spoken in turn; English again after."""
    language: str = request.param
    catalog.use(language)
    yield language
    catalog.use(None)


# --- the catalogs -----------------------------------------------------------------------------


def _po(code: str) -> Path:
    return SOURCES / code / "LC_MESSAGES" / "foursquare.po"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_translates_every_message_with_the_english_placeholders(language: str) -> None:
    with _po(language).open("rb") as file:
        po = read_po(file)
    problems = []
    for message in po:
        if not message.id:
            continue
        english_id = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {english_id!r}")
        if not all(strings) or len(strings) != (po.num_plurals if message.pluralizable else 1):
            problems.append(f"untranslated: {english_id!r}")
        problems += [f"{english_id!r}: {problem}" for problem in catalogs.placeholder_problems(message)]
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


PLURALS = {"sk": 3, "tl": 2, "mn": 2}
FORMS = {  # the form each count takes: Slovak 1; 2-4; 0 and 5 and more; Tagalog and Mongolian 1; other
    "sk": {0: 2, 1: 0, 2: 1, 5: 2, 21: 2, 22: 2, 25: 2},
    "tl": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1, 22: 1, 25: 1},
    "mn": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1, 22: 1, 25: 1},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_has_its_plural_forms_and_the_game_chooses_them(language: str) -> None:
    with _po(language).open("rb") as file:
        po = read_po(file)
    assert po.num_plurals == PLURALS[language]
    left = po.get(("{count} card left", "{count} cards left"))
    assert left is not None and isinstance(left.string, tuple) and len(left.string) == PLURALS[language]
    compiled = gettext.translation("foursquare", LOCALE, languages=[language])
    for count, form in FORMS[language].items():
        said = compiled.ngettext("{count} card left", "{count} cards left", count)
        assert said == left.string[form], count


def test_slovak_says_one_card_two_cards_five_cards() -> None:
    compiled = gettext.translation("foursquare", LOCALE, languages=["sk"])
    said = [compiled.ngettext("{count} card left", "{count} cards left", n).format(count=n) for n in (1, 2, 5)]
    assert [s.split()[1] for s in said] == ["karta", "karty", "kariet"]


@pytest.mark.parametrize(("environment", "language"), [("sk_SK.UTF-8", "sk"), ("fil_PH.UTF-8", "tl"), ("mn_MN", "mn")])
def test_the_language_is_chosen_by_lang_alone(environment: str, language: str) -> None:
    assert catalog.from_environment({"LANG": environment}) == language


# --- whole games ------------------------------------------------------------------------------


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    return watch_drawing(monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_a_whole_game_on_the_screen_is_in_the_language_and_cuts_no_word(
    width: int, height: int, code: str, drawn: Drawn, tmp_path: Path
) -> None:
    won_on_screen(tmp_path, drawn, width, height)
    lines = [line for frame in drawn.frames for line in frame.splitlines()]
    problems = problems_in(lines, code)
    problems += sorted({f"cut: {text!r}" for text in drawn.cut} | {f"overlapping: {o}" for o in drawn.overlaps})
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


def test_a_whole_game_in_plain_mode_is_in_the_language(code: str, tmp_path: Path) -> None:
    problems = problems_in(won_in_plain_mode(tmp_path), code)
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize(("environment", "language"), [("sk_SK.UTF-8", "sk"), ("fil_PH.UTF-8", "tl"), ("mn_MN", "mn")])
def test_a_whole_plain_game_is_in_the_language_lang_alone_chooses(
    environment: str, language: str, tmp_path: Path
) -> None:
    typed = ["?", "c", *(cell_name(cell) for cell in WINNING_LINE), "s", "g", "q"]
    env = game_env(FOURSQUARE_HOME=str(tmp_path), LANG=environment, LC_ALL=None, LC_MESSAGES=None, LANGUAGE=None)
    done = subprocess.run(
        [*RUN, "--plain", "--seed", str(WINNING_DEAL)],
        input="".join(line + "\n" for line in typed),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    problems = problems_in(done.stdout.splitlines() + done.stderr.splitlines(), language)
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("argv", [("stats",), ("history",), ("review", "--last"), ("help", "rules")])
def test_the_commands_are_in_the_language(
    argv: tuple[str, ...], code: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    won_quietly(home)
    problems = problems_in(printed_by(capsys, [argv], code), code)
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


def test_the_check_finds_an_english_word_and_allows_what_is_typed() -> None:
    assert english("Vyhrali ste: the score 7") == ["the", "score"]
    assert english("Zadajte foursquare stats --lang sk alebo Enter") == []
    assert english("Hra foursquare the end") == ["the"]
    assert english("Táto hra: Foursquare, 9C na e4") == []
