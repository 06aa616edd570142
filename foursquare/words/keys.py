"""What each key of the game screen does, in the words of the help (``?``), the side panel and the end box.

Every command is named (``"undo"``); its summary for the help is looked up
here by that name, so the help, and a translation of it, read from one
table.  A key that names a command's word for the side panel or the end box
(``u undo``) is here too.
"""

from __future__ import annotations

from foursquare.words.endings import COSTLY, KINDS

__all__ = ["CELL_NAMES", "EXTRA_KEY_LINES", "PAGE_TITLES", "SHORT", "SUMMARIES", "summary"]

CELL_NAMES = "columns go from a to g and rows from 1 to 7 (the first card is on d4)"
"""How the cells are named, for a name typed that is none (plain mode's commands, the screen's go-to prompt)."""

SUMMARIES: dict[str, str] = {
    "left": "move the cursor",
    "down": "move the cursor",
    "up": "move the cursor",
    "right": "move the cursor",
    "place": "place the next card under the cursor",
    "undo": "take back the last card (as often as you like; a game on your own asks once)",
    "redo": "put back a card taken back",
    "new": "new deal (asks first while a game is in progress)",
    "preview": "preview on/off: what placing under the cursor would do",
    "to_come": "cards still to come on/off: how many of each rank",
    "replay": "the same deal again, once a game has ended (a replay: it does not count)",
    "outcomes": "outcomes on/off: every cell the next card may go on says what it would do there",
    "goto": "go to a cell by name: type it (e4) and Enter moves the cursor there",
    "log": "the log: every card placed so far, numbered, with what it did and why",
    "log_close": "back to the game",
    "help": "this help",
    "page_help": "this help",
    "quit": "quit (asks first while a game is in progress)",
    "redraw": "redraw the screen",
    "tip": "tip: the expert marks where it would put the next card",
    "autoplay": "autoplay: the expert plays on to the end; any key stops it",
    "review": "review: the expert's verdict on every placement of the game just ended",
    "stats": "your statistics: games won and lost, streaks, scores",
    "history": f"your games ({KINDS}): pick one for the expert's review",
    "stats_history": f"your games ({KINDS}): pick one for the expert's review",
    "history_up": "choose a game",
    "history_down": "choose a game",
    "history_page_up": "choose a game",
    "history_page_down": "choose a game",
    "history_first": "choose a game",
    "history_last": "choose a game",
    "history_review": "the review of the game chosen",
    "history_close": "back",
    "review_next": "the next placement (the summary after the last)",
    "review_back": "the placement before",
    "review_first": "the first placement",
    "review_last": "the last placement",
    "review_error": "the next placement that cost something (any verdict but best, good too)",
    "review_error_back": "the placement before that cost something",
    "review_summary": "the summary, with the chart",
    "review_close": "back to where the review was opened from",
    "review_practice": f"practise the placements of this game that {COSTLY}",
    "practice_left": "choose a cell",
    "practice_right": "choose a cell (→ also goes on to the next position once the answer is shown)",
    "practice_up": "choose a cell",
    "practice_down": "choose a cell",
    "practice_answer": "answer with the cell chosen; then the next position",
    "practice_skip": "skip this position (offered again another time)",
    "practice_close": "back to where practice was opened from",
}
"""Each command's line in the help, by the command's name; commands with the same summary share one line."""

SHORT: dict[str, str] = {
    "help": "help",
    "undo": "undo",
    "redo": "redo",
    "quit": "quit",
    "new": "new",
    "new_deal": "new deal",
    "tip": "tip",
    "autoplay": "autoplay",
    "review": "review",
    "goto": "go to",
    "log": "log",
    "outcomes": "outcomes",
}
"""A command in a word or two, beside its key in the side panel's reminder and in the end box."""

PAGE_TITLES: dict[str, str] = {
    "review": "on a review",
    "practice": "on practice",
    "log": "on the log",
    "history": "on your games",
    "stats": "on the statistics page",
}
"""The heading of each kind of page's keys in the help, by the page's kind."""

EXTRA_KEY_LINES: tuple[tuple[str, str], ...] = (
    ("↑ ↓ PgUp PgDn", "on the help, the statistics and the log: scroll; any other key goes back"),
    ("mouse click", "place the next card on the cell clicked (Shift and drag selects text)"),
    ("Ctrl-Z", "suspend (fg brings the game back)"),
)
"""Lines of the help for what is not a command: scrolling a page, the mouse, the terminal's own keys."""


def summary(name: str) -> str:
    """The help's line for the command called ``name``."""
    return SUMMARIES[name]
