"""Every fault the rules, the expert and storage raise is worded here, whole, in English (the source)."""

from __future__ import annotations

import string
from enum import Enum
from pathlib import Path

import pytest

from foursquare.engine import Game, IllegalMove, Invalid, LossReason, Refusal
from foursquare.engine.faults import Fault
from foursquare.engine.faults import Flaw as Rules
from foursquare.expert.faults import Flaw as Expert
from foursquare.storage.formats import Envelope
from foursquare.storage.problems import Flaw as Kept
from foursquare.storage.problems import Kind, Problem, Reason
from foursquare.words.faults import fault_words, messages, refused_words
from foursquare.words.problems import closed_streams, line, short, why

FLAWS: list[Enum] = [*Rules, *Expert, *Kept]


def _example(flaw: Enum) -> list[Fault]:
    """Faults of ``flaw`` with every fact a sentence may name (and, where the flaw has several forms, each)."""
    base = {"value": "'x'", "number": 3, "other": "y", "names": ("a", "b"), "count": 7}
    if flaw is Rules.ILLEGAL_MOVE:
        return [Fault(flaw, card, other="e4", reason=refusal) for refusal in (*Refusal, None) for card in ("9D", None)]
    if flaw is Rules.PLACEMENT_AFTER_THE_END:
        return [Fault(flaw, number=3, reason=reason) for reason in (*LossReason, None)]
    if flaw in (Kept.NO_OBJECT, Kept.NO_FORMAT, Kept.WRONG_FORMAT, Kept.VERSION):
        return [Fault(flaw, **base, reason=envelope) for envelope in Envelope]  # type: ignore[arg-type]
    inner = Fault(Rules.EMPTY_STOCK)
    return [Fault(flaw, **base, inner=inner)]  # type: ignore[arg-type]


@pytest.mark.parametrize("flaw", FLAWS, ids=lambda flaw: f"{type(flaw).__module__.split('.')[1]}.{flaw.name}")
def test_every_flaw_is_worded_whole(flaw: Enum) -> None:
    for fault in _example(flaw):
        said = fault_words(fault)
        assert said and "{" not in said and "None" not in said, said
        assert said == said.strip() and not said.endswith("."), said  # a clause: the line around it ends it


def test_every_message_names_its_placeholders() -> None:
    # a translator moves named fields; a positional "{}" or "{0}" could not be moved
    for flaw, message in messages().items():
        names = [name for _, name, _, _ in string.Formatter().parse(message) if name is not None]
        assert all(name and not name.isdigit() for name in names), (flaw, message)


def test_the_rules_refusals_read_as_before() -> None:
    record = Game.deal(3).to_record()
    record["placements"] = [[0, 0], [0, 1], [3, 3]]
    with pytest.raises(Invalid) as raised:
        Game.from_record(record)
    assert refused_words(raised.value).startswith("placement 3: cannot place ")
    assert refused_words(raised.value).endswith(" on g7: not next to a card")
    game = Game.deal(1)
    with pytest.raises(IllegalMove) as undo:
        game.undo()
    assert refused_words(undo.value) == "nothing to undo"
    assert fault_words(Fault(Rules.DEAL_NUMBER, "-1", 9)) == "deal number must be a whole number from 0 to 9, not -1"


def test_a_record_that_goes_on_after_its_end_says_how_it_ended() -> None:
    said = {reason: fault_words(Fault(Rules.PLACEMENT_AFTER_THE_END, number=5, reason=reason)) for reason in LossReason}
    assert said[LossReason.STOCK_EMPTY] == "placement 5: the game was over after placement 4 (lost: its stock ran out)"
    assert said[LossReason.TOO_MANY_FACE_DOWN].endswith("(lost: more than 4 cards face down)")
    assert fault_words(Fault(Rules.PLACEMENT_AFTER_THE_END, number=5)).endswith("after placement 4 (won)")


def test_a_line_not_over_counts_its_placements_in_a_whole_sentence() -> None:
    one = fault_words(Fault(Kept.LINE_NOT_OVER, '"won"', 1, other="result"))
    three = fault_words(Fault(Kept.LINE_NOT_OVER, '"won"', 3, other="result"))
    assert one.endswith("is not over after 1 placement") and three.endswith("is not over after 3 placements")


def test_a_fault_inside_another_is_said_inside_its_sentence() -> None:
    inner = Fault(Rules.CARD_TEXT, "'ZZ'")
    assert fault_words(Fault(Rules.RECORD_STOCK, inner=inner)).startswith("bad stock in record: not a card: 'ZZ' (")


def test_a_value_error_without_a_fault_keeps_its_own_words() -> None:
    assert refused_words(ValueError("ask for a deal number or for the daily deal, not both")).endswith("not both")


@pytest.mark.parametrize("kind", list(Kind), ids=lambda kind: kind.name)
def test_every_storage_problem_is_worded_whole_in_each_of_its_forms(kind: Kind) -> None:
    path, folder = Path("/data/foursquare/games.db"), Path("/data")
    aside, fault = path.with_name("games.db.1.corrupt"), Fault(Kept.NO_STREAKS)
    forms = [
        Problem(kind, Reason.DISK_FULL, path, number=3, other=folder, aside=aside),
        Problem(kind, Reason.INVALID, path, number=3, other=folder, fault=fault, unmoved=Reason.PERMISSION),
    ]
    for problem in forms:
        for said in (line(problem), short(problem), why(problem)):
            assert said and "{" not in said and "None" not in said, said


def test_closed_streams_are_named_in_one_sentence_each() -> None:
    assert closed_streams(["stdout"]).startswith("standard output is closed: run foursquare with all three open")
    both = closed_streams(["stderr", "stdin"])
    assert both.startswith("standard input and standard error are closed:")
