"""The rules in short say what the full rules say about turning over."""

from __future__ import annotations

from foursquare.words.rules import rules


def _turning() -> str:
    return " ".join(dict(rules())["Turning over"].split())


def test_only_the_top_card_of_every_other_pile_turns() -> None:
    text = _turning()
    assert "the top card of every other pile in the row is turned over" in text
    assert "every other card in the row" not in text


def test_the_placed_card_and_buried_cards_never_turn() -> None:
    assert "the cards under a top card and the placed card never turn" in _turning()


def test_the_column_turns_the_same_way() -> None:
    assert "Then the same for its column." in _turning()
