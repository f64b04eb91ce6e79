"""Roster traits are checked when they are added: dice as dice, levels as whole numbers, and
names the ruleset's mechanics read (issue 16, item 7)."""

import pytest

from tests.conftest import assert_clean_error


@pytest.fixture
def tables(dealer):
    dealer("table", "new", "T")
    dealer("table", "new", "P", "-r", "poker-hands")
    return dealer


@pytest.mark.parametrize("trait, says", [
    ("quickness=banana", "quickness=banana is not dice"),
    ("quickness=3d7", "quickness=3d7 is not dice"),
    ("spirit=12", "spirit=12 is not dice"),
    ("hexslinging=-1", "hexslinging=-1 is not a whole number"),
    ("soul-blast=high", "soul-blast=high is not a whole number"),
    ("speeed=4", "'speeed' is not a trait deadlands reads"),
    ("quiknes=3d6", "did you mean 'quickness'?"),
])
def test_a_bad_trait_is_refused_naming_the_person_and_nothing_is_added(tables, trait, says):
    run = tables("table", "add", "T", "Zed", "--trait", trait)
    assert_clean_error(run, code=2)
    assert "Zed" in run.err and says in run.err
    assert tables("table", "show", "T", "--json").json()["result"]["roster"] == {}


def test_every_problem_is_reported_at_once(tables):
    run = tables("table", "add", "T", "Zed", "--trait", "quickness=banana", "--trait", "speeed=4")
    assert_clean_error(run, code=2)
    assert "quickness=banana" in run.err and "speeed" in run.err


def test_good_traits_of_every_kind_are_kept(tables):
    run = tables("table", "add", "T", "Zed", "--trait", "quickness=3d6", "--trait", "guts=bust",
                 "--trait", "cognition=12", "--trait", "Soul Blast=4", "--trait", "spirit=3d10",
                 "--trait", "hexslinging=5", "--trait", "bolts-o'-doom=2", "--json")
    assert run.code == 0, run
    traits = run.json()["result"]["traits"]
    assert traits == {"quickness": "3d6", "guts": "bust", "cognition": 12, "soul-blast": 4, "spirit": "3d10",
                      "hexslinging": 5, "bolts-o'-doom": 2}
    spells = tables("table", "add", "P", "Sal", "--trait", "huckster=yes", "--trait", "master=2",
                    "--trait", "combat=2", "--json")
    assert spells.json()["result"]["traits"] == {"huckster": True, "master": 2, "combat": 2}


def test_set_checks_too_and_an_empty_value_removes_any_trait(tables):
    tables("table", "add", "T", "Zed", "--trait", "speed=4", "--trait-free")
    run = tables("table", "set", "T", "Zed", "--trait", "quickness=fast")
    assert_clean_error(run, code=2)
    assert "Zed" in run.err
    assert tables("table", "set", "T", "Zed", "--trait", "speed=", "--json").json()["result"]["traits"] == {}


def test_trait_free_keeps_house_traits_but_still_checks_the_known_ones(tables):
    ok = tables("table", "add", "T", "Zed", "--trait", "grit=3", "--trait-free", "--json")
    assert ok.code == 0 and ok.json()["result"]["traits"] == {"grit": 3}
    run = tables("table", "add", "T", "Ann", "--trait", "grit=3", "--trait", "quickness=x", "--trait-free")
    assert_clean_error(run, code=2)
    assert "quickness=x" in run.err and "grit" not in run.err
