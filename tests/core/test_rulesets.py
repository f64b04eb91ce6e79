"""Loading rulesets: shipped names, paths, extends, and every problem reported with its place."""

import textwrap
from pathlib import Path

import pytest

from dealer.core.schema import toml_value
from dealer.errors import RulesetError
from dealer.store import rulesets as store
from dealer.core.rules import build_ruleset
from tests.conftest import SHIPPED


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def problems_of(spec):
    with pytest.raises(RulesetError) as error:
        store.load(spec)
    return error.value.problems


def test_all_shipped_rulesets_load_and_are_listed():
    assert store.builtin_names() == SHIPPED
    for name in SHIPPED:
        ruleset = store.load(name)
        assert ruleset.name == name and ruleset.title and ruleset.source


def test_unknown_name_suggests_the_close_one():
    (problem,) = problems_of("deadland")
    assert "did you mean 'deadlands'" in problem and "weird-dust-devils" in problem


def short(tmp_path, monkeypatch, path):
    """``path`` relative to ``tmp_path``, the working folder: a message quotes at most about 80
    characters of a path, and a parallel run's temporary folders are long."""
    monkeypatch.chdir(tmp_path)
    return str(Path(path).relative_to(tmp_path))


def test_missing_file_is_a_clean_problem(tmp_path, monkeypatch):
    (problem,) = problems_of(short(tmp_path, monkeypatch, tmp_path / "nope.toml"))
    assert "nope.toml" in problem and "cannot read" in problem


def test_toml_syntax_error_names_file_and_line(tmp_path, monkeypatch):
    path = short(tmp_path, monkeypatch, write(tmp_path, "broken.toml", """\
        extends = "deadlands"
        name = "broken"
        [dice
        tn = 5
        """))
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}: line 3")
    assert "TOML syntax" in problem


def test_extends_changes_a_few_keys(tmp_path):
    path = write(tmp_path, "house.toml", """\
        extends = "deadlands"
        name = "house"
        [dice]
        bust = "half"
        [action]
        cards_on_failure = 1
        """)
    house = store.load(path)
    base = store.load("deadlands")
    assert house.name == "house"
    assert house.dice["bust"] == "half" and base.dice["bust"] == "majority"
    assert house.dice["tn"] == 5  # untouched keys keep the base's values
    assert house.action["cards_on_failure"] == 1
    assert len(house.deck) == 54 and len(house.hand_ranks) == len(base.hand_ranks)
    assert [h["name"] for h in house.hex["catalogue"]] == [h["name"] for h in base.hex["catalogue"]]


def test_extends_a_relative_path_and_default_name(tmp_path):
    write(tmp_path, "base.toml", """\
        extends = "poker-hands"
        title = "base"
        """)
    path = write(tmp_path, "child.toml", """\
        extends = "base.toml"
        [chips]
        cap = 7
        """)
    child = store.load(path)
    assert child.name == "child" and child.title == "base" and child.chips["cap"] == 7


def test_extends_cycle_is_reported(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    path = write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    (problem,) = problems_of(path)
    assert "extends itself" in problem


def test_unknown_key_is_rejected_with_suggestion_and_line(tmp_path, monkeypatch):
    path = short(tmp_path, monkeypatch, write(tmp_path, "house.toml", """\
        extends = "deadlands"

        [[hands.ranks]]
        name = "Pair"
        pattern = { groups = [2], sequnce = 5 }

        [[hands.ranks]]
        name = "High Card"
        pattern = {}
        """))
    problems = problems_of(path)
    assert problems == [f"{path}: line 5: hands.ranks[0].pattern.sequnce: unknown key 'sequnce' "
                        "(did you mean 'sequence'?)"]


def test_every_problem_is_reported_at_once(tmp_path):
    path = write(tmp_path, "house.toml", """\
        extends = "deadlands"
        colour = "red"
        [dice]
        bust = "sometimes"
        tn = "five"
        """)
    problems = problems_of(path)
    assert len(problems) == 3
    assert any("colour: unknown key" in p and "line 2" in p for p in problems)
    assert any("dice.bust: 'sometimes' is not one of majority, half" in p for p in problems)
    assert any("dice.tn: expected an integer" in p for p in problems)


def test_meaning_problems_are_collected(tmp_path):
    path = write(tmp_path, "house.toml", """\
        extends = "deadlands"
        [contexts.huckster]
        wild = { ZZ = "any" }
        [hex]
        backlash_always = ["QQ"]
        [draws]
        target = "pair of jokers"
        """)
    problems = problems_of(path)
    assert any("contexts.huckster.wild.ZZ: 'ZZ' is not a card" in p for p in problems)
    assert any("draws.target: unknown hand 'pair of jokers'" in p for p in problems)
    assert any("hex.backlash_always: 'QQ' is not a card" in p for p in problems)


def test_a_first_format_spell_ruleset_keeps_its_skill_draw_keys_under_hex(tmp_path):
    """Rulesets written before ``[draws]`` kept a spell's card count, target and Jokers under
    ``[hex]``: they still load, read as ``[draws]``."""
    from dealer.store.rulesets import load

    path = write(tmp_path, "old.toml", """\
        extends = "poker-hands"
        [hex]
        style = "spell"
        base_cards = 4
        max_cards = 9
        target = "two pair"
        bust_cards = ["BJ"]
        """)
    draws = load(str(path)).draws
    assert (draws["base_cards"], draws["max_cards"], draws["target"], draws["bust_cards"]) == (4, 9, "two pair", ["BJ"])
    assert draws["chip_cards"] == ["RJ"]  # the rest as poker-hands says


@pytest.mark.parametrize("pattern, message", [
    ("{ groups = [2], sequence = 5 }", "groups and sequence cannot be combined"),
    ("{ suited = true }", "suited: needs a sequence"),
    ("{ sequence = 5, top = \"Z\" }", "'Z' is not a rank code"),
    ("{ trumps = 3 }", "needs trumps, but the deck has none"),
    ("{ groups = [3, 3] }", "needs 6 cards"),
])
def test_pattern_mistakes(tmp_path, pattern, message):
    path = write(tmp_path, "house.toml", f"""\
        extends = "deadlands"
        [[hands.ranks]]
        name = "Odd"
        pattern = {pattern}
        [[hands.ranks]]
        name = "High Card"
        pattern = {{}}
        """)
    assert any(message in p for p in problems_of(path)), problems_of(path)


def test_weakest_rank_must_take_any_cards(tmp_path):
    path = write(tmp_path, "house.toml", """\
        extends = "deadlands"
        [[hands.ranks]]
        name = "Pair"
        pattern = { groups = [2] }
        """)
    assert any("weakest hand rank must accept any cards" in p for p in problems_of(path))


def test_newer_format_is_refused(tmp_path):
    path = write(tmp_path, "future.toml", 'extends = "deadlands"\nschema = 2\n')
    assert any("upgrade dealer" in p for p in problems_of(path))


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes('title = "caf\xe9"\n'.encode("latin-1"))
    (problem,) = problems_of(str(path))
    assert "UTF-8" in problem


def test_a_ruleset_rebuilds_from_its_pinned_document(load):
    for name in SHIPPED:
        ruleset = load(name)
        again = store.from_document(ruleset.document)
        assert again.document == ruleset.document
        assert [c.code for c in again.deck] == [c.code for c in ruleset.deck]


def test_reordering_ranks_in_toml_changes_the_ranking(tmp_path, load):
    """Hand ranks are data: put Flush above Full House and a flush wins."""
    base = load("deadlands").document
    ranks = base["hands"]["ranks"]
    names = [r["name"] for r in ranks]
    flush, full = names.index("Flush"), names.index("Full House")
    order = list(ranks)
    order[flush], order[full] = order[full], order[flush]

    def rank_toml(rank):
        pattern = ", ".join(f"{k} = {toml_value(v)}" for k, v in rank["pattern"].items()
                            if v not in ([], 0, False, "", "any"))
        return (f'[[hands.ranks]]\nname = "{rank["name"]}"\npattern = {{ {pattern} }}\n'
                f'tiebreak = {toml_value(rank["tiebreak"])}\n')

    path = write(tmp_path, "swap.toml", 'extends = "deadlands"\n' + "\n".join(map(rank_toml, order)))
    swapped = store.load(path)
    deck = swapped.deck
    full_house = swapped.ranking.best(deck.parse_many("Kc Kd Kh 2s 2c"))
    flush = swapped.ranking.best(deck.parse_many("3h 5h 9h Jh Qh"))
    assert swapped.ranking.compare(flush, full_house) == 1
    standard = load("deadlands").ranking
    assert standard.compare(standard.best(deck.parse_many("3h 5h 9h Jh Qh")),
                            standard.best(deck.parse_many("Kc Kd Kh 2s 2c"))) == -1



def test_the_ready_parsed_shipped_rulesets_are_current():
    """dealer/store/shipped.py (the shipped rulesets as Python literals, read at start-up instead of
    parsing TOML) must equal rulesets/*.toml: regenerate it with
    python -m dealer.store.rulesets --write-shipped cli/dealer/store/shipped.py"""
    from pathlib import Path

    import dealer.store.shipped as shipped
    from dealer.store import rulesets

    assert Path(shipped.__file__).read_text(encoding="utf-8") == rulesets.shipped_source()
    for name, document in shipped.PARSED.items():
        assert document() is not document()  # fresh each time: callers may change it
        from_toml = build_ruleset(rulesets._parse(rulesets._builtin_text(name), name))
        assert from_toml.document == document()


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_ruleset_built_without_the_schema_is_the_one_built_with_it(name):
    """Shipped rulesets skip validation at start-up (their documents were validated when
    shipped.py was made): the result must be the same Ruleset, card for card, rank for rank."""
    from dealer.store import rulesets

    checked = store.load(name)
    full = build_ruleset(rulesets._parse(rulesets._builtin_text(name), name), origin=name)
    assert checked.document == full.document
    assert [card.code for card in checked.deck.cards] == [card.code for card in full.deck.cards]
    assert [(rank.id, rank.name) for rank in checked.hand_ranks] == [(rank.id, rank.name) for rank in full.hand_ranks]
    assert checked.contexts.keys() == full.contexts.keys() and checked.thresholds == full.thresholds


def test_a_table_pinned_document_is_validated_again():
    """Only shipped names skip the schema: a document read back from a table is checked."""
    document = store.load("deadlands").document
    document["deck"]["ace_lo"] = True
    with pytest.raises(RulesetError, match="ace_lo"):
        store.from_document(document)
