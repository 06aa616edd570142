"""``foursquare help strategy`` quotes what ``python -m foursquare.expert.principles`` printed."""

from __future__ import annotations

import pytest

from foursquare.expert.principles import MEASURED, Figures, main, measure, play, quotes
from foursquare.words.pages import page

NODES = 5_000
"""A budget that keeps the expert quick: these tests are about the tallies and the quotes, not its strength."""


def test_the_strategy_page_quotes_every_figure_the_script_printed() -> None:
    text = " ".join(page("strategy").text.split())  # a quote may run over a line's end
    assert MEASURED.games == 200 and MEASURED.placements > 0  # a real run, pasted
    for quote in quotes(MEASURED):
        assert quote in text, quote
    assert "python -m foursquare.expert.principles" in text


def test_a_deal_s_tallies_hold_together() -> None:
    tally = play(400000, NODES)
    assert tally["games"] == 1 and tally["placements"] >= 16
    assert tally.get("early_new", 0) <= tally.get("early_choices", 0) <= 16
    assert tally.get("down_only_stacks", 0) <= tally.get("down_on_purpose", 0) <= tally["placements"]
    assert tally.get("deadly_ace_ten", 0) <= tally.get("deadly", 0)
    assert tally.get("ace_safe", 0) >= 0 and tally.get("ten_positions", 0) <= tally["placements"]


def test_the_figures_add_the_deals_up_and_the_quotes_name_them(capsys: pytest.CaptureFixture[str]) -> None:
    one, two = play(400000, NODES), play(400001, NODES)
    figures = measure(400000, 2, NODES, workers=1)
    assert figures == Figures.of(400000, [one, two])
    assert figures.placements == one["placements"] + two["placements"]
    assert quotes(figures)[0] == "deals 400000-400001"
    assert main(["--first", "400000", "--games", "2", "--nodes", str(NODES), "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == repr(figures)
    assert out[2:] == quotes(figures)
