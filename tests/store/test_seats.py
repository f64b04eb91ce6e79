"""Seats at a shared table: made, listed and revoked by the owner; each a PostgreSQL role the
database itself keeps to what it may do; seeds that come from the table's secret, committed when
the table is made and checked against the log when revealed."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import assert_clean_error

psycopg = pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")


def as_seat(url):
    """A plain psycopg connection with a seat's credentials (what any program holding them can do)."""
    from dealer.store.postgres import split_schema

    conninfo, schema = split_schema(url)
    return psycopg.connect(conninfo, autocommit=True, options=f"-c search_path={schema}")


def refused(connection, sql, params=None):
    """The database's refusal of ``sql`` for this role (the test fails if it is allowed)."""
    with pytest.raises(psycopg.Error) as caught:
        connection.execute(sql, params)
    return str(caught.value).splitlines()[0]


def changes_nothing(connection, sql, params=None):
    """``sql`` refused, or (row-level security: the rows are not this role's) run on no row."""
    try:
        cursor = connection.execute(sql, params)
    except psycopg.Error:
        return True
    return cursor.rowcount == 0


def begin(connection, table_id, words='["draw", "1"]', command="draw"):
    """A player's command begun in plain SQL (committed: the connection is in autocommit), as dealer
    begins one before the table hands it any randomness, with its version."""
    from dealer import __version__

    return connection.execute("SELECT seat_begin(%s, %s, %s, %s)", (table_id, command, words, __version__)).fetchone()[0]


def back_to_version_5(sql):
    """A schema as version 5 left it: no commands begun, no chip colours drawn by the table
    (``dealer.store.postgres_begun``)."""
    sql.execute("DROP TABLE pending")
    sql.execute("DROP TRIGGER events_of_begun ON events")
    sql.execute("DROP FUNCTION seat_begin, seat_ready, log_abandoned, event_of_begun, draws_logged, keyed_chip")
    sql.execute("ALTER TABLE owed DROP COLUMN colours, DROP COLUMN taken, ADD COLUMN chips bigint NOT NULL DEFAULT 0")
    sql.execute("UPDATE meta SET value = '5' WHERE key = 'version'")


@pytest.fixture
def friday(dealer_on, postgres_url):
    """A Deadlands table on PostgreSQL with two people, and its owner's runner."""
    owner = dealer_on(postgres_url)
    made = owner("table", "new", "friday", "--json")
    assert made.code == 0 and made.json()["result"]["commitment"], made
    valid(made)
    for args in (["Sarah", "--trait", "quickness=3d6"], ["Bad Bob", "--side", "marshal"], ["Velvet"]):
        assert owner("table", "add", "friday", *args).code == 0
    return owner, made.json()["result"]


def valid(run):
    """A --json output checked against docs/schema.json (as every output of the sweep is)."""
    from tests.cli.test_json_schema import problems

    document = run.json()
    assert not problems(document), problems(document)
    return document["result"]


def seat(owner, name, *args):
    run = owner("table", "seat", "friday", name, *args, "--json")
    assert run.code == 0, run
    return valid(run)["store"]


def test_a_seat_is_a_role_of_its_own_listed_and_revoked(friday, dealer_on, postgres_server):
    owner, _ = friday
    url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    assert url.startswith("postgresql://") and "sarah" in url
    made = owner("table", "seat", "friday", "gm", "--role", "gm")
    assert made.code == 0 and "DEALER_STORE='postgresql://" in made.out  # printed once, with its password
    listed = valid(owner("table", "seat", "friday", "--list", "--json"))["seats"]
    assert [(s["seat"], s["role"], s["for"]) for s in listed] == [("gm", "gm", []), ("sarah", "player", ["Sarah"])]
    assert "password" not in json.dumps(listed) and url.split(":")[2].split("@")[0] not in json.dumps(listed)
    with as_seat(url) as connection:
        assert connection.execute("SELECT session_user").fetchone()[0].endswith("sarah")
    assert valid(owner("table", "seat", "friday", "--revoke", "sarah", "--json"))["action"] == "revoke"
    with pytest.raises(psycopg.OperationalError):
        as_seat(url)
    log = owner("table", "log", "friday", "--json").json()["result"]["events"]
    assert [e["kind"] for e in log][-3:] == ["seat", "seat", "seat revoked"]


@pytest.mark.parametrize("args, words", [
    (["sam", "--role", "player"], "add --for PERSON"),
    (["sam", "--role", "player", "--for", "Sam"], "no 'Sam' on its roster"),
    (["gm", "--role", "gm", "--for", "Sarah"], "drop --for"),
    (["sam"], "which role?"),
    (["bad seat!", "--role", "watcher"], "up to 32 letters"),
])
def test_a_seat_made_wrong_is_a_clean_error(friday, args, words):
    owner, _ = friday
    run = owner("table", "seat", "friday", *args)
    assert_clean_error(run)
    assert words in run.err, run


def test_the_same_seat_twice_is_refused(friday):
    owner, _ = friday
    seat(owner, "gm", "--role", "gm")
    again = owner("table", "seat", "friday", "gm", "--role", "gm")
    assert_clean_error(again, code=1)
    assert "--revoke gm first" in again.err


@pytest.mark.sqlite_file
def test_on_the_sqlite_file_there_is_one_seat(dealer):
    assert dealer("table", "new", "t").code == 0
    run = dealer("table", "seat", "t", "gm", "--role", "gm")
    assert_clean_error(run, code=1)
    assert "one machine, one seat" in run.err
    reveal = dealer("table", "reveal", "t")
    assert_clean_error(reveal, code=1)
    assert "only a shared table" in reveal.err


def test_seeds_come_from_the_secret_the_commitment_names(friday):
    """Every seed recorded is HMAC-SHA256(secret, first event of its command), and the revealed
    secret hashes to the commitment ``table new`` printed."""
    from dealer.store.secrets import commitment_of, seed_for

    owner, made = friday
    seat(owner, "gm", "--role", "gm")
    for args in (["draw", "3"], ["action"], ["chips", "draw", "Sarah"], ["draw", "1", "--count", "3"]):
        assert owner(*args, "--table", "friday").code == 0, args
    refused_seed = owner("draw", "2", "--table", "friday", "--seed", "7")
    assert_clean_error(refused_seed, code=1)
    assert "drop --seed" in refused_seed.err
    revealed = valid(owner("table", "reveal", "friday", "--json"))["revealed"]
    secret = bytes.fromhex(revealed["secret"])
    assert commitment_of(secret) == made["commitment"] == revealed["commitment"]
    events = owner("table", "log", "friday", "--json").json()["result"]["events"]
    first_of = {}
    for event in events:
        if event["seed"] is not None:
            first_of.setdefault((event["command"], event["seed"]), event["seq"])
    assert len(first_of) >= 5
    for (command, seed), seq in first_of.items():
        assert seed == seed_for(secret, seq), (command, seq)
    # after the reveal, a fresh secret deals, and the reveal says what it commits to
    assert owner("draw", "1", "--table", "friday").code == 0
    assert revealed["next_commitment"] != revealed["commitment"]


def test_the_database_computes_the_same_seed_as_dealer(postgres_url, friday):
    from dealer.store.secrets import seed_for

    with as_seat(postgres_url) as owner_sql:
        for secret in (bytes(32), bytes(range(32)), b"\xff" * 100):
            for seq in (1, 2, 99, 10**12):
                assert owner_sql.execute("SELECT seed_of(%s, %s)", (secret, seq)).fetchone()[0] == seed_for(secret, seq)


def test_a_seat_cannot_do_in_plain_sql_what_it_may_not(friday):
    """Connected with a player's own credentials: the secret, the snapshots, the raw state and the
    draw piles are not readable; chips, the roster and the history cannot be changed; only its own
    table is there."""
    owner, _ = friday
    assert owner("action", "--table", "friday").code == 0
    url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    with as_seat(url) as sql:
        for statement in ("SELECT * FROM secrets", "SELECT * FROM snapshots", "SELECT state FROM tables",
                          "UPDATE chips SET count = count + 1", "DELETE FROM chips", "DELETE FROM events",
                          "UPDATE events SET data = '{}'", "INSERT INTO chips VALUES (1, 'Sarah', 'blue', 9)",
                          "UPDATE tables SET name = 'x'", "DELETE FROM tables", "DELETE FROM cards"):
            assert "permission denied" in refused(sql, statement), statement
        for statement in ("UPDATE roster SET traits = '{}'", "DELETE FROM roster",
                          "INSERT INTO roster VALUES (1, 'Ghost', 'posse', '{}', 9)",
                          "UPDATE cards SET holder = 'Sarah', place = 'play' WHERE holder <> 'Sarah'"):
            assert changes_nothing(sql, statement), statement
        assert sql.execute("SELECT count(*) FROM cards WHERE place = 'deck'").fetchone()[0] == 0
        counts = dict(((deck, place), n) for deck, place, n in sql.execute("SELECT * FROM deck_counts(1)"))
        assert counts[("main", "deck")] == 54  # it may know how many, never which
        assert sql.execute("SELECT count(*) FROM tables").fetchone()[0] == 1


def test_a_player_draws_in_plain_sql_only_for_its_own_people_and_never_from_the_gms_side(friday):
    """seat_draw as a player's role: the Marshal's deck is the GM's (the GM deals the rounds), and a
    card drawn for a holder who is not the seat's (off the roster, the table, another person) would
    take it out of the deck and show it; the one exception is a breakdown card, the GM's, from the
    GM's gadget deck."""
    owner, _ = friday
    url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    with as_seat(url) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        draw = "SELECT seat_draw(%s, %s, 1, %s, true, '{}')"
        assert "GM's side" in refused(sql, draw, (table_id, "marshal", "Sarah"))
        for deck, holder in (("main", "Ghost"), ("main", ""), ("main", "Velvet"), ("posse", "Bad Bob"),
                             ("main", "gm")):
            assert "its own people, not for" in refused(sql, draw, (table_id, deck, holder)), (deck, holder)
        begin(sql, table_id)
        with sql.transaction(force_rollback=True):
            assert len(sql.execute(draw, (table_id, "main", "Sarah")).fetchone()[0]["cards"]) == 1
            assert sql.execute(draw, (table_id, "gm", "gm")).fetchone()[0]["short"]  # allowed: no such deck yet
    with as_seat(seat(owner, "gm", "--role", "gm")) as sql, sql.transaction(force_rollback=True):
        assert sql.execute(draw, (table_id, "marshal", "Bad Bob")).fetchone()[0]["short"]  # the GM's: allowed


def test_a_player_draws_a_chip_from_the_pot_in_plain_sql_only_for_a_chip_card_just_dealt(dealer_on, postgres_url):
    """seat_move_chips as a player's role: a chip from the pot to its own person is the one "the
    person with the hand may also draw" for the Red Joker (the poker-hands game's chip card) the
    database just dealt them, one a Joker, in the same transaction (seed 003), of the colour the
    database drew for it (blind: keyed by the secret, as dealer.store.shared_decks.keyed_chip); never
    otherwise, nor another colour."""
    from dealer.store.shared_decks import keyed_chip

    owner = dealer_on(postgres_url)
    for argv in (("table", "new", "ph", "-r", "poker-hands"), ("table", "add", "ph", "Sarah")):
        assert owner(*argv).code == 0
    url = owner("table", "seat", "ph", "sarah", "--role", "player", "--for", "Sarah", "--json").json()["result"]["store"]
    take = "SELECT seat_move_chips(%s, %s)"

    def one(colour):
        return json.dumps({"": {colour: -1}, "Sarah": {colour: 1}})

    with as_seat(postgres_url) as sql:  # the owner's rights: the test's oracle stacks the deck
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'ph'").fetchone()[0]
        for card, position in (("RJ", -1), ("7h", -2)):
            sql.execute("UPDATE cards SET position = %s WHERE table_id = %s AND deck = 'main' AND card = %s",
                        (position, table_id, card))
        secret = bytes(sql.execute("SELECT secret FROM secrets WHERE table_id = %s", (table_id,)).fetchone()[0])
        pot = dict(sql.execute("SELECT colour, count FROM chips WHERE table_id = %s AND holder = ''", (table_id,)))
    with as_seat(url) as sql:
        assert "chip card" in refused(sql, take, (table_id, one("white")))
        draw = "SELECT seat_draw(%s, 'main', %s, 'Sarah', true, '{}')"
        seq = begin(sql, table_id)
        with sql.transaction(force_rollback=True):
            dealt = sql.execute(draw, (table_id, 1)).fetchone()[0]
            assert (dealt["cards"], dealt["chips"]) == (["7h"], [])
            assert "chip card" in refused(sql, take, (table_id, one("white")))
        with sql.transaction(force_rollback=True):
            dealt = sql.execute(draw, (table_id, 2)).fetchone()[0]
            colour = keyed_chip(secret, seq, 0, "Sarah", pot)
            assert (dealt["cards"], dealt["chips"]) == (["7h", "RJ"], [colour])
            for other in sorted(set(pot) - {colour}):
                with sql.transaction(force_rollback=True):
                    assert "colour the table drew" in refused(sql, take, (table_id, one(other)))
            sql.execute(take, (table_id, one(colour)))  # the Joker's chip
            assert "chip card" in refused(sql, take, (table_id, one(colour)))  # and no second
        assert "chip card" in refused(sql, take, (table_id, one(colour)))  # nor in the next transaction


def test_the_database_keys_a_decks_order_as_dealer_does(postgres_url, friday):
    """The database orders a deck it shuffles by HMAC-SHA256(secret, "SEQ:K:DECK:CARD") (its
    keyed_order, which seat_draw and seat_gather use): with a known secret, its order, dealer's
    (dealer.store.shared_decks.keyed_order, which a replay deals by), one computed here by hand
    and one pinned agree, shuffle after shuffle of one command, for a deck named in UTF-8."""
    from dealer.store.shared_decks import keyed_order
    from tests.cli.test_verify import hmac_sha256

    secret, deck, codes = bytes(range(32)), "hex:Señor", ["As", "Kd", "Qh", "10c", "2s", "RJ", "BJ", "7h"]
    pinned = [["RJ", "7h", "10c", "As", "Qh", "Kd", "BJ", "2s"], ["Kd", "BJ", "2s", "RJ", "7h", "As", "10c", "Qh"]]
    with as_seat(postgres_url) as sql, sql.transaction(force_rollback=True):
        table_id, seq = sql.execute("SELECT t.id, last_seq(t.id) + 1 FROM tables t WHERE name = 'friday'").fetchone()
        assert seq == 6
        sql.execute("UPDATE secrets SET secret = %s WHERE table_id = %s", (secret, table_id))
        for shuffle, order in enumerate(pinned):
            by_hand = sorted(codes, key=lambda code: hmac_sha256(secret, f"{seq}:{shuffle}:{deck}:{code}".encode()))
            database = sql.execute("SELECT keyed_order(%s, %s, %s)", (table_id, deck, codes)).fetchone()[0]
            assert database == keyed_order(secret, seq, shuffle, deck, codes) == by_hand == order


def test_the_gm_undoes_and_the_database_keeps_a_player_from_it(friday, dealer_on):
    """The GM's undo puts back the cards where they were, the chips and the state, and deals the
    draw pile the undone command dealt from in a fresh order (the cards it put back were seen);
    a player's undo is refused by dealer, and by PostgreSQL to its own credentials, which read no
    snapshot and cannot call the GM's undo; nor can the GM's read a snapshot."""
    owner, _ = friday
    gm_url, sarah_url = seat(owner, "gm", "--role", "gm"), seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    gm, sarah = dealer_on(gm_url), dealer_on(sarah_url)
    assert gm("action", "--table", "friday").code == 0
    before = owner("table", "export", "friday").json()["result"]
    assert gm("draw", "3", "--table", "friday").code == 0 and gm("chips", "draw", "Sarah", "--table", "friday").code == 0
    assert valid(gm("table", "undo", "friday", "--json"))["undid"]["command"] == "chips draw"
    undone = valid(gm("table", "undo", "friday", "--json"))
    assert undone["undid"]["command"] == "draw" and undone["left"] >= 1
    after = owner("table", "export", "friday").json()["result"]
    assert [after[part] for part in ("roster", "chips", "state")] == [before[part] for part in ("roster", "chips", "state")]
    for deck, piles in before["decks"].items():
        now = after["decks"][deck]
        assert [now[place] for place in ("discard", "play", "sleeves")] == [piles[place] for place in
                                                                           ("discard", "play", "sleeves")]
        assert sorted(now["deck"]) == sorted(piles["deck"])
        assert (now["deck"] == piles["deck"]) == (deck != "main"), deck  # only the deck drawn from, dealt anew
    assert [event["kind"] for event in after["events"][-2:]] == ["undo", "undo"]
    refused_undo = sarah("table", "undo", "friday")
    assert_clean_error(refused_undo, code=1)
    assert "seat sarah (player for Sarah) may not run `dealer table undo`" in refused_undo.err
    with as_seat(sarah_url) as sql:
        table_id = sql.execute("SELECT id FROM tables").fetchone()[0]
        assert "only the GM undoes" in refused(sql, "SELECT seat_undo(%s)", (table_id,))
        assert "only the GM reveals" in refused(sql, "SELECT seat_reveal(%s)", (table_id,))
        for statement in ("SELECT * FROM snapshots", "SELECT data FROM snapshots", "DELETE FROM snapshots",
                          "SELECT table_rows(1)"):
            assert "permission denied" in refused(sql, statement), statement
    with as_seat(gm_url) as sql:
        for statement in ("SELECT * FROM snapshots", "UPDATE snapshots SET data = '{}'", "SELECT * FROM secrets"):
            assert "permission denied" in refused(sql, statement), statement


def test_a_schema_of_version_3_gets_the_gms_undo_and_reveal(friday, dealer_on, postgres_url):
    """A schema of version 3 (seats, without the GM's reveal and undo), a seated table in it: a seat
    may not bring it forward (a clean error saying who may); the owner's store init does, and the
    seats are granted the new functions."""
    owner, _ = friday
    gm_url = seat(owner, "gm", "--role", "gm")
    gm = dealer_on(gm_url)
    assert gm("draw", "2", "--table", "friday").code == 0
    with as_seat(postgres_url) as sql:  # back to version 3
        back_to_version_5(sql)
        sql.execute("DROP FUNCTION seat_reveal, seat_remember, seat_label, seat_undo, seat_undo_depth, table_rows")
        sql.execute("ALTER TABLE events DROP COLUMN version")  # version 5's
        sql.execute("UPDATE meta SET value = '3' WHERE key = 'version'")
    refused_migration = gm("draw", "1", "--table", "friday")
    assert_clean_error(refused_migration, code=1)
    assert "dealer store init" in refused_migration.err
    assert owner("store", "init").code == 0
    assert gm("draw", "1", "--table", "friday").code == 0
    assert valid(gm("table", "undo", "friday", "--json"))["undid"]["command"] == "draw"
    with as_seat(gm_url) as sql:  # the functions inside the deals stay the owner's through the migration
        assert "permission denied" in refused(sql, "SELECT keyed_order(1, 'main', '{As}')")
    assert valid(gm("table", "reveal", "friday", "--json"))["revealed"]["reordered"] == ["main"]


def test_a_schema_of_version_4_records_the_dealer_version_of_each_event_from_then_on(friday, dealer_on, postgres_url):
    """A schema as version 4 left it (no events.version, seat_events without it), a seated table in
    it: the owner's store init brings it forward; the events before have no version, every one
    written since (a seat's too) has this dealer's, and a seat reads them through seat_events."""
    from dealer import __version__

    owner, _ = friday
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    sarah = dealer_on(seat(owner, "sarah", "--role", "player", "--for", "Sarah"))
    assert gm("draw", "2", "--table", "friday").code == 0
    schema = postgres_url.rsplit("schema=", 1)[1]
    with as_seat(postgres_url) as sql:  # back to version 4
        back_to_version_5(sql)
        sql.execute("ALTER TABLE events DROP COLUMN version")
        sql.execute("DROP FUNCTION seat_events(bigint, bigint)")
        sql.execute(f"""CREATE FUNCTION seat_events(t bigint, after bigint) RETURNS TABLE (
                            seq bigint, "time" text, command text, kind text, deck text, cards text, seed bigint,
                            data text, args text)
                        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "{schema}" AS $$
                            SELECT seq, time, command, kind, deck, cards, seed, data, args FROM events
                            WHERE table_id = t AND seq > after ORDER BY seq $$""")
        sql.execute("UPDATE meta SET value = '4' WHERE key = 'version'")
        before = sql.execute("SELECT count(*) FROM events").fetchone()[0]
    assert "dealer store init" in sarah("table", "log", "friday").err
    assert owner("store", "init").code == 0
    assert sarah("roll", "3d6", "--as", "Sarah", "--table", "friday").code == 0
    assert gm("draw", "1", "--table", "friday").code == 0
    for who in (owner, gm, sarah):
        log = [json.loads(line) for line in who("table", "log", "friday", "--jsonl").out.splitlines()]
        assert [event["command"] for event in log[before:]] == ["roll", "draw"], who
        assert [event["version"] for event in log] == [None] * before + [__version__] * 2, who


def test_the_gms_secret_roll_is_a_players_only_as_a_roll(friday, dealer_on):
    """A GM's secret roll: a player's log, watch and view of the table (and its role's every read)
    show that the GM rolled, never what; the GM's show it whole."""
    owner, _ = friday
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    sarah = dealer_on(sarah_url)
    rolled = valid(gm("roll", "9d6", "--as", "Bad Bob", "--secret", "--table", "friday", "--json"))
    dice = rolled["rolls"]
    for who, shown in ((sarah, False), (gm, True)):
        log = [json.loads(line) for line in who("table", "log", "friday", "--jsonl").out.splitlines()]
        secret = [event for event in log if event["kind"] == "roll"]
        assert len(secret) == 1 and (secret[0]["data"] == {"secret": True}) != shown, secret
        assert (secret[0]["seed"] is None) != shown
        view = who("table", "show", "friday", "--json").out
        assert (json.dumps(dice) in json.dumps(json.loads(view))) == shown
    with as_seat(sarah_url) as sql:
        table_id = sql.execute("SELECT id FROM tables").fetchone()[0]
        state = sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0]
        assert "Bad Bob" not in json.dumps(json.loads(state).get("rolls", {}))
    # table watch: the same view as the log, live
    from tests.conftest import installed_dealer
    from tests.store.test_watch import Watch

    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}, "DEALER_STORE": sarah_url}
    log = sarah("table", "log", "friday", "--jsonl").out.splitlines()
    watch = Watch(installed_dealer(), env, "friday", "--jsonl", "--since", "0")
    try:
        assert [json.loads(line) for line in watch.take(len(log))] == [json.loads(line) for line in log]
        assert gm("roll", "2d6", "--as", "Bad Bob", "--secret", "--table", "friday").code == 0
        assert json.loads(watch.take(1)[0])["data"] == {"secret": True}
    finally:
        assert watch.stop()[0] == 0


def test_a_card_dealt_after_one_left_the_middle_of_a_hand_goes_last(friday):
    """The database deals a card to the end of its holder's cards: a card discarded from the middle
    leaves a gap, never a position two cards share (a pile's order is its positions: table check
    and the export read it so, and a replay deals it so)."""
    owner, _ = friday
    seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    first = valid(owner("draw", "3", "--table", "friday", "--json"))["cards"]
    assert owner("table", "discard", "friday", first[1], "--deck", "main").code == 0
    again = valid(owner("draw", "1", "--table", "friday", "--json"))["cards"]
    assert owner("table", "check", "friday").code == 0
    exported = owner("table", "export", "friday").json()["result"]
    assert exported["decks"]["main"]["play"][""] == [first[0], first[2], *again]


def test_a_seat_reaches_no_other_table(friday, postgres_url):
    """A seat at one table, with its own credentials in plain SQL, neither sees nor changes another
    table of the store (dealt by the database too): not its cards in play or discarded, not its next
    seed, not its decks (shuffled or collected) nor a card typed into it."""
    owner, _ = friday
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    assert owner("table", "new", "other").code == 0 and owner("table", "add", "other", "Zed").code == 0
    assert owner("table", "seat", "other", "gm", "--role", "gm").code == 0
    drawn = valid(owner("draw", "3", "--table", "other", "--json"))["cards"]
    assert owner("table", "discard", "other", drawn[0], "--deck", "main").code == 0
    before = owner("table", "export", "other").json()["result"]["decks"]
    with as_seat(postgres_url) as sql:
        other = sql.execute("SELECT id FROM tables WHERE name = 'other'").fetchone()[0]
    in_pile = before["main"]["deck"][0]
    with as_seat(sarah_url) as sql:
        assert sql.execute("SELECT count(*) FROM cards WHERE table_id = %s", (other,)).fetchone()[0] == 0
        assert sql.execute("SELECT next_seed(%s)", (other,)).fetchone()[0] is None
        for statement in ("SELECT seat_gather(%s, 'main', 'collect')", "SELECT seat_gather(%s, 'main', 'shuffle')",
                          f"SELECT seat_take(%s, 'main', ARRAY['{in_pile}'], 'Sarah')"):
            assert changes_nothing(sql, statement, (other,)), statement
    assert owner("table", "export", "other").json()["result"]["decks"] == before


def test_a_seat_runs_none_of_the_functions_inside_a_deal(friday, dealer_on):
    """The functions that order a deck and put cards under it, and the test of a face-down card,
    run only inside the moves that use them: a player or a watcher calling them in plain SQL is
    refused (put_under would take another's card back into the deck; keyed_order, called and
    rolled back, would tell the next shuffle's order; card_face_down which cards are face down),
    and asking whether it sees a card tells a seat nothing about a card it does not see."""
    owner, _ = friday
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    urls = {"velvet": seat(owner, "velvet", "--role", "player", "--for", "Velvet"),
            "stream": seat(owner, "stream", "--role", "watcher")}
    assert gm("action", "Sarah=8:Qh", "--table", "friday").code == 0
    decks = owner("table", "export", "friday").json()["result"]["decks"]
    face_down = "Qh"  # Sarah's action card: nobody has acted
    assert decks["posse"]["play"]["Sarah"] == [face_down]
    codes = sorted(decks["posse"]["deck"] + [face_down])
    for url in urls.values():
        with as_seat(url) as sql:
            table_id = sql.execute("SELECT id FROM tables").fetchone()[0]
            for call in ("put_under(%s, 'posse', %s)", "keyed_order(%s, 'posse', %s)"):
                assert "permission denied" in refused(sql, f"SELECT {call}", (table_id, codes)), call
            for call in ("card_face_down(%s, %s)", "may_handle_deck(%s, %s)"):
                assert "permission denied" in refused(sql, f"SELECT {call}", (table_id, face_down)), call
            seen = {code: sql.execute("SELECT card_seen(%s, 'posse', %s)", (table_id, code)).fetchone()[0]
                    for code in codes}
            assert not any(seen.values()), seen
    assert owner("table", "export", "friday").json()["result"]["decks"] == decks


def test_the_gm_neither_reads_nor_stacks_a_draw_pile_in_plain_sql(friday, dealer_on):
    """The GM moves the cards it sees, never one of a draw pile: an UPDATE that reads no column (so no
    policy of reading applies to it) leaves the draw pile where it was, and a card it sees is not put
    on the draw pile by hand (it would know the top card)."""
    owner, _ = friday
    gm_url = seat(owner, "gm", "--role", "gm")
    drawn = valid(dealer_on(gm_url)("draw", "2", "--table", "friday", "--json"))["cards"]
    decks = owner("table", "export", "friday").json()["result"]["decks"]
    with as_seat(gm_url) as sql:
        with sql.transaction(force_rollback=True):
            sql.execute("UPDATE cards SET place = 'play', holder = 'peek'")
            peeked = sql.execute("SELECT card FROM cards WHERE holder = 'peek' ORDER BY card").fetchall()
            assert sorted(card for (card,) in peeked) == sorted(drawn)
        assert changes_nothing(sql, "UPDATE cards SET place = 'deck', holder = NULL, position = -1 WHERE card = %s",
                               (drawn[0],))
    assert owner("table", "export", "friday").json()["result"]["decks"] == decks


def _strings(value):
    """Every string in a JSON value (the card codes an event names, wherever it names them)."""
    if isinstance(value, str):
        return {value}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return set().union(*map(_strings, items)) if items else set()


@pytest.mark.parametrize("game, moves", [
    ("savage-worlds", [("sarah", "action", "hold", "Sarah")]),  # on Hold before the countdown reaches her card
    ("poker-hands", [("gm", "chips", "give", "Sarah", "white"), ("gm", "chips", "spend", "Sarah", "white")]),
])
def test_a_face_down_card_is_masked_in_every_event_that_names_it(dealer_on, postgres_url, game, moves):
    """Whatever event names a person's face-down action cards (their deal, their going on Hold with
    them, a chip changing their combat hand), another player's log shows it happened, never the cards
    (nor, for a changed hand, what it was and became); the GM's log shows them."""
    owner = dealer_on(postgres_url)
    assert owner("table", "new", "t", "-r", game).code == 0
    for person in ("Sarah", "Velvet"):
        assert owner("table", "add", "t", person).code == 0
    runs = {}
    for name, args in (("gm", ["--role", "gm"]), ("sarah", ["--role", "player", "--for", "Sarah"]),
                       ("velvet", ["--role", "player", "--for", "Velvet"])):
        made = owner("table", "seat", "t", name, *args, "--json")
        assert made.code == 0, made
        runs[name] = dealer_on(made.json()["result"]["store"])
    assert runs["gm"]("action", "--table", "t").code == 0
    for who, *args in moves:
        assert runs[who](*args, "--table", "t").code == 0, (who, args)
    sarahs = [card for deck in owner("table", "export", "t").json()["result"]["decks"].values()
              for card in deck["play"].get("Sarah", [])]
    assert sarahs
    shown = {who: [json.loads(line) for line in runs[who]("table", "log", "t", "--jsonl").out.splitlines()]
             for who in ("gm", "velvet")}
    named = [event for event in shown["gm"] if set(sarahs) & _strings(event)]
    assert {event["kind"] for event in named} > {"deal"}, named  # the move named them too
    for event in shown["velvet"]:
        assert not set(sarahs) & _strings(event), event
    masked = [event for event in shown["velvet"] if event["seq"] in {e["seq"] for e in named}]
    assert all(event["data"] == {"person": "Sarah", "face_down": True} for event in masked), masked


def test_a_player_writes_only_its_own_peoples_kept_hands(dealer_on, postgres_url):
    """A player's save keeps its people's latest hands: pointed at another person's kept hand (its
    number is no secret: hands are numbered 1, 2, 3...), its save neither rewrites that hand nor
    leaves its own person pointing there (the table would be damaged for everyone)."""
    owner = dealer_on(postgres_url)
    assert owner("table", "new", "t", "-r", "poker-hands").code == 0
    for person in ("Sarah", "Velvet"):
        assert owner("table", "add", "t", person).code == 0
    velvet_url = owner("table", "seat", "t", "velvet", "--role", "player", "--for", "Velvet",
                       "--json").json()["result"]["store"]
    assert owner("hex", "--skill", "1", "--caster", "Sarah", "--table", "t").code == 0
    before = owner("table", "export", "t").json()["result"]["state"]["hands"]
    sarahs = str(before["people"]["Sarah"])
    with as_seat(velvet_url) as sql:
        table_id = sql.execute("SELECT id FROM tables").fetchone()[0]
        state = json.loads(sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0])
        hands = state.setdefault("hands", {})
        hands.setdefault("people", {})["Velvet"] = int(sarahs)
        hands.setdefault("kept", {})[sarahs] = {
            "mechanic": "spell", "target": "pair",
            "draws": [{"purpose": "spell", "person": name, "deck": f"spell:{name}", "cards": ["2c", "3d", "7h", "9s", "Jd"]}
                      for name in ("Sarah", "Velvet")]}
        sql.execute("SELECT seat_save_state(%s, %s)", (table_id, json.dumps(state)))
    assert owner("table", "check", "t").code == 0
    assert owner("table", "export", "t").json()["result"]["state"]["hands"] == before


@pytest.mark.parametrize("game", ["deadlands", "poker-hands"])
def test_a_players_view_of_a_face_down_turn_is_a_documented_shape(dealer_on, postgres_url, game):
    """Another person's turn whose card or hand is face down: in a player's JSON (action show, table
    show) a turn with its note and no card, hand or cards, as docs/schema.json describes it."""
    owner = dealer_on(postgres_url)
    assert owner("table", "new", "t", "-r", game).code == 0
    for person in ("Sarah", "Velvet"):
        assert owner("table", "add", "t", person, *(["--trait", "quickness=3d6"] if game == "deadlands" else [])).code == 0
    velvet = dealer_on(owner("table", "seat", "t", "velvet", "--role", "player", "--for", "Velvet",
                             "--json").json()["result"]["store"])
    assert owner("action", "--table", "t", *(["Sarah=8:Qh"] if game == "deadlands" else [])).code == 0
    shown = valid(velvet("action", "show", "--table", "t", "--json"))
    sarahs = [turn for turn in shown["order"] if turn["name"] == "Sarah"]
    assert sarahs and all(set(turn) == {"name", "side", "note", "status"} and turn["note"] == "face down"
                          for turn in sarahs), sarahs
    valid(velvet("table", "show", "t", "--json"))


def test_a_players_view_of_the_countdown_tells_nothing_of_the_cards_not_yet_called(friday, dealer_on):
    """Where a face-down turn stands in the order tells whose card is higher: a player sees the turns
    taken and the moment called next where they are, and the turns after it by their holders'
    names, each other person's face down and no longer grouped with another (two deals whose hidden
    cards rank the other way give the same view); its own turn taken is saved where the turn stands,
    whatever order its save sends; another's is not."""
    owner, _ = friday
    assert owner("table", "add", "friday", "Doc").code == 0
    sarah = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))

    def dealt(velvet, bob):
        assert gm("action", "Doc=:Ah", f"Velvet=:{velvet}", "Sarah=8:10d", f"Bad Bob=:{bob}", "--table", "friday").code == 0
        with as_seat(sarah) as sql:
            table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
            return table_id, json.loads(sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0])["turns"]["order"]

    table_id, high = dealt("Kc", "5s")  # stored: Doc, Velvet, Sarah, Bad Bob
    view = [(turn["name"], turn.get("card", ""), turn.get("group", 0)) for turn in high]
    assert [name for name, _, _ in view] == ["Doc", "Bad Bob", "Sarah", "Velvet"], view
    assert view[2][1] == "10d" and all(card == "" for name, card, _ in view if name != "Sarah"), view
    assert all(group >= 1_000_000 for name, _, group in view[1:] if name != "Sarah"), view
    _, low = dealt("2c", "Qs")  # stored: Doc, Bad Bob, Sarah, Velvet: the hidden cards rank the other way
    assert [(turn["name"], turn.get("card", ""), turn.get("group", 0)) for turn in low] == view
    assert gm("action", "next", "--table", "friday").code == 0  # Doc's Ace: now Bad Bob's Queen is called next
    with as_seat(sarah) as sql:
        order = json.loads(sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0])["turns"]["order"]
        assert [turn["name"] for turn in order] == ["Doc", "Bad Bob", "Sarah", "Velvet"]
        assert order[0]["card"] == "Ah" and order[1]["note"] == "face down"
        state = json.loads(sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0])
        for turn in state["turns"]["order"]:
            turn["acted"] = True  # its own turn taken, and another's: sent in reverse order
        state["turns"]["order"].reverse()
        sql.execute("SELECT seat_save_state(%s, %s)", (table_id, json.dumps(state)))
    stored = owner("table", "export", "friday", "--json").json()["result"]["state"]["turns"]["order"]
    assert [(turn["name"], turn.get("acted", False)) for turn in stored] == [
        ("Doc", True), ("Bad Bob", False), ("Sarah", True), ("Velvet", False)], stored


def test_table_check_is_the_owners_a_seat_is_told_so(friday, dealer_on):
    """table check reads every row of the table (the draw piles too, as an export does): a seat, the
    GM's too, is told in words that it is the owner's, not given the database's refusal."""
    owner, _ = friday
    for name, args in (("gm", ["--role", "gm"]), ("sarah", ["--role", "player", "--for", "Sarah"])):
        run = dealer_on(seat(owner, name, *args))("table", "check", "friday")
        assert_clean_error(run, code=1)
        assert "may not run `dealer table check`: that is the table's owner's" in run.err, run
    assert owner("table", "check", "friday").code == 0


def test_a_seat_asked_to_delete_the_table_is_refused_before_it_is_asked_to_confirm(friday, dealer_on):
    """Without --yes a delete asks first (or says to add --yes): a seat is told it is the owner's at
    once, never asked to confirm a delete it may not make."""
    owner, _ = friday
    run = dealer_on(seat(owner, "sarah", "--role", "player", "--for", "Sarah"))("table", "delete", "friday")
    assert_clean_error(run, code=1)
    assert "that is the table's owner's" in run.err and "--yes" not in run.err, run
    assert "add --yes" in owner("table", "delete", "friday").err  # the owner is asked
    assert owner("table", "show", "friday").code == 0


def test_any_seat_reads_the_conflicts_harm(dealer_on, postgres_url):
    """conflict show only reads the harm kept on the table: a player and a watcher may run it."""
    owner = dealer_on(postgres_url)
    assert owner("table", "new", "t", "-r", "weird-dust-devils").code == 0
    for person in ("Kid", "Ma"):
        assert owner("table", "add", "t", person, "--trait", "hand=3", "--trait", "eye=2").code == 0
    assert owner("conflict", "Kid", "Ma", "--scores", "hand,eye", "--table", "t").code == 0
    shown = valid(owner("conflict", "show", "--table", "t", "--json"))
    for name, args in (("kid", ["--role", "player", "--for", "Kid"]), ("stream", ["--role", "watcher"])):
        url = owner("table", "seat", "t", name, *args, "--json").json()["result"]["store"]
        run = dealer_on(url)("conflict", "show", "--table", "t", "--json")
        assert run.code == 0, run
        assert valid(run) == shown, name


def test_a_watcher_and_a_player_read_the_table_before_and_after_the_reveal(friday, dealer_on):
    """What a watcher may run (the table's view: action show, chips, table show, table log) runs, at a
    round under way; and once the GM has revealed the secret (as every session ends) every seat still
    reads the log, the list of tables and the stats, the reveal among the events."""
    owner, _ = friday
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    seats = {"stream": dealer_on(seat(owner, "stream", "--role", "watcher")),
             "sarah": dealer_on(seat(owner, "sarah", "--role", "player", "--for", "Sarah"))}
    assert gm("action", "--table", "friday").code == 0
    for args in (("action", "show", "--table", "friday"), ("chips", "--table", "friday"), ("table", "show", "friday"),
                 ("table", "log", "friday")):
        run = seats["stream"](*args)
        assert run.code == 0, (args, run)
    assert gm("table", "reveal", "friday").code == 0
    for name, run_as in (*seats.items(), ("gm", gm)):
        for args in (("table", "list"), ("table", "stats", "friday")):
            run = run_as(*args)
            assert run.code == 0, (name, args, run)
        log = [json.loads(line) for line in run_as("table", "log", "friday", "--jsonl").out.splitlines()]
        assert log[-1]["kind"] == "reveal", (name, log[-1:])


def test_a_seat_whose_role_another_seat_has_is_refused_in_words(friday):
    """A seat's role is named from the schema, the table and the seat, folded to lower case and '_':
    a seat whose name folds to another's (GM and gm; table a-b's and a_b's) is told to pick another
    name, not shown the database's 'role already exists'. A person named twice is one person."""
    owner, _ = friday
    seat(owner, "gm", "--role", "gm")
    clash = owner("table", "seat", "friday", "GM", "--role", "gm")
    assert_clean_error(clash, code=1)
    assert "seat gm of table friday has that role already" in clash.err and "another seat name" in clash.err, clash
    for name in ("a-b", "a_b"):
        assert owner("table", "new", name).code == 0
    assert owner("table", "seat", "a-b", "gm", "--role", "gm").code == 0
    clash = owner("table", "seat", "a_b", "gm", "--role", "gm")
    assert_clean_error(clash, code=1)
    assert "seat gm of table a-b has that role already" in clash.err, clash
    made = valid(owner("table", "seat", "friday", "sarah", "--role", "player", "--for", "Sarah", "--for", "Sarah",
                       "--json"))
    assert made["seat"]["for"] == ["Sarah"]


def test_a_seat_appends_events_only_at_the_end_of_the_history(friday, dealer_on):
    """A seat's role may insert its own events (its commands' history), numbered on from the last: in
    plain SQL an event past a gap (or before the end) is refused, so the history stays 1, 2, 3, ..."""
    owner, _ = friday
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    assert dealer_on(sarah_url)("roll", "3d6", "--as", "Sarah", "--table", "friday").code == 0
    with as_seat(sarah_url) as sql:
        table_id, last = sql.execute("SELECT t.id, last_seq(t.id) FROM tables t").fetchone()
        for seq in (last + 1000, last + 2):
            assert changes_nothing(sql, "INSERT INTO events (table_id, seq, time, command, kind, data, actor) "
                                        "VALUES (%s, %s, 'now', 'chips give', 'chip give', '{}', session_user)",
                                   (table_id, seq)), seq
        # at the end, its event is stamped with the database's clock, whatever time it writes
        sql.execute("INSERT INTO events (table_id, seq, time, command, kind, data, actor) "
                    "VALUES (%s, %s, '1999-01-01T00:00:00Z', 'roll', 'note', '{}', session_user)", (table_id, last + 1))
        stamped, now = sql.execute("SELECT time, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') "
                                   "FROM seat_events(%s, %s)", (table_id, last)).fetchone()
        assert stamped.startswith(now) and stamped.endswith("Z"), stamped
    assert owner("table", "check", "friday").code == 0
    assert dealer_on(sarah_url)("roll", "3d6", "--as", "Sarah", "--table", "friday").code == 0


DRAW = "SELECT seat_draw(%s, 'main', 1, 'Sarah', true, '{}')"


def test_a_player_is_handed_no_randomness_before_its_command_is_begun_and_committed(friday):
    """A seed, a card or a shuffle goes to a player's command only once it is begun (seat_begin) in a
    transaction that committed: begun in the same transaction is not begun, so nothing a player
    looks at and rolls back was handed out unseen."""
    owner, _ = friday
    with as_seat(seat(owner, "sarah", "--role", "player", "--for", "Sarah")) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        for statement in ("SELECT next_seed(%s)", DRAW, "SELECT seat_gather(%s, 'main', 'shuffle')",
                          "SELECT seat_new_deck(%s, 'spare')"):
            assert "begun first" in refused(sql, statement, (table_id,)), statement
        with sql.transaction(force_rollback=True):
            begin(sql, table_id)
            assert "begun first" in refused(sql, "SELECT next_seed(%s)", (table_id,))
        assert "no seat" in refused(sql, "SELECT seat_begin(%s, 'x', NULL)", (table_id + 1,))


def test_a_peek_is_the_command_begun_and_a_walk_away_is_in_the_history(friday, dealer_on):
    """Looking at what the table hands a command begun, and rolling it back, shows only that command's
    randomness: looked at again it is the same (a retry begun with the same words too). Begun with
    other words, or left while the GM plays on, the command is logged abandoned for the whole table."""
    from dealer import __version__

    owner, _ = friday
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    words = json.dumps(["roll", "2d6", "--as", "Sarah"])
    with as_seat(sarah_url) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        first = begin(sql, table_id, words)
        looks = []
        for _ in range(2):
            with sql.transaction(force_rollback=True):
                looks.append((sql.execute("SELECT next_seed(%s)", (table_id,)).fetchone()[0],
                              sql.execute(DRAW, (table_id,)).fetchone()[0]["cards"]))
        assert looks[0] == looks[1]
        assert begin(sql, table_id, words) == first  # the same command again: nothing logged
        assert begin(sql, table_id, json.dumps(["roll", "3d6", "--as", "Sarah"]), "roll") == first + 1
        with sql.transaction(force_rollback=True):
            assert sql.execute("SELECT next_seed(%s)", (table_id,)).fetchone()[0] != looks[0][0]
    assert gm("draw", "1", "--table", "friday").code == 0  # the GM plays on: the roll begun is left
    for who in (owner, gm, dealer_on(sarah_url)):
        log = [json.loads(line) for line in who("table", "log", "friday", "--jsonl").out.splitlines()]
        assert [(e["seq"], e["command"], e["kind"], e["args"], e["seed"], e["data"]["seat"], e["version"])
                for e in log if e["kind"] == "abandoned"] == [
            (first, "draw", "abandoned", ["roll", "2d6", "--as", "Sarah"], None, "sarah", __version__),
            (first + 1, "roll", "abandoned", ["roll", "3d6", "--as", "Sarah"], None, "sarah", __version__)], who
        assert log[-1]["command"] == "draw" and log[-1]["seq"] == first + 2
    assert "abandoned" in owner("table", "log", "friday").out


def test_a_players_draws_land_only_with_the_events_of_the_command_begun(friday):
    """In plain SQL: cards drawn for a command begun commit only with that command's events, its words
    and its first event the one after it began; an event with a seed needs a command begun; only the
    database logs a command abandoned."""
    owner, _ = friday
    with as_seat(seat(owner, "sarah", "--role", "player", "--for", "Sarah")) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        last = sql.execute("SELECT last_seq(%s)", (table_id,)).fetchone()[0]
        event = ("INSERT INTO events (table_id, seq, time, command, kind, cards, seed, data, args, actor) "
                 "VALUES (%s, %s, '', 'draw', %s, '[]', %s, '{}', %s, session_user)")
        assert "begun" in refused(sql, event, (table_id, last + 1, "draw", 42, '["draw", "1"]'))
        assert "only the database" in refused(sql, event, (table_id, last + 1, "abandoned", None, '["draw", "1"]'))
        first = begin(sql, table_id)
        with pytest.raises(psycopg.Error) as caught, sql.transaction():
            sql.execute(DRAW, (table_id,))
        assert "logged no event" in str(caught.value)
        with sql.transaction(force_rollback=True):
            sql.execute(DRAW, (table_id,))
            assert "words it began with" in refused(sql, event, (table_id, first, "draw", None, '["draw", "2"]'))
        with sql.transaction():
            seed = sql.execute("SELECT next_seed(%s)", (table_id,)).fetchone()[0]
            sql.execute(DRAW, (table_id,))
            sql.execute(event, (table_id, first, "draw", seed, '["draw", "1"]'))
            sql.execute(event, (table_id, first + 1, "draw", seed, '["draw", "1"]'))  # its next event
        assert "begun first" in refused(sql, DRAW, (table_id,))  # done: the next command begins anew
    logged = [json.loads(line) for line in owner("table", "log", "friday", "--jsonl").out.splitlines()][-2:]
    assert [(e["seq"], e["kind"], e["seed"]) for e in logged] == [(first, "draw", seed), (first + 1, "draw", seed)]


def test_a_schema_of_version_5_gets_the_commands_begun(friday, dealer_on, postgres_url):
    """A schema as version 5 left it, a seated table in it: the owner's store init brings it forward,
    and from then on a player's command is begun before the table hands it randomness."""
    owner, _ = friday
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    with as_seat(postgres_url) as sql:
        back_to_version_5(sql)
    assert "dealer store init" in dealer_on(sarah_url)("roll", "3d6", "--as", "Sarah", "--table", "friday").err
    assert owner("store", "init").code == 0
    assert dealer_on(sarah_url)("roll", "3d6", "--as", "Sarah", "--table", "friday").code == 0
    with as_seat(sarah_url) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        assert "begun first" in refused(sql, "SELECT next_seed(%s)", (table_id,))


def test_a_players_command_the_rules_refuse_before_it_rolls_begins_nothing(friday, dealer_on):
    """dealer asks the table for a player's seed at the command's first roll or deal: a command the
    rules refuse before then begins nothing, and nothing is logged abandoned."""
    owner, _ = friday
    sarah = dealer_on(seat(owner, "sarah", "--role", "player", "--for", "Sarah"))
    refused_run = sarah("roll", "3d6", "--as", "Sarah", "--vs", "Velvet", "--table", "friday")
    assert_clean_error(refused_run, code=1)
    assert "--vs" in refused_run.err
    assert sarah("roll", "3d6", "--as", "Sarah", "--table", "friday").code == 0
    log = [json.loads(line) for line in owner("table", "log", "friday", "--jsonl").out.splitlines()]
    assert [event["kind"] for event in log[-2:]] == ["seat", "roll"]


def test_a_players_contest_is_dealt_by_the_table_and_its_chip_card_draws_a_chip(dealer_on, postgres_url, tmp_path):
    """At a table with seats a contest's deck (the dealer's, gathered whole for each contest) is dealt
    by the database like every other: a player's contest that deals its person the Red Joker (the
    poker-hands game's chip card) draws the chip from the pot, which the database allows for the
    card it just dealt. Contests until one deals it (7 cards of 54 each: all but certain in 150)."""
    owner = dealer_on(postgres_url)
    for argv in (("table", "new", "ph", "-r", "poker-hands"), ("table", "add", "ph", "Sarah", "--trait", "brawling=2")):
        assert owner(*argv).code == 0
    url = owner("table", "seat", "ph", "sarah", "--role", "player", "--for", "Sarah", "--json").json()["result"]["store"]
    sarah = dealer_on(url)
    for _ in range(150):
        contest = sarah("conflict", "Sarah=brawling", "--table", "ph", "--json")
        assert contest.code == 0, contest
        drawn = valid(contest)["participants"][0]["draw"]
        if "RJ" in drawn["cards"]:
            break
    assert drawn["chips"] and drawn["chips"][0]["move"] == "draw", drawn
    held = owner("table", "show", "ph", "--json").json()["result"]["chips"]
    assert sum(held["players"]["Sarah"].values()) == 1, held
    # Every contest, and the chip's colour, dealt again from the secret by dealer verify.
    from tests.cli.test_verify import current_secret, verify
    from tests.replay_sessions import export

    _, report = verify(owner, tmp_path, export(owner, "ph"), "--secret", current_secret(postgres_url, "ph"))
    assert report["verified"], report


def test_a_command_abandoned_naming_a_face_down_card_is_masked_to_the_other_players(friday, dealer_on, postgres_url):
    """The words of a command a player began and left are the whole table's to read, but a card they
    name that is still face down (its holder's action card, before the countdown reaches it) is not:
    another player reads that the command was abandoned, not its words; its own seat and the GM read
    them whole."""
    owner, _ = friday
    sarah_url = seat(owner, "sarah", "--role", "player", "--for", "Sarah")
    velvet = dealer_on(seat(owner, "velvet", "--role", "player", "--for", "Velvet"))
    gm = dealer_on(seat(owner, "gm", "--role", "gm"))
    dealt = gm("action", "Sarah=16", "--table", "friday")  # a total: her cards dealt whatever she rolls
    assert dealt.code == 0
    with as_seat(postgres_url) as sql:
        held = sql.execute("SELECT card FROM cards WHERE holder = 'Sarah' AND place = 'play'").fetchone()
        assert held, (dealt, sql.execute("SELECT deck, card, place, holder FROM cards WHERE place <> 'deck'").fetchall())
        card = held[0]
    with as_seat(sarah_url) as sql:
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'friday'").fetchone()[0]
        words = ["table", "discard", "friday", card]
        begin(sql, table_id, json.dumps(words), "table discard")
        begin(sql, table_id)  # another command: the discard is left
    for who, seen in ((dealer_on(sarah_url), words), (gm, words), (velvet, None)):
        log = [json.loads(line) for line in who("table", "log", "friday", "--jsonl").out.splitlines()]
        abandoned = [event for event in log if event["kind"] == "abandoned"]
        assert [event.get("args") for event in abandoned] == [seen], who
        assert card not in json.dumps(abandoned) or seen is not None
