"""The game engine: one hand of Texas hold'em as a state machine, and its parts.

``rules`` (betting structures, rule options and presets), ``stakes`` and ``dealing`` (a hand's
set-up), ``pots`` (side pots and their award), ``showdown`` (the end of a hand), ``events`` (the
values a hand gives out) and ``hand`` (:class:`~holdem.engine.hand.Hand`). The public names are
also at the top of the package (``holdem.Hand``, ``holdem.Rules``, ...).
"""
