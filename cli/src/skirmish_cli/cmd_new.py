"""``skirmish new-ruleset`` and ``skirmish new-house-rules``: write a working plugin package to start from.

The scaffolds are package data of :mod:`skirmish_cli.templates`; each passes its own tests
as soon as it is installed (``pip install -e DIR[test] && pytest DIR``).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import click

from skirmish_cli.common import complete_ruleset


def _target(name: str, where: str | None) -> Path:
    return Path(where) if where else Path.cwd() / name


def _core_version() -> str:
    import skirmish

    return skirmish.__version__


def _written(files: list[Path], target: Path, next_steps: str) -> None:
    click.echo(f"wrote {len(files)} files to {target}")
    click.echo(next_steps)


@click.command("new-ruleset")
@click.argument("name")
@click.option("--dir", "where", type=click.Path(file_okay=False), help="Write the package here (default: ./NAME).")
def new_ruleset(name: str, where: str | None) -> int:
    """Write a minimal working ruleset package called NAME (e.g. pig-race) to start your own from."""
    from skirmish.errors import SkirmishError
    from skirmish_cli import templates
    from skirmish_cli.registry import get_registry

    try:
        values = templates.ruleset_values(name, core_version=_core_version())
    except templates.TemplateError as exc:
        raise SkirmishError(str(exc)) from None
    registry = get_registry(quiet=True)
    if name in registry.rulesets or registry.pm.has_plugin(name):
        what = "ruleset" if name in registry.rulesets else "plugin"
        raise SkirmishError(f"a {what} named '{name}' is installed already: choose another name")
    target = _target(name, where)
    try:
        files = templates.render("ruleset", target, values)
    except templates.TemplateError as exc:
        raise SkirmishError(str(exc)) from None
    _written(files, target, f"next: pip install -e '{target}[test]' && pytest {target} && "
                            f"skirmish play {name} --vs ai")
    return 0


@click.command("new-house-rules")
@click.argument("ruleset", shell_complete=complete_ruleset)
@click.argument("name")
@click.option("--dir", "where", type=click.Path(file_okay=False), help="Write the package here (default: ./NAME).")
@click.option("--variant", is_flag=True,
              help="Register the house rules as a ruleset of their own, NAME (RULESET renamed), so RULESET stays "
                   "as printed.")
def new_house_rules(ruleset: str, name: str, where: str | None, variant: bool) -> int:
    """Write a house-rules plugin NAME for the installed RULESET (scoped to it) to start your own from."""
    from skirmish.errors import SkirmishError
    from skirmish_cli import templates
    from skirmish_cli.common import get_ruleset
    from skirmish_cli.registry import get_registry

    try:
        templates.check_name(name)
    except templates.TemplateError as exc:
        raise SkirmishError(str(exc)) from None
    registry = get_registry(quiet=True)
    get_ruleset(registry, ruleset)  # an unknown ruleset: one line naming the installed ones
    if registry.pm.has_plugin(name):
        raise SkirmishError(f"a plugin named '{name}' is installed already: choose another name")
    spec = registry.rulesets[ruleset]
    printed = None
    if variant:
        if name in registry.rulesets:
            raise SkirmishError(f"a ruleset named '{name}' is installed already: choose another name for the variant")
        printed = printed_ruleset(registry, ruleset)
    values = templates.house_rules_values(ruleset, name, core_version=_core_version(),
                                          ruleset_dist=_distribution(spec.package),
                                          change=templates.first_number(printed_content(ruleset)), variant=printed)
    target = _target(name, where)
    try:
        files = templates.render("house_rules", target, values, ("house_rules_variant",) if variant else ())
    except templates.TemplateError as exc:
        raise SkirmishError(str(exc)) from None
    _written(files, target, f"next: pip install -e '{target}[test]' && pytest {target}")
    return 0


def _distribution(package: str) -> str:
    """The distribution name in a registry's ``package`` ("skirmish-x 0.1.0"); "" when not installed."""
    return "" if not package or package.startswith("(") else package.split(" ")[0]


def _target_of(factory: Any) -> str:
    """``"module:name"`` of a factory (a ``Lazy`` or an importable class or function); "" when it has none."""
    from skirmish import Lazy

    if isinstance(factory, Lazy):
        return factory.target
    qualname = getattr(factory, "__qualname__", "")
    module = getattr(factory, "__module__", "")
    return f"{module}:{qualname}" if module and qualname and "<" not in qualname else ""


def printed_ruleset(registry: Any, ruleset: str) -> Any:
    """What a variant of ``ruleset`` needs: its class (importable by name), title, version and own agents."""
    from skirmish import Lazy, Ruleset
    from skirmish.errors import SkirmishError
    from skirmish_cli import templates

    factory = registry.rulesets[ruleset].factory
    cls = factory.resolve() if isinstance(factory, Lazy) else factory
    target = _target_of(factory)
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)) or "." in target.partition(":")[2] or not target:
        raise SkirmishError(f"cannot make a variant of '{ruleset}': it is not registered as an importable Ruleset "
                            "class")
    agents = []
    for agent in registry.agents_for(ruleset):
        found = registry.agent_spec(agent, ruleset)
        where = _target_of(found.factory)
        if where and not found.interactive:
            agents.append((agent, where, found.help))
    return templates.Printed(ruleset, target, cls.title or ruleset, cls.version, tuple(agents))


def printed_content(ruleset: str) -> dict[str, Any]:
    """The raw content ``ruleset`` hands to ``skirmish_extend_content`` as printed (before any plugin); {} if none."""
    from skirmish import Game, Registry, hookimpl, make_plugin_manager

    class FirstLook:
        def __init__(self) -> None:
            self.seen: dict[str, Any] = {}

        @hookimpl(tryfirst=True)
        def skirmish_extend_content(self, ruleset: str, content: dict[str, Any]) -> None:
            if ruleset == wanted and isinstance(content, dict):  # (some rulesets hand content over in parts)
                for key, value in content.items():
                    self.seen.setdefault(key, copy.deepcopy(value))

    wanted, probe = ruleset, FirstLook()
    try:
        registry = Registry(make_plugin_manager(plugins=[("skirmish-cli.first-look", probe)]))
        Game(registry.ruleset(ruleset), seed=0)
    except Exception:  # noqa: BLE001 - only a suggestion for the scaffold: without it, it starts empty
        return {}
    return probe.seen
