"""One reading of ``--agent`` / ``--bot`` for every ``holdem`` subcommand that seats agents.

``play``, ``match``, ``tournament`` and ``acpc-client`` take the same names: a built-in bot of
:data:`holdem.engine.agents.BOTS` (``random``, ``call``, ``equity``) or ``module:callable``, a
class there instantiated (:func:`holdem.engine.agents.load_agent`), the module looked up in
the current folder too.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from holdem.engine.agents import AGENT_CHOICES

if TYPE_CHECKING:
    from holdem.engine.agents import Agent

__all__ = ["AGENT_HELP", "load"]

#: The sentence each subcommand's help gives for an agent.
AGENT_HELP = f"an agent: {AGENT_CHOICES}"


def load(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` names (a bot made with ``seed``), with the current folder on
    ``sys.path`` for this lookup only.

    A console script, unlike ``python -m``, does not put the current folder on ``sys.path``,
    so without it ``--agent myagent:act`` would not find ``./myagent.py``.

    :raises ArgumentError: as :func:`holdem.engine.agents.load_agent` does.
    """
    from holdem.engine.agents import load_agent

    cwd = os.getcwd()
    sys.path.insert(0, cwd)
    try:
        return load_agent(spec, seed)
    finally:
        sys.path.remove(cwd)  # the first occurrence: the one inserted above
