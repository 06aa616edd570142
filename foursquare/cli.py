"""The ``foursquare`` command line: parses arguments and hands over to the right part.

``foursquare [options]`` plays; ``foursquare COMMAND ...`` runs a command whose
module is imported only when it is asked for, so that starting the game stays
fast.  What only some runs need (the parser, the words of the edges' errors,
the nearest command to a mistyped one) is imported where it is used:
``foursquare --version`` is answered before any parser is built, and loads
almost nothing of the package.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import importlib
import io
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from types import FrameType

from foursquare import __version__
from foursquare.session.errors import INTERRUPTED, CommandError, Terminated

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import TextIO

__all__ = ["COMMANDS", "VERSION", "build_parser", "main", "play", "practice", "screen_possible"]

COMMANDS: dict[str, tuple[str, str]] = {
    name: (module, function)
    for name, module, function in (
        ("stats", "foursquare.commands.stats", "main"), ("history", "foursquare.commands.history", "main"),
        ("export", "foursquare.commands.transfer", "export_main"),
        ("import", "foursquare.commands.transfer", "import_main"),
        ("simulate", "foursquare.commands.simulate", "main"), ("review", "foursquare.commands.review", "main"),
        ("practice", "foursquare.cli", "practice"), ("help", "foursquare.commands.help", "main"),
    )
}  # fmt: skip
"""Each command: the module and function that run it, imported only when it is asked for (each takes argv and
returns the exit status); its line of help is in :mod:`foursquare.words.commands`."""


VERSION = f"foursquare {__version__}"
"""What ``foursquare --version`` prints."""


def build_parser() -> argparse.ArgumentParser:
    """The parser for playing (no sub-command)."""

    from foursquare.commands.arguments import Parser, RawDescriptionHelpFormatter, deal_number
    from foursquare.engine import LAST_DEAL
    from foursquare.words.arguments import usage_prefix, version_help
    from foursquare.words.commands import DESCRIPTIONS, OPTIONS, SUMMARIES, commands_epilog

    said = OPTIONS["play"]
    epilog = commands_epilog({name: SUMMARIES[name] for name in COMMANDS})
    parser = Parser(
        prog="foursquare",
        description=DESCRIPTIONS["play"],
        epilog=epilog,
        formatter_class=RawDescriptionHelpFormatter,
    )
    deal = parser.add_mutually_exclusive_group()
    deal.add_argument("--seed", type=deal_number, metavar="N", help=said["--seed"].format(last=LAST_DEAL))
    deal.add_argument("--daily", action="store_true", help=said["--daily"])
    parser.add_argument("--new", action="store_true", help=said["--new"])
    parser.add_argument("--no-color", action="store_true", help=said["--no-color"])
    parser.add_argument("--ascii", action="store_true", help=said["--ascii"])
    parser.add_argument("--plain", action="store_true", help=said["--plain"])
    parser.add_argument("--words", action="store_true", help=said["--words"])
    parser.add_argument(LANG, metavar="CODE", help=said[LANG])  # taken out before parsing: see _language_options
    parser.add_argument(REMEMBER, action="store_true", help=said[REMEMBER])
    parser.add_argument("--version", action="version", version=VERSION, help=version_help())
    playing = parser.format_usage().removeprefix(usage_prefix()).strip()
    parser.usage = f"{playing}\n{' ' * len(usage_prefix())}foursquare {{{','.join(COMMANDS)}}} ..."
    return parser


def play(args: argparse.Namespace) -> int:
    """Play the deal the arguments ask for, on the game screen or, where it cannot be drawn or is not
    wanted, in plain mode (:mod:`foursquare.plain.play`); the screen is put together in
    :mod:`foursquare.screen.play`."""
    if args.plain or args.words or not screen_possible():
        from foursquare.plain.play import main as plain_main

        return plain_main(seed=args.seed, daily=args.daily, new=args.new, ascii=args.ascii, words=args.words)
    from foursquare.screen.play import Request  # imported here: only playing needs curses and the files
    from foursquare.screen.play import main as play_main

    return play_main(Request(args.seed, args.daily, args.new), ascii=args.ascii, color=not args.no_color)


def practice(argv: list[str]) -> int:
    """``foursquare practice``: on the game screen's practice page in a terminal, else in plain lines
    (:mod:`foursquare.commands.practice`)."""
    from foursquare.commands.practice import build_parser as practice_parser
    from foursquare.commands.practice import check_game
    from foursquare.commands.practice import main as practice_lines

    args = practice_parser().parse_args(argv)
    if args.plain or args.words or not screen_possible():
        return practice_lines(argv)
    games = check_game(args.game)
    from foursquare.screen.play import Practising, Request
    from foursquare.screen.play import main as play_main

    practise = Practising(None if args.game is None else [args.game], args.nodes, games)
    return play_main(Request(), ascii=args.ascii, color=not args.no_color, practise=practise)


def screen_possible() -> bool:
    """Whether the game screen may be tried: both ends are a terminal and it is not a dumb one."""
    return os.environ.get("TERM") != "dumb" and sys.stdin.isatty() and sys.stdout.isatty()


def main(argv: Sequence[str] | None = None, *, commands: Mapping[str, Callable[[list[str]], int]] | None = None) -> int:
    """Entry point of the ``foursquare`` command; returns the exit status.

    Whatever runs, the edges end the same way, without a traceback: a
    :class:`CommandError` is its one line on standard error and its status;
    argparse's usage errors, help and version are its own; Ctrl-C exits 130
    (the game screen has restored the terminal and kept the game by then),
    SIGTERM 143 once what the command opened is closed; a
    reader that closed the pipe ends the output quietly; output that cannot
    be written (a full disk) is one line and status 1.  A standard stream
    that is closed is one line and status 1 before anything runs, and
    characters the output's encoding lacks are written in their ASCII forms.
    ``commands`` runs some commands otherwise (a test's review with a quick expert), with the same edges.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)  # from here on, Ctrl-C is KeyboardInterrupt
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:  # one ignored (nohup, a service) stays ignored
        signal.signal(signal.SIGTERM, functools.partial(_terminate, os.getpid()))
    args, lang, remember = _language_options(list(sys.argv[1:] if argv is None else argv))
    _lost_output.clear()
    closed = _mend_streams()
    prog = f"foursquare {args[0]}" if args and args[0] in COMMANDS else "foursquare"
    if closed:
        from foursquare.words.problems import closed_streams

        _error(prog, closed_streams(closed))
        return 1
    try:
        try:
            _speak(lang, remember)
            if remember and not args:
                return 0
            status = _dispatch(args, commands or {})
        except SystemExit as exc:  # argparse: the usage and its error, the help, the version
            status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
            if _lost_output:
                raise _lost_output[0] from None  # argparse swallows a failed write of the help
        except CommandError as exc:
            _error(prog, exc.line)
            status = exc.status
        sys.stdout.flush()  # a closed pipe or a full disk shows here, not in Python's exit
    except KeyboardInterrupt:
        _silence_stdout()
        return INTERRUPTED
    except Terminated as exc:
        _silence_stdout()
        return exc.status
    except BrokenPipeError:
        _silence_stdout()
        return 141  # as if killed by SIGPIPE, like any other command in a broken pipeline
    except OSError as exc:
        if exc.errno not in _OUTPUT_FULL:
            raise
        from foursquare.words.problems import unwritable_output

        _silence_stdout()
        _error("foursquare", unwritable_output(exc.errno or errno.ENOSPC))
        return 1
    return status


LANG = "--lang"
REMEMBER = "--remember"
AUTO = "auto"
"""``--lang auto``: the environment's language, whatever was remembered."""


def _language_options(args: list[str]) -> tuple[list[str], str | None, bool]:
    """``args`` without ``--lang CODE`` (or ``--lang=CODE``) and ``--remember``, wherever they stand (before
    the command or after it); the code typed, and whether to remember it."""
    rest: list[str] = []
    lang: str | None = None
    remember = False
    items = iter(args)
    for arg in items:
        if arg == "--":
            rest += [arg, *items]
        elif arg == LANG:
            lang = next(items, "")
        elif arg.startswith(LANG + "="):
            lang = arg.removeprefix(LANG + "=")
        elif arg == REMEMBER:
            remember = True
        else:
            rest.append(arg)
    return rest, lang, remember


def _speak(typed: str | None, remember: bool) -> None:
    """Choose the language: ``typed`` (``--lang``), else the one remembered, else the environment's; an
    unknown code speaks English and says so in one line.  With ``remember``, keep it for the next runs.
    A run that chooses nothing does not even import the catalog here (``--version`` says nothing)."""
    if typed is None and not remember:
        return  # chosen when a sentence is first said: the language kept, else the environment's
    from foursquare.words import catalog
    from foursquare.words.commands import Said

    if typed is None or typed == AUTO:
        code = None if typed is None else catalog.from_environment(os.environ)
    else:  # --lang
        code = catalog.known(typed)
        if code is None:
            _error("foursquare", Said.UNKNOWN_LANGUAGE.say(typed=typed))
            code = catalog.SOURCE
    catalog.use(code)
    if not remember:
        return
    from foursquare.storage import language as kept

    if typed is None:
        raise CommandError(Said.REMEMBER_WHAT.say(), 2)
    try:
        if typed == AUTO:
            kept.forget()
        else:
            kept.remember(catalog.language())
    except OSError as exc:
        from foursquare.words.problems import system_error

        raise CommandError(Said.NOT_REMEMBERED.say(why=system_error(exc.errno))) from None
    from foursquare.words.languages import name

    code = catalog.language()
    print(Said.FORGOTTEN.say() if typed == AUTO else Said.REMEMBERED.say(language=f"{name(code)} ({code})"))


def _terminate(owner: int, signum: int, frame: FrameType | None) -> None:
    """SIGTERM (``kill``, ``timeout``) unwinds a command as Ctrl-C does: :class:`Terminated`, in the process
    that installed it (``owner``); elsewhere (a process started from it) it ends at once, as by default.
    The game screen puts its own handler in place while it runs, with the terminal to restore."""
    if os.getpid() != owner:
        os._exit(128 + signum)
    raise Terminated(signum)


_OUTPUT_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
_STREAMS = (("stdin", 0, os.O_RDONLY), ("stdout", 1, os.O_WRONLY), ("stderr", 2, os.O_WRONLY))
ASCII_FORMS = "foursquare-ascii"
"""The encoding error handler that writes a character the output cannot encode in its ASCII form."""


def _error(prog: str, line: str) -> None:
    """One line on standard error, ``prog: line``, broken between words in a terminal narrower than it (a
    failing standard error has nowhere else to say it)."""
    said = f"{prog}: {line}"
    with contextlib.suppress(OSError, ValueError):
        if sys.stderr.isatty():  # the modules that fit it are loaded only for an error a person reads
            from foursquare.session.columns import terminal_columns
            from foursquare.words.text import to_terminal

            said = "\n".join(to_terminal([said], terminal_columns()))
        print(said, file=sys.stderr, flush=True)


def _mend_streams() -> list[str]:
    """Fill the standard streams that are closed with the null device; the names of those that were.

    A closed descriptor 1 would otherwise be the next file opened (the
    database), and a print would write into it.  Also teaches the output
    streams to write characters their encoding lacks in ASCII, and on
    Windows to write UTF-8.
    """
    closed = []
    for name, fd, flags in _STREAMS:
        try:
            os.fstat(fd)
        except OSError:
            closed.append(name)
            null = os.open(os.devnull, flags)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:
            raw = io.FileIO(fd, "rb" if fd == 0 else "wb", closefd=False)
            setattr(sys, name, io.TextIOWrapper(raw, line_buffering=fd != 0))
            if name not in closed:
                closed.append(name)
    codecs.register_error(ASCII_FORMS, _ascii_forms)
    # Windows writes a pipe or a file in its ANSI code page (cp1252: no suits, no box drawing), while the
    # console's stream takes UTF-8 and shows any character: UTF-8 for both, unless PYTHONIOENCODING says.
    utf8 = sys.platform == "win32" and not os.environ.get("PYTHONIOENCODING")
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=ASCII_FORMS)
                if utf8:
                    stream.reconfigure(encoding="utf-8")
    _watch(sys.stdout)
    return closed


_lost_output: list[OSError] = []
"""Writes to standard output that failed, whoever caught the error."""


def _watch(stream: TextIO) -> None:
    """Remember every failed write to ``stream``: argparse prints the help and the version and swallows the
    error, so a full disk would otherwise exit 0 with the output lost."""
    write = stream.write
    if getattr(write, "__name__", "") == "watched":
        return  # watched already, by an earlier run in this process

    def watched(text: str) -> int:
        try:
            return write(text)
        except OSError as exc:
            _lost_output.append(exc)
            raise

    setattr(stream, "write", watched)  # noqa: B010 - the stream's own method, wrapped where it stands


def _ascii_forms(exc: UnicodeError) -> tuple[str, int]:
    """The characters the encoding lacks, as the game writes them in ASCII (♣ as C, – as -, → as ->)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    from foursquare.words.glyphs import to_ascii  # only when such a character is met

    return to_ascii(exc.object[exc.start : exc.end]), exc.end


def _silence_stdout() -> None:
    """Point standard output at nothing, so that Python's own flush at exit has nothing left to fail on."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no stdout at all: nothing to silence
        pass


def _dispatch(args: list[str], given: Mapping[str, Callable[[list[str]], int]]) -> int:
    if args and args[0] in given:
        return given[args[0]](args[1:])
    if args and args[0] in COMMANDS:
        module_name, function = COMMANDS[args[0]]
        command: Callable[[list[str]], int] = getattr(importlib.import_module(module_name), function)
        return command(args[1:])
    if args == ["--version"]:  # what the parser's version action prints, without building the parser
        print(VERSION)
        return 0
    parser = build_parser()
    late = next((arg for arg in args if arg in COMMANDS), None)
    if late is not None and args[0].startswith("-"):  # foursquare --no-color stats
        from foursquare.words.commands import Said

        parser.error(Said.COMMAND_FIRST.say(command=late))
    if args and not args[0].startswith("-"):
        import difflib  # only for a command mistyped

        from foursquare.words.commands import Said

        close = difflib.get_close_matches(args[0], COMMANDS, n=1)
        if close:
            parser.error(Said.NO_COMMAND.say(typed=args[0], nearest=close[0]))
        parser.error(Said.UNKNOWN_COMMAND.say(typed=args[0], commands=", ".join(COMMANDS)))
    return play(parser.parse_args(args))
