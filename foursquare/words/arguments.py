"""argparse's own words (``usage:``, ``error:``, ``the following arguments are required``) in the language in use.

argparse says its few sentences through :mod:`gettext` in its own domain;
they are marked here for the game's catalog, and :func:`speak` has argparse
look them up there, so that a command's usage and its errors read in the
language the rest of the game speaks.  They keep argparse's ``%s`` and
``%(name)s`` placeholders, as argparse fills them.
"""

from __future__ import annotations

import argparse

from foursquare.words.catalog import N_, _, ngettext

__all__ = ["MESSAGES", "speak", "usage_prefix", "version_help"]

MESSAGES = (
    N_("usage: "),
    N_("argument %(argument_name)s: %(message)s"),
    N_("positional arguments"),
    N_("options"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
"""What argparse says to a player, as its version writes it (one it words otherwise stays in English)."""


def _expected(count: int) -> None:
    ngettext("expected %s argument", "expected %s arguments", count)  # marked for the catalog; argparse says it


def version_help() -> str:
    """What ``--version`` does, as ``--help`` says it (some versions of argparse say it only in English)."""
    return _("show program's version number and exit")


def usage_prefix() -> str:
    """What argparse writes before a usage line (``usage: ``), in the language in use."""
    return _("usage: ")


def speak() -> None:
    """Have argparse say its words through the game's catalog (English where the language has none)."""
    setattr(argparse, "_", _)  # noqa: B010 - argparse's own module global, looked up at each call
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
