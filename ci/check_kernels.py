"""Fail if any line of a Cython kernel section touches Python (a yellow line in `cython -a`).

A kernel section of a .pyx runs from a line starting with '# Kernels' to a line starting with
'# Python face', or to the end of the file (a module with no Python face). The module is
annotated with the release-build compiler directives that setup.py defines (loaded from it, not
copied).

Usage: python ci/check_kernels.py holdem/_core.pyx holdem/analysis/_exact.pyx [...]
"""

from __future__ import annotations

import html
import os
import re
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def release_directives() -> dict[str, object]:
    """setup.py's compiler directives of a release build (setup.py is loaded, not run as main)."""
    cwd = Path.cwd()
    os.chdir(ROOT)  # setup.py names its sources relative to the project root
    try:
        settings = runpy.run_path(str(ROOT / "setup.py"), run_name="holdem_setup")
    finally:
        os.chdir(cwd)
    directives: dict[str, object] = settings["compiler_directives"](debug=False)
    return directives


def yellow_kernel_lines(pyx: Path, directives: dict[str, object]) -> list[tuple[int, int, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        # Compiled from the repository root, so that cimports of holdem.* find their .pxd files.
        target = Path(tmp) / pyx.with_suffix(".c").name
        args = [sys.executable, "-m", "cython", "-a", "-I", str(ROOT)]
        args += [str(pyx.resolve()), "-o", str(target)]
        for name, value in directives.items():
            args += ["-X", f"{name}={value}"]
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
        report = target.with_suffix(".html").read_text()
    scores = re.findall(r'<pre class="cython line score-(\d+)"[^>]*>(.*?)</pre>', report, re.S)
    source = pyx.read_text().splitlines()
    starts = [i for i, line in enumerate(source) if line.startswith("# Kernels")]
    ends = [i for i, line in enumerate(source) if line.startswith("# Python face")]
    if not starts:
        raise SystemExit(f"{pyx}: no '# Kernels' section")
    start, end = starts[0], (ends[0] if ends else len(source))
    return [
        (i + 1, int(score), re.sub("<[^>]+>", "", html.unescape(code)).strip()[:100])
        for i, (score, code) in enumerate(scores)
        if start <= i < end and int(score) > 0
    ]


def main() -> int:
    directives = release_directives()
    failed = False
    for name in sys.argv[1:]:
        for line, score, code in yellow_kernel_lines(Path(name), directives):
            print(f"{name}:{line}: Python interaction (score {score}) in a kernel: {code}")
            failed = True
    if not failed:
        print(f"kernel sections free of Python interaction: {' '.join(sys.argv[1:])}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
