"""A plugin that loops forever while it is imported (for the CLI tests)."""

while True:
    pass
