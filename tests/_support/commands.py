"""Running the ``holdem`` command in a subprocess, as a shell would, for the CLI tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

COMMAND = [sys.executable, "-m", "holdem"]


def holdem(
    *args: str, env: dict[str, str] | None = None, code: str | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m holdem ARGS...`` (or ``python -c CODE ARGS...``) to the end, output piped.

    The environment is the test's, with argparse's help wrapped at 80 columns, no colour and
    UTF-8 output; ``env`` overrides any of them.
    """
    start = COMMAND if code is None else [sys.executable, "-c", code]
    return subprocess.run(
        [*start, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={
            **os.environ,
            "COLUMNS": "80",
            "NO_COLOR": "1",
            "PYTHONIOENCODING": "utf-8",
            **(env or {}),
        },
    )


def _default_sigint() -> None:
    # A shell without job control starts background commands with SIGINT ignored, and Python
    # keeps an ignored SIGINT ignored (as it should: that is how `nohup` and `&` work). Give the
    # child the default disposition, as a terminal's foreground command has, whatever ran pytest.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str) -> subprocess.Popen[bytes]:
    """Start ``python -m holdem ARGS...`` with its output piped (bytes), as Ctrl-C would find it."""
    return subprocess.Popen(
        [*COMMAND, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
        preexec_fn=None if sys.platform == "win32" else _default_sigint,
    )


def ctrl_c(proc: subprocess.Popen[bytes], timeout: float = 60) -> tuple[bytes, bytes]:
    """Send SIGINT (Ctrl-C) to a started command; its remaining stdout and stderr once it ends.

    The command is killed if it has not ended within ``timeout`` seconds (the caller's asserts
    on its exit status then fail).
    """
    try:
        proc.send_signal(signal.SIGINT)
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
