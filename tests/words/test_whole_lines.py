"""Lines once glued from pieces are each one whole message: a translator sees the sentence the reader reads.

A catalog that brackets every message it is asked for shows how a line was
made: the words of its one message stand at the first depth of brackets,
and only the values put into it (a verdict's word, a card count) deeper.
"""

from __future__ import annotations

import argparse
import gettext
import re

import pytest

from foursquare.commands.arguments import whole
from foursquare.engine import Card, parse_cell
from foursquare.expert.review import Line, Step
from foursquare.words import catalog
from foursquare.words.commands import NUMBERS, imported
from foursquare.words.review import verdict_lines


class Bracketing(gettext.NullTranslations):
    """Every message as English in brackets, so that a message put into another shows inside it."""

    def gettext(self, message: str) -> str:
        return f"⟨{message}⟩"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟨{msgid1 if n == 1 else msgid2}⟩"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟨{message}⟩"


@pytest.fixture(autouse=True)
def bracketed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog._State, "catalog", Bracketing())


def outer(text: str) -> str:
    """The words of ``text``'s one outer message, without what was put into it; it must be the whole line."""
    assert text.startswith("⟨") and text.endswith("⟩"), text
    depth, kept = 0, []
    for n, char in enumerate(text):
        depth += {"⟨": 1, "⟩": -1}.get(char, 0)
        assert depth > 0 or n == len(text) - 1, f"more than one message on the line: {text}"
        if depth == 1 and char not in "⟨⟩":
            kept.append(char)
    return "".join(kept)


A, B, C = parse_cell("a1"), parse_cell("b2"), parse_cell("c3")
STEPS = {
    "given up for a surer win": Step(3, Card.parse("10S"), A, B, 0.3, 0.4, 3, 7.3, 3.5, (Line(B, 7.3, 0.3),)),
    "a blunder by the win chance": Step(3, Card.parse("10S"), A, B, 0.9, 0.3, 3, 7.3, 3.5, (Line(B, 7.3, 0.9),)),
    "a loss at once": Step(3, Card.parse("10S"), A, B, 0.9, 0.0, 3, 7.3, 0.0, (Line(B, 7.3, 0.9),), True),
    "a tie": Step(3, Card.parse("10S"), A, B, 0.3, 0.3, 3, 7.3, 7.3, (Line(B, 7.3, 0.3), Line(A, 7.3, 0.3))),
    "no card left": Step(3, Card.parse("10S"), A, A, 0.3, 0.3, 3, 0.0, 0.0, (Line(A, 0.0, 0.3),)),
    "nothing lost": Step(3, Card.parse("10S"), A, A, 0.3, 0.3, 3, 7.3, 7.3, (Line(A, 7.3, 0.3),)),
}


@pytest.mark.parametrize("by_autoplay", [False, True])
@pytest.mark.parametrize("name", STEPS)
def test_a_placement_s_figures_and_its_verdict_are_each_one_whole_message(name: str, by_autoplay: bool) -> None:
    figures, verdict = (text.plain() for text in verdict_lines(STEPS[name], 400, by_autoplay=by_autoplay))
    said = outer(figures)
    assert said.startswith("Expected score") and re.search(r"\((expert|the expert) .*\)$", said), figures
    said = outer(verdict)
    assert said.startswith("Verdict") and re.search(r"\(.*[a-z]{4,}.*\)$", said), verdict  # why, in the same


@pytest.mark.parametrize("kind", NUMBERS)
def test_a_number_refused_is_one_whole_message(kind: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        whole(NUMBERS[kind])("ten")
    said = outer(str(refused.value))
    assert said.startswith("not a") and "'ten'" in said and re.search(r"\(.*[a-z]{4,}.*\)$", said), said


def test_an_import_s_line_is_a_whole_sentence_for_each_count_in_an_order_the_language_sets() -> None:
    said = imported(3, 1, 0)
    assert not outer(said).strip(), said  # the line's own message only orders the sentences
    assert re.findall(r"⟨([^⟨⟩]+)⟩", said) == [
        "Imported 3 games.",
        "Skipped 1 game already in the history.",
        "Rejected 0 lines.",
    ]
