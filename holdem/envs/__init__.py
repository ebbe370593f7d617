"""Simulation interfaces: hold'em as PettingZoo, Gymnasium and OpenSpiel environments.

Each face is a module behind an optional extra, imported only when used (the core of holdem has
no required dependency): ``holdem.envs.texas_holdem_v0`` (PettingZoo AEC,
``pip install "holdem-engine[pettingzoo]"``) and ``holdem.envs.gym_env`` (one seat against
policies, Gymnasium, ``pip install "holdem-engine[gymnasium]"``) and ``holdem.envs.openspiel``
(the game ``python_holdem`` registered with ``pyspiel``, ``pip install
"holdem-engine[openspiel]"``). Importing one without its extra raises
:class:`holdem.MissingDependencyError`, which names the extra.

The engine side shared by the faces is :class:`holdem.envs._game.EnvGame` (one hand per episode,
action indices, masks, observations, rewards); :func:`observation_layout` says where each part
of the default observation lies.
"""

from __future__ import annotations

from typing import Any

__all__ = ["observation_layout"]


def __getattr__(name: str) -> Any:
    if name == "observation_layout":
        from holdem.envs._game import observation_layout

        return observation_layout
    raise AttributeError(f"module 'holdem.envs' has no attribute {name!r}")
