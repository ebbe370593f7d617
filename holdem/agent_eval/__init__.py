"""Agent evaluation: Local Best Response, matches with variance reduction, and exact best
response on solver spots.

- :func:`local_best_response` (:mod:`holdem.agent_eval.lbr`): a lower bound on how much a
  heads-up no-limit agent loses to a best response (Lisý and Bowling, 2017).
- :mod:`holdem.agent_eval.policies`: the policy protocol the evaluators ask (each decision's
  probability) and the adapters from holdem's agents and plain callables;
  :mod:`holdem.agent_eval.adapters` from OpenSpiel policies and PettingZoo-style agents.
"""

from __future__ import annotations

from holdem.agent_eval.lbr import LBRResult, local_best_response, range_equity
from holdem.agent_eval.policies import Policy, as_policy, random_policy

__all__ = [
    "LBRResult",
    "Policy",
    "as_policy",
    "local_best_response",
    "random_policy",
    "range_equity",
]
