"""Goblin Uprising, a co-operative board game of goblin heroes against the Tyrant, as a skirmish ruleset."""
