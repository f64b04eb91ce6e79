"""The replay's parts apart from the command line: the pinned ruleset written as a ruleset
file, and how a difference is found and told."""

from __future__ import annotations

import re
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.core.rules import build_ruleset
from dealer.errors import DealerError
from dealer.core.ruleset_text import ruleset_toml
from dealer.store.replay import first_change, value_words
from tests.conftest import SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_rulesets_pinned_document_is_a_ruleset_file_of_the_same_document(name, load):
    document = load(name).document
    text = ruleset_toml(document)
    assert tomllib.loads(text) == document
    assert build_ruleset(tomllib.loads(text), origin="replay").document == document


TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12)
VALUES = st.recursive(st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False) | TEXT,
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                      max_leaves=12)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.dictionaries(TEXT, VALUES, max_size=5))
def test_any_document_of_json_values_reads_back_as_written(document):
    assert tomllib.loads(ruleset_toml(document)) == document


@pytest.mark.parametrize("document, where", [({"a": {"b": [1, None]}}, "a.b[1]"), ({"x": None}, "x")])
def test_a_null_no_ruleset_file_can_say_is_refused(document, where):
    with pytest.raises(DealerError, match=re.escape(f"at {where},")):
        ruleset_toml(document)


def test_text_that_is_not_unicode_is_refused():
    with pytest.raises(DealerError, match="not Unicode"):
        ruleset_toml({"name": "bad\ud800"})


def test_the_first_change_goes_into_objects_but_not_lists():
    assert first_change({"a": [1, 2]}, {"a": [1, 3]}, "data") == ("data.a", [1, 2], [1, 3])
    assert first_change({"a": {"b": 1, "c": 2}}, {"a": {"b": 1, "c": 3}}, "data") == ("data.a.c", 2, 3)
    assert first_change({"a": 1}, {"a": 1, "b": 2}, "data") == ("data.b", "(none)", 2)
    assert first_change(["As"], "As", "cards") == ("cards", ["As"], "As")
    assert first_change({"a": 1}, {"a": 1}, "data") is None


def test_values_are_told_in_words():
    assert value_words([f"{n}c" for n in range(2, 11)] + ["Jc", "Qc", "Kc", "Ac"]) == \
        "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc and 1 more"
    assert value_words([]) == "nothing"
    assert value_words(3) == "3" and value_words(True) == "true" and value_words("a\nb") == "a\\nb"
