"""Run the docstring examples of every module of the installed package."""

import doctest
import importlib
import pkgutil

import pytest

import dealer

MODULES = sorted(info.name for info in pkgutil.walk_packages(dealer.__path__, "dealer.")
                 if info.name != "dealer.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_core_has_examples():
    """Counted, not run again (test_docstring_examples runs them)."""
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in MODULES if name.startswith("dealer.core")
                   for test in finder.find(importlib.import_module(name)))
    assert examples >= 15
