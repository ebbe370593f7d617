"""The default agent, compiled with the hand engine (``COMPILED_PY`` in setup.py): a match asks
its agents at every decision, and a compiled function is called for a fraction of what a Python
one costs. :mod:`holdem.acpc.client` gives it as :func:`~holdem.acpc.client.call_agent`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from holdem.engine.hand import Legal, View

__all__ = ["call_agent"]


def call_agent(view: View, legal: Legal) -> str | int:
    """The default agent: check when it can, else call (to discard in Pineapple, the card
    :func:`holdem.engine.agents.best_discard` gives).

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), seed=0)
    >>> call_agent(hand.view(1), hand.legal_actions())
    'call'
    """
    if legal.discard is not None:
        from holdem.engine.agents import best_discard

        return best_discard(view, legal)
    return "check" if legal.check else "call"
