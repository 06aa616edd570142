"""The help pages: the rules in full, the screen, plain mode, the expert, the review, the data folder, the JSON.

Markdown files inside the package (``foursquare/words/help/``), so that
``foursquare help TOPIC`` prints them on any installation and the README can
link to each by its path.  Each page's first line is its title.
"""

from __future__ import annotations

from importlib import resources

from foursquare.words.quote import quoted

__all__ = ["LIST_HEADING", "TOPICS", "no_such_topic", "page", "title", "topic_of"]

TOPICS = ("rules", "screen", "plain", "expert", "review", "data", "json")
"""Every topic, in the order the list of topics gives them."""


def page(topic: str) -> str:
    """The page of ``topic`` (one of :data:`TOPICS`), as Markdown."""
    if topic not in TOPICS:
        raise KeyError(topic)
    return (resources.files("foursquare.words") / "help" / f"{topic}.md").read_text(encoding="utf-8")


def title(topic: str) -> str:
    """The page's title: its first line, without the ``#``."""
    return page(topic).splitlines()[0].lstrip("# ").strip()


LIST_HEADING = "Topics (foursquare help TOPIC prints one):"


def topic_of(typed: str) -> str | None:
    """The topic ``typed`` names (any case, spaces around), None if it names none."""
    topic = typed.strip().lower()
    return topic if topic in TOPICS else None


def no_such_topic(typed: str) -> str:
    """Why there is no page for ``typed`` (as the player typed it), with the nearest topic if one is near."""
    import difflib  # only for a topic mistyped

    close = difflib.get_close_matches(typed.strip().lower(), TOPICS, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"no help on {quoted(typed)}: {hint}the topics are {', '.join(TOPICS)}"
