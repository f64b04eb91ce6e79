"""The luck ledger at a shared table with seats: its decks are face down, dealt by the database, so
the history never tells whose cards are Jokers before they are shown, and ``table stats`` counts
those draws apart rather than guess; every seat reads the ledger of what it may see."""

from __future__ import annotations

import json

import pytest

from tests.conftest import installed_dealer
from tests.store.test_seats_play import Seat, make_table

psycopg = pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")


def test_a_shared_tables_ledger_keeps_face_down_cards_face_down(tmp_path, postgres_url):
    exe = installed_dealer()
    owner = Seat(exe, postgres_url, tmp_path / "owner")
    urls = make_table(owner, "ledger", "deadlands",
                      [("Sarah", "--trait", "quickness=3d6"), ("Velvet", "--trait", "quickness=4d8"),
                       ("Bad Bob", "--side", "marshal", "--trait", "quickness=2d8")],
                      {"gm": ["--role", "gm"], "sarah": ["--role", "player", "--for", "Sarah"]})
    gm, sarah = Seat(exe, urls["gm"], tmp_path / "gm"), Seat(exe, urls["sarah"], tmp_path / "sarah")
    gm("chips", "session", "--table", "ledger")
    for _ in range(3):
        gm("action", "--table", "ledger")
    sarah("roll", "3d6", "--as", "Sarah", "--table", "ledger")
    for seat in (gm, sarah):
        log = [json.loads(line) for line in seat("table", "log", "ledger", "--jsonl").stdout.splitlines()]
        entries = [entry for event in log for entry in (event["data"].get("ledger") or {}).get("people", ())]
        assert all("jokers" not in entry and "joker" not in entry for entry in entries)
        assert all(entry["deck"]["jokers"] is None for entry in entries if "deck" in entry)
        counted = seat.json("table", "stats", "ledger")
        jokers = [row for person in counted["people"] for row in person["rows"] if row["row"] == "jokers"]
        assert jokers and all(row["events"] == 0 and row["unknown"] for row in jokers)
        assert any("face-down" in item["why"] for item in counted["unknown"])
        # Every round's rolls are on a round event of its own, which every seat reads.
        assert [event["data"]["round"] for event in log if event["kind"] == "round"] == [1, 2, 3]
        velvet = next(person for person in counted["people"] if person["person"] == "Velvet")
        assert next(row for row in velvet["rows"] if row["row"] == "bust")["events"] == 3
