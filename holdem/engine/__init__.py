"""The game engine: betting rules and presets, pots and side pots, one hand as a state machine.

The public names are also at the top of the package (``holdem.Hand``, ``holdem.Rules``, ...).
"""
