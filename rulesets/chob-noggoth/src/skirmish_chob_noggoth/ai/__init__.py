"""The Chob-Noggoth AI: it scores every option it is offered with exact dice odds and takes the best.

- :mod:`~skirmish_chob_noggoth.ai.odds`: the exact odds it scores with (attacks, morale, stop
  tests, the gods, last-wound tables), from the rules' own dice code and the core's exact DP;
- :mod:`~skirmish_chob_noggoth.ai.evaluation`: what warriors, wounds, shots, melees, spells and
  prayers are worth, in Fingers;
- :mod:`~skirmish_chob_noggoth.ai.situation`: the table rebuilt from the player's view, and the
  AI's mood;
- :mod:`~skirmish_chob_noggoth.ai.planning`: the agent; it scores every activation on offer (read
  from each option's data) and picks one;
- :mod:`~skirmish_chob_noggoth.ai.answers`: its answers to the other decisions (edge, deployment,
  roles, placing, spells, the gods), read from each decision's context.
"""

from skirmish_chob_noggoth.ai.planning import ChobAI, make_ai

__all__ = ["ChobAI", "make_ai"]
