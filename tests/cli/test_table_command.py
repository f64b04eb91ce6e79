"""``dealer table ...`` and ``dealer draw --table``: state that persists between runs."""

import json

from tests.conftest import assert_clean_error


def test_a_table_persists_its_deck_between_runs(dealer):
    assert dealer("table", "new", "friday", "--seed", 1).code == 0
    first = dealer("draw", 20, "--table", "friday", "--json").json()["result"]
    second = dealer("draw", 20, "--table", "friday", "--json").json()["result"]
    assert not set(first["cards"]) & set(second["cards"])
    assert second["left"] == 14
    third = dealer("draw", 20, "--table", "friday", "--json").json()["result"]
    assert len(third["cards"]) == 14 and third["short"] and not third["reshuffled"]


def test_empty_deck_reshuffles_its_discards_never_held_cards(dealer):
    dealer("table", "new", "t")
    held = dealer("draw", 50, "--table", "t", "--json").json()["result"]["cards"]
    dealer("table", "discard", "t", " ".join(held[:10]))
    run = dealer("draw", 8, "--table", "t", "--json").json()["result"]
    assert run["reshuffled"] == 10
    assert len(run["cards"]) == 8
    assert not set(run["cards"][4:]) & set(held[10:])  # still-held cards never come back
    text = dealer("draw", 1, "--table", "t").out
    assert "short" not in text
    log = dealer("table", "log", "t", "--jsonl").out.splitlines()
    kinds = [json.loads(line)["kind"] for line in log]
    assert "reshuffle" in kinds


def test_table_from_environment(dealer):
    dealer("table", "new", "env-table")
    run = dealer("draw", 2, "--json", env={"DEALER_TABLE": "env-table"})
    assert run.json()["result"]["table"] == "env-table"


def test_ruleset_is_pinned_and_conflicts_are_refused(dealer, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "poker-hands"\nname = "house"\n')
    assert dealer("table", "new", "h", "-r", house).code == 0
    house.write_text("this is no longer TOML [")
    run = dealer("draw", 3, "--table", "h", "--json")
    assert run.code == 0 and run.json()["ruleset"] == "house"
    house.unlink()
    assert dealer("table", "show", "h").code == 0
    conflict = dealer("draw", 3, "--table", "h", "-r", "weird-dust-devils")
    assert_clean_error(conflict, code=1)
    assert "pinned" in conflict.err


def test_roster_add_set_remove_and_show(dealer):
    dealer("table", "new", "t")
    assert dealer("table", "add", "t", "Sarah", "--trait", "quickness=3d6").code == 0
    assert dealer("table", "add", "t", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8").code == 0
    assert_clean_error(dealer("table", "add", "t", "Sarah"), code=1)
    assert_clean_error(dealer("table", "add", "t", "Cy", "--side", "outlaws"), code=1)
    assert dealer("table", "set", "t", "Sarah", "--trait", "cognition=2d10", "--trait", "quickness=").code == 0
    shown = dealer("table", "show", "t", "--json").json()["result"]
    assert shown["roster"]["Sarah"] == {"side": "posse", "traits": {"cognition": "2d10"}}
    assert shown["roster"]["Bad Bob"]["side"] == "marshal"
    assert dealer("table", "remove", "t", "Bad Bob").code == 0
    assert "Bad Bob" not in dealer("table", "show", "t", "--json").json()["result"]["roster"]
    assert_clean_error(dealer("table", "set", "t", "Nobody", "--trait", "x=1"), code=1)
    assert_clean_error(dealer("table", "add", "t", "Eve", "--trait", "no-equals"), code=2)


def test_shuffle_reset_list_delete_and_log(dealer):
    dealer("table", "new", "t")
    cards = dealer("draw", 5, "--table", "t", "--json").json()["result"]["cards"]
    dealer("table", "discard", "t", *cards[:2])
    shuffled = dealer("table", "shuffle", "t", "--json").json()["result"]
    assert shuffled["shuffled"] == {"main": 51}
    dealer("table", "reset", "t")
    shown = dealer("table", "show", "t", "--json").json()["result"]
    assert shown["decks"]["main"]["deck"] == 54 and shown["decks"]["main"]["play"] == 0
    listed = dealer("table", "list", "--json").json()["result"]["tables"]
    assert [t["name"] for t in listed] == ["t"]
    events = dealer("table", "log", "t", "--json").json()["result"]["events"]
    assert [e["kind"] for e in events][:2] == ["new table", "new deck"]
    later = dealer("table", "log", "t", "--jsonl", "--since", 3).out.splitlines()
    assert [json.loads(line)["seq"] for line in later] == list(range(4, len(events) + 1))
    assert all(json.loads(line)["table"] == "t" for line in later)
    assert_clean_error(dealer("table", "delete", "t"), code=1)  # no --yes, not a terminal
    assert dealer("table", "delete", "t", "--yes").code == 0
    assert_clean_error(dealer("draw", "--table", "t"), code=1)


def test_discard_errors_name_the_card_and_its_place(dealer):
    dealer("table", "new", "t")
    run = dealer("table", "discard", "t", "As")
    assert_clean_error(run, code=1)
    assert "As" in run.err and "still in the deck" in run.err


def test_missing_table_suggests_a_close_name(dealer):
    dealer("table", "new", "friday")
    run = dealer("draw", "--table", "fridya")
    assert_clean_error(run, code=1)
    assert "did you mean 'friday'" in run.err


def test_named_decks_are_separate(dealer):
    dealer("table", "new", "t")
    a = dealer("draw", 54, "--table", "t", "--deck", "posse", "--json").json()["result"]["cards"]
    b = dealer("draw", 54, "--table", "t", "--deck", "marshal", "--json").json()["result"]["cards"]
    assert sorted(a) == sorted(b) and len(set(a)) == 54


def test_stateless_commands_use_the_tables_ruleset(dealer):
    dealer("table", "new", "p", "-r", "poker-hands")
    run = dealer("hand", "RJ 2c 2d 5h 9s", "--table", "p", "--json")
    assert run.json()["ruleset"] == "poker-hands" and run.json()["result"]["hand"]["dead"] == ["RJ"]
    spell = dealer("hex", "--skill", 1, "--table", "p", "--json", "--seed", 3)
    assert spell.code == 0 and spell.json()["result"]["kind"] == "spell"
    explicit = dealer("hand", "As Ad", "--table", "p", "-r", "weird-dust-devils")
    assert explicit.code == 1  # a tarot deck has no As: the explicit ruleset wins for a stateless command
    other = dealer("table", "new", "other", "-r", "dust-devils", env={"DEALER_TABLE": "p"})
    assert other.code == 0
    assert dealer("table", "show", "other", "--json").json()["result"]["ruleset"] == "dust-devils"


def test_table_show_never_creates_the_state_file(dealer, tmp_path):
    run = dealer("table", "show", "nowhere")
    assert run.code == 1 and "no tables yet" in run.err
    assert not (tmp_path / "state" / "tables.sqlite3").exists()
