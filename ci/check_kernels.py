"""Fail if any line of a Cython kernel section touches Python (a yellow line in `cython -a`).

Kernel sections of a .pyx run from a line starting with '# Kernels' to a line starting with
'# Python face'. The module is annotated with the compiler directives of setup.py.

Usage: python ci/check_kernels.py holdem/_core.pyx holdem/analysis/_exact.pyx [...]
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DIRECTIVES = ["cdivision=True", "boundscheck=False", "wraparound=False",
              "initializedcheck=False", "binding=True"]  # fmt: skip


def yellow_kernel_lines(pyx: Path) -> list[tuple[int, int, str]]:
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        # Compiled from the repository root, so that cimports of holdem.* find their .pxd files.
        target = Path(tmp) / pyx.with_suffix(".c").name
        args = [sys.executable, "-m", "cython", "-3", "-a", "-I", str(root)]
        args += [str(pyx.resolve()), "-o", str(target)]
        for d in DIRECTIVES:
            args += ["-X", d]
        subprocess.run(args, check=True, capture_output=True, cwd=root)
        report = target.with_suffix(".html").read_text()
    scores = re.findall(r'<pre class="cython line score-(\d+)"[^>]*>(.*?)</pre>', report, re.S)
    source = pyx.read_text().splitlines()
    starts = [i for i, line in enumerate(source) if line.startswith("# Kernels")]
    ends = [i for i, line in enumerate(source) if line.startswith("# Python face")]
    if not starts or not ends:
        raise SystemExit(f"{pyx}: no '# Kernels' ... '# Python face' section")
    start, end = starts[0], ends[0]
    return [
        (i + 1, int(score), re.sub("<[^>]+>", "", html.unescape(code)).strip()[:100])
        for i, (score, code) in enumerate(scores)
        if start <= i < end and int(score) > 0
    ]


def main() -> int:
    failed = False
    for name in sys.argv[1:]:
        for line, score, code in yellow_kernel_lines(Path(name)):
            print(f"{name}:{line}: Python interaction (score {score}) in a kernel: {code}")
            failed = True
    if not failed:
        print(f"kernel sections free of Python interaction: {' '.join(sys.argv[1:])}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
