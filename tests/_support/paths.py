"""Where the repository's parts are, for tests that read the sources or the test data."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository's root (the folder of pyproject.toml).
ROOT = Path(__file__).resolve().parents[2]
#: The package's sources (read as text, never imported: the installed build is under test).
SOURCE = ROOT / "holdem"
#: The tests' data files.
DATA = ROOT / "tests" / "data"
#: The real hand histories shared beside the repository (``../shared/corpus``, see its README:
#: read in place, never copied), or where ``HOLDEM_CORPUS`` says (a git worktree beside others);
#: tests that need them skip when the folder is absent.
CORPUS = Path(os.environ.get("HOLDEM_CORPUS") or ROOT.parent / "shared" / "corpus")
