"""Opening the session for a command that plays: the data folder claimed for this window first.

Only one game window may use a data folder at a time (see
:mod:`foursquare.storage.window`); a second one stops with one line naming
the first, as a :class:`~foursquare.session.errors.CommandError`.
"""

from __future__ import annotations

from pathlib import Path

from foursquare.session.errors import CommandError
from foursquare.session.game import GameSession, Opening
from foursquare.storage.files import data_dir
from foursquare.storage.problems import StoreError
from foursquare.storage.window import Window, WindowOpen, claim_window
from foursquare.words.faults import refused_words
from foursquare.words.problems import window_open

__all__ = ["open_session"]


def open_session(*, seed: int | None, daily: bool, new: bool) -> tuple[GameSession, Opening]:
    """:meth:`GameSession.open` in the data folder, with the folder claimed for this window.

    Raises :class:`CommandError`: status 1 when another game window holds
    the folder (naming its process), 2 for a deal that cannot be asked for.
    The claim lasts as long as the session (``session.window``).
    """
    folder = data_dir()
    try:
        window = _claim(folder)
    except WindowOpen as exc:
        raise CommandError(window_open(exc.folder, exc.pid)) from None
    try:
        found = window.notes if window is not None else []
        session, opening = GameSession.open(folder, seed=seed, daily=daily, new=new, found=found)
    except ValueError as exc:
        if window is not None:
            window.release()
        raise CommandError(refused_words(exc), 2) from None
    session.window = window
    return session, opening


def _claim(folder: Path) -> Window | None:
    """Claim the data folder for this game; None when it cannot be used (the session then keeps nothing)."""
    try:
        return claim_window(folder)
    except (OSError, StoreError):
        return None  # GameSession.open meets the same folder and tells the player why nothing is kept
