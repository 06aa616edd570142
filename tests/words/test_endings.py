"""A game left for a new deal is called one thing wherever games are listed or counted."""

from __future__ import annotations

from foursquare.storage.stats import Ending
from foursquare.words import commands, keys, plain
from foursquare.words.endings import KINDS, LEFT
from foursquare.words.results import ending_label, ending_short


def test_the_statistics_and_the_history_both_say_left_before_the_end() -> None:
    assert ending_label(Ending.ABANDONED) == ending_short(Ending.ABANDONED) == LEFT
    assert "abandon" not in " ".join(ending_label(ending) + ending_short(ending) for ending in Ending)


def test_every_description_of_the_history_names_the_same_three_ends() -> None:
    history_lines = [
        commands.SUMMARIES["history"],
        keys.SUMMARIES["history"],
        keys.SUMMARIES["stats_history"],
        *(plain.described(text) for names, _, text in plain.COMMAND_LINES if "g" in names),
    ]
    assert len(history_lines) == 4
    assert all(KINDS in line for line in history_lines)
