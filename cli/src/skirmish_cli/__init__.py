"""The ``skirmish`` command line. Kept import-light: commands load what they need when run."""

__version__ = "0.1.0"
