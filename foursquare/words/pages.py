"""The help pages: the rules in full, the screen, plain mode, the expert, the review, the data folder, the JSON.

Markdown files inside the package (``foursquare/words/help/``), so that
``foursquare help TOPIC`` prints them on any installation and the README can
link to each by its path.  Each page's first line is its title.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["LIST_HEADING", "TOPICS", "no_such_topic", "page", "title"]

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


def no_such_topic(typed: str, nearest: str | None) -> str:
    """Why there is no page for ``typed`` (already quoted), with the nearest topic if one is near."""
    hint = f"did you mean {nearest!r}? " if nearest else ""
    return f"no help on {typed}: {hint}the topics are {', '.join(TOPICS)}"
