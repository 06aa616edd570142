"""The formats Foursquare writes and reads, and their checks: saved games, finished games, old statistics.

Every format is a JSON object with ``"format"`` and ``"version"``.  Reading
checks everything and replays every game through the rules, so a file or a
line the rules would not allow is refused like a damaged one; a check that
fails raises ValueError whose text is the short technical detail of the
:class:`~foursquare.storage.problems.Problem` the caller makes of it.

* The **saved game** (the game in progress; ``game.json`` in older
  versions)::

    {"format": "foursquare-saved-game", "version": 1,
     "daily": "2026-11-30" or null,
     "game": {"format": "foursquare-game", "version": 1, "seed": 20261130,
              "stock": ["6H", "9C", ...], "placements": [[0, 0], [0, 1], ...]}}

* The **finished game**, one line of ``foursquare export`` (see
  :meth:`FinishedGame.to_json`), its record included.
* The **old statistics** of versions before the database, ``stats.json``.
"""

from __future__ import annotations

import contextlib
import functools
import json
from datetime import date, datetime, timedelta, timezone
from enum import Enum

from foursquare.deals import deal_number
from foursquare.engine.deal_numbers import LAST_DEAL
from foursquare.engine.values import Value
from foursquare.storage.files import read_regular
from foursquare.storage.helped import Help
from foursquare.storage.problems import (
    Fault,
    Flaw,
    Invalid,
    Kind,
    Problem,
    Reason,
    StoreError,
    as_json,
    invalid,
    refused,
)
from foursquare.storage.stats import MAX_SCORE, Ending, Result

TYPE_CHECKING = False
if TYPE_CHECKING:  # the rules are loaded where a game is replayed: reading statistics and history needs none
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, TypeGuard, TypeVar

    from foursquare.engine import Card, Game

    T = TypeVar("T")

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "MAX_LINE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "STATS_FORMAT",
    "STATS_VERSION",
    "FinishedGame",
    "MissingRecord",
    "SavedGame",
    "check_envelope",
    "check_finished",
    "check_stock",
    "decode_json",
    "load_game",
    "parse_day",
    "parse_iso",
    "parse_json",
    "parse_results",
    "parse_saved_game",
    "parse_stamp",
    "read_json",
    "saved_game_json",
    "stamp",
    "utc_now",
    "wrong_format",
]

SAVE_FORMAT = "foursquare-saved-game"
SAVE_VERSION = 1
EXPORT_FORMAT = "foursquare-finished-game"
EXPORT_VERSION = 1
STATS_FORMAT = "foursquare-stats"
STATS_VERSION = 1
MAX_LINE_BYTES = 1 << 20
"""A finished game's line is about a kilobyte; a longer line is not a game."""
MAX_SAVE_BYTES = 1 << 20
"""A real saved game is about a kilobyte; anything this big is not one."""


# --- JSON text ------------------------------------------------------------------------


def decode_json(
    raw: bytes, kind: Kind, *, path: Path | None = None, number: int | None = None, one_game: bool = False
) -> Any:
    """The JSON value of ``raw``; :class:`StoreError` with a problem of ``kind`` when it is not JSON text.

    ``number`` (a line's number) also says the text is one line, so where
    the decoder stopped is given as a column only.  ``one_game`` says the
    text should hold one game: a whole value with more after it is then
    refused as :attr:`Reason.SEVERAL_GAMES`, the way an export file holds
    them, rather than as the decoder's complaint.
    """

    def refuse(reason: Reason, line: int | None = None, column: int | None = None) -> StoreError:
        return StoreError(Problem(kind, reason, path, number=number, line=line, column=column))

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse(Reason.NOT_TEXT) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if one_game and _opens_with_a_value(text):  # so the decoder stopped at what follows it
            raise refuse(Reason.SEVERAL_GAMES) from None
        raise refuse(Reason.NOT_JSON, None if number is not None else exc.lineno, exc.colno) from None
    except RecursionError:
        raise refuse(Reason.TOO_DEEP) from None
    except ValueError:  # Python refuses to convert integers of more than 4,300 digits
        raise refuse(Reason.TOO_MANY_DIGITS) from None


_JSON_SPACE = " \t\n\r"
"""The white space JSON allows between values."""


def _opens_with_a_value(text: str) -> bool:
    """Whether ``text`` begins (after white space) with a whole JSON value, whatever follows it."""
    try:
        json.JSONDecoder().raw_decode(text, len(text) - len(text.lstrip(_JSON_SPACE)))
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError, as are too many digits
        return False
    return True


def read_json(path: Path, limit: int, parse: Callable[[Any], T], kind: Kind, *, one_game: bool = False) -> T | None:
    """Read, decode and check a JSON file; None if there is no such file (``one_game``: as :func:`decode_json`).

    ``parse`` turns the decoded JSON into a value and raises ValueError (or
    TypeError) saying what is wrong.  Every way the file can fail, from a
    permission error to an illegal game, comes out as :class:`StoreError`
    with a problem of ``kind``.
    """
    raw = read_regular(path, limit, kind)
    if raw is None:
        return None
    return parse_json(raw, path, parse, kind, one_game=one_game)


def parse_json(raw: bytes, path: Path, parse: Callable[[Any], T], kind: Kind, *, one_game: bool = False) -> T:
    """:func:`read_json` for bytes already read from ``path``."""
    value = decode_json(raw, kind, path=path, one_game=one_game)
    try:
        return parse(value)
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise StoreError(invalid(kind, path, exc)) from None


class Envelope(Enum):
    """What a kept file should be, for the fault saying it is not (its ``reason``)."""

    SAVED_GAME = "saved_game"
    STATISTICS = "statistics"
    GAME = "game"


def wrong_format(value: dict[str, Any], form: str, what: Envelope) -> Invalid:
    """Why ``value`` is not of format ``form``, naming the key and value it should have so the reader can look."""
    if "format" not in value:
        return Invalid(Fault(Flaw.NO_FORMAT, json.dumps(form), reason=what))
    return Invalid(Fault(Flaw.WRONG_FORMAT, json.dumps(form), names=(json.dumps(value["format"]),), reason=what))


def check_envelope(value: Any, form: str, version: int, what: Envelope) -> dict[str, Any]:
    """``value`` as a JSON object of format ``form`` and ``version``; a fault naming ``what`` it should be."""
    if not isinstance(value, dict):
        raise Invalid(Fault(Flaw.NO_OBJECT, reason=what))
    if value.get("format") != form:
        raise wrong_format(value, form, what)
    found = value.get("version")
    if type(found) is not int or found != version:
        raise Invalid(Fault(Flaw.VERSION, as_json(found), version, reason=what))
    return value


# --- dates and times ------------------------------------------------------------------------


def utc_now() -> datetime:
    """The time now, in UTC to the second: what the database records."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def stamp(when: datetime | None) -> str | None:
    """A time as kept files write it: ISO 8601 in UTC to the second, or None."""
    return None if when is None else when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text: object, parse: Callable[[str], T], what: Flaw) -> T | None:
    """A date or time as written in kept files (ISO, or null for none); the fault ``what`` if not one."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise refused(what, as_json(text))
    try:
        return parse(text)
    except ValueError:
        raise refused(what, as_json(text)) from None


def parse_day(text: object) -> date | None:
    """A daily deal's date as written in files (ISO, or null for none); ValueError if it is not one."""
    return parse_iso(text, date.fromisoformat, Flaw.BAD_DATE)


def parse_stamp(text: object) -> datetime | None:
    """A time as :func:`stamp` writes it (any ISO time with a zone), in UTC; ValueError if it is not one."""
    if type(text) is str and len(text) == 20 and text[10] == "T" and text[19] == "Z":  # as stamp writes it
        with contextlib.suppress(ValueError):
            return datetime.fromisoformat(text[:19]).replace(tzinfo=timezone.utc)
    when = parse_iso(text, lambda t: datetime.fromisoformat(t.replace("Z", "+00:00")), Flaw.BAD_TIME)
    if when is None:
        return None
    if when.tzinfo is None:
        raise refused(Flaw.NO_TIME_ZONE, as_json(text))
    try:
        return when.astimezone(timezone.utc)
    except OverflowError:  # a time at the edge of the calendar, whose zone takes it past year 9999 or before 1
        raise refused(Flaw.TIME_OUT_OF_RANGE, as_json(text)) from None


# --- the saved game ----------------------------------------------------------------------


class SavedGame(Value):
    """A game in progress and what the rules do not record about it."""

    game: Game
    daily: date | None
    """The date whose daily deal this is, or None for any other deal."""


def saved_game_json(game: Game, daily: date | None) -> dict[str, Any]:
    """The saved-game envelope of ``game``, ready for ``json.dumps``."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "daily": daily.isoformat() if daily is not None else None,
        "game": game.to_record(),
    }


def check_stock(game: Game) -> None:
    """A game that names its deal must hold that deal's own stock; ValueError if it holds another."""
    if game.seed is not None and game.stock != _stock_of(game.seed):
        raise refused(Flaw.NOT_THE_DEALS_STOCK, number=game.seed)


@functools.lru_cache(maxsize=4096)
def _stock_of(deal: int) -> tuple[Card, ...]:
    """Deal ``deal``'s stock, remembered: an import of replays checks the same few deals over and over."""
    from foursquare.engine import shuffled_deck  # loaded already: only a game of the rules is checked

    return tuple(shuffled_deck(deal))


def parse_saved_game(value: Any) -> SavedGame:
    """Check a decoded saved-game envelope and replay its game; ValueError says what is wrong."""
    value = check_envelope(value, SAVE_FORMAT, SAVE_VERSION, Envelope.SAVED_GAME)
    from foursquare.engine import Game  # only a saved game to resume needs the rules

    daily = parse_day(value.get("daily"))
    game = Game.from_record(value.get("game"))
    if game.seed is None:
        raise refused(Flaw.SAVED_WITHOUT_DEAL)
    check_stock(game)
    if daily is not None and deal_number(daily) != game.seed:
        raise refused(Flaw.NOT_THE_DAILY_DEAL, daily.isoformat(), game.seed)
    return SavedGame(game, daily)


def load_game(path: Path) -> SavedGame | None:
    """The saved game at ``path`` (an older version's ``game.json``), None if there is none.

    :class:`StoreError` (kind ``SAVED_GAME_DAMAGED``) if it cannot be used.
    """
    return read_json(path, MAX_SAVE_BYTES, parse_saved_game, Kind.SAVED_GAME_DAMAGED)


# --- the finished game -------------------------------------------------------------------


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class MissingRecord(Invalid):
    """A finished game read from elsewhere without its record: its placements cannot be replayed, so it is
    not believed."""


class FinishedGame(Value):
    """One game in the history: how and when it ended, and (when known) its whole record.

    ``record`` is the engine's :meth:`Game.to_record`; it is None for games
    counted by versions that kept only results, and when the history is
    listed without records.  ``help`` is the help it had, None for a game
    kept before help was recorded (never read as played alone).
    """

    id: int | None
    deal: int
    daily: date | None
    started: datetime | None
    ended: datetime | None
    ending: Ending
    score: int | None
    placed: int | None
    counted: bool
    record: dict[str, Any] | None = None
    help: Help | None = None

    @classmethod
    def of(
        cls,
        game: Game,
        *,
        daily: date | None,
        started: datetime | None,
        ended: datetime,
        counted: bool,
        help: Help | None = None,
    ) -> FinishedGame:
        """The history entry of ``game`` as it stands (a game not over is abandoned), with the help it had."""
        result = Result.of(game)
        return cls(
            None, result.deal, daily, started, ended, result.ending, result.score, game.placed_count, counted,
            game.to_record(), help,
        )  # fmt: skip

    @property
    def result(self) -> Result:
        return Result(self.deal, self.ending, self.score)

    def replay(self) -> Game | None:
        """The game rebuilt from its record through the rules; None without a record."""
        from foursquare.engine import Game  # the rules, loaded by the first replay: a list of games needs none

        return None if self.record is None else Game.from_record(self.record)

    def to_json(self, *, record: bool = True) -> dict[str, Any]:
        """The game as one JSON object: a line of ``foursquare export``, or (without the record) of history."""
        value: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "id": self.id,
            "deal": self.deal,
            "daily": self.daily.isoformat() if self.daily else None,
            "started": stamp(self.started),
            "ended": stamp(self.ended),
            "result": self.ending.result,
            "loss_reason": self.ending.loss_reason,
            "score": self.score,
            "placed": self.placed,
            "counted": self.counted,
            "help": None if self.help is None else self.help.to_json(),
            "played_before": None if self.help is None else self.help.played_before,
        }
        if self.help is not None and self.help.tells_autoplayed:  # only then: other lines read as they always did
            value["autoplayed_at"] = self.help.autoplayed_json()
        if record:
            value["game"] = self.record
        return value

    @classmethod
    def from_json(cls, value: Any) -> FinishedGame:
        """Read one exported game and check it (:func:`check_finished`); ValueError says why it is refused.

        A game without its record is refused with :class:`MissingRecord`:
        nothing shows that the rules allow the result it claims.
        """
        if not isinstance(value, dict):
            raise refused(Flaw.NOT_AN_OBJECT)
        if value.get("format") != EXPORT_FORMAT:
            raise wrong_format(value, EXPORT_FORMAT, Envelope.GAME)
        if value.get("version") != EXPORT_VERSION or type(value.get("version")) is not int:
            raise refused(Flaw.EXPORT_VERSION, as_json(value.get("version")), EXPORT_VERSION)
        deal, score, placed, counted = (value.get(k) for k in ("deal", "score", "placed", "counted"))
        if not _is_whole(deal):
            raise refused(Flaw.DEAL_NUMBER, as_json(deal))
        if score is not None and not _is_whole(score):
            raise refused(Flaw.SCORE, as_json(score))
        if placed is not None and not _is_whole(placed):
            raise refused(Flaw.PLACED, as_json(placed))
        if not isinstance(counted, bool):
            raise refused(Flaw.COUNTED, as_json(counted))
        result, reason = value.get("result"), value.get("loss_reason")
        if not isinstance(result, str) or not (reason is None or isinstance(reason, str)):
            raise refused(Flaw.RESULT_TEXT, as_json(result))
        record = value.get("game")
        if record is None:
            raise MissingRecord(Fault(Flaw.NO_RECORD))
        if not isinstance(record, dict):
            raise refused(Flaw.GAME_RECORD_NOT_AN_OBJECT)
        helped = Help.from_json(  # a key missing: an earlier version's line
            value.get("help"), value.get("played_before"), value.get("autoplayed_at")
        )
        finished = cls(
            None, deal, parse_day(value.get("daily")), parse_stamp(value.get("started")),
            parse_stamp(value.get("ended")), Ending.of(result, reason), score, placed, counted, record, helped,
        )  # fmt: skip
        check_finished(finished)
        return finished


CLOCKS_APART = timedelta(minutes=10)
"""How far ahead of this machine's clock another's may be: a game that ended later than that is refused."""


def check_finished(finished: FinishedGame) -> None:
    """Check that a finished game read from elsewhere is one the rules allow; ValueError says what is wrong.

    With a record, the game must be on the deal's own stock and its placements
    must replay, through the rules, to the result it claims.
    """
    if not 0 <= finished.deal <= LAST_DEAL:
        raise refused(Flaw.DEAL_RANGE, number=finished.deal)
    if finished.score is not None and not 0 <= finished.score <= MAX_SCORE:
        raise refused(Flaw.SCORE_RANGE, number=finished.score, count=MAX_SCORE)
    Result(finished.deal, finished.ending, finished.score)  # a score with a win, and only with a win
    if finished.daily is not None and deal_number(finished.daily) != finished.deal:
        raise refused(Flaw.NOT_THE_DAILY_DEAL, finished.daily.isoformat(), finished.deal)
    if finished.started is not None and finished.ended is not None and finished.started > finished.ended:
        raise refused(Flaw.STARTED_AFTER_ENDED, stamp(finished.started), other=stamp(finished.ended))
    latest = utc_now() + CLOCKS_APART
    for when in (finished.started, finished.ended):
        if when is not None and when > latest:  # it would stay the newest game, and end the streak, for good
            raise refused(Flaw.DATED_IN_THE_FUTURE, stamp(when))
    game = finished.replay()
    if game is None:
        return
    from foursquare.engine import Status  # loaded by the replay

    if game.seed != finished.deal:
        raise refused(Flaw.RECORD_OF_ANOTHER_DEAL, number=finished.deal, count=game.seed)
    check_stock(game)
    replayed = Result.of(game)
    if replayed.ending is finished.ending and replayed != finished.result:
        raise refused(Flaw.RECORD_SCORE, number=finished.score, count=replayed.score)
    if replayed != finished.result:
        raise _other_end(finished.ending, replayed.ending, game.placed_count)
    if finished.ending is Ending.ABANDONED and game.status is not Status.PLAYING:
        raise refused(Flaw.ABANDONED_OVER)
    if finished.placed is not None and finished.placed != game.placed_count:
        raise refused(Flaw.PLACED_COUNT, number=finished.placed, count=game.placed_count)
    at = finished.help.autoplayed_at if finished.help is not None else None
    if at and at[-1] > game.placed_count:
        raise refused(Flaw.AUTOPLAY_PAST_THE_END, number=at[-1], count=game.placed_count)


def _other_end(said: Ending, replayed: Ending, placed: int) -> Invalid:
    """Why a line's end and its record's disagree, in the keys of the line: ``"result"``, or ``"loss_reason"``
    where both are losses."""
    key, line, record = "result", said.result, replayed.result
    if line == record:
        key, line, record = "loss_reason", said.value, replayed.value
    if replayed is Ending.ABANDONED:
        return refused(Flaw.LINE_NOT_OVER, line, placed, other=key)
    return refused(Flaw.LINE_OTHER_END, line, other=key, names=(record,))


# --- the old statistics ---------------------------------------------------------------------


def parse_results(value: Any) -> list[Result]:
    """Check a decoded ``stats.json`` and read its games; ValueError says what is wrong."""
    games = check_envelope(value, STATS_FORMAT, STATS_VERSION, Envelope.STATISTICS).get("games")
    if not isinstance(games, list):
        raise refused(Flaw.GAMES_NOT_A_LIST)
    results: list[Result] = []
    seen: set[int] = set()
    for n, entry in enumerate(games, start=1):
        try:
            result = Result.from_json(entry)
        except Invalid as exc:
            raise refused(Flaw.GAME, number=n, inner=exc.fault) from None
        if result.deal in seen:
            raise refused(Flaw.COUNTED_TWICE, number=n, count=result.deal)
        seen.add(result.deal)
        results.append(result)
    return results
