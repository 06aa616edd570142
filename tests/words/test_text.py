"""Plain text wrapped for a box: phrases that read as one stay on one line."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from foursquare.words.helped import ON_YOUR_OWN
from foursquare.words.text import wrap_plain

WORDS = ["5", "on", "your", "own", "own.", "Won,", "score", "17,", "a", "take-backs"]


def test_a_phrase_kept_whole_moves_to_the_next_line_rather_than_breaking() -> None:
    text = f"Won, score 17, {ON_YOUR_OWN}."
    assert wrap_plain(text, 25) == ["Won, score 17, on your", "own."]
    assert wrap_plain(text, 25, whole=(ON_YOUR_OWN,)) == ["Won, score 17,", "on your own."]


def test_a_number_stays_with_the_word_it_counts() -> None:
    text = "Won, score 20 (1 tip, 19 cards by autoplay)."
    assert wrap_plain(text, 24) == ["Won, score 20 (1 tip,", "19 cards by autoplay)."]
    assert wrap_plain("Won, score 14 (1 take-back, 5 tips).", 17) == ["Won, score 14", "(1 take-back,", "5 tips)."]
    assert wrap_plain("Won, score 14 (1 take-back, 5 tips).", 17, whole=()) != textwrap.wrap(
        "Won, score 14 (1 take-back, 5 tips).", 17
    )


def test_hyphenated_words_stay_whole_and_a_phrase_wider_than_the_line_breaks_at_its_spaces() -> None:
    assert wrap_plain("2 take-backs, 1 tip", 13) == ["2 take-backs,", "1 tip"]
    assert wrap_plain(f"won {ON_YOUR_OWN}", 8, whole=(ON_YOUR_OWN,)) == ["won on", "your own"]
    assert wrap_plain(f"5 {ON_YOUR_OWN}", 11, whole=(ON_YOUR_OWN,)) == ["5 on your", "own"]


@given(st.lists(st.sampled_from(WORDS), max_size=20), st.integers(min_value=11, max_value=40))
def test_wrapping_keeps_every_word_in_order_within_the_width_and_the_phrase_on_one_line(
    words: list[str], width: int
) -> None:
    text = " ".join(words)
    lines = wrap_plain(text, width, whole=(ON_YOUR_OWN,))
    assert " ".join(lines).split() == text.split()
    assert all(len(line) <= width for line in lines)
    assert sum(line.count(ON_YOUR_OWN) for line in lines) == text.count(ON_YOUR_OWN)  # none split between lines
