"""The mechanics: each takes a request, changes its own part of the table, and returns a result.

A mechanic grown into a package (``chips``, ``gadget``) keeps its whole public vocabulary
importable from the package (``from dealer.core.mechanics.gadget import resolve_use``) without
importing all of it: every ``dealer`` call pays for what it imports, so ``lazy_exports`` gives
the package a module ``__getattr__`` that imports only the module defining a name, when first
asked for.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_exports(package: str, modules: dict[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """A package's ``__getattr__``: each public name of ``modules`` (module -> names), imported
    from its module on first use.

    >>> find = lazy_exports("dealer.core.mechanics.gadget", {"breakdown": ("breakdown_chance",)})
    >>> find("breakdown_chance")(54, 2, 1)
    Fraction(1, 27)
    """
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{where[name]}"), name)

    return __getattr__
