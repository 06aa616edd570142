"""The expert in the game: the tip and autoplay keys, driven without a terminal."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers import counted, make_app, open_in, press, screen_text

from foursquare.engine import Game, cell_name
from foursquare.expert.advice import Advice, Position
from foursquare.screen import layout
from foursquare.screen.app import App, Mode
from foursquare.screen.coach import (
    BUSY_TICK_SECONDS,
    MAX_THINK_SECONDS,
    THINK_SECONDS_ENV,
    Coach,
    Expert,
    think_seconds,
)
from foursquare.screen.keys import Click, Key, Resize
from foursquare.screen.play import Request
from foursquare.screen.render import render
from foursquare.words.advice import expected_text
from foursquare.words.explain import explain
from foursquare.words.glyphs import TIP_MARK
from foursquare.words.text import Tone


class FakeThinking:
    """Advice that comes when the test says so: the last legal cell, rated at 83%."""

    def __init__(self, position: Position, ready: bool) -> None:
        self.position = position
        self.ready = ready
        self.cancelled = False
        cells = position.legal_cells()
        ranking = tuple((cell, 0.83 - n / 100) for n, cell in enumerate(reversed(cells)))
        self._advice = Advice(ranking[0][0], 0.83, ranking, 1, len(cells), 0.0)

    @property
    def advice(self) -> Advice | None:
        return self._advice if self.ready else None

    def done(self) -> bool:
        return self.ready or self.cancelled

    def cancel(self) -> None:
        self.cancelled = True


class FakeExpert:
    """Starts :class:`FakeThinking`, ready at once or held until :meth:`release`."""

    def __init__(self, ready: bool = True) -> None:
        self.ready = ready
        self.started: list[FakeThinking] = []

    def __call__(self, position: Position) -> FakeThinking:
        thinking = FakeThinking(position, self.ready)
        self.started.append(thinking)
        return thinking

    def release(self) -> None:
        for thinking in self.started:
            thinking.ready = True

    @property
    def last(self) -> FakeThinking:
        return self.started[-1]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def coached(
    fake: FakeExpert,
    seed: int = 1,
    *,
    pace: float = 0.0,
    clock: Clock | None = None,
    agreed: bool = True,
    ponder: bool = False,
) -> tuple[App, Coach]:
    """The screen with the expert's keys on deal ``seed``; ``agreed``: the player has said yes to help in this
    game already (the question before the first help has tests of its own); ``ponder`` as the game has it."""
    app = make_app(seed)
    coach = Coach(app, think=fake, ponder=ponder, pace=pace, clock=clock or Clock())
    if agreed:
        app.session.answer_help(True)
    return app, coach


def message(app: App) -> str:
    assert app.message is not None
    return app.message.plain()


def play_some(app: App, cards: int) -> None:
    for _ in range(cards):
        app.cursor = app.game.legal_moves()[0]
        press(app, Key.ENTER)


# --- the tip --------------------------------------------------------------------


def test_tip_thinks_in_the_background_then_marks_a_legal_cell_and_moves_the_cursor_there() -> None:
    fake = FakeExpert(ready=False)
    app, coach = coached(fake)
    play_some(app, 3)
    cursor = app.cursor
    press(app, "t")
    assert fake.last.position == Position.of(app.game)
    assert coach.thinking and app.status is not None and "thinking" in app.status.plain()
    assert "thinking" in message(app)
    assert "The expert is thinking…" in screen_text(app).rsplit("\n", 1)[0]  # in the panel, not only the message
    assert app.tick_seconds == BUSY_TICK_SECONDS  # polled often while the expert works
    assert not app.tick() and app.marked is None and app.cursor == cursor
    fake.release()
    assert app.tick()
    advice = fake.last.advice
    assert advice is not None
    assert app.marked == app.cursor == advice.cell
    assert advice.cell in app.game.legal_moves()
    card = app.game.next_card
    assert message(app) == (
        f"Tip: {card} on {cell_name(app.cursor)} (marked {TIP_MARK}): "
        f"expect {expected_text(advice.expected_score)}, 83% to win"
    )
    assert app.status is None and not coach.thinking and app.tick_seconds == App.tick_seconds
    assert app.game.placed_count == 3  # the player still decides
    # the tip's words have the bottom line, but its cell's turns are marked as the cell's preview marks them
    turned = frozenset(app.game.preview(app.cursor).flipped)
    assert app.preview is None and app.would_flip == turned and turned


def tips(app: App) -> int:
    assert app.session.help is not None
    return app.session.help.tips


def pondered(app: App, cards: int) -> None:
    """Place ``cards`` cards, then let the two ticks pass after which pondering starts on the new position."""
    play_some(app, cards)
    app.tick()
    app.tick()


def test_pondering_starts_after_the_frame_of_a_new_position_and_shows_nothing_until_asked() -> None:
    fake = FakeExpert(ready=True)
    app, _ = coached(fake, ponder=True)
    play_some(app, 2)
    asked = tips(app)
    assert not fake.started  # not while the key is handled: its frame comes first
    assert not app.tick() and not fake.started
    assert not app.tick() and fake.last.position == Position.of(app.game)
    said = app.message
    for _ in range(3):
        assert not app.tick()  # done, and kept to itself
    assert app.marked is None and app.message == said and app.status is None
    assert tips(app) == asked  # nothing asked, nothing counted
    press(app, "t")
    advice = fake.last.advice
    assert advice is not None and app.marked == advice.cell  # at once, without a tick
    assert len(fake.started) == 1 and tips(app) == asked + 1


def test_a_tip_asked_while_pondering_waits_for_that_thinking_then_shows() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake, ponder=True)
    pondered(app, 1)
    press(app, "t")
    assert len(fake.started) == 1 and "thinking" in message(app) and app.tick_seconds == BUSY_TICK_SECONDS
    assert not app.tick()
    fake.release()
    advice = fake.last.advice
    assert app.tick() and advice is not None and app.marked == advice.cell


def test_a_new_position_stops_the_pondering_on_the_last_one() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake, ponder=True)
    pondered(app, 1)
    first = fake.last
    pondered(app, 1)
    assert first.cancelled
    assert fake.last is not first and fake.last.position == Position.of(app.game)


def test_the_marked_cell_is_drawn_with_a_label_of_its_own_and_the_panel_reminds_of_t_and_a() -> None:
    app, _ = coached(FakeExpert())
    play_some(app, 2)
    press(app, "t")
    app.tick()
    press(app, Key.LEFT if app.cursor[1] > app.region.left else Key.RIGHT)  # the mark stays when the cursor goes
    assert app.marked is not None and app.marked != app.cursor
    table = screen_text(app).splitlines()[:-1]  # the message line names the mark too
    assert sum(line.count(TIP_MARK) for line in table) == 1
    assert any("t tip  a autoplay" in line for line in table)
    assert any(span.text == "*tip*" for span in render(app, 80, 24, ascii=True))


@pytest.mark.parametrize("size", [(80, 24), layout.minimum_size(), (120, 40)])
def test_the_key_reminder_wraps_rather_than_leave_keys_out(size: tuple[int, int]) -> None:
    app, _ = coached(FakeExpert())
    press(app, Resize(*size), "a")
    text = screen_text(app)
    words = " ".join(text.split())
    shown = [f"{key} {word}" for key, word in app.reminder if f"{key} {word}" in words]
    if size == layout.minimum_size():  # short of rows, the last keys give way to ?, which lists them all
        assert (
            words.split(" Autoplay (any key stops) ")[1].split(" The expert")[0].endswith("? help") and len(shown) >= 6
        )
    else:
        assert len(shown) == len(app.reminder)
    assert "Autoplay (any key stops)" in text


def test_t_again_while_thinking_starts_nothing_new_and_t_after_the_tip_repeats_it_at_once() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake)
    press(app, Key.ENTER, "t", "t", Key.DOWN, "t")
    assert len(fake.started) == 1 and not fake.last.cancelled
    fake.release()
    app.tick()
    tip = message(app)
    press(app, Key.UP, Key.UP, "t")
    assert len(fake.started) == 1 and message(app) == tip and app.cursor == app.marked


@pytest.mark.parametrize("change", ["undo", "place", "new deal", "redo"])
def test_a_tip_for_a_position_that_changed_meanwhile_is_thrown_away(change: str) -> None:
    fake = FakeExpert(ready=False)
    app, coach = coached(fake)
    play_some(app, 3)
    if change == "redo":
        press(app, "u")
    press(app, "t")
    thinking = fake.last
    {"undo": lambda: press(app, "u"), "place": lambda: play_some(app, 1), "redo": lambda: press(app, "r")}.get(
        change, lambda: app.deal(5)
    )()
    assert thinking.cancelled and not coach.thinking and app.status is None
    said, cursor = app.message, app.cursor
    fake.release()
    app.tick()
    assert app.marked is None and app.cursor == cursor and app.message == said


def test_the_mark_goes_when_a_card_is_placed() -> None:
    app, _ = coached(FakeExpert())
    play_some(app, 1)
    press(app, "t")
    app.tick()
    press(app, Key.ENTER)  # the player follows the tip
    assert app.game.placed_count == 2 and app.marked is None


def test_no_tip_once_the_game_is_over() -> None:
    fake = FakeExpert()
    app, _ = coached(fake)
    while not app.game.is_over:
        play_some(app, 1)
    press(app, "t")
    assert fake.started == [] and app.message is not None and app.message.tone is Tone.ERROR
    press(app, "a")
    assert fake.started == [] and "over" in message(app)


def test_quitting_stops_the_expert() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake)
    press(app, "t")
    app.quit()
    assert fake.last.cancelled


def test_an_expert_that_fails_gives_a_line_and_hands_back() -> None:
    fake = FakeExpert(ready=False)
    app, coach = coached(fake)
    press(app, "a")
    fake.last.cancelled = True  # finished, with no advice
    assert app.tick()
    assert not coach.autoplaying and "could not" in message(app) and app.game.placed_count == 0


# --- autoplay -------------------------------------------------------------------


def test_autoplay_plays_one_card_per_pace_and_explains_each() -> None:
    clock = Clock()
    fake = FakeExpert()
    app, coach = coached(fake, pace=0.5, clock=clock)
    press(app, "a")
    assert coach.autoplaying and app.status is not None and "any key" in app.status.plain()
    assert not app.tick() and app.game.placed_count == 0  # a first pause, to read the line
    clock.now = 0.5
    table = Game.deal(1)
    assert app.tick() and app.game.placed_count == 1
    assert app.message == explain(table.piles, table.play(app.game.placements[0]))[0]
    clock.now = 0.9
    assert not app.tick() and app.game.placed_count == 1
    clock.now = 1.0
    assert app.tick() and app.game.placed_count == 2
    assert [t.position.next_card for t in fake.started] == list(app.game.stock[:3])


@pytest.mark.parametrize("size", [(80, 24), (70, 17)])
def test_autoplay_cuts_no_line_and_pauses_longer_after_a_line_that_needs_two_rows(size: tuple[int, int]) -> None:
    width, height = size
    clock = Clock()
    app, _ = coached(FakeExpert(), seed=3, pace=0.5, clock=clock)
    app.handle(Resize(width, height))
    press(app, "a")
    long_lines = 0
    while not app.game.is_over:
        placed = app.game.placed_count
        clock.now += 0.5
        app.tick()
        assert app.game.placed_count == placed + 1
        assert "…" not in "".join(screen_text(app).splitlines()[-2:])
        if app.game.is_over:
            break
        assert app.message is not None
        if len(app.message) > width - 2:  # its line took two rows: the next card waits twice as long
            long_lines += 1
            clock.now += 0.49
            assert not app.tick() and app.game.placed_count == placed + 1
            clock.now -= 0.49
            clock.now += 0.5
    assert long_lines


def test_autoplay_waits_for_the_expert_however_long_it_thinks() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake)
    press(app, "a")
    for _ in range(3):
        assert not app.tick()
    assert app.game.placed_count == 0
    fake.release()
    assert app.tick() and app.game.placed_count == 1


def test_autoplay_plays_to_the_end_saving_and_counting_the_game(tmp_path: Path) -> None:
    session, _ = open_in(tmp_path, Request(seed=3))
    app = App(session)
    fake = FakeExpert()
    coach = Coach(app, think=fake, pace=0.0, clock=Clock())
    press(app, Key.ENTER, "a")
    assert app.dialog is not None and not coach.autoplaying  # autoplay asks before it starts
    press(app, "y")
    for _ in range(100):
        if not app.tick():
            break
    assert app.game.is_over and not coach.autoplaying and app.status is None
    assert app.mode is Mode.GAME_OVER
    assert app.game.placed_count == 1 + len(fake.started)  # every card the expert was asked about
    assert app.game.placements[1:] == [t.advice.cell for t in fake.started if t.advice is not None]
    results = counted(tmp_path)
    assert len(results) == 1 and results[0].deal == 3
    assert session.game.placed_count == app.game.placed_count
    (kept,) = session.store.history()
    assert kept.help is not None and kept.help.to_json() == {
        "take_backs": 0,
        "tips": 0,
        "autoplayed": len(fake.started),
    }


@pytest.mark.parametrize("key", [Key.RIGHT, "q", "n", "u", "?", Key.ENTER, "x", Key.ESCAPE, Click(5, 20)])
def test_any_key_stops_autoplay_and_does_nothing_else(key: object) -> None:
    fake = FakeExpert(ready=False)
    app, coach = coached(fake)
    press(app, "a")
    fake.release()
    app.tick()
    app.tick()
    placed, cursor = app.game.placed_count, app.cursor
    assert placed == 1
    press(app, key)  # type: ignore[arg-type]
    assert not coach.autoplaying and fake.last.cancelled and app.status is None
    assert message(app) == "Autoplay stopped after 1 card: your turn"
    assert app.mode is Mode.PLAYING and app.running  # no question, no help, no new deal
    assert app.game.placed_count == placed and app.cursor == cursor and app.session.taken_back == []
    assert not app.tick() and app.game.placed_count == placed
    press(app, "u")
    assert app.game.placed_count == placed - 1  # keys work again


@pytest.mark.parametrize("yes", ["y", "Y"])
def test_a_yes_out_of_habit_does_not_stop_autoplay_that_asked_nothing(yes: str) -> None:
    """In a game that asks nothing first, ``a`` then ``y`` (the answer autoplay's question gets) plays on."""
    fake = FakeExpert(ready=False)
    app, coach = coached(fake)
    press(app, "a")
    assert app.dialog is None and coach.autoplaying  # asked nothing
    press(app, yes)
    assert coach.autoplaying and app.game.placed_count == 0 and app.dialog is None
    fake.release()
    app.tick()
    app.tick()
    assert app.game.placed_count == 1
    press(app, yes)  # once it has played a card, a yes is a key like any other
    assert not coach.autoplaying and message(app) == "Autoplay stopped after 1 card: your turn"


def test_a_resize_does_not_stop_autoplay_and_a_terminal_too_small_pauses_it() -> None:
    app, coach = coached(FakeExpert())
    press(app, "a", Resize(30, 10))
    assert coach.autoplaying and app.mode is Mode.TOO_SMALL
    assert not app.tick() and app.game.placed_count == 0
    press(app, Resize(80, 24))
    assert app.tick() and app.game.placed_count == 1 and coach.autoplaying


def test_autoplay_takes_over_a_tip_in_progress() -> None:
    fake = FakeExpert(ready=False)
    app, _ = coached(fake)
    press(app, "t", "a")
    assert len(fake.started) == 1
    fake.release()
    assert app.tick() and app.game.placements == [fake.started[0].position.legal_cells()[-1]]


# --- the real expert ------------------------------------------------------------


def test_the_real_expert_leaves_the_keys_and_the_ticker_free_while_it_thinks() -> None:
    app = make_app(7)
    coach = Coach(app, think=Expert(3.0))
    play_some(app, 6)
    press(app, "t", "y")
    slowest = 0.0
    deadline = time.monotonic() + 30
    while coach.thinking and time.monotonic() < deadline:
        start = time.perf_counter()
        press(app, Key.LEFT)
        render(app, 80, 24)
        app.tick()
        slowest = max(slowest, time.perf_counter() - start)
        time.sleep(0.005)
    assert not coach.thinking and app.marked in app.game.legal_moves() and app.cursor == app.marked
    # Free, not fast (speed is the coach benchmark's): a key that waited for the expert would wait for most of
    # its 3 s; a shared machine, or Windows under Wine, may take a few tenths for a key on its own.
    assert slowest < 1.0, f"a key waited {slowest:.2f} s while the expert thought"


@pytest.mark.slow
def test_the_real_expert_autoplays_a_deal_to_the_end_with_a_short_budget() -> None:
    app = make_app(2)
    coach = Coach(app, think=Expert(0.05), pace=0.0)
    press(app, "a", "y")
    deadline = time.monotonic() + 60
    while coach.autoplaying and time.monotonic() < deadline:
        app.tick()
        time.sleep(0.002)
    assert app.game.is_over  # autoplay runs to the end, whichever way the deal goes
    assert app.message is not None and app.message.tone is not Tone.ERROR


# --- words ----------------------------------------------------------------------


def test_help_lists_t_and_a() -> None:
    app, _ = coached(FakeExpert())
    lines = [line.plain() for line in app.help_screen().lines]
    assert any(line.split()[:2] == ["t", "tip:"] for line in lines)
    assert any(line.split()[:2] == ["a", "autoplay:"] for line in lines)


def test_think_seconds_from_the_environment() -> None:
    assert think_seconds({}) is None
    assert think_seconds({THINK_SECONDS_ENV: " "}) is None
    assert think_seconds({THINK_SECONDS_ENV: "0.05"}) == 0.05
    assert think_seconds({THINK_SECONDS_ENV: str(MAX_THINK_SECONDS)}) == MAX_THINK_SECONDS


@pytest.mark.parametrize("text", ["0", "-1", "soon", "nan", "inf", str(MAX_THINK_SECONDS * 2), "1,5"])
def test_think_seconds_refuses_what_is_not_a_sensible_time(text: str) -> None:
    with pytest.raises(ValueError, match=THINK_SECONDS_ENV):
        think_seconds({THINK_SECONDS_ENV: text})
