"""Agent evaluation: Local Best Response, matches with variance reduction, and exact best
response on solver spots.

- :func:`local_best_response` (:mod:`holdem.agent_eval.lbr`): a lower bound on how much a
  heads-up no-limit agent loses to a best response (Lisý and Bowling, 2017).
- :mod:`holdem.agent_eval.policies`: the policy protocol the evaluators ask (each decision's
  probability), the adapters from holdem's agents and plain callables, and
  :func:`policy_agent` (a policy played as an agent, for :func:`holdem.match`);
  :mod:`holdem.agent_eval.adapters` from OpenSpiel policies and from agents trained on
  holdem's environments (:func:`pettingzoo_policy`: observation and mask in, action index out).
- :func:`spot_exploitability` (:mod:`holdem.agent_eval.subgame`, with NumPy): the exact
  exploitability of a strategy on a :mod:`holdem.solver` spot, by the solver's best responses.
- :mod:`holdem.agent_eval.variance`: :func:`all_in_equity_value`, a hand's value with the
  luck of an all-in run-out taken out, for :func:`holdem.match`'s ``value``; :func:`aivat` and
  :func:`aivat_value`, AIVAT (Burch et al., 2018), the payoff less zero-mean corrections at the
  chance events and at the decisions of the seats whose policy is known.
"""

from __future__ import annotations

from typing import Any

from holdem.agent_eval.adapters import pettingzoo_policy
from holdem.agent_eval.lbr import LBRResult, local_best_response, range_equity
from holdem.agent_eval.policies import Policy, as_policy, policy_agent, random_policy
from holdem.agent_eval.variance import aivat, aivat_value, all_in_equity_value

__all__ = [
    "LBRResult",
    "Policy",
    "aivat",
    "aivat_value",
    "all_in_equity_value",
    "as_policy",
    "local_best_response",
    "pettingzoo_policy",
    "policy_agent",
    "random_policy",
    "range_equity",
    "spot_exploitability",
]


def __getattr__(name: str) -> Any:
    if name == "spot_exploitability":  # the solver needs NumPy: imported when first asked for
        from holdem.agent_eval.subgame import spot_exploitability

        return spot_exploitability
    raise AttributeError(f"module 'holdem.agent_eval' has no attribute {name!r}")
