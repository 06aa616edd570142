"""The language the player chose to keep (``foursquare --lang CODE --remember``): one line in the data folder.

A plain file beside the database rather than a row in it, so that finding the
language costs a command one small read and never opens the database (a
``--version`` or ``help`` that says a sentence would otherwise pay for it).
"""

from __future__ import annotations

from foursquare.storage.files import data_dir

__all__ = ["FILE_NAME", "forget", "remember", "remembered"]

FILE_NAME = "language"
"""The file in the data folder holding the code of the language kept, and nothing else."""
_MOST = 64
"""More than any language's code: a longer file is not one this game wrote."""


def remembered() -> str | None:
    """The code kept, or None: none kept, or the file unreadable (the environment's language then speaks)."""
    try:
        with (data_dir() / FILE_NAME).open(encoding="utf-8") as f:
            code = f.read(_MOST + 1).strip()
    except (OSError, ValueError):
        return None
    return code if code and len(code) <= _MOST and code.isprintable() else None


def remember(code: str) -> None:
    """Keep ``code`` for the next runs; :class:`OSError` when the data folder cannot be written."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE_NAME).write_text(code + "\n", encoding="utf-8")


def forget() -> None:
    """Keep no language: the environment's speaks from now on."""
    (data_dir() / FILE_NAME).unlink(missing_ok=True)
