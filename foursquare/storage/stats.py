"""Statistics: every finished game counted once, kept safe, and shown as text.

The statistics file is the list of counted games, in the order they ended;
every figure (streaks, best score, the histogram) is worked out from that
list, so the figures can never disagree with each other::

    {"format": "foursquare-stats", "version": 1, "games": [
    {"deal": 20261130, "ending": "won", "score": 7},
    {"deal": 314159265358, "ending": "stock_empty"}
    ]}

**Each deal counts once**: the first time a game on it ends, whether won,
lost, or abandoned for another deal once a card was placed.  Undoing after the
end and finishing again, replaying a deal with ``--seed`` or replaying the
daily deal does not count again, so a known deal cannot be won over and over
to farm wins or streaks.

Updates read, change and write the file while holding a lock file beside it,
so two games finishing at the same moment in two processes are both counted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard

from foursquare.engine import GRID, Game, LossReason, Status, full_deck
from foursquare.storage.files import (
    Damaged,
    Unusable,
    data_dir,
    explain,
    make_folder,
    quarantine,
    read_json,
    write_atomic,
)

__all__ = [
    "MAX_SCORE",
    "STATS_FILE",
    "Ending",
    "Recorded",
    "Result",
    "Stats",
    "StatsStore",
    "histogram_lines",
    "main",
    "parse_results",
    "render_lines",
    "results_json",
    "summary_lines",
]

STATS_FILE = "stats.json"
LOCK_FILE = "stats.json.lock"
STATS_FORMAT = "foursquare-stats"
STATS_VERSION = 1
MAX_SCORE = len(full_deck()) - GRID * GRID
"""The best possible score: a square of 16 single cards leaves 24 in the stock."""
LOCK_TIMEOUT = 10.0
"""Seconds to wait for another process to finish updating; updates take milliseconds."""
_MAX_STATS_BYTES = 64 << 20
"""About a million games; a bigger file is not a statistics file."""
_MAX_DEAL = (1 << 64) - 1


class Ending(str, Enum):
    """How a counted game ended."""

    WON = "won"
    TOO_MANY_FACE_DOWN = "too_many_face_down"
    STOCK_EMPTY = "stock_empty"
    ABANDONED = "abandoned"

    @property
    def label(self) -> str:
        """A few words for players."""
        return _LABELS[self]


_LABELS = {
    Ending.WON: "won",
    Ending.TOO_MANY_FACE_DOWN: "too many cards face down",
    Ending.STOCK_EMPTY: "the stock ran out",
    Ending.ABANDONED: "abandoned for a new deal",
}
_LOSS_ENDING = {LossReason.TOO_MANY_FACE_DOWN: Ending.TOO_MANY_FACE_DOWN, LossReason.STOCK_EMPTY: Ending.STOCK_EMPTY}
LOSSES = (Ending.TOO_MANY_FACE_DOWN, Ending.STOCK_EMPTY, Ending.ABANDONED)


@dataclass(frozen=True)
class Result:
    """One counted game: its deal number, how it ended and, if won, the score."""

    deal: int
    ending: Ending
    score: int | None = None

    def __post_init__(self) -> None:
        if (self.ending is Ending.WON) != (self.score is not None):
            raise ValueError("a score goes with a win, and only with a win")

    @classmethod
    def of(cls, game: Game) -> Result:
        """The result of ``game`` as it stands: won, lost, or abandoned if still in play."""
        if game.seed is None:
            raise ValueError("only a numbered deal can be counted")
        if game.status is Status.WON:
            return cls(game.seed, Ending.WON, game.score)
        if game.status is Status.LOST and game.loss_reason is not None:
            return cls(game.seed, _LOSS_ENDING[game.loss_reason])
        return cls(game.seed, Ending.ABANDONED)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"deal": self.deal, "ending": self.ending.value}
        if self.score is not None:
            entry["score"] = self.score
        return entry

    @classmethod
    def from_json(cls, entry: Any) -> Result:
        """Check and read one entry of the games list; ValueError says what is wrong."""
        if not isinstance(entry, dict):
            raise ValueError(f"{entry!r} is not a JSON object")
        deal = entry.get("deal")
        if not _is_int(deal) or not 0 <= deal <= _MAX_DEAL:
            raise ValueError(f"bad deal number {deal!r}")
        try:
            ending = Ending(entry.get("ending"))
        except ValueError:
            raise ValueError(f"unknown ending {entry.get('ending')!r}") from None
        score = entry.get("score")
        if ending is Ending.WON and (not _is_int(score) or not 0 <= score <= MAX_SCORE):
            raise ValueError(f"a win needs a score from 0 to {MAX_SCORE}, not {score!r}")
        if ending is not Ending.WON and score is not None:
            raise ValueError(f"a game that was not won has no score ({score!r})")
        return cls(deal, ending, score)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_results(value: Any) -> list[Result]:
    """Check a decoded statistics file and read its games; ValueError says what is wrong."""
    if not isinstance(value, dict):
        raise ValueError("not a statistics file: the file holds no JSON object")
    if value.get("format") != STATS_FORMAT:
        raise ValueError(f"not a Foursquare statistics file (format {value.get('format')!r})")
    version = value.get("version")
    if not _is_int(version) or version != STATS_VERSION:
        raise ValueError(f"unknown statistics version {version!r}; this program reads version {STATS_VERSION}")
    games = value.get("games")
    if not isinstance(games, list):
        raise ValueError("the games must be a list")
    results: list[Result] = []
    seen: set[int] = set()
    for n, entry in enumerate(games, start=1):
        try:
            result = Result.from_json(entry)
        except ValueError as exc:
            raise ValueError(f"game {n}: {exc}") from None
        if result.deal in seen:
            raise ValueError(f"game {n}: deal {result.deal} is counted twice")
        seen.add(result.deal)
        results.append(result)
    return results


def results_json(results: Sequence[Result]) -> str:
    """The statistics file's text: one game a line, so that people can read it too."""
    games = ",\n".join(json.dumps(r.to_json(), separators=(",", ":")) for r in results)
    head = json.dumps({"format": STATS_FORMAT, "version": STATS_VERSION})[:-1]
    return f'{head}, "games": [\n{games}\n]}}\n' if results else f'{head}, "games": []}}\n'


# --- the figures ---------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """The figures players see, worked out from the counted games."""

    played: int
    won: int
    current_streak: int
    """Wins in a row up to the last counted game."""
    longest_streak: int
    best_score: int | None
    average_score: float | None
    """The mean score of the games won."""
    histogram: tuple[int, ...]
    """``histogram[s]``: games won with score ``s``, for s from 0 to :data:`MAX_SCORE`."""
    losses: Mapping[Ending, int]
    """Games lost, by how they were lost (every ending but WON, zeros included)."""

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> float | None:
        return 100 * self.won / self.played if self.played else None

    @classmethod
    def from_results(cls, results: Iterable[Result]) -> Stats:
        played = streak = longest = 0
        scores: list[int] = []
        losses = dict.fromkeys(LOSSES, 0)
        for result in results:
            played += 1
            if result.score is not None:
                scores.append(result.score)
                streak += 1
                longest = max(longest, streak)
            else:
                losses[result.ending] += 1
                streak = 0
        histogram = [0] * (MAX_SCORE + 1)
        for score in scores:
            histogram[score] += 1
        return cls(
            played=played,
            won=len(scores),
            current_streak=streak,
            longest_streak=longest,
            best_score=max(scores) if scores else None,
            average_score=sum(scores) / len(scores) if scores else None,
            histogram=tuple(histogram),
            losses=losses,
        )

    def to_json(self) -> dict[str, Any]:
        """Every figure, for ``foursquare stats --json``."""
        return {
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
            "best_score": self.best_score,
            "average_score": self.average_score,
            "histogram": list(self.histogram),
            "losses": {ending.value: n for ending, n in self.losses.items()},
        }


# --- the file ------------------------------------------------------------------


class Recorded(NamedTuple):
    """What recording a result did."""

    counted: bool
    """False when the deal was already counted (or the file could not be updated)."""
    stats: Stats
    message: str | None
    """One line for players when something went wrong with the file, else None."""


class StatsStore:
    """The statistics file of one data folder.

    Reading needs no lock, because every write replaces the file whole.
    Changes hold the lock from reading to writing, so no update is lost.
    """

    def __init__(self, folder: Path, timeout: float | None = None) -> None:
        self.path = folder / STATS_FILE
        self._timeout = LOCK_TIMEOUT if timeout is None else timeout

    def results(self) -> list[Result]:
        """The counted games; raises :class:`Unusable` if the file is damaged."""
        return read_json(self.path, _MAX_STATS_BYTES, parse_results) or []

    def read(self) -> tuple[Stats, str | None]:
        """The statistics, and one line if the file was damaged (it is then moved aside).

        Raises OSError when the folder cannot be used at all (or the lock times out).
        """
        try:
            return Stats.from_results(self.results()), None
        except Unusable:
            with self._locked():
                results, damaged = self._load()
            return Stats.from_results(results), _describe(damaged)

    def is_counted(self, deal: int) -> bool:
        """Whether a game on ``deal`` has already been counted (False if the file is damaged)."""
        try:
            return any(r.deal == deal for r in self.results())
        except Unusable:
            return False

    def record(self, result: Result) -> Recorded:
        """Count ``result`` unless its deal is already counted.  Raises OSError if the folder refuses."""
        with self._locked():
            results, damaged = self._load()
            message = _describe(damaged)
            if damaged is not None and damaged.aside is None:
                return Recorded(False, Stats.from_results([]), f"{message} This game was not counted.")
            counted = all(r.deal != result.deal for r in results)
            if counted:
                results.append(result)
                write_atomic(self.path, results_json(results).encode("utf-8"))
            return Recorded(counted, Stats.from_results(results), message)

    def reset(self) -> str | None:
        """Clear the statistics; a damaged file is moved aside rather than lost.  Raises OSError."""
        with self._locked():
            _, damaged = self._load()
            if damaged is not None and damaged.aside is None:
                raise Unusable(_describe(damaged))
            write_atomic(self.path, results_json([]).encode("utf-8"))
        return _describe(damaged)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        from filelock import FileLock  # imported when first needed: it would add a fifth to the game's start-up

        make_folder(self.path.parent)
        with FileLock(self.path.parent / LOCK_FILE, timeout=self._timeout):
            yield

    def _load(self) -> tuple[list[Result], Damaged | None]:
        """Under the lock: the counted games, or none and the damaged file moved aside."""
        try:
            return self.results(), None
        except Unusable as exc:
            return [], quarantine(self.path, str(exc))


def _describe(damaged: Damaged | None) -> str | None:
    if damaged is None:
        return None
    if damaged.aside is None:
        return damaged.describe("Your statistics") + "."
    return damaged.describe("Your statistics") + "; they start again from zero."


# --- as text -------------------------------------------------------------------


def summary_lines(stats: Stats) -> list[str]:
    """The figures as aligned lines of text: label on the left, number on the right."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    rows = [
        ("Games played", str(stats.played), ""),
        ("Won", str(stats.won), "" if stats.win_percent is None else f"{stats.win_percent:.1f}%"),
        ("Lost", str(stats.lost), ""),
        ("Current winning streak", str(stats.current_streak), ""),
        ("Longest winning streak", str(stats.longest_streak), ""),
        ("Best score", show(stats.best_score), ""),
        ("Average winning score", show(stats.average_score, 1), ""),
    ]
    rows += [(f"  {ending.label}", str(stats.losses[ending]), "") for ending in LOSSES]
    label_width = max(len(label) for label, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    lines = [f"{label:<{label_width}}  {value:>{value_width}}  {note}".rstrip() for label, value, note in rows]
    lines.insert(len(rows) - len(LOSSES), "Lost because of")
    return lines


# The chart's bar, axis side, tick, corner and rule.
_UNICODE_CHART = ("██", "│", "┤", "└", "─")
_ASCII_CHART = ("##", "|", "+", "+", "-")
CHART_GLYPHS = "".join(_UNICODE_CHART)
"""Every character the chart draws beyond ASCII."""


def histogram_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The winning scores 0 to 24 as a bar chart: one column a score, at most ``height`` rows tall.

    The bars are scaled when a count exceeds ``height``; the exact counts are
    printed under the score labels.  80 columns suffice while no score has
    been won 100 times or more.
    """
    title = "Winning scores (cards left in the stock)"
    top = max(stats.histogram)
    if top == 0:
        return [title, "  no wins yet"]
    bar, side, tick, corner, rule = _ASCII_CHART if ascii_only else _UNICODE_CHART
    width = max(3, len(str(top)) + 1)
    rows = min(height, top)
    label = max(3, len(str(top)))
    filled = [(count * rows + top - 1) // top for count in stats.histogram]
    lines = [title]
    for level in range(rows, 0, -1):
        axis = f"{top:>{label}} {tick}" if level == rows else f"{'':>{label}} {side}"
        lines.append(axis + "".join(f"{bar if n >= level else '':>{width}}" for n in filled).rstrip())
    lines.append(f"{0:>{label}} {corner}" + rule * (width * len(filled)))
    lines.append(f"{'score':>{label + 2}}" + "".join(f"{score:>{width}}" for score in range(len(filled))))
    lines.append((f"{'wins':>{label + 2}}" + "".join(f"{n or '':>{width}}" for n in stats.histogram)).rstrip())
    return lines


def render_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The whole statistics screen as lines of text (no terminal control codes)."""
    return [*summary_lines(stats), "", *histogram_lines(stats, height, ascii_only)]


# --- foursquare stats ----------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foursquare stats",
        description="Show your Foursquare statistics: games played, won and lost, streaks and winning scores.",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--json", action="store_true", help="print them as one JSON object, for scripts")
    what.add_argument("--reset", action="store_true", help="clear them (asks first)")
    parser.add_argument("-y", "--yes", action="store_true", help="with --reset: clear without asking")
    return parser


def main(argv: list[str]) -> int:
    """``foursquare stats [--json | --reset [--yes]]``; returns the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage and the error (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    if args.yes and not args.reset:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: --yes only goes with --reset", file=sys.stderr)
        return 2
    store = StatsStore(data_dir())
    try:
        if args.reset:
            return _reset(store, ask=not args.yes)
        stats, message = store.read()
    except (OSError, Unusable) as exc:
        print(f"{parser.prog}: cannot use the statistics in {store.path.parent}: {explain(exc)}", file=sys.stderr)
        return 1
    if message:
        print(message, file=sys.stderr)
    if args.json:
        print(json.dumps(stats.to_json()))
    else:
        print("\n".join(render_lines(stats, ascii_only=not _can_print(CHART_GLYPHS))))
    return 0


def _reset(store: StatsStore, ask: bool) -> int:
    if ask:
        if not sys.stdin.isatty():
            print(
                "foursquare stats: not cleared: there is no terminal to ask for confirmation; "
                "add --yes to clear them anyway",
                file=sys.stderr,
            )
            return 1
        played = store.read()[0].played
        try:
            games = f"{played} game" + ("" if played == 1 else "s")
            answer = input(f"Clear your statistics ({games})? This cannot be undone. [y/N] ")
        except (EOFError, KeyboardInterrupt):
            answer = ""
            print()
        if answer.strip().lower() not in ("y", "yes"):
            print("Statistics kept.")
            return 1
    message = store.reset()
    print("Statistics cleared." + (f" {message}" if message else ""))
    return 0


def _can_print(text: str) -> bool:
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
