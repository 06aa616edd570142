"""The package's shape, checked: the rules stand alone, curses stays in one module, no private names cross modules.

Read from the source with :mod:`ast`, so that a change which breaks the
design fails here rather than in a reviewer's head.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import re
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "foursquare"
MODULES = sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[tuple[str, str | None]]:
    """Every import in a module, anywhere in it: (module imported, name taken from it or None)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else module_name(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            for alias in node.names:
                yield base, alias.name


def test_the_package_has_modules_to_check() -> None:
    names = {module_name(p) for p in MODULES}
    assert {"foursquare.engine.board", "foursquare.engine.game", "foursquare.screen.tui", "foursquare.cli"} <= names


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_no_module_takes_another_modules_private_names(path: Path) -> None:
    for module, name in imports(path):
        if module.startswith("foursquare") and name is not None:
            # __version__ is public, and so is gettext's ``_``
            private = name.startswith("_") and not name.endswith("__") and name != "_"
            assert not private, f"{module_name(path)} imports {name} from {module}"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_only_the_terminal_module_imports_curses(path: Path) -> None:
    if module_name(path) == "foursquare.screen.tui":
        return
    for module, _ in imports(path):
        assert module.split(".")[0] != "curses", f"{module_name(path)} imports curses"


@pytest.mark.parametrize(
    "path", [p for p in MODULES if module_name(p).startswith("foursquare.engine")], ids=module_name
)
def test_the_rules_import_nothing_but_themselves_and_pure_standard_modules(path: Path) -> None:
    # importlib: the package loads its own parts when they are first asked for (foursquare.engine);
    # operator: the value types' field getters; typing_extensions: read by type checkers only (dataclass_transform)
    allowed = {"__future__", "collections", "dataclasses", "enum", "importlib", "operator", "types", "typing"}
    allowed |= {"typing_extensions"}
    for module, _ in imports(path):
        top = module.split(".")[0]
        assert module.startswith("foursquare.engine") or top in allowed, f"{module_name(path)} imports {module}"


LAYERS: tuple[tuple[str, ...], ...] = (
    ("foursquare.engine", "foursquare.deals"),
    ("foursquare.expert",),
    ("foursquare.storage",),
    ("foursquare.words",),
    ("foursquare.session",),
    ("foursquare.screen", "foursquare.plain", "foursquare.commands"),
    ("foursquare.cli", "foursquare.__main__", "foursquare"),
)
"""The layers, inmost first: a module may import its own layer's and inner layers' modules, never an outer
layer's, and the three ways in (the screen, plain mode, the commands) do not import one another."""


def part(module: str) -> str:
    """The part of the package a module belongs to: the longest entry of :data:`LAYERS` it is in."""
    names = [name for layer in LAYERS for name in layer if module == name or module.startswith(name + ".")]
    return max(names, key=len)


def layer(module: str) -> int:
    return next(n for n, names in enumerate(LAYERS) if part(module) in names)


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_nothing_imports_an_outer_layer_or_a_sibling_way_in(path: Path) -> None:
    here = module_name(path)
    for module, _ in imports(path):
        if not module.startswith("foursquare") or module == "foursquare":
            continue
        assert layer(module) <= layer(here), f"{here} ({part(here)}) imports {module}, an outer layer"
        if layer(module) == layer(here) == LAYERS.index(LAYERS[5]):
            assert part(module) == part(here), f"{here} imports {module}: the ways in do not import one another"


def test_every_module_has_a_layer() -> None:
    for path in MODULES:
        assert layer(module_name(path)) >= 0


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_the_status_after_ctrl_c_is_written_as_a_number_in_one_place(path: Path) -> None:
    # the screen, plain mode, the commands and the command line all exit with it: they take its name
    if module_name(path) == "foursquare.session.errors":
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    numbers = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value == 130]
    assert not numbers, f"{module_name(path)} writes 130 on line {numbers[0]}: INTERRUPTED names it"


WAYS_OF_PLAYING = ("foursquare.screen.app", "foursquare.plain.play")


@pytest.mark.parametrize("name", WAYS_OF_PLAYING)
def test_the_ways_of_playing_take_the_presenter_whole_and_leave_an_answer_to_it(name: str) -> None:
    """Each takes the presenter as one module (``presenter.X``, not a list of its names kept in both), and
    hands it the answer to the help question: it never tells the session the answer itself."""
    path = next(path for path in MODULES if module_name(path) == name)
    taken = [taken for module, taken in imports(path) if module == "foursquare.session.presenter"]
    assert not taken and ("foursquare.session", "presenter") in set(imports(path)), f"{name} lists {taken}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "answer_help"
    ]
    assert not calls, f"{name} tells the session the help answer on line {calls[0]}: help_answered does"


BELOW_THE_WORDS = ("foursquare.engine", "foursquare.deals", "foursquare.expert", "foursquare.storage")
"""The layers that return and raise codes and facts; only :mod:`foursquare.words` words them."""
CODES_AND_FACTS = (*BELOW_THE_WORDS, "foursquare.session")
"""The layers whose exceptions carry no sentence: those below the words, and the session, which words what it
says through them (its errors for a misuse of the code are named by their type)."""
PROGRAMMING_ERRORS = (TypeError, AttributeError, AssertionError, NotImplementedError)
"""Errors that tell a programmer of a misuse of the code, as Python's own do (a value type given a wrong field):
no player reads them, so they may keep their words."""
MAINTAINERS_TOOLS = {"foursquare.expert.fit", "foursquare.expert.train"}
"""Modules run by hand by the game's maintainers (``python -m``), that print their own English reports."""
_WORDS = re.compile(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}")


def _sentences_in_exceptions(name: str, module: object, source: str) -> list[str]:
    """Each place where module ``name`` makes an exception (raised, returned or kept) with words in it: a literal
    of two words or more, or an f-string with words among its literal parts; in the order of the source."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        made = _resolved(module, node.func)
        if not (isinstance(made, type) and issubclass(made, BaseException)) or issubclass(made, PROGRAMMING_ERRORS):
            continue
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            texts = [arg.value] if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else []
            if isinstance(arg, ast.JoinedStr):
                texts = [" ".join(str(v.value) for v in arg.values if isinstance(v, ast.Constant)) + " and words"]
            if any(_WORDS.search(text) for text in texts):
                found.append((node.lineno, f"{name}:{node.lineno} {made.__name__}({ast.unparse(arg)[:60]})"))
    return [said for _, said in sorted(found)]


def _resolved(module: object, func: ast.expr) -> object:
    """What a called name stands for in ``module`` (a name of its own, a builtin, or an attribute of one)."""
    if isinstance(func, ast.Name):
        return getattr(module, func.id, getattr(builtins, func.id, None))
    if isinstance(func, ast.Attribute):
        owner = _resolved(module, func.value)
        return getattr(owner, func.attr, None) if owner is not None else None
    return None


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if module_name(p).startswith(CODES_AND_FACTS) and module_name(p) not in MAINTAINERS_TOOLS],
    ids=module_name,
)
def test_no_module_below_the_words_puts_a_sentence_in_an_exception(path: Path) -> None:
    # they raise codes and facts (foursquare.engine.faults, storage's problems); foursquare.words says them
    name = module_name(path)
    assert _sentences_in_exceptions(name, importlib.import_module(name), path.read_text(encoding="utf-8")) == []


def test_the_check_for_sentences_in_exceptions_finds_them() -> None:
    # the check itself, on a module that breaks the rule three ways (a literal, an f-string, a kept error)
    source = (
        "def f(x: int) -> Exception:\n"
        "    if x:\n"
        "        raise ValueError('the stock is empty')\n"
        "    if x > 1:\n"
        "        raise KeyError(f'no game {x} here')\n"
        "    return LookupError('not found at all')\n"
    )
    module = types.ModuleType("probe")
    exec(compile(source, "probe", "exec"), module.__dict__)
    found = _sentences_in_exceptions("probe", module, source)
    assert [line.split(" ")[0] for line in found] == ["probe:3", "probe:5", "probe:6"]
    assert _sentences_in_exceptions("probe", module, 'raise TypeError("a programmer misused it")\n') == []
