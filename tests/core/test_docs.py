"""docs/rulesets.md documents every ruleset key: its generated table matches the schema."""

from pathlib import Path

from dealer.core import schemadoc

DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "rulesets.md"


def test_reference_table_is_current():
    text = DOCS.read_text(encoding="utf-8")
    assert schemadoc.BEGIN in text and schemadoc.END in text
    assert schemadoc.with_reference(text) == text, "run: python -m dealer.core.schemadoc --write docs/rulesets.md"


def test_every_key_is_documented_with_type_default_and_meaning():
    table = schemadoc.reference_table()
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert len(cells) >= 4 and all(cells[:3]) and cells[3], line
    for key in ("deck.suits[].code", "hands.ranks[].pattern.groups", "contexts.NAME.wild", "dice.bust",
                "action.specials.NAME.any_time", "hex.catalogue[].minimum", "chips.pot", "gadget.tiers[].rank"):
        assert f"`{key}`" in table, key
