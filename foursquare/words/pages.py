"""The help pages: the rules in full, the screen, plain mode, the expert, the review, the data folder, the JSON.

Markdown files inside the package (``foursquare/words/help/``), so that
``foursquare help TOPIC`` prints them on any installation and the README can
link to each by its path.  Each page's first line is its title.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["TOPICS", "page", "title"]

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
