"""``dealer rulesets list / show / validate / new``."""

import re

from tests.conftest import SHIPPED, assert_clean_error


def test_list_names_every_shipped_ruleset(dealer):
    run = dealer("rulesets", "list")
    assert run.code == 0
    for name in SHIPPED:
        assert name in run.out
    doc = dealer("rulesets", "list", "--json").json()
    assert [r["name"] for r in doc["result"]["rulesets"]] == SHIPPED
    assert [r["cards"] for r in doc["result"]["rulesets"]] == [54, 52, 54, 54, 78]


def test_show_text_and_json(dealer):
    run = dealer("rulesets", "show", "weird-dust-devils")
    assert run.code == 0
    assert "78 cards" in run.out and "Ordered Five" in run.out and "harm 5" in run.out
    doc = dealer("rulesets", "show", "deadlands", "--json").json()
    assert doc["result"]["deck"]["size"] == 54
    assert doc["result"]["document"]["hex"]["catalogue"][0]["name"] == "soul blast"


def test_show_defaults_to_the_selected_ruleset(dealer):
    assert dealer("-r", "dust-devils", "rulesets", "show").out.startswith("dust-devils")


def test_validate_ok_and_broken(dealer, tmp_path):
    good = tmp_path / "good.toml"
    good.write_text('extends = "deadlands"\n[dice]\nbust = "half"\n')
    run = dealer("rulesets", "validate", good)
    assert run.code == 0 and "ok" in run.out
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "deadlands"\n[dice]\nbust = "halfish"\n')
    run = dealer("rulesets", "validate", bad)
    assert_clean_error(run, code=1)
    assert "line 3" in run.err and "did you mean 'half'" in run.err


def test_new_prints_a_starter_that_validates_and_loads(dealer, tmp_path):
    for base in SHIPPED:
        run = dealer("rulesets", "new", "--from", base, "--name", "mine")
        assert run.code == 0 and f'extends = "{base}"' in run.out
        path = tmp_path / f"mine-{base}.toml"
        path.write_text(run.out)
        assert dealer("rulesets", "validate", path).code == 0
        # Uncomment every example key and table: the starter must stay valid when used.
        uncommented = "\n".join(line[2:] if re.match(r"# (\[|[a-z_]+ = )", line) else line
                                for line in run.out.splitlines())
        assert uncommented.count("\n[") >= 3
        path.write_text(uncommented)
        assert dealer("rulesets", "validate", path).code == 0, dealer("rulesets", "validate", path)
    drawn = dealer("-r", path, "draw", 2, "--json").json()
    assert drawn["ruleset"] == "mine"


def test_unknown_ruleset_is_a_clean_error(dealer):
    run = dealer("-r", "deadland", "draw")
    assert_clean_error(run, code=1)
    assert "did you mean 'deadlands'" in run.err
