"""A plugin caught half installed: importing it warns (as a package being written may) and then fails."""

import warnings

warnings.warn("the package metadata is incomplete (being installed?)", UserWarning, stacklevel=1)
raise ImportError("cannot import name 'rules' (partially initialized module)")
