"""The catalog's calls: English as written when no translation is in use, and a whole sentence filled in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from foursquare.engine import Card
from foursquare.words import catalog
from foursquare.words.catalog import _, language, ngettext, pgettext, use
from foursquare.words.commands import imported
from foursquare.words.text import Rank, Text


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use("en")


def test_english_is_the_source_and_says_each_message_as_written() -> None:
    assert language() == "en"
    assert _("Deal {deal}") == "Deal {deal}"
    assert ngettext("{count} card placed", "{count} cards placed", 1) == "{count} card placed"
    assert ngettext("{count} card placed", "{count} cards placed", 2) == "{count} cards placed"
    assert pgettext("a line of the table", "row") == "row"


def test_a_language_with_no_catalog_falls_back_to_english() -> None:
    use("xx")
    assert language() == "xx"
    assert _("Deal {deal}") == "Deal {deal}"


def test_the_catalog_is_read_only_when_a_sentence_is_asked_for() -> None:
    use("sk")
    assert catalog._State.catalog is None
    _("Deal {deal}")
    assert catalog._State.catalog is not None


def test_each_count_of_an_import_takes_its_own_plural_form() -> None:
    assert imported(1, 0, 2) == "Imported 1 game. Skipped 0 games already in the history. Rejected 2 lines."
    use("sk")  # three forms: 1, 2 to 4, and 0 or 5 and more
    assert imported(1, 2, 5) == ("Načítaná 1 hra. Vynechané 2 hry, ktoré už sú v histórii. Odmietnutých 5 riadkov.")
    assert imported(0, 1, 3) == ("Načítaných 0 hier. Vynechaná 1 hra, ktorá už je v histórii. Odmietnuté 3 riadky.")


def test_a_sentence_keeps_its_cards_as_cards_and_formats_the_rest() -> None:
    text = Text.filled(
        "{card} on {cell}: {chance:.0%} to win, ties a {rank}",
        card=Card(9, "C"),
        cell="e4",
        chance=0.961,
        rank=Rank(10),
    )
    assert text.tokens == (Card(9, "C"), " on e4: 96% to win, ties a ", Rank(10))
    assert text.plain() == "9C on e4: 96% to win, ties a 10"


def test_a_translation_may_put_the_fields_in_any_order() -> None:
    text = Text.filled("{cell} ← {card}", card=Card(1, "H"), cell="d4")
    assert text.tokens == ("d4 ← ", Card(1, "H"))


def test_a_sentence_filled_into_a_sentence_keeps_its_cards() -> None:
    inner = Text.filled("{card} on {cell}", card=Card(9, "C"), cell="e4")
    text = Text.filled("By autoplay: {said}", said=inner)
    assert text.tokens == ("By autoplay: ", Card(9, "C"), " on e4")


def test_lists_are_joined_by_the_catalogs_own_joints() -> None:
    from foursquare.words.grammar import and_list, counted_list

    assert and_list(["a", "b", "c"]) == "a, b and c"
    assert counted_list(["2 take-backs", "1 tip"]) == "2 take-backs, 1 tip"
    use("en-XA")
    joined = and_list(["a", "b", "c"])
    assert joined.startswith("a, b ") and " åñđ c" in joined and " and " not in joined


def test_a_count_says_the_whole_sentence_in_the_form_that_agrees() -> None:
    from foursquare.words.screen import cards_left

    assert (cards_left(1), cards_left(2)) == ("1 card left", "2 cards left")
    use("en-XA")
    assert cards_left(1) != cards_left(2) and "card" not in cards_left(2)
