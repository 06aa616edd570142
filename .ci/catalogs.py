"""The game's gettext catalogs: extract the template, start a language, compile, make en-XA, check them all.

    python .ci/catalogs.py update        # the template from the code, every .po merged with it and compiled, en-XA
    python .ci/catalogs.py start CODE    # a new language's .po from the template, for a translator to fill
    python .ci/catalogs.py check         # what CI runs (through tests/words/test_catalogs.py): fails when stale

The template (``foursquare/words/locale/foursquare.pot``) is extracted from the
code with Babel, which finds every ``_``, ``ngettext``, ``pgettext``,
``npgettext`` and ``N_`` call.  Each language's catalog is
``foursquare/words/locale/CODE/LC_MESSAGES/foursquare.po`` (CODE as gettext
spells it: ``sk``, ``pt_BR``), compiled beside it to the ``foursquare.mo`` the
package ships, so that an installed game needs no tool to speak it.

``en-XA`` is a pseudo-language made here from the template, never by hand:
every ASCII letter of every message (and of its padding) is an accented or
look-alike letter, each message about 40% longer, placeholders such as
``{deal}`` untouched.  A screen that shows a plain English word under it shows
a sentence that does not go through the catalog; one that cuts or overlaps a
word did not make room for a longer language.

Babel is a development tool only (the ``test`` extra): the game reads the
compiled catalogs with the standard library's :mod:`gettext`.
"""

from __future__ import annotations

import gettext
import io
import math
import re
import string
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from foursquare.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "foursquare"
LOCALE = PACKAGE / "words" / "locale"
DOMAIN = "foursquare"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PSEUDO = "en_XA"
"""The pseudo-language's folder (gettext's spelling of ``en-XA``)."""
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""The template's and en-XA's date: fixed, so that the files change only when their messages do."""
COMMENT_TAGS = ["Translators:"]
"""A comment so tagged just above a message goes into the template, for the translator."""
METHODS = [("**.py", "python")]

_ACCENTED = dict(
    zip(
        string.ascii_letters,
        "åƀçđéƒĝĥîĵķļɱñöƥǫŕšţûṽŵхýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴХÝŽ",
        strict=True,
    )
)
_PADDING = "ŏñé ţŵö ţĥŕéé ƒöûŕ ƒîṽé šîх šéṽéñ éîĝĥţ ñîñé ţéñ "
_FIELD = re.compile(r"\{[^{}]*\}")
_TYPED_NAMES = "TERM|LANGUAGE|LANG|LC_ALL|LC_MESSAGES|NO_COLOR|COLUMNS|LINES|CODE|GAME|FILE|TOPIC|CELL|JSON|UTC"
_KEPT = re.compile(
    r"\{[^{}]*\}|%(?:\(\w+\))?[srd]"
    rf"|(?<![\w-])(?:foursquare(?: help [a-z]+\b| (?:{'|'.join(COMMANDS)})\b)?"
    r"|--?[a-z][a-z-]*)"
    rf"|\b(?:{_TYPED_NAMES})\b"
)
"""What en-XA keeps as it is: placeholders, and what the player types or sets (``foursquare stats``,
``foursquare help languages``, ``--lang``, ``LANG``, ``CODE``)."""
_TAIL = re.compile(r"[\s.:;!?…)]*$")


def pseudo(message: str, most: int | None = None) -> str:
    """``message`` in en-XA: its letters accented, its placeholders kept, padded to about 140% of its length
    (before the sentence's end, so that ``Won.`` stays a sentence), or to ``most`` columns where a comment
    for the translator says that is all the room there is."""
    if not any(c in _ACCENTED for c in _FIELD.sub("", message)):
        return message  # a mark or a number alone ("·", "{count}") has nothing to translate
    out = []
    at = 0
    for field in _KEPT.finditer(message):
        out.append(_accented(message[at : field.start()]))
        out.append(field.group())
        at = field.end()
    out.append(_accented(message[at:]))
    text = "".join(out)
    tail = _TAIL.search(text)
    end = tail.start() if tail else len(text)
    extra = math.ceil(len(_FIELD.sub("", message)) * 0.4)
    if most is not None:
        extra = min(extra, most - len(message))
    padding = (_PADDING * (extra // len(_PADDING) + 1))[: extra - 1].rstrip() if extra > 1 else ""
    return f"{text[:end]} {padding}{text[end:]}" if padding else text


def _accented(text: str) -> str:
    return "".join(_ACCENTED.get(c, c) for c in text)


def template() -> Catalog:
    """The template, from the code as it is now."""
    catalog = Catalog(
        project="Foursquare",
        domain=DOMAIN,
        header_comment="# The messages of Foursquare, extracted from its code: python .ci/catalogs.py update",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        charset="utf-8",
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE, METHODS, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        where = ("foursquare/" + filename.replace("\\", "/"), lineno)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def po_text(catalog: Catalog) -> bytes:
    """``catalog`` as the text of a .po (or .pot) file, locations by file without line numbers, so that a
    line added above a message does not change the file."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_by_file=True, include_lineno=False)
    return _GENERATED_BY.sub(b"", out.getvalue())


_GENERATED_BY = re.compile(rb'^"Generated-By: [^"]*"\n', re.MULTILINE)
"""The header line naming Babel's version: left out, so that another version writes the same file."""


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _messages(po: bytes) -> list[tuple[object, ...]]:
    """What a template says, whatever version of Babel wrote it: each message, its context, its comments for
    the translator and the files it is in."""
    catalog = read_po(io.BytesIO(po))
    return sorted(
        (
            str(message.id),
            str(message.context),
            tuple(message.auto_comments),
            tuple(sorted({where for where, _ in message.locations})),
        )
        for message in catalog
        if message.id
    )


def same_mo(one: bytes, other: bytes) -> bool:
    """Whether two compiled catalogs say the same, their headers' ``Generated-By`` aside."""

    def said(data: bytes) -> dict[object, str]:
        messages = dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
        messages[""] = re.sub(r"Generated-By: .*\n", "", messages.get("", ""))
        return messages

    return said(one) == said(other)


def pseudo_catalog(source: Catalog) -> Catalog:
    """en-XA from the template ``source``: every message pseudo-translated, English's two plural forms."""
    catalog = Catalog(
        locale=None, domain=DOMAIN, project="Foursquare", creation_date=FIXED_DATE, revision_date=FIXED_DATE
    )
    catalog.fuzzy = False
    for message in source:
        if not message.id:
            continue
        most = next((int(m[1]) for c in message.auto_comments if (m := _AT_MOST.search(c))), None)
        if isinstance(message.id, (list, tuple)):
            translated: str | tuple[str, ...] = tuple(pseudo(form, most) for form in message.id)
        else:
            translated = pseudo(message.id, most)
        catalog.add(message.id, translated, context=message.context)
    return catalog


_AT_MOST = re.compile(r"at most (\d+) columns")
"""A translator's comment that limits a message's width: en-XA pads it no wider."""


def languages() -> list[Path]:
    """The .po file of every language translated by hand."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def fields(text: str) -> set[str]:
    """The names of ``text``'s placeholders (``{deal}``, ``{score:>3}`` is ``score``; argparse's ``%(prog)s``
    and ``%s`` too, which it fills itself)."""
    named = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return named | {f"%{m}" for m in _PERCENT.findall(text)}


_PERCENT = re.compile(r"%(\(\w+\)[srd]|[srd])")


def placeholder_problems(message: Message) -> list[str]:
    """How the translation of ``message`` names other placeholders than its English (empty: none)."""
    if not message.id or not message.string or message.fuzzy:  # a fuzzy guess is not compiled: nothing to check
        return []
    english = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    said = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    wanted: set[str] = set().union(*(fields(form) for form in english))
    problems = []
    for form in said:
        if not form:
            continue
        try:
            named = fields(form)
        except ValueError as exc:
            problems.append(f"{english[0]!r}: {form!r} is not a valid message ({exc})")
            continue
        if named - wanted:
            problems.append(f"{english[0]!r}: {form!r} names {sorted(named - wanted)}, which the English has not")
        if len(english) == 1 and wanted - named:
            problems.append(f"{english[0]!r}: {form!r} leaves out {sorted(wanted - named)}")
    return problems


def check() -> list[str]:
    """Everything stale or wrong with the catalogs: the template out of date with the code, a catalog that
    does not compile or whose shipped .mo is not its compiled form, placeholders that differ from English."""
    problems = []
    fresh = template()
    if not TEMPLATE.exists() or _messages(TEMPLATE.read_bytes()) != _messages(po_text(fresh)):
        problems.append(f"{TEMPLATE.relative_to(ROOT)} is out of date with the code: python .ci/catalogs.py update")
    shipped = LOCALE / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not shipped.exists() or not same_mo(shipped.read_bytes(), mo_bytes(pseudo_catalog(fresh))):
        problems.append(f"{shipped.relative_to(ROOT)} is out of date with the template: python .ci/catalogs.py update")
    for po in languages():
        name = po.relative_to(ROOT)
        try:
            with po.open("rb") as f:
                catalog = read_po(f, abort_invalid=True)
            compiled = mo_bytes(catalog)
        except Exception as exc:  # any failure to read or compile is the catalog's
            problems.append(f"{name} does not compile: {exc}")
            continue
        for message in catalog:
            problems += [f"{name}: {problem}" for problem in placeholder_problems(message)]
        for message, errors in catalog.check():
            if "python-brace-format" in message.flags:  # "50% of" is no %-format: the fields are checked above
                continue
            problems += [f"{name}: {message.id!r}: {error}" for error in errors]
        mo = po.with_suffix(".mo")
        if not mo.exists() or not same_mo(mo.read_bytes(), compiled):
            problems.append(f"{mo.relative_to(ROOT)} is not {name} compiled: python .ci/catalogs.py update")
    return problems


def update() -> None:
    """Write the template, merge it into every language's catalog and compile them, and make en-XA."""
    fresh = template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(po_text(fresh))
    shipped = LOCALE / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
    shipped.parent.mkdir(parents=True, exist_ok=True)
    shipped.write_bytes(mo_bytes(pseudo_catalog(fresh)))
    for po in languages():
        with po.open("rb") as f:
            catalog = read_po(f)
        catalog.update(fresh, update_header_comment=False)
        po.write_bytes(po_text(catalog))
        _compile(po)


def start(code: str) -> Path:
    """A new language's catalog from the template, every message still to translate."""
    po = LOCALE / code.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise SystemExit(f"{po.relative_to(ROOT)} exists already: python .ci/catalogs.py update merges it")
    with TEMPLATE.open("rb") as f:
        source = read_po(f)
    catalog = Catalog(locale=code.replace("-", "_"), domain=DOMAIN, project="Foursquare")
    catalog.update(source)
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(po_text(catalog))
    _compile(po)
    return po


def _compile(po: Path) -> None:
    """The ``.mo`` beside ``po``, compiled from the file as written (what :func:`check` compares it with)."""
    with po.open("rb") as f:
        po.with_suffix(".mo").write_bytes(mo_bytes(read_po(f)))


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if argv == ["check"]:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    if len(argv) == 2 and argv[0] == "start":
        print(start(argv[1]).relative_to(ROOT))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
