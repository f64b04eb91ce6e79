"""Table state checked in full: a table, an undo snapshot or an import whose state does not read
back is refused naming the table, the part and the key, never with an internal error."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import assert_clean_error

DATA = Path(__file__).parent / "data"


def exported(dealer, name):
    run = dealer("table", "export", name)
    assert run.code == 0, run
    return json.loads(run.out)


def import_state(dealer, tmp_path, document, state):
    document["result"]["state"] = state
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return dealer("table", "import", str(path), "--as", "crafted")


def test_the_issues_crafted_action_import_is_refused_naming_part_and_key(dealer, tmp_path):
    """An export of the format before state format 3 (no ``state_format``) whose long action
    misses its counts: upgraded (``action.actions`` is now its own part), then refused."""
    assert dealer("table", "new", "t").code == 0
    document = exported(dealer, "t")
    del document["result"]["state_format"]
    run = import_state(dealer, tmp_path, document, {"action": {"actions": {"Sarah": {"what": "x"}}}})
    assert_clean_error(run, code=1)
    assert "its state: table 'crafted': long_actions.actions.Sarah: missing 'need'" in run.err
    assert dealer("table", "show", "crafted").code == 1  # nothing was written


@pytest.mark.parametrize("reliability, words", [
    ("lots", "'lots' is not a whole number of cards from 1 to 1,000"),
    (-1, "-1 is not a whole number of cards from 1 to 1,000"),
    (0, "0 is not a whole number of cards from 1 to 1,000"),
    (10**12, "1000000000000 is not a whole number of cards from 1 to 1,000"),  # issue 36.3: no deck holds more
])
def test_a_device_whose_reliability_is_not_a_number_of_cards_is_refused(dealer, tmp_path, reliability, words):
    assert dealer("-r", "poker-hands", "table", "new", "t").code == 0
    device = {"design": "jet", "builder": "", "reliability": reliability, "fail_hand": 7}
    run = import_state(dealer, tmp_path, exported(dealer, "t"), {"gadget": {"devices": {"jet-1": device}}})
    assert_clean_error(run, code=1)
    assert f"gadget.devices.jet-1.reliability: {words}" in run.err


@pytest.mark.parametrize("state, words", [
    ({"conditions": {"people": {"Sam": {"fear": "scared"}}}}, "conditions.people.Sam.fear: 'scared' is not one of"),
    ({"conditions": {"people": {"Sam": {"casts": -2}}}}, "conditions.people.Sam.casts: -2 is not a whole number"),
    ({"chips": {"favor": {"Eagles": {"white": "two"}}}}, "chips.favor.Eagles.white: 'two' is not a number of favor chips from 0 to 100"),
    ({"action": {"round": 1, "hands": [{"name": "Sam", "side": "posse"}]}}, "action.hands[0]: missing 'cards'"),
    ({"hands": {"people": {"Sam": 1}, "kept": {"1": {"mechanic": "spell"}}}}, "hands.kept.1: missing 'draws'"),
    ({"conflict": {"pending": {"Kid": {"harm": 1, "allowed": "Hand", "arcane": False, "winner": "Doc"}}}},
     "conflict.pending.Kid.allowed: 'Hand' is not a list"),
    ({"long_actions": {"actions": {"Velvet": {"what": "mirage", "need": 3, "spent": 1, "hex": "yes"}}}},
     "long_actions.actions.Velvet.hex: 'yes' is not true or false"),
    ({"gadget": {"designs": {"x": {"tier": "pair", "colour": "red"}}}}, "gadget.designs.x: unknown key 'colour'"),
])
def test_every_part_checks_its_keys_and_types_on_import(dealer, tmp_path, state, words):
    assert dealer("-r", "poker-hands", "table", "new", "t").code == 0
    run = import_state(dealer, tmp_path, exported(dealer, "t"), state)
    assert_clean_error(run, code=1)
    assert words in run.err


@pytest.mark.sqlite_file
def test_a_stored_state_that_does_not_read_back_is_refused_by_every_command(dealer, tmp_path):
    """A hand-edited state file: the command names the table, part and key and writes nothing."""
    assert dealer("table", "new", "t").code == 0
    assert dealer("table", "add", "t", "Sarah", "--trait", "quickness=3d6").code == 0
    db = sqlite3.connect(tmp_path / "state" / "tables.sqlite3")
    db.execute("""UPDATE tables SET state = '{"action": {"round": "two"}}'""")
    db.commit()
    db.close()
    run = dealer("action", "--table", "t", "Sarah=16")
    assert_clean_error(run, code=1)
    assert "table 't': action.round: 'two' is not a whole number from 0 to 1,000,000,000" in run.err


def test_an_export_says_its_state_format_and_an_older_export_imports(dealer):
    """tests/store/data/v2-export-pokr.json was exported before state format 3: Sally's casts under
    ``hex``, Bert shaken under ``conflict`` and wounded under ``chips``."""
    run = dealer("table", "import", str(DATA / "v2-export-pokr.json"), "--as", "pokr")
    assert run.code == 0, run
    document = exported(dealer, "pokr")["result"]
    from dealer.core.table import STATE_FORMAT

    assert document["kind"] == "table-export" and document["state_format"] == STATE_FORMAT
    assert document["state"]["conditions"] == {"people": {"Sally": {"casts": 1},
                                                          "Bert": {"fear": "shaken", "wounds": 1}}}
    assert "hex" not in document["state"] and "shaken" not in document["state"].get("conflict", {})
    shown = dealer("conflict", "show", "--table", "pokr", "--json").json()["result"]
    assert shown["fear"] == {"Bert": "shaken"}


def test_a_state_format_newer_than_this_dealer_is_refused(dealer, tmp_path):
    assert dealer("table", "new", "t").code == 0
    document = exported(dealer, "t")
    document["result"]["state_format"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    run = dealer("table", "import", str(path), "--as", "u")
    assert_clean_error(run, code=1)
    assert "'state_format' 99 is not one this dealer reads (1 to 4); upgrade dealer" in run.err


def test_the_newest_file_version_holds_the_newest_state_format_and_every_step_migrates():
    from dealer.core.table import STATE_FORMAT
    from dealer.store.sqlite import MIGRATIONS, SCHEMA_VERSION, STATE_FORMATS

    assert STATE_FORMATS[SCHEMA_VERSION] == STATE_FORMAT and sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))
    assert sorted(STATE_FORMATS) == list(range(1, SCHEMA_VERSION + 1))


@pytest.mark.parametrize("state, words", [
    ({"hands": {"people": {"Sam": 1}, "kept": {"1": {"mechanic": "spell", "target": "pair", "draws": [
        {"purpose": "spell", "person": "Sam", "deck": "spell:Sam", "cards": ["Zz"]}]}}}},
     "hands.kept.1.draws[0].cards[0]: 'Zz' is not a card of the poker-hands deck"),
    ({"conditions": {"people": {"Bert": {"defence": {"how": "block", "cards": ["As", "T3"], "rank": "pair",
                                                      "value": 14}}}}},
     "conditions.people.Bert.defence.cards[1]: 'T3' is not a card of the poker-hands deck"),
    ({"gadget": {"devices": {"jet-1": {"design": "jet", "reliability": 5, "fail_hand": 7, "build_jokers": ["XJ"]}}}},
     "gadget.devices.jet-1.build_jokers[0]: 'XJ' is not a card"),
    ({"turns": {"round": 1, "order": [{"name": "Sam", "side": "posse", "card": "1s"}]}},
     "turns.order[0].card: '1s' is not a card"),
])
def test_every_card_a_part_holds_is_a_card_of_the_tables_deck(dealer, tmp_path, state, words):
    assert dealer("-r", "poker-hands", "table", "new", "t").code == 0
    run = import_state(dealer, tmp_path, exported(dealer, "t"), state)
    assert_clean_error(run, code=1)
    assert words in run.err, run


@pytest.mark.sqlite_file
def test_table_check_tells_every_parts_problem(dealer, tmp_path):
    assert dealer("-r", "poker-hands", "table", "new", "t").code == 0
    db = sqlite3.connect(tmp_path / "state" / "tables.sqlite3")
    state = {"hands": {"people": {"Sam": 1}, "kept": {"1": {"mechanic": "spell"}}},
             "gadget": {"devices": {"jet-1": {"design": "jet", "reliability": "lots", "fail_hand": 7}}}}
    db.execute("UPDATE tables SET state = ?", (json.dumps(state),))
    db.commit()
    db.close()
    run = dealer("table", "check", "t")
    assert run.code == 1
    assert "hands.kept.1: missing 'draws'" in run.out and "gadget.devices.jet-1.reliability" in run.out, run
