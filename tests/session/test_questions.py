"""One question for both ways of playing: the screen's dialog and plain mode's line are the presenter's record."""

from __future__ import annotations

import pytest
from helpers import WINNING_DEAL, WINNING_LINE, press, session_on

from foursquare.engine import Game
from foursquare.plain.play import Plain
from foursquare.screen.app import App
from foursquare.session.events import Permission, Stakes
from foursquare.session.presenter import Answer, Question, help_gate, leaving_asked, quitting_asked
from foursquare.storage.helped import Aid
from foursquare.words.cards import Spelling
from foursquare.words.text import Text


def both(placed: int) -> tuple[App, Plain, list[str]]:
    """The screen and plain mode, each on its own session of the winning deal with ``placed`` cards down."""
    app = App(session_on(Game.deal(WINNING_DEAL)))
    lines: list[str] = []
    plain = Plain(session_on(Game.deal(WINNING_DEAL)), Spelling(ascii=True), lines.append)
    for cell in WINNING_LINE[:placed]:
        app.place(cell)
        plain.session.place(cell)
    return app, plain, lines


@pytest.mark.parametrize(("key", "word"), [("u", "u"), ("n", "n")])
def test_the_screens_dialog_and_plain_modes_question_are_one_record(key: str, word: str) -> None:
    app, plain, lines = both(3)
    press(app, key)
    plain.handle(word)
    assert app.dialog is not None and plain.question is not None
    assert app.dialog == plain.question[0]
    assert lines[-1] == app.dialog.line  # plain mode prints the record's line; the screen draws its parts


def test_the_help_question_is_the_gates_and_only_n_says_no_to_it() -> None:
    app, _, _ = both(3)
    press(app, "u")
    asked = help_gate(Permission.ASK, Aid.TAKE_BACK).asked
    assert asked is not None and app.dialog == asked
    assert [key for key, _ in asked.answers()] == ["y", "n", "any other key"]


@pytest.mark.parametrize(
    ("said", "with_later", "without"),
    [
        ("y", Answer.YES, Answer.YES),
        ("Y", Answer.YES, Answer.YES),
        (" yes ", Answer.YES, Answer.YES),
        ("n", Answer.NO, Answer.NO),
        ("NO", Answer.NO, Answer.NO),
        ("d4", Answer.LATER, Answer.NO),
        ("", Answer.LATER, Answer.NO),
    ],
)
def test_an_answer_is_read_the_same_from_a_key_or_a_line(said: str, with_later: Answer, without: Answer) -> None:
    later = Question(Text.of("Q?"), Text.of("Detail."), "yes", "no", "Q? Detail.", later="not now")
    plain = Question(Text.of("Q?"), Text.of("Detail."), "yes", "no", "Q? Detail.")
    assert later.answer(said) is with_later and plain.answer(said) is without


def test_leaving_and_quitting_say_what_leaving_costs_in_the_dialog_and_the_line() -> None:
    stakes = Stakes(16, in_progress=True, counts=True, saved=False)
    leave = leaving_asked(stakes, 7)
    assert (leave.question.plain(), leave.yes, leave.no) == ("Play deal 7?", "play deal 7", "keep playing")
    assert leaving_asked(stakes, 7, keep=True).no == "go on with deal 16"
    assert leave.line == (
        "Play deal 7? Leaving deal 16 now counts it as a loss in your statistics. Answer y to leave it, n to go on."
    )
    quit_ = quitting_asked(stakes)
    assert quit_.detail.plain() == "This game could not be saved, so it will be lost."
    assert quit_.line.startswith("Quit this game? This game could not be saved") and not quit_.later
