"""``dealer rulesets diff A B`` through click: exact text, the JSON, --all, every row the number
``dealer odds ...`` prints for its question in that ruleset, and clean errors."""

from __future__ import annotations

import shlex
from math import comb

import pytest

from tests.conftest import assert_clean_error, slow_except

BLACK_ONLY = 'extends = "poker-hands"\nname = "house"\n[gadget]\nbreakdown_cards = ["BJ"]\n'
WILD_WHEEL = 'extends = "weird-dust-devils"\nname = "wild-wheel"\n[contexts.conflict]\nwild = { T10 = "any" }\n'


@pytest.fixture
def black_only(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(BLACK_ONLY, encoding="utf-8")
    return str(path)


def breakdown(deck, jokers, drawn):
    return 1 - comb(deck - jokers, drawn) / comb(deck, drawn)


def test_text_shows_only_what_changes_with_the_change(dealer, black_only):
    run = dealer("rulesets", "diff", "poker-hands", black_only, "--seed", "9")
    assert run.code == 0, run
    assert run.out == """\
poker-hands -> house: 10 of 125 figures change
gadget breakdowns (dealer odds gadget --reliability R)
  poker-hands: RJ or BJ breaks a device
  house: BJ breaks a device
  reliability 1   breakdown  3.70%   ->  1.85%   (-1.85 pts)
  reliability 2   breakdown  7.34%   ->  3.70%   (-3.63 pts)
  reliability 3   breakdown  10.90%  ->  5.56%   (-5.35 pts)
  reliability 4   breakdown  14.40%  ->  7.41%   (-6.99 pts)
  reliability 5   breakdown  17.82%  ->  9.26%   (-8.56 pts)
  reliability 6   breakdown  21.17%  ->  11.11%  (-10.06 pts)
  reliability 7   breakdown  24.46%  ->  12.96%  (-11.50 pts)
  reliability 8   breakdown  27.67%  ->  14.81%  (-12.86 pts)
  reliability 9   breakdown  30.82%  ->  16.67%  (-14.15 pts)
  reliability 10  breakdown  33.89%  ->  18.52%  (-15.37 pts)
unchanged: the deck, best hand, trait rolls, hexes and spells, action cards and Jokers, conflicts
"""
    # Each figure again from the hypergeometric: two Jokers of 54 break a device, then one.
    for line, reliability in zip(run.out.splitlines()[4:14], range(1, 11)):
        before, after = breakdown(54, 2, reliability), reliability / 54
        assert line.split()[3:] == [f"{100 * before:.2f}%", "->", f"{100 * after:.2f}%",
                                    f"({100 * (after - before):+.2f}", "pts)"]


def test_json_rows_hold_question_a_b_and_change(dealer, black_only):
    doc = dealer("rulesets", "diff", "poker-hands", black_only, "--seed", "9", "--json").json()
    assert (doc["command"], doc["ruleset"], doc["seed"]) == ("rulesets diff", None, 9)
    result = doc["result"]
    assert result["kind"] == "rulesets-diff" and (result["a"]["name"], result["b"]["name"]) == ("poker-hands", "house")
    assert (result["changed"], result["only"], result["same_rules"], result["all"]) == (10, 0, False, False)
    gadget = next(section for section in result["sections"] if section["id"] == "gadget")
    row = gadget["rows"][4]
    assert row["question"] == "reliability 5: breakdown"
    assert row["a"] == pytest.approx(85 / 477, abs=1e-15) and row["b"] == pytest.approx(5 / 54, abs=1e-15)
    assert row["change"] == row["b"] - row["a"] and row["changed"]
    assert row["odds"] == {"a": "odds gadget --reliability 5", "b": "odds gadget --reliability 5"}
    assert row["method"] == {"a": "counted", "b": "counted"} and row["unit"] == "chance"
    assert all(not section["rows"] for section in result["sections"] if section["id"] != "gadget")


def test_all_lists_the_rows_that_do_not_change(dealer, tmp_path):
    d8 = tmp_path / "d8.toml"
    d8.write_text('extends = "savage-worlds"\nname = "d8-wild"\n[dice]\nwild_die = 8\n', encoding="utf-8")
    doc = dealer("rulesets", "diff", "savage-worlds", d8, "--all", "--json").json()["result"]
    listed = [row for section in doc["sections"] for row in section["rows"]]
    assert doc["all"] and len(listed) == doc["figures"] + doc["only"] and doc["only"] == 0
    changed = {row["question"] for row in listed if row["changed"]}
    assert changed and all(question.startswith("1d") for question in changed)
    assert "1d4 Extra: success" not in changed  # an Extra rolls no Wild Die
    assert sum(row["change"] == 0 for row in listed) == doc["figures"] - len(changed)
    text = dealer("rulesets", "diff", "savage-worlds", d8, "--all").out
    assert "  5 cards  Pair             40.05%     ->  40.05%     (no change)" in text
    assert "unchanged:" not in text and "~ simulated" not in text
    shown = dealer("rulesets", "diff", "savage-worlds", d8).out
    assert "(no change)" not in shown and "unchanged: the deck, best hand, action cards and Jokers" in shown


def test_the_same_ruleset_twice_says_nothing_changes(dealer, tmp_path):
    run = dealer("rulesets", "diff", "savage-worlds", "savage-worlds")
    assert run.code == 0
    figures = dealer("rulesets", "diff", "savage-worlds", "savage-worlds", "--json").json()["result"]
    assert figures["changed"] == 0 and figures["only"] == 0 and figures["seed"] is None
    assert run.out.splitlines() == [
        f"savage-worlds -> savage-worlds: no change in any of {figures['figures']} figures (the same rules)",
        "unchanged: the deck, best hand, trait rolls, action cards and Jokers"]
    renamed = tmp_path / "savage-worlds.toml"  # the same name from a file: told apart by how each was given
    renamed.write_text('extends = "savage-worlds"\n', encoding="utf-8")
    label = dealer("rulesets", "diff", "savage-worlds", renamed).out.splitlines()[0]
    assert label.startswith(f"savage-worlds -> {renamed}: no change")


def test_a_mechanic_only_one_plays_and_questions_only_one_asks(dealer):
    text = dealer("rulesets", "diff", "poker-hands", "savage-worlds").out
    for title in ("hexes and spells", "gadget breakdowns", "conflicts"):
        assert f"\n{title}: only in poker-hands\n" in text
    assert "  5 cards  Five of a Kind  0%  ->  -  only in poker-hands" in text  # savage-worlds has no such rank
    assert "only poker-hands asks: 5 cards" not in text  # the other ranks of 5 cards are the same
    assert "  only savage-worlds asks: 1d4, 1d4 Extra, 1d6 Extra, 1d8 Extra, 1d10 Extra, 1d12 Extra" in text
    assert "  only poker-hands asks: 2d6, 3d6, 4d6, 5d6, 2d8, 3d8, 4d8, 5d8, 2d10" in text
    assert text.splitlines()[-1] == "unchanged: the deck"


# -- every row is what `dealer odds` prints -------------------------------------------------------


def odds_figure(result, figure):
    """The figure ``figure`` of a row, read off the ``odds`` command's JSON result."""
    kind = result["kind"]
    if kind == "odds-hand":
        return next(rank["probability"] for rank in result["ranks"] if rank["id"] == figure)
    if kind == "roll-odds":
        return {"success": result["success"], "raise": sum(result["raises"][1:]), "bust": result["bust"]}[figure]
    if kind == "odds-hex":
        return result[figure] if result["style"] == "huckster" else result[figure]["probability"]
    if kind == "odds-gadget":
        return result["breakdown"]["probability"]
    if kind == "odds-action":
        return result["mean"] if figure == "mean" else result["cards"][0]["probability"]
    assert kind == "odds-conflict", kind
    share = next(iter(result["participants"].values())) if figure == "first" else result["tie"]
    return share["probability"]


def check_against_odds(dealer, spec_a, spec_b, every_command=False):
    """Run the diff of A and B with --all, then the odds command of its rows (per section, the last
    command of each side; every one with ``every_command``) in each ruleset, and hold each row
    to the figure the command prints."""
    doc = dealer("rulesets", "diff", spec_a, spec_b, "--all", "--seed", "17", "--json").json()["result"]
    checked = 0
    for section in doc["sections"]:
        for side, spec in (("a", spec_a), ("b", spec_b)):
            commands = list(dict.fromkeys(row["odds"][side] for row in section["rows"] if row["odds"][side]))
            for command in commands if every_command else commands[-1:]:
                run = dealer("-r", spec, *shlex.split(command), "--json")
                assert run.code == 0, (command, run)
                result = run.json()["result"]
                for row in section["rows"]:
                    if row["odds"][side] == command:
                        assert row[side] == odds_figure(result, row["figure"]), (spec, command, row)
                        checked += 1
    return doc, checked


@pytest.fixture
def wild_wheel(tmp_path):
    path = tmp_path / "wild-wheel.toml"
    path.write_text(WILD_WHEEL, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("a, b", slow_except([("deadlands", "savage-worlds"), ("poker-hands", "dust-devils"),
                                              ("weird-dust-devils", "wild-wheel")], ("weird-dust-devils", "wild-wheel")))
def test_sampled_rows_are_the_odds_commands_figures(dealer, wild_wheel, a, b):
    """Every shipped ruleset on one side or the other (with `-m slow`), and a house rule given as a path."""
    spec_a, spec_b = (wild_wheel if spec == "wild-wheel" else spec for spec in (a, b))
    doc, checked = check_against_odds(dealer, spec_a, spec_b)
    assert checked >= 10
    if b == "wild-wheel":  # the Wheel wild for any card: the figures move
        assert doc["changed"] > 10


DEUCES = ('extends = "deadlands"\nname = "deuces"\n[contexts.huckster]\n'
          'wild = { 2s = "any", 2h = "any", 2d = "any", 2c = "any" }\n')


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("deadlands", "poker-hands"), ("savage-worlds", "weird-dust-devils"),
                                  ("dust-devils", "wild-wheel"), ("deadlands", "deuces")])
def test_every_row_is_the_odds_commands_figure(dealer, wild_wheel, tmp_path, pair):
    """Every row with a command, the simulated ones too: deuces wild cannot be counted, so its
    hands and hexes are dealt, and the row names the --samples and --seed that deal them again."""
    deuces = tmp_path / "deuces.toml"
    deuces.write_text(DEUCES, encoding="utf-8")
    spec_a, spec_b = ({"wild-wheel": wild_wheel, "deuces": str(deuces)}.get(spec, spec) for spec in pair)
    doc, checked = check_against_odds(dealer, spec_a, spec_b, every_command=True)
    commanded = sum(1 for section in doc["sections"] for row in section["rows"] for side in "ab" if row["odds"][side])
    assert checked == commanded
    if pair[1] == "deuces":
        simulated = [row for section in doc["sections"] for row in section["rows"] if row["method"]["b"] == "simulated"]
        assert {row["odds"]["b"].split()[1] for row in simulated} == {"hand", "hex"}
        assert all(row["odds"]["b"].endswith("--seed 17") for row in simulated)


# -- errors ---------------------------------------------------------------------------------------


def test_bad_rulesets_are_clean_errors(dealer, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short paths: a long one is clipped in the message
    unknown = dealer("rulesets", "diff", "deadlands", "deadlnds")
    assert_clean_error(unknown, code=1)
    assert "unknown ruleset 'deadlnds'" in unknown.err and "did you mean 'deadlands'" in unknown.err
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "deadlands"\n[dice]\ntn = "seven"\n', encoding="utf-8")
    run = dealer("rulesets", "diff", "broken.toml", "deadlands")
    assert_clean_error(run, code=1)
    assert "broken.toml: line 3: dice.tn" in run.err
    syntax = tmp_path / "syntax.toml"
    syntax.write_text('extends = "deadlands\n', encoding="utf-8")
    assert_clean_error(dealer("rulesets", "diff", "deadlands", syntax), code=1)
    assert_clean_error(dealer("rulesets", "diff", "deadlands", tmp_path), code=1)  # a folder
    assert_clean_error(dealer("rulesets", "diff"), code=2)  # A missing
    assert_clean_error(dealer("-r", "nowhere.toml", "rulesets", "diff", "deadlands"), code=1)  # B from -r
    assert_clean_error(dealer("rulesets", "diff", "deadlands", "deadlands", "--table", "t"), code=2)


def test_the_diff_does_not_read_the_default_ruleset(dealer, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[dice]\ntn = 'x'\n", encoding="utf-8")
    run = dealer("rulesets", "diff", "savage-worlds", "savage-worlds", env={"DEALER_RULESET": str(broken)})
    assert run.code == 0 and "no change" in run.out


def test_the_installed_command(shell):
    run = shell("rulesets", "diff", "savage-worlds", "savage-worlds", "--json")
    assert run.code == 0, run
    assert run.json()["result"]["changed"] == 0


def test_both_rulesets_complete_as_names_or_files(dealer):
    def complete(words):
        env = {"_DEALER_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": str(len(words) - 1)}
        return [line.split(",", 1)[1] for line in dealer(env=env).out.splitlines() if line.startswith("plain,")]

    assert complete(["dealer", "rulesets", "diff", "dea"]) == ["deadlands"]
    assert complete(["dealer", "rulesets", "diff", "deadlands", "p"]) == ["poker-hands"]


def test_b_defaults_to_the_selected_ruleset(dealer, tmp_path):
    d8 = tmp_path / "d8.toml"
    d8.write_text('extends = "savage-worlds"\nname = "d8-wild"\n[dice]\nwild_die = 8\n', encoding="utf-8")
    given = dealer("rulesets", "diff", "savage-worlds", d8).out
    assert given.startswith("savage-worlds -> d8-wild: ")
    assert dealer("-r", d8, "rulesets", "diff", "savage-worlds").out == given
    alone = dealer("rulesets", "diff", "savage-worlds", env={"DEALER_RULESET": "savage-worlds"})
    assert alone.out.startswith("savage-worlds -> savage-worlds: no change")
