"""The help each game had, as the commands print it: ``history --json``, ``export`` and ``import``, ``stats --json``.

Four daily games are played through the session in one data folder, as the
issue asks: one won with a take-back, one won with a tip, one finished by
autoplay and one played alone; each shows as such everywhere, and only the
last is in the record on your own.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from helpers import DAILY_WINS, command, first_cell_judge

from foursquare.commands import review
from foursquare.deals import deal_number
from foursquare.session.events import Aid, Event, Finished, Mover, Permission
from foursquare.session.game import GameSession
from foursquare.words.results import share_line

DAYS = list(DAILY_WINS)
HELPS = [
    {"take_backs": 1, "tips": 0, "autoplayed": 0},
    {"take_backs": 0, "tips": 1, "autoplayed": 0},
    {"take_backs": 0, "tips": 0, "autoplayed": len(DAILY_WINS[DAYS[2]]) - 1},
    {"take_backs": 0, "tips": 0, "autoplayed": 0},
]
AUTOPLAYED_AT = [None, None, list(range(2, len(DAILY_WINS[DAYS[2]]) + 1)), None]
"""The placements autoplay made in each game, where it made some: every card of the third after the first."""
SHARED = [
    "Foursquare daily 2026-11-30 (deal 20261130): won, score 20 (1 take-back)",
    "Foursquare daily 2026-12-01 (deal 20261201): won, score 19 (1 tip)",
    "Foursquare daily 2026-12-02 (deal 20261202): won, score 21 (18 cards by autoplay)",
    "Foursquare daily 2026-12-03 (deal 20261203): won, score 11, on my own",
]


def daily(folder: Path, day: date) -> GameSession:
    session, opening = GameSession.open(folder, daily=True, today=lambda: day)
    assert opening.switch is None and session.game.seed == deal_number(day)
    return session


def ended(events: list[Event]) -> Finished:
    (finished,) = [event for event in events if isinstance(event, Finished)]
    return finished


def four_games(folder: Path) -> list[tuple[GameSession, Finished]]:
    """The four daily games of :data:`DAYS`, each won: with a take-back, with a tip, by autoplay, alone."""
    played = []
    line = DAILY_WINS[DAYS[0]]
    session = daily(folder, DAYS[0])
    for cell in line[:5]:
        session.place(cell)
    session.place(next(cell for cell in session.game.legal_moves() if cell != line[5]))
    assert session.permission(Aid.TAKE_BACK) is Permission.ASK
    session.answer_help(True)
    session.undo()
    events: list[Event] = []
    for cell in line[5:]:
        events += session.place(cell)
    played.append((session, ended(events)))

    line = DAILY_WINS[DAYS[1]]
    session = daily(folder, DAYS[1])
    for cell in line[:8]:
        session.place(cell)
    session.answer_help(True)
    session.tip()
    session.tip()  # the same position again: nothing more to learn, nothing more counted
    events = []
    for cell in line[8:]:
        events += session.place(cell)
    played.append((session, ended(events)))

    line = DAILY_WINS[DAYS[2]]
    session = daily(folder, DAYS[2])
    session.place(line[0])
    session.answer_help(True)  # autoplay asks before it starts
    events = []
    for cell in line[1:]:
        events += session.place(cell, by=Mover.EXPERT)
    played.append((session, ended(events)))

    session = daily(folder, DAYS[3])
    events = []
    for cell in DAILY_WINS[DAYS[3]]:
        events += session.place(cell)
    played.append((session, ended(events)))
    return played


@pytest.fixture
def games(home: Path) -> list[tuple[GameSession, Finished]]:
    return four_games(home)


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert command(*argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_each_game_ends_saying_how_it_was_played_and_the_daily_line_says_so_too(
    games: list[tuple[GameSession, Finished]],
) -> None:
    for (session, finished), helped, shared in zip(games, HELPS, SHARED, strict=True):
        assert finished.counted and finished.help is not None and finished.help.to_json() == helped
        assert finished.daily is not None and share_line(finished.daily, session.game, finished.help) == shared
    own = [finished.records.on_your_own.played if finished.records else None for _, finished in games]
    assert own == [0, 0, 0, 1]


def test_history_json_has_the_help_of_every_game(
    games: list[tuple[GameSession, Finished]], capsys: pytest.CaptureFixture[str]
) -> None:
    entries: list[dict[str, Any]] = json.loads(printed(capsys, "history", "--json"))
    assert [entry["help"] for entry in reversed(entries)] == HELPS
    assert [entry["played_before"] for entry in entries] == [False] * 4
    assert [entry.get("autoplayed_at") for entry in reversed(entries)] == AUTOPLAYED_AT
    assert all(entry["counted"] for entry in entries)
    table = printed(capsys, "history").splitlines()
    assert table[0].split()[-1] == "help"
    assert [line.split("  ")[-1] for line in table[1:]] == [
        "on your own", "18 cards by autoplay", "1 tip", "1 take-back",
    ]  # fmt: skip


def test_stats_json_counts_only_the_game_played_alone_on_your_own(
    games: list[tuple[GameSession, Finished]], capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(printed(capsys, "stats", "--json"))
    assert (data["played"], data["won"], data["current_streak"], data["best_score"]) == (4, 4, 4, 21)
    own = data["on_your_own"]
    assert (own["played"], own["won"], own["lost"], own["current_streak"], own["longest_streak"]) == (1, 1, 0, 1, 1)
    assert (own["best_score"], own["average_score"], own["win_percent"]) == (11, 11, 100)
    assert own["histogram"][11] == 1 and sum(own["histogram"]) == 1
    assert set(own) == set(data) - {"on_your_own", "before_help_was_recorded", "daily"}
    assert data["before_help_was_recorded"] == 0
    daily = data["daily"]  # four daily deals won, one a day, helped or not
    assert (daily["played"], daily["won"], daily["longest_streak"]) == (4, 4, 4)


def test_export_carries_the_help_and_import_reads_it_back(
    games: list[tuple[GameSession, Finished]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = printed(capsys, "export").splitlines()
    exported = [json.loads(line) for line in lines]
    assert [entry["help"] for entry in exported] == HELPS and all("game" in entry for entry in exported)
    assert [entry.get("autoplayed_at") for entry in exported] == AUTOPLAYED_AT
    old = {key: value for key, value in exported[3].items() if key not in ("help", "played_before", "autoplayed_at")}
    (tmp_path / "games.jsonl").write_text("\n".join([*lines, json.dumps(old)]) + "\n")  # an earlier version's line
    other = tmp_path / "other"
    monkeypatch.setenv("FOURSQUARE_HOME", str(other))
    assert "Imported 4 games. Skipped 1 game already in the history" in printed(
        capsys, "import", str(tmp_path / "games.jsonl")
    )
    again = [json.loads(line) for line in printed(capsys, "export").splitlines()]
    assert again == exported
    (tmp_path / "old.jsonl").write_text(json.dumps(old) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "third"))
    printed(capsys, "import", str(tmp_path / "old.jsonl"))
    (entry,) = json.loads(printed(capsys, "history", "--json"))
    assert entry["help"] is None and entry["played_before"] is None  # not known: never read as alone
    assert "autoplayed_at" not in entry
    data = json.loads(printed(capsys, "stats", "--json"))
    assert (data["won"], data["on_your_own"]["played"], data["before_help_was_recorded"]) == (1, 0, 1)


def test_a_bad_help_in_an_imported_line_is_refused_by_its_number(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = daily(home, DAYS[3])
    for cell in DAILY_WINS[DAYS[3]]:
        session.place(cell)
    (line,) = printed(capsys, "export").splitlines()
    entry = json.loads(line)
    bad = [
        {**entry, "help": {"take_backs": -1, "tips": 0, "autoplayed": 0}},
        {**entry, "help": "lots"},
        {**entry, "help": {"take_backs": 0, "tips": 0, "autoplayed": 1}, "autoplayed_at": [99]},
        {**entry, "help": {"take_backs": 0, "tips": 0, "autoplayed": 1}, "autoplayed_at": [2, 3]},
        {**entry, "autoplayed_at": "all"},
    ]
    (tmp_path / "bad.jsonl").write_text("".join(json.dumps(value) + "\n" for value in bad))
    assert command("import", str(tmp_path / "bad.jsonl")) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 5 and "line 1" in err[0] and "take_backs" in err[0] and "line 2" in err[1]
    assert "placement 99" in err[2] and all("autoplayed_at" in line for line in err[3:])


def test_the_review_command_says_how_the_game_was_played(
    games: list[tuple[GameSession, Finished]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert review.main(["1"], judge=first_cell_judge()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("You 20 · expert") and lines[3] == "Played with 1 take-back."
    assert review.main(["4"], judge=first_cell_judge()) == 0
    assert capsys.readouterr().out.splitlines()[3] == "Played on your own."


def test_a_review_sets_apart_the_placements_autoplay_made(
    games: list[tuple[GameSession, Finished]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The third game is the first card by hand, then autoplay: the fake expert's first cell is seldom
    autoplay's, so its verdicts are mostly errors, none of them the player's."""
    assert review.main(["3", "--json"], judge=first_cell_judge()) == 0
    data = json.loads(capsys.readouterr().out)
    autoplayed = AUTOPLAYED_AT[2]
    assert autoplayed is not None and data["autoplayed_at"] == autoplayed and data["accuracy"] is None
    assert [entry["autoplay"] for entry in data["placements"]] == [False] + [True] * len(autoplayed)
    assert any(entry["verdict"] != "best" for entry in data["placements"])
    assert review.main(["3"], judge=first_cell_judge()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "Played with 18 cards by autoplay."
    assert out[4].startswith("No accuracy (autoplay made every placement with a choice")
    assert out[5] == "1 with no choice · 18 by autoplay"  # the first card by hand: no verdict of the player's
    assert out[6].startswith("Worst placement of yours: none")
    assert review.main(["1", "--json"], judge=first_cell_judge()) == 0
    assert "autoplayed_at" not in json.loads(capsys.readouterr().out)  # no autoplay: the keys as they always were
    line = printed(capsys, "export").splitlines()[2]
    (tmp_path / "third.json").write_text(line)  # the game exported, then reviewed from its file
    assert review.main(["--file", str(tmp_path / "third.json"), "--json"], judge=first_cell_judge()) == 0
    assert json.loads(capsys.readouterr().out)["autoplayed_at"] == autoplayed
    game = json.loads(line)["game"]
    (tmp_path / "bare.json").write_text(json.dumps(game))  # a bare record: whose cards is not known
    assert review.main(["--file", str(tmp_path / "bare.json"), "--json"], judge=first_cell_judge()) == 0
    assert "autoplayed_at" not in json.loads(capsys.readouterr().out)
