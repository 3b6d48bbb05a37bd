"""Loading ruleset content (TOML data) into attrs classes with cattrs, with errors for people."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import cattrs

from skirmish.errors import SetupError
from skirmish.textfiles import parse_toml, read_text

T = TypeVar("T")
#: the largest TOML file a person may hand in (set-ups, army lists, content overrides)
MAX_FILE_BYTES = 4 * 1024 * 1024

converter = cattrs.Converter(forbid_extra_keys=True)


def load_toml(source: str | Path, resource: str | None = None) -> dict[str, Any]:
    """Parse a TOML file: a path, or (``source`` = package, ``resource`` = file name) packaged data.

    A path must name a regular file of at most :data:`MAX_FILE_BYTES` (a FIFO or a device is
    refused at once, never read); any problem is one :class:`SetupError` line.
    """
    if resource is not None:
        ref = resources.files(str(source)).joinpath(resource)
        where = f"{source}/{resource}"
        text = ref.read_text(encoding="utf-8")
    else:
        where = str(source)
        text = read_text(Path(source), limit=MAX_FILE_BYTES, what="TOML file")
    return parse_toml(text, where)


def structure(data: Any, cls: type[T], where: str = "data") -> T:
    """Build ``cls`` from plain data; a problem raises one :class:`SetupError` line naming the field."""
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as exc:
        raise SetupError(f"{where}: {_first_problem(exc)}") from None
    except (TypeError, ValueError, KeyError) as exc:
        raise SetupError(f"{where}: {exc}") from None


def _first_problem(exc: BaseException) -> str:
    messages = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
    return messages[0] if messages else str(exc)


def unstructure(obj: Any) -> Any:
    return converter.unstructure(obj)
