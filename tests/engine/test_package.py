"""The engine's face: every name it offers is its part's own, loaded when asked for, and deal numbers load no rules."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import foursquare.engine as engine

PARTS = ("board", "cards", "deal_numbers", "faults", "flips", "game", "notation")


@pytest.mark.parametrize("name", engine.__all__)
def test_every_name_of_the_face_is_the_one_its_part_defines(name: str) -> None:
    homes = [part for part in PARTS if name in importlib.import_module(f"foursquare.engine.{part}").__all__]
    assert len(homes) == 1, f"{name} is offered by {homes}"
    assert getattr(engine, name) is getattr(importlib.import_module(f"foursquare.engine.{homes[0]}"), name)


def test_a_name_the_engine_does_not_offer_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Deck'"):
        engine.Deck  # noqa: B018 - the lookup is the test


def test_deal_numbers_load_none_of_the_rules() -> None:
    script = (
        "import sys; from foursquare.engine import LAST_DEAL, check_deal_number; check_deal_number(LAST_DEAL); "
        "print(*sorted(m for m in sys.modules if m.startswith('foursquare.engine') or m == 'dataclasses'))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert loaded.split() == ["foursquare.engine", "foursquare.engine.deal_numbers"]
