"""Chob-Noggoth: a warband skirmish of single figures, as a skirmish ruleset."""
