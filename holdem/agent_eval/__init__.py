"""Agent evaluation: Local Best Response, matches with variance reduction, and exact best
response on solver spots.

- :func:`local_best_response` (:mod:`holdem.agent_eval.lbr`): a lower bound on how much a
  heads-up no-limit agent loses to a best response (Lisý and Bowling, 2017).
- :mod:`holdem.agent_eval.policies`: the policy protocol the evaluators ask (each decision's
  probability) and the adapters from holdem's agents and plain callables;
  :mod:`holdem.agent_eval.adapters` from OpenSpiel policies and PettingZoo-style agents.
- :func:`all_in_equity_value` (:mod:`holdem.agent_eval.variance`): a hand's value with the
  luck of an all-in run-out taken out, for :func:`holdem.match`'s ``value``.
"""

from __future__ import annotations

from holdem.agent_eval.lbr import LBRResult, local_best_response, range_equity
from holdem.agent_eval.policies import Policy, as_policy, random_policy
from holdem.agent_eval.variance import all_in_equity_value

__all__ = [
    "LBRResult",
    "Policy",
    "all_in_equity_value",
    "as_policy",
    "local_best_response",
    "random_policy",
    "range_equity",
]
