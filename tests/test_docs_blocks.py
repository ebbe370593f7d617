"""The ``python`` code blocks of the README and the guide (those not run as doctests: a match of
a million hands, a Dask cluster) stand alone: every name they use is imported or defined in the
block itself (issue 28: a ProcessPoolExecutor block without its imports, the README's
``my_agent`` never defined). Each block is parsed; a name it reads that no statement of the
block binds and that is not a builtin fails the test."""

from __future__ import annotations

import ast
import builtins
import re

import pytest

from _support.paths import ROOT

_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _blocks() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in _BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append((f"{page.relative_to(ROOT)}:{line}", m.group(1)))
    return found


def _bound(tree: ast.AST) -> set[str]:
    """Every name a statement of the code binds (anywhere: a block has few scopes)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


BLOCKS = _blocks()


def test_the_pages_hold_python_blocks() -> None:
    assert len(BLOCKS) >= 5
    assert any("ProcessPoolExecutor" in code for _, code in BLOCKS)


@pytest.mark.parametrize(("where", "code"), BLOCKS, ids=[w for w, _ in BLOCKS])
def test_a_block_stands_alone(where: str, code: str) -> None:
    tree = ast.parse(code, filename=where)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    missing = read - _bound(tree) - set(dir(builtins))
    assert not missing, f"{where}: names never imported or defined: {sorted(missing)}"
