"""The help a game had, in words: autoplay's count says how many of its cards were taken back."""

from __future__ import annotations

import pytest

from foursquare.storage.helped import Help
from foursquare.words.helped import help_words, with_help


@pytest.mark.parametrize(
    ("help", "said"),
    [
        (Help(), "on your own"),
        (Help(take_backs=2, tips=1), "2 take-backs, 1 tip"),
        (Help(autoplayed=13, autoplayed_at=tuple(range(5, 18))), "13 cards by autoplay"),
        (Help(autoplayed=13, autoplayed_at=tuple(range(6, 18))), "13 cards by autoplay, 1 of them taken back"),
        (Help(take_backs=1, autoplayed=1, autoplayed_at=()), "1 take-back, 1 card by autoplay, taken back"),
        (Help(autoplayed=3, autoplayed_at=()), "3 cards by autoplay, all taken back"),
        (Help(autoplayed=3, autoplayed_at=None), "3 cards by autoplay"),  # kept before which was known
    ],
)
def test_help_words_count_autoplays_cards_taken_back(help: Help, said: str) -> None:
    assert help_words(help) == said


def test_help_words_without_the_cards_taken_back() -> None:
    help = Help(tips=1, autoplayed=13, autoplayed_at=tuple(range(6, 18)))
    assert help_words(help, taken_back=False) == "1 tip, 13 cards by autoplay"
    assert with_help("won, score 7", help) == "won, score 7 (1 tip, 13 cards by autoplay, 1 of them taken back)"
