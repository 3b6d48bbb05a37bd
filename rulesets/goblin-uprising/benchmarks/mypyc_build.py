"""A mypyc-compiled copy of the ruleset, for measuring (not part of the install: see benchmarks/README.md).

    .venv/bin/python -m pip install mypy                                    # a venv of your own, not the shared one
    .venv/bin/python rulesets/goblin-uprising/benchmarks/mypyc_build.py /tmp/gu-compiled [--check]
    PYTHONPATH=/tmp/gu-compiled/src .venv/bin/python benchmarks/rulesets.py --ruleset goblin-uprising --option heroes=4

Copies ``src`` to ``OUT/src`` and compiles every module there but ``plugin.py`` (pluggy marks its hook functions
with an attribute, which a compiled function cannot carry) and ``rules.py`` (the ruleset subclasses core's
``Ruleset``, a Python class whose instances have a ``__dict__``: mypyc 2.4 lays the native subclass's attributes
over that pointer, and setting ``hooks`` on the instance fails with ``SystemError``). The copy's content classes
lose ``frozen=True`` (attrs writes a frozen class's fields through ``__dict__``, which a native class has not; they
keep their equality and hash): the installed package keeps them frozen. The extension modules sit next to the
``.py`` files and are imported first. Prints the CPU seconds of the build; ``--check`` then plays
``benchmarks/game_hash.py`` (AI and random, 2 games each of 1, 4 and 6 heroes) with the pure and the compiled copy and
says whether every hash is equal.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
SKIP = ("__init__.py", "plugin.py", "rules.py")


def _hashes(src: Path | None) -> list[str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(src), env.get("PYTHONPATH", "")) if p)
    out = []
    for agent in ("ai", "random"):
        run = subprocess.run([sys.executable, str(HERE / "game_hash.py"), "--agent", agent, "--games", "2"],
                             capture_output=True, text=True, env=env)
        if run.returncode:
            sys.exit(f"game_hash.py failed: {(run.stderr or run.stdout).strip().splitlines()[-1:]}")
        out.append(run.stdout.strip())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="a folder for the compiled copy (its src/ is replaced)")
    ap.add_argument("--check", action="store_true", help="compare game hashes of the pure and the compiled copy")
    a = ap.parse_args()
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent))
    if mypyc is None:
        sys.exit("mypyc not found next to this Python: pip install mypy into this venv first")
    target = Path(a.out).resolve() / "src"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SRC, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    package = target / "skirmish_goblin_uprising"
    content = package / "content.py"
    content.write_text(content.read_text().replace("@attr.s(auto_attribs=True, frozen=True)",
                                                   "@attr.s(auto_attribs=True, hash=True)"))
    modules = sorted(str(p.relative_to(target)) for p in package.glob("*.py") if p.name not in SKIP)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run([mypyc, *modules], cwd=target, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode:
        sys.exit(f"mypyc failed:\n{(run.stdout + run.stderr)[-3000:]}")
    shutil.rmtree(target / "build", ignore_errors=True)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"compiled {len(modules)} modules into {target} in {cpu:.0f} CPU s")
    if a.check:
        pure, compiled = _hashes(None), _hashes(target)
        for p, c in zip(pure, compiled, strict=True):
            print(f"pure {p}\ncompiled {c}")
        print("same games" if pure == compiled else "GAMES DIFFER")
        if pure != compiled:
            sys.exit(1)


if __name__ == "__main__":
    main()
