"""Abyssal Sorcery: spells as data (``data/spells.toml``) plus effect functions registered by name."""
