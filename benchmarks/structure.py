"""The shape of the code: lines per package and module, and the largest import circle left in each package.

    python benchmarks/structure.py [ROOT] [--top 5]

ROOT is a checkout (default: this one); to compare with an older commit, unpack it first, e.g.
``git archive a6a9201 | tar -x -C /tmp/old`` and run ``python benchmarks/structure.py /tmp/old``.

An import circle is a set of modules of one package that import each other at run time (a strongly connected
component of the import graph): imports under ``if TYPE_CHECKING:`` do not count, imports inside functions do.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

PACKAGES = ("core/src/skirmish", "cli/src/skirmish_cli", "rulesets/hobgoblin/src/skirmish_hobgoblin",
            "rulesets/chob-noggoth/src/skirmish_chob_noggoth",
            "rulesets/goblin-uprising/src/skirmish_goblin_uprising")


def modules(pkg: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package under ``pkg``."""
    out = {}
    for f in sorted(pkg.rglob("*.py")):
        parts = list(f.relative_to(pkg.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = f
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules ``name`` imports at run time."""
    is_pkg = path.name == "__init__.py"
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    here = name.split(".") if is_pkg else name.split(".")[:-1]
                    here = here[:len(here) - (child.level - 1)]
                    base = ".".join([*here, base] if base else here)
                subs = [f"{base}.{a.name}" for a in child.names if f"{base}.{a.name}" in known]
                found.update(subs)
                if len(subs) < len(child.names):  # names of the module itself (not only its submodules)
                    found.add(base)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    out = set()
    for target in found:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module, largest first (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out, key=len, reverse=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--top", type=int, default=5, help="largest modules shown per package")
    args = ap.parse_args(argv)
    root = Path(args.root)
    for rel in PACKAGES:
        pkg = root / rel
        if not pkg.is_dir():
            continue
        mods = modules(pkg)
        lines = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in mods.items()}
        graph = {m: imports(m, p, set(mods)) for m, p in mods.items()}
        found = circles(graph)
        big = sorted(lines.items(), key=lambda kv: -kv[1])[:args.top]
        print(f"{pkg.name}: {len(mods)} modules, {sum(lines.values()):,} lines; largest: "
              + ", ".join(f"{m.split('.', 1)[-1]} {n}" for m, n in big))
        if found:
            short = [m.split(".", 1)[-1] if "." in m else m for m in found[0]]
            print(f"  largest import circle: {len(found[0])} modules ({', '.join(short)}); "
                  f"{len(found)} circle(s) in all")
        else:
            print("  no import circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
