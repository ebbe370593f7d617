"""Write (or check) holdem/__init__.pyi, the typed face of ``holdem``, from its one list of names.

``holdem/__init__.py`` names every public name once: ``_EAGER_MODULES`` (imported with the
package) and ``_LAZY_MODULES`` (imported on first use), each a map from a module to the names it
gives, and ``_TYPED_FROM`` for a name whose type lives elsewhere. Type checkers cannot follow
the lazy imports, so the stub imports every name from its module, ``from M import N as N`` (an
explicit re-export), and lists them in ``__all__``. The maps are read from the source as text
(nothing is imported, so this runs before a build).

    python ci/public_names.py          # write holdem/__init__.pyi
    python ci/public_names.py --check  # exit 1, saying what differs, if it is not up to date
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INIT = ROOT / "holdem" / "__init__.py"
STUB = INIT.with_suffix(".pyi")
_MAPS = ("_EAGER_MODULES", "_LAZY_MODULES", "_TYPED_FROM")


def read_maps(source: str) -> dict[str, dict[str, str]]:
    """The literal maps of ``holdem/__init__.py`` (``_EAGER_MODULES``, ``_LAZY_MODULES`` and
    ``_TYPED_FROM``), by name.

    :raises ValueError: when one is missing or is not a literal dict of strings.
    """
    found: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target, expr = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, expr = node.targets[0], node.value
        else:
            continue
        if not isinstance(target, ast.Name) or target.id not in _MAPS or expr is None:
            continue
        value = ast.literal_eval(expr)
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            raise ValueError(f"{target.id} is not a literal dict of strings")
        found[target.id] = value
    missing = [name for name in _MAPS if name not in found]
    if missing:
        raise ValueError(f"holdem/__init__.py has no {', '.join(missing)}")
    return found


def stub_text(source: str) -> str:
    """The text of holdem/__init__.pyi for the source of holdem/__init__.py."""
    maps = read_maps(source)
    typed = maps["_TYPED_FROM"]
    by_module: dict[str, list[str]] = {}
    names: list[str] = []
    for kind in ("_EAGER_MODULES", "_LAZY_MODULES"):
        for module, listed in maps[kind].items():
            for name in listed.split():
                by_module.setdefault(typed.get(name, module), []).append(name)
                names.append(name)
    lines = [
        '"""The typed face of holdem: every public name, from the module that defines it.',
        "",
        "Written by ``python ci/public_names.py`` from the maps of holdem/__init__.py (which",
        "imports the lazy names on first use, where type checkers cannot follow): do not edit.",
        '"""',
        "",
    ]
    for module in sorted(by_module):
        lines += [f"from {module} import {n} as {n}" for n in sorted(by_module[module], key=_order)]
    lines += ["", "__version__: str", "", "__all__ = ["]
    lines += [f'    "{n}",' for n in sorted(["__version__", *names], key=_order)]
    lines += ["]", ""]
    return "\n".join(lines)


def _order(name: str) -> tuple[int, str]:
    """isort's order by type (as ruff sorts imports and ``__all__``): constants, classes, the
    rest."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2), name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check instead of writing")
    args = parser.parse_args(argv)
    want = stub_text(INIT.read_text(encoding="utf-8"))
    have = STUB.read_text(encoding="utf-8") if STUB.exists() else ""
    if args.check:
        if have != want:
            print(
                f"{STUB.relative_to(ROOT)} does not match the names of holdem/__init__.py: "
                "run python ci/public_names.py",
                file=sys.stderr,
            )
            return 1
        return 0
    if have != want:
        STUB.write_text(want, encoding="utf-8")
        print(f"wrote {STUB.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
