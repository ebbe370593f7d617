"""The import graph of ``holdem/``: no cycle, and no import against the layers' order.

Every module's imports are read from its source: ``ast`` over the ``.py`` and ``.pyi`` files,
and the ``import`` and ``cimport`` statements of the ``.pyx`` and ``.pxd`` files. Every import
counts: at the top of a module, inside a function (a lazy import) or under ``TYPE_CHECKING``.
An import of a module inside another package also imports that package's ``__init__``, so it is
an edge to the package too (the root package ``holdem`` excepted: every module imports it).

The layers, lowest first (docs/guide/architecture.md): a module imports from its own layer and
the layers below, never from one above.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from _support.paths import SOURCE

#: The layers, lowest first: each a name and the module prefixes it holds (a prefix is a module
#: and everything under it). The top-level modules of ``holdem`` (the compiled core, cards,
#: errors, the evaluators) are the core. The package's face (``holdem/__init__``: its public
#: names, from every layer below) is under the command line, which may use them.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ()),  # every top-level module of holdem, packages excepted
    ("analysis", ("holdem.analysis", "holdem.abstraction")),
    ("engine", ("holdem.engine",)),
    (
        "formats, environments, the solver and drop-in shims",
        (
            "holdem.phh",
            "holdem.acpc",
            "holdem.pokerstars",
            "holdem.histories",
            "holdem.stats",
            "holdem.envs",
            "holdem.solver",
            "holdem.compat",
            "holdem.agent_eval",
        ),
    ),
    ("face", ("holdem",)),
    ("cli", ("holdem.cli", "holdem.__main__")),
)

#: Cycles that the import graph still holds, each as the sorted tuple of its modules. The test
#: asserts that the walk finds exactly these: a new cycle fails it, and so does one that is gone
#: while still listed here.
EXPECTED_CYCLES: set[tuple[str, ...]] = set()

#: Imports against the layers' order still made, as (importer, imported): asserted equal to
#: what the walk finds, as the cycles are.
EXPECTED_UPWARD: set[tuple[str, str]] = {
    # Table.hand_histories and Table.dumps_phhs, deprecated for holdem.phh.from_table and
    # dumps_table: kept one release with a DeprecationWarning, then removed with these entries.
    ("holdem.engine.table", "holdem.phh"),
    ("holdem.engine.table", "holdem.phh.writing"),
}

_SUFFIXES = (".py", ".pyi", ".pyx", ".pxd")
# An import statement of Cython source: `import a.b`, `cimport a.b`, `from a.b import (x, y)`,
# `from a.b cimport x`; the names of a `from` import are read up to the closing parenthesis.
_CYTHON_IMPORT = re.compile(
    r"^[ \t]*(?:(?:c?import)[ \t]+(?P<modules>[\w. \t,]+?)(?:[ \t]+as[ \t]+\w+)?[ \t]*(?:#.*)?$"
    r"|from[ \t]+(?P<base>[\w.]+)[ \t]+c?import[ \t]+(?P<names>\([^)]*\)|[^\n#]*))",
    re.MULTILINE,
)


def module_name(path: Path) -> str:
    """The dotted name of a source file of the package (``holdem/engine/hand.py`` ->
    ``holdem.engine.hand``; a package's ``__init__`` is the package)."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def source_files() -> list[Path]:
    """Every Python and Cython source of ``holdem/``, sorted."""
    return sorted(p for p in SOURCE.rglob("*") if p.suffix in _SUFFIXES and p.is_file())


def _python_imports(text: str, name: str, is_package: bool) -> Iterator[tuple[str, list[str]]]:
    """(module, names) of each import of a Python source (names empty for ``import m``)."""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, resolved against this module's package
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, *([base] if base else [])])
            yield base, [alias.name for alias in node.names]


def _cython_imports(text: str) -> Iterator[tuple[str, list[str]]]:
    """(module, names) of each import and cimport of a Cython source."""
    for match in _CYTHON_IMPORT.finditer(text):
        if match["modules"] is not None:
            for module in match["modules"].split(","):
                yield module.split()[0], []
        else:
            names = re.sub(r"#[^\n]*", "", match["names"]).strip("() \t\n")
            yield match["base"], [n.split()[0] for n in names.split(",") if n.strip()]


def import_graph() -> dict[str, set[str]]:
    """Each module of ``holdem/`` and the modules of ``holdem/`` it imports."""
    files = source_files()
    modules = {module_name(p) for p in files}
    packages = {module_name(p) for p in files if p.stem == "__init__"}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for path in files:
        name = module_name(path)
        text = path.read_text(encoding="utf-8")
        if path.suffix in (".py", ".pyi"):
            found = _python_imports(text, name, path.stem == "__init__")
        else:
            found = _cython_imports(text)
        for base, names in found:
            targets = [f"{base}.{n}" for n in names if f"{base}.{n}" in modules] or [base]
            if len(targets) < len(names):  # some names are not modules: they come from base
                targets.append(base)
            for target in targets:
                while target and target not in modules:  # holdem.x.attr -> holdem.x
                    target = target.rpartition(".")[0]
                if not target.startswith("holdem"):
                    continue
                # importing holdem.p.m runs holdem.p's __init__ first (the root's aside)
                parent = target.rpartition(".")[0]
                while parent in packages and parent != "holdem":
                    if not name.startswith(parent + ".") and name != parent:
                        graph[name].add(parent)
                    parent = parent.rpartition(".")[0]
                if target != name:
                    graph[name].add(target)
    return graph


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of a module's layer: the layer of its longest prefix, and
    the core for a top-level module of ``holdem`` that is not a package.

    :raises LookupError: for a module in no declared layer (add its package to LAYERS).
    """
    best, length = None, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > length:
                best, length = i, len(prefix)
    if best is not None and length > len("holdem"):
        return best
    parts = module.split(".")
    if len(parts) == 2 and not (SOURCE / parts[1]).is_dir():
        return 0  # holdem.cards, holdem._core, ...: the core
    if module == "holdem":
        return next(i for i, (_, prefixes) in enumerate(LAYERS) if "holdem" in prefixes)
    raise LookupError(f"{module} is in no layer: add its package to LAYERS")


def cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[tuple[str, ...]] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.add(tuple(sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports from a module to one of a higher layer."""
    return {(a, b) for a, targets in graph.items() for b in targets if layer_of(b) > layer_of(a)}


GRAPH = import_graph()


def test_the_walk_reads_every_kind_of_import() -> None:
    assert "holdem.errors" in GRAPH["holdem.cards"]  # at the top of a module
    assert "holdem.engine.matches" in GRAPH["holdem.cli.tournament"]  # in a function
    assert "holdem.engine._typed_hand" in GRAPH["holdem.acpc.client"]  # under TYPE_CHECKING
    assert "holdem.engine._typed_hand" in GRAPH["holdem"]  # in a stub (holdem/__init__.pyi)
    assert "holdem._kernels" in GRAPH["holdem._core"]  # a .pyx's cimport
    assert "holdem.cards" in GRAPH["holdem._core"]  # a .pyx's import, in a function
    assert "holdem._core" in GRAPH["holdem._games"]  # a .pyx's cimport of another's .pxd
    assert "holdem.engine" in GRAPH["holdem.acpc.client"]  # the package of a module imported
    assert "holdem.cli.acpc_client" in GRAPH["holdem.cli"]  # a submodule by from-import


def test_every_module_is_in_a_layer() -> None:
    for module in GRAPH:
        layer_of(module)


def test_no_cycle_but_those_listed() -> None:
    found = cycles(GRAPH)
    assert found == EXPECTED_CYCLES, (
        f"new cycles: {sorted(found - EXPECTED_CYCLES)}; "
        f"gone (remove them from EXPECTED_CYCLES): {sorted(EXPECTED_CYCLES - found)}"
    )


def test_no_import_against_the_layers_but_those_listed() -> None:
    found = upward(GRAPH)
    assert found == EXPECTED_UPWARD, (
        f"new imports up the layers: {sorted(found - EXPECTED_UPWARD)}; "
        f"gone (remove them from EXPECTED_UPWARD): {sorted(EXPECTED_UPWARD - found)}"
    )


@pytest.mark.parametrize(
    ("graph", "want"),
    [
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, {("a", "b")}),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, set()),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}}, {("a", "b", "c")}),
    ],
)
def test_cycles_finds_the_loops(graph: dict[str, set[str]], want: set[tuple[str, ...]]) -> None:
    assert cycles(graph) == want


def test_upward_finds_an_import_from_below() -> None:
    graph = {"holdem.cards": {"holdem.engine.hand"}, "holdem.engine.hand": {"holdem.cards"}}
    assert upward(graph) == {("holdem.cards", "holdem.engine.hand")}
