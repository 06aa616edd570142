"""Every key of the game, one record a key: the key, the action it runs and the words for it.

As Textual's ``BINDINGS`` are, the records are declared per page: the table's
(:data:`TABLE`), those of every page (:data:`ANY_PAGE`), and those of each kind
of page (:data:`STATS`, :data:`LOG`, :data:`HISTORY`, :data:`REVIEW`,
:data:`PRACTICE`); plain mode's typed commands are records too
(:data:`PLAIN`).  The screen binds each action by its name to what runs it;
the help (``?``), the side panel's key legend, the end box, the pages' footers,
plain mode's ``?`` and its end-of-game line all read these records, so that a
key is written once.  A key has one meaning wherever it can have it: ``p`` is
the preview, ``s`` the statistics, ``n`` a new deal, and the review and practice
pages use other keys for their own actions.

Keys are named as the screen names them: one printable character (``"u"``,
``" "``, ``"\\t"``), or a key that prints nothing by its name (``"left"``,
``"enter"``, ``"escape"``, ``"page_up"``, ``"ctrl_l"``); :func:`label` writes
either as the player reads it.  The words are English messages looked up
through the catalog when shown (:func:`summary`, :meth:`Binding.word`).
"""

from __future__ import annotations

from collections.abc import Iterable

from foursquare.engine.values import Value
from foursquare.words.catalog import N_, _, pgettext
from foursquare.words.endings import COSTLY, KINDS

__all__ = [
    "ANY_PAGE",
    "AT_THE_END",
    "BINDINGS",
    "CELL_NAMES",
    "HISTORY",
    "KEYS_HEADING",
    "LOG",
    "NO_KEY",
    "PAGE_TITLES",
    "PLAIN",
    "PRACTICE",
    "REVIEW",
    "STATS",
    "SUMMARIES",
    "TABLE",
    "YES_KEY",
    "Binding",
    "Typed",
    "answer_words",
    "binding",
    "extra_key_lines",
    "footer_forms",
    "label",
    "legend",
    "offers",
    "summary",
    "typed_offers",
    "typed_words",
]

CELL_NAMES = N_("columns go from a to g and rows from 1 to 7 (the first card is on d4)")
"""How the cells are named, for a name typed that is none (plain mode's commands, the screen's go-to prompt; said
through ``_``)."""


class Binding(Value):
    """One key record: the keys, the action they run, and what the help, a legend and the end box call it."""

    action: str
    """What the keys run: the name the screen binds its code to (``"undo"``)."""
    keys: tuple[str, ...]
    """The keys, as :func:`label` reads them; the first is the one a legend names."""
    description: str
    """The key's line in the help (``?``): records with the same description share one line."""
    page: str | None = None
    """The kind of page the keys work on; None: the table; ``"*"``: every page."""
    short: str = ""
    """A word or two for the key legend or the page's footer (``u undo``); empty: named in the help only."""
    offer: str = ""
    """What the end box calls it, where it offers the key; empty: not offered there."""
    shown: str = ""
    """The keys as a footer names them, where not just the first (``← →``)."""

    def word(self) -> str:
        """:attr:`short` in the language in use."""
        return _(self.short)

    def pair(self) -> tuple[str, str]:
        """The key and its word, as a legend or a footer writes them."""
        return self.shown or label(self.keys[0]), self.word()


TABLE: tuple[Binding, ...] = (
    Binding("left", ("left", "h"), N_("move the cursor")),
    Binding("down", ("down", "j"), N_("move the cursor")),
    Binding("up", ("up", "k"), N_("move the cursor")),
    Binding("right", ("right", "l"), N_("move the cursor")),
    Binding("place", ("enter", " "), N_("place the next card under the cursor")),
    Binding(
        "undo", ("u",), N_("take back the last card (as often as you like; a game on your own asks once)"),
        short=N_("undo"), offer=N_("undo"),
    ),
    Binding("redo", ("r",), N_("put back a card taken back"), short=N_("redo")),
    Binding(
        "new", ("n",), N_("new deal (asks first while a game is in progress)"), short=N_("new"), offer=N_("new deal")
    ),
    Binding(
        "replay", ("d",), N_("the same deal again, once a game has ended (a replay: it does not count)"),
        offer=N_("replay"),
    ),
    Binding("preview", ("p",), N_("preview on/off: what placing under the cursor would do")),
    Binding("to_come", ("c",), N_("cards still to come on/off: how many of each rank")),
    Binding(
        "outcomes", ("o",), N_("outcomes on/off: every cell the next card may go on says what it would do there"),
        short=N_("outcomes"),
    ),
    Binding(
        "goto", ("/",), N_("go to a cell by name: type it (e4) and Enter moves the cursor there"), short=N_("go to")
    ),
    Binding(
        "log", ("m",), N_("the log: every card placed so far, numbered, with what it did and why"),
        short=N_("log"), offer=N_("log"),
    ),
    Binding("tip", ("t",), N_("tip: the expert marks where it would put the next card"), short=N_("tip")),
    Binding("autoplay", ("a",), N_("autoplay: the expert plays on to the end; any key stops it"), short=N_("autoplay")),
    Binding(
        "review", ("v",), N_("review: the expert's verdict on every placement of the game just ended"),
        offer=N_("review"),
    ),
    Binding("stats", ("s",), N_("your statistics: games won and lost, streaks, scores")),
    Binding("history", ("g",), N_("your games ({kinds}): pick one for the expert's review")),
    Binding("help", ("?",), N_("this help"), short=N_("help")),
    Binding(
        "quit", ("q", "escape"), N_("quit (asks first while a game is in progress)"), short=N_("quit"),
        offer=N_("quit"),
    ),
    Binding("redraw", ("ctrl_l",), N_("redraw the screen")),
)  # fmt: skip
"""The keys of the table (and of the end box, once the game is over)."""

ANY_PAGE: tuple[Binding, ...] = (
    Binding("page_help", ("?",), N_("this help"), page="*"),
    Binding("page_back", ("q", "escape"), N_("back"), page="*", short=N_("back")),
)
"""The keys of every page that has none of its own for them."""

STATS: tuple[Binding, ...] = (
    Binding("stats_history", ("g", "v"), N_("your games ({kinds}): pick one for the expert's review"), page="stats",
            short=N_("your games")),
    Binding("stats_close", ("s", "q", "escape"), N_("back to the game"), page="stats"),
)  # fmt: skip
"""The statistics page's own keys."""

LOG: tuple[Binding, ...] = (Binding("log_close", ("m", "q", "escape"), N_("back to the game"), page="log"),)
"""The log's own keys."""

HISTORY: tuple[Binding, ...] = (
    Binding("history_up", ("up", "k"), N_("choose a game"), page="history", short=N_("choose"), shown="↑ ↓"),
    Binding("history_down", ("down", "j"), N_("choose a game"), page="history"),
    Binding("history_page_up", ("page_up",), N_("choose a game"), page="history"),
    Binding("history_page_down", ("page_down",), N_("choose a game"), page="history"),
    Binding("history_first", ("home",), N_("choose a game"), page="history"),
    Binding("history_last", ("end",), N_("choose a game"), page="history"),
    Binding("history_review", ("v", "enter"), N_("the review of the game chosen"), page="history",
            short=N_("its review"), shown="v Enter"),
    Binding("history_close", ("q", "escape"), N_("back"), page="history", short=N_("back")),
)  # fmt: skip
"""The keys of the list of your games."""

REVIEW: tuple[Binding, ...] = (
    Binding("review_next", ("right", "l"), N_("the next placement (the summary after the last)"), page="review",
            short=N_("step"), shown="← →"),
    Binding("review_back", ("left", "h"), N_("the placement before"), page="review"),
    Binding("review_first", ("home",), N_("the first placement"), page="review", short=N_("first")),
    Binding("review_summary", ("end", "\t"), N_("the summary, with the chart, after the last placement"),
            page="review", short=N_("summary")),
    Binding("review_error", ("e",), N_("the next placement that cost something (any verdict but best, good too)"),
            page="review", short=N_("costly"), shown="e E"),
    Binding("review_error_back", ("E",), N_("the placement before that cost something"), page="review"),
    Binding("review_practice", ("x",), N_("practise the placements of this game that {costly}"), page="review",
            short=N_("practise")),
    Binding("review_close", ("q", "escape"), N_("back to where the review was opened from"), page="review",
            short=N_("back")),
)  # fmt: skip
"""The review page's keys: none of them means something else on the table."""

PRACTICE: tuple[Binding, ...] = (
    Binding("practice_left", ("left", "h"), N_("choose a cell"), page="practice", short=N_("choose a cell"),
            shown="← → ↑ ↓"),
    Binding("practice_right", ("right", "l"),
            N_("choose a cell (→ also goes on to the next position once the answer is shown)"), page="practice"),
    Binding("practice_up", ("up", "k"), N_("choose a cell"), page="practice"),
    Binding("practice_down", ("down", "j"), N_("choose a cell"), page="practice"),
    Binding("practice_answer", ("enter",), N_("answer with the cell chosen; then the next position"),
            page="practice", short=N_("answer")),
    Binding("practice_skip", ("\t",), N_("skip this position (offered again another time)"), page="practice",
            short=N_("skip")),
    Binding("practice_close", ("q", "escape"), N_("back to where practice was opened from"), page="practice",
            short=N_("back")),
)  # fmt: skip
"""The practice page's keys."""

BINDINGS: dict[str, Binding] = {b.action: b for b in (*TABLE, *ANY_PAGE, *STATS, *LOG, *HISTORY, *REVIEW, *PRACTICE)}
"""Every key record of the screen, by its action."""

_FIELDS = {"kinds": KINDS, "costly": COSTLY}
"""What the descriptions' named fields stand for."""


def binding(action: str) -> Binding:
    """The key record of ``action``."""
    return BINDINGS[action]


def summary(action: str) -> str:
    """The help's line for ``action``, in the language in use."""
    return _(BINDINGS[action].description).format(**{name: _(field) for name, field in _FIELDS.items()})


SUMMARIES: dict[str, str] = {action: record.description.format(**_FIELDS) for action, record in BINDINGS.items()}
"""Each action's line in the help, in English (the source of :func:`summary`)."""

_LABELS = {
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "enter": N_("Enter"),
    "escape": N_("Esc"),
    "page_up": N_("PgUp"),
    "page_down": N_("PgDn"),
    "home": N_("Home"),
    "end": N_("End"),
    "ctrl_l": N_("Ctrl-L"),
    "backspace": N_("Backspace"),
    "other": "",
    " ": N_("Space"),
    "\t": N_("Tab"),
}


def label(key: str) -> str:
    """How a key is written for the player: ``"Enter"``, ``"←"``, ``"u"``."""
    said = _LABELS.get(key)
    if said is None:
        return key
    return pgettext("key", said) if said else ""


def legend(actions: Iterable[str]) -> list[tuple[str, str]]:
    """The key legend of ``actions``: each one's first key and its word (``u undo``)."""
    return [BINDINGS[action].pair() for action in actions]


def offers(actions: Iterable[str]) -> list[tuple[str, str]]:
    """What the end box offers of ``actions``: each one's first key and its :attr:`Binding.offer`."""
    return [(label(BINDINGS[action].keys[0]), _(BINDINGS[action].offer)) for action in actions]


AT_THE_END: tuple[str, ...] = ("new", "replay", "undo", "review", "log", "quit")
"""What the end of a game offers, by action, in the order it offers them: the screen's end box (its keys, of the
actions bound there) and plain mode's end-of-game line (its command words) both read this one list, and call
each action what its record's :attr:`Binding.offer` does."""


def footer_forms(records: Iterable[Binding]) -> list[str]:
    """A page's keys on its footer, longest first (``← → step · ... · q back``): those of ``records`` with a
    word, then shorter forms that leave out the keys after the first, one at a time, never the last, which
    leaves the page (the records come in the order they matter, the least after the first)."""
    pairs = [" ".join(record.pair()) for record in records if record.short]
    forms = [" · ".join(pairs)]
    while len(pairs) > 2:
        pairs = [pairs[0], *pairs[2:]]
        forms.append(" · ".join(pairs))
    return forms


KEYS_HEADING = N_("Keys")
"""The heading of the table's keys in the help."""

PAGE_TITLES: dict[str, str] = {
    "review": N_("Keys on a review"),
    "practice": N_("Keys on practice"),
    "log": N_("Keys on the log"),
    "history": N_("Keys on your games"),
    "stats": N_("Keys on the statistics page"),
    "*": N_("Keys on every page that has none of its own for them"),
}
"""The heading of each kind of page's keys in the help, by the page's kind, as a message of its own."""


def extra_key_lines() -> list[tuple[str, str]]:
    """Lines of the help for what is not a command: scrolling a page, the mouse, the terminal's own keys."""
    scroll = " ".join(label(key) for key in ("up", "down", "page_up", "page_down"))
    return [
        (
            scroll,
            _(
                "on the help, the statistics and the log: scroll; q or Esc goes back, and any other key goes back "
                "and does there what it does"
            ),
        ),
        (_("mouse click"), _("place the next card on the cell clicked (Shift and drag selects text)")),
        ("Ctrl-Z", _("suspend (fg brings the game back)")),
    ]


# --- plain mode ---------------------------------------------------------------


class Typed(Value):
    """One of plain mode's commands: the words that run it, what may follow them, and what it does."""

    action: str
    """What the words run (the same name as the screen's key for the same action, where there is one)."""
    words: tuple[str, ...]
    """The English words, the first the one to type; each is also looked up in the catalog (:func:`typed_words`)."""
    after: str
    """What may follow the word (`` CELL``, `` [N]``), as the help writes it; empty: nothing may."""
    description: str


PLAIN: tuple[Typed, ...] = (
    Typed("undo", ("u", "undo"), "",
          N_("take back the last card (as often as you like; a game on your own asks once)")),
    Typed("redo", ("r", "redo"), "", N_("put back a card taken back")),
    Typed("tip", ("t", "tip"), "",
          N_("tip: where the expert would put the next card, the cards to expect and your chance")),
    Typed("autoplay", ("a", "autoplay"), "",
          N_("autoplay: the expert plays the rest of the game, each card said as it goes")),
    Typed("preview", ("p", "preview"), " CELL", N_("preview: what placing the next card on CELL would do (p e4)")),
    Typed("cards", ("c", "cards"), "", N_("the cards still to come, rank by rank")),
    Typed("log", ("l", "log", "m"), "", N_("the log: every card placed so far, numbered, with what it did and why")),
    Typed("new", ("n", "new"), "", N_("new deal (asks first: leaving a game counts it as lost)")),
    Typed("replay", ("d", "replay"), "",
          N_("the same deal again, once a game has ended (a replay: it does not count)")),
    Typed("stats", ("s", "stats"), "", N_("your statistics: games won and lost, streaks, scores")),
    Typed("history", ("g", "games"), "", N_("your games, newest first ({kinds}), each with its number")),
    Typed("review", ("v", "review"), " [N]",
          N_("the expert's review of the game just ended, or of game N of your games")),
    Typed("practice", ("practice",), " [N]",
          N_("practise on your mistakes: positions from your games (or game N) to solve")),
    Typed("help", ("?", "help"), " [TOPIC]",
          N_("the rules and these commands; ? TOPIC a page of the help (? rules, ? review…)")),
    Typed("quit", ("q", "quit"), "", N_("quit (your game is saved for next time, and so it is at the end of input)")),
)  # fmt: skip
"""Plain mode's commands, in the order its help lists them."""

_TYPED: dict[str, tuple[Typed, ...]] = {
    action: tuple(command for command in PLAIN if command.action == action) for action in BINDINGS
}
"""Plain mode's commands by the action they run (none for a key of the screen's own)."""


YES_KEY, NO_KEY = "y", "n"
"""The keys that answer a question yes and no, as a question names them (:func:`answer_words` takes more)."""


def answer_words(*, yes: bool) -> frozenset[str]:
    """The words that answer a question yes (or no): the language's own, and the English ones, which always
    work."""
    english = (YES_KEY, "yes") if yes else (NO_KEY, "no")
    return frozenset((*english, *(pgettext("answer", word).lower() for word in english)))


def typed_offers(actions: Iterable[str] = AT_THE_END) -> list[tuple[str, str]]:
    """What plain mode offers of ``actions``: each one's command word (the first of its record) and what the
    screen's end box calls the same action."""
    return [(command.words[0], _(BINDINGS[action].offer)) for action in actions for command in _TYPED[action]]


def typed_words(command: Typed) -> tuple[str, ...]:
    """The words that run ``command``: the language's own (from the catalog), then the English ones, which
    always work."""
    own = tuple(pgettext("command", word) for word in command.words)
    return tuple(dict.fromkeys((*own, *command.words)))
