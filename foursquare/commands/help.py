"""``foursquare help [TOPIC]``: the pages of help that the README points to, printed in the terminal.

A page is laid out for the terminal's width (:func:`~foursquare.words.markdown.rendered`), not printed as the
Markdown the README links to.
"""

from __future__ import annotations

import argparse
import sys

from foursquare.commands.arguments import parser_for
from foursquare.commands.output import say
from foursquare.session.columns import page_width
from foursquare.session.errors import CommandError
from foursquare.session.lines import shows
from foursquare.words.catalog import _, language
from foursquare.words.commands import OPTIONS
from foursquare.words.glyphs import to_ascii
from foursquare.words.languages import language_lines
from foursquare.words.markdown import rendered
from foursquare.words.pages import (
    LANGUAGES,
    LANGUAGES_LINE,
    LIST_HEADING,
    TOPICS,
    no_such_topic,
    not_translated,
    page,
    title,
    topic_of,
)

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = parser_for("help")
    parser.add_argument(
        "topic", nargs="?", metavar="TOPIC", help=OPTIONS["help"]["topic"].format(topics=", ".join(TOPICS))
    )
    return parser


def main(argv: list[str]) -> int:
    """``foursquare help [TOPIC]``; returns the exit status (2 for a topic there is no page of)."""
    args = _parser().parse_args(argv)
    if args.topic is None:
        width = max(map(len, TOPICS))
        lines = [_(LIST_HEADING)]
        lines += [f"  {topic:<{width}}  {title(topic, language())}" for topic in TOPICS]
        lines += ["", _(LANGUAGES_LINE)]
        return _say("\n".join(lines))
    if args.topic.strip().lower() == LANGUAGES:
        return _say("\n".join(language_lines()))
    topic = topic_of(args.topic)
    if topic is None:
        raise CommandError(no_such_topic(args.topic), 2)
    help_page = page(topic, language())
    text = rendered(help_page.text, page_width())
    return _say(f"{not_translated()}\n\n{text}" if help_page.in_english else text)


def _say(text: str) -> int:
    """Print ``text`` as it is where the output shows it, else in the ASCII forms the game draws with."""
    return say(text if shows(text, sys.stdout, real=sys.stdout is sys.__stdout__) else to_ascii(text))
