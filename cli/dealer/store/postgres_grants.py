"""What a seat may read and do at a shared table, said to PostgreSQL: grants to the schema's
seat group role, row-level security, and the ``SECURITY DEFINER`` functions through which a
seat makes the moves that touch shared rows (drawing from a deck, moving chips, saving its
people's state). dealer's own refusals (``dealer.seats``) say the same first, in words; these
hold for anyone who connects with a seat's credentials, dealer or not.

A seat never reads: the table's secret, the undo snapshots (the whole table, every card: only
``seat_undo``, the GM's, restores one), the
draw piles (order and identity), another player's cards in play until the countdown reaches
them or up their sleeve, another person's hand kept for a chip, the GM's secret rolls. It
never writes the history but by appending its own events, never changes chips but through
``seat_move_chips`` (conserving them, each player's cap kept, a player taking only from its
own people), never changes another person's cards, roster entry or state.
"""

from __future__ import annotations

# Functions and policies, made with the schema (``@schema@``: its name). The policies are for
# every role but the schema's owner (who bypasses them); only the seats' group role is granted
# anything, so they are the seats'. Each SECURITY DEFINER function pins its search path.
SEAT_FUNCTIONS = r"""
CREATE FUNCTION seat_kind(t bigint) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT kind FROM seats WHERE table_id = t AND role = session_user
$$;
-- Who acts: a seat's kind, or 'owner' for a role that may read the tables' secrets (the schema's
-- owner, who made the tables and their seats); NULL for anyone else.
CREATE FUNCTION acting_kind(t bigint) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT coalesce((SELECT kind FROM seats WHERE table_id = t AND role = session_user),
                    CASE WHEN has_table_privilege(session_user, '"@schema@".secrets', 'SELECT') THEN 'owner' END)
$$;
CREATE FUNCTION refuse(what text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', what USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE FUNCTION seat_people(t bigint) RETURNS text[] LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT coalesce((SELECT people FROM seats WHERE table_id = t AND role = session_user), '{}')
$$;
CREATE FUNCTION seat_at(t bigint) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT EXISTS (SELECT 1 FROM seats WHERE table_id = t AND role = session_user)
$$;

-- Whether an action card is still face down: dealt this round to an entry of the countdown
-- that has not acted yet, or in the combat hand (seed 003) of someone none of whose entries
-- has acted yet.
CREATE FUNCTION card_face_down(t bigint, code text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    WITH state AS (SELECT state::jsonb AS doc FROM tables WHERE id = t),
         turns AS (SELECT turn FROM state, jsonb_array_elements(coalesce(doc -> 'turns' -> 'order', '[]')) AS turn)
    SELECT EXISTS (SELECT 1 FROM turns WHERE NOT coalesce((turn ->> 'acted')::boolean, false)
                                        AND (turn ->> 'card' = code OR coalesce(turn -> 'cards', '[]') ? code))
        OR EXISTS (SELECT 1 FROM state, jsonb_array_elements(coalesce(doc -> 'action' -> 'hands', '[]')) AS hand
                   WHERE coalesce(hand -> 'cards', '[]') ? code
                     AND NOT EXISTS (SELECT 1 FROM turns WHERE turn ->> 'name' = hand ->> 'name'
                                                           AND coalesce((turn ->> 'acted')::boolean, false)))
$$;

-- Whether this seat sees card ``code`` of deck d, where the card is (the row's own place and
-- holder: asked about any card, the answer tells no more than the rows it sees); no card of a
-- table it has no seat at.
CREATE FUNCTION card_seen(t bigint, d text, code text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT seat_at(t) AND CASE
        WHEN place = 'deck' THEN false
        WHEN place = 'discard' THEN true
        WHEN seat_kind(t) = 'gm' THEN true
        WHEN holder = ANY (seat_people(t)) THEN true
        WHEN place = 'sleeve' THEN false
        ELSE NOT card_face_down(t, code)
    END
    FROM cards WHERE table_id = t AND deck = d AND card = code
$$;

-- How many cards each deck of the table holds where (a seat sees the counts, never the draw pile).
CREATE FUNCTION deck_counts(t bigint) RETURNS TABLE (deck text, place text, cards bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT deck, place, count(*) FROM cards WHERE table_id = t AND acting_kind(t) IS NOT NULL GROUP BY deck, place
$$;
"""

# The history as a seat reads it (made by version 5, with the events' versions; version 3 made it
# without them, and version 5 makes it anew; version 6 again, with the commands abandoned).
SEAT_EVENTS = r"""
-- The history as a seat may read it: an event naming another person's face-down or sleeved cards
-- (their deal, their sleeve, their going on Hold, a chip changing their combat hand: in its cards
-- or anywhere in its data; another seat's command abandoned: in its words) and the GM's secret
-- rolls, with their cards and data taken out; the dealer version that wrote each event, as it is.
CREATE OR REPLACE FUNCTION seat_events(t bigint, after bigint) RETURNS TABLE (
    seq bigint, "time" text, command text, kind text, deck text, cards text, seed bigint, data text, args text,
    version text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT e.seq, e.time, e.command, e.kind, e.deck,
           CASE WHEN hidden THEN '[]' ELSE e.cards END,
           CASE WHEN secret_roll THEN NULL ELSE e.seed END,
           CASE WHEN secret_roll THEN '{"secret": true}'
                WHEN hidden THEN jsonb_build_object('person', whose, 'face_down', true)::text
                ELSE e.data END,
           CASE WHEN secret_roll OR hidden THEN NULL ELSE e.args END,
           e.version
    FROM events e,
         -- (a reveal's data.secret is the secret revealed, not this flag)
         LATERAL (SELECT seat_kind(t) <> 'gm' AND coalesce(e.data::jsonb -> 'secret' = 'true', false)) AS s(secret_roll),
         LATERAL (SELECT coalesce(e.data::jsonb ->> 'person', e.data::jsonb ->> 'player')) AS p(whose),
         LATERAL (SELECT seat_kind(t) <> 'gm'
                         AND e.kind IN ('deal', 'sleeve', 'redeal', 'draw', 'hold', 'hand changed', 'chip spend',
                                        'abandoned')
                         AND NOT coalesce(whose = ANY (seat_people(t)), false)
                         AND NOT (e.kind = 'abandoned' AND e.actor = session_user)
                         AND EXISTS (SELECT 1 FROM (SELECT jsonb_array_elements_text(e.cards::jsonb)
                                                    UNION ALL SELECT named #>> '{}' FROM jsonb_path_query(
                                                        e.data::jsonb, 'strict $.** ? (@.type() == "string")') AS named
                                                    UNION ALL SELECT regexp_split_to_table(word, '[,:=[:space:]]+')
                                                        FROM jsonb_array_elements_text(CASE WHEN e.kind = 'abandoned'
                                                            THEN coalesce(e.args::jsonb, '[]') ELSE '[]' END) AS w(word))
                                                   AS c(code)
                                     WHERE card_face_down(t, c.code)
                                        OR EXISTS (SELECT 1 FROM cards k WHERE k.table_id = t AND k.card = c.code
                                                   AND k.place = 'sleeve'))) AS h(hidden)
    WHERE e.table_id = t AND e.seq > after AND seat_kind(t) IS NOT NULL
    ORDER BY e.seq
$$;
"""

# The moves that touch shared rows: decks dealt by the table (their order made from the secret,
# so that no seat knows it and verify can check it), chips moved as the rules allow, a seat's
# people's state saved, the table locked and the history numbered for a seat's command.
SEAT_MOVES = r"""
CREATE TABLE deals (
    table_id bigint NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq bigint NOT NULL,
    shuffles integer NOT NULL,
    PRIMARY KEY (table_id, seq)
);
-- The chips a player's command may draw from the pot, for the chip cards (draws.chip_cards) the
-- database dealt its people in this transaction ("The person with the hand may also draw a chip
-- from the pot", seed 003): version 6 keeps the colours the database drew for them (owed.colours,
-- and those taken, owed.taken, in place of this count); no seat reads or writes it but through
-- seat_draw and seat_move_chips.
CREATE TABLE owed (
    table_id bigint NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    tx xid8 NOT NULL,
    chips bigint NOT NULL,
    PRIMARY KEY (table_id, tx)
);
CREATE FUNCTION last_seq(t bigint) RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT coalesce(max(seq), 0) FROM events WHERE table_id = t AND acting_kind(t) IS NOT NULL
$$;

-- The cards in a keyed order: HMAC-SHA256(secret, "SEQ:K:DECK:CARD") ascending, SEQ the
-- command's first event, K its K-th shuffle (dealer.store.shared_decks.keyed_order is the same).
CREATE FUNCTION keyed_order(t bigint, d text, codes text[]) RETURNS text[] LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    first_event bigint := last_seq(t) + 1;
    k integer;
    key bytea := (SELECT secret FROM secrets WHERE table_id = t);
BEGIN
    INSERT INTO deals AS done VALUES (t, first_event, 1) ON CONFLICT ON CONSTRAINT deals_pkey
        DO UPDATE SET shuffles = done.shuffles + 1 RETURNING done.shuffles - 1 INTO k;
    RETURN (SELECT coalesce(array_agg(code ORDER BY hmac_sha256(key, convert_to(
                first_event || ':' || k || ':' || d || ':' || code, 'UTF8'))), '{}')
            FROM unnest(codes) AS code);
END $$;

-- Put ``codes`` of deck d at the bottom of its draw pile, in the keyed order.
CREATE FUNCTION put_under(t bigint, d text, codes text[]) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    ordered text[] := keyed_order(t, d, codes);
    base bigint := (SELECT coalesce(max(position) + 1, 0) FROM cards WHERE table_id = t AND deck = d AND place = 'deck');
BEGIN
    UPDATE cards SET place = 'deck', holder = NULL, position = base + o.n - 1
    FROM unnest(ordered) WITH ORDINALITY AS o(code, n) WHERE table_id = t AND deck = d AND card = o.code;
    RETURN cardinality(ordered);
END $$;




-- Cards typed in by hand (the GM's physical deck): out of the draw pile or the discards.
CREATE FUNCTION seat_take(t bigint, d text, codes text[], holder_name text) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = "@schema@" AS $$
BEGIN
    IF coalesce(acting_kind(t), 'none') NOT IN ('gm', 'owner') THEN
        PERFORM refuse('at a shared table the deck deals: only the GM types cards in');
    END IF;
    UPDATE cards SET place = 'play', holder = holder_name,
        position = (SELECT coalesce(max(c.position) + 1, 0) FROM cards c WHERE c.table_id = t AND c.deck = d
                    AND c.place = 'play' AND c.holder IS NOT DISTINCT FROM holder_name) + o.n - 1
    FROM unnest(codes) WITH ORDINALITY AS o(code, n)
    WHERE table_id = t AND deck = d AND card = o.code AND place IN ('deck', 'discard');
    IF NOT FOUND OR (SELECT count(*) FROM cards WHERE table_id = t AND deck = d AND holder IS NOT DISTINCT FROM holder_name
                     AND place = 'play' AND card = ANY (codes)) < cardinality(codes) THEN
        RAISE EXCEPTION 'a card typed in is neither in the draw pile nor in the discards of deck %', d;
    END IF;
END $$;



"""

# A seat's view of the state and its save (made with the seats, and made again by version 4, as
# this dealer has them). The save: a GM's whole; a
# player's only where it is its people's own (``dealer.seats.PEOPLE_PARTS``: their conditions,
# kept hands and rolls, long actions, favor chips and rituals, harm; and the record each of their
# hands is kept in, their place on Hold, their designs and devices, their turns of the countdown
# taken, an attack they made judged against anyone's standing defence); the rest as it was,
# whatever the player sent. dealer refuses a player's command that would change more
# (``dealer.seats.check_state``), so what a command saved is what a replay of it saves.
SAVE_STATE = r"""
-- A player's view of the round's order: the turns taken and the moment called next (the first turn
-- still to be called, its holder in the fight, not on Hold, its card in play, and those of its
-- moment) where they are; the turns after it, whose cards nobody has called yet, in the order of
-- their holders' names, each other person's face down with its moment taken out (at the table the
-- cards lie face down until the count reaches them: where a face-down turn stood, or that two were
-- one moment, would tell whose card is higher).
CREATE OR REPLACE FUNCTION turns_seen(t bigint, doc jsonb, people text[]) RETURNS jsonb LANGUAGE sql STABLE
SET search_path = "@schema@" AS $$
    WITH entries AS (
        SELECT turn, n FROM jsonb_array_elements(doc -> 'turns' -> 'order') WITH ORDINALITY AS e(turn, n)),
    rules AS (SELECT document::jsonb AS r FROM tables WHERE id = t),
    first_waiting AS (
        SELECT e.turn FROM entries e, rules
        WHERE NOT coalesce((e.turn ->> 'acted')::boolean, false)
          AND NOT coalesce(doc -> 'turns' -> 'out', '[]') ? (e.turn ->> 'name')
          AND NOT coalesce(doc -> 'hold' -> 'people', '[]') ? (e.turn ->> 'name')
          AND (coalesce(e.turn ->> 'card', '') = '' OR EXISTS (
                SELECT 1 FROM cards c WHERE c.table_id = t AND c.card = e.turn ->> 'card' AND c.place = 'play'
                  AND c.holder = e.turn ->> 'name'
                  AND c.deck = CASE WHEN coalesce(r #>> '{action,deck}', '') = '' THEN e.turn ->> 'side'
                                    ELSE r #>> '{action,deck}' END))
        ORDER BY e.n LIMIT 1),
    called AS (
        SELECT coalesce((SELECT max(e.n) FROM entries e, first_waiting w
                         WHERE coalesce(e.turn -> 'group', '0') = coalesce(w.turn -> 'group', '0')),
                        (SELECT max(n) FROM entries), 0) AS upto),
    placed AS (
        SELECT turn, n, n AS place FROM entries, called WHERE n <= upto
        UNION ALL
        SELECT turn, n, upto + row_number() OVER (ORDER BY turn ->> 'name', n) FROM entries, called WHERE n > upto)
    SELECT coalesce(jsonb_agg(
        CASE WHEN turn ->> 'name' = ANY (people) OR coalesce((turn ->> 'acted')::boolean, false) THEN turn
             ELSE turn || jsonb_build_object('card', '', 'cards', '[]'::jsonb, 'hand', '', 'note', 'face down',
                                             'group', CASE WHEN n <= upto THEN coalesce(turn -> 'group', '0')
                                                           ELSE to_jsonb(1000000 + place) END) END
        ORDER BY place), '[]')
    FROM placed, called
$$;

-- A player's view of the state: another person's face-down countdown entry, combat hand, kept
-- hand and kept roll (a GM's secret roll among them) are taken out; a watcher's, everyone's.
CREATE OR REPLACE FUNCTION seat_state(t bigint) RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    full_state jsonb := (SELECT state::jsonb FROM tables WHERE id = t);
    people text[] := seat_people(t);
    kind text := seat_kind(t);
    masked jsonb;
BEGIN
    IF kind IS NULL THEN
        RAISE EXCEPTION 'this role has no seat at table %', t USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF kind = 'gm' THEN
        RETURN full_state::text;
    END IF;
    masked := full_state;
    IF masked ? 'turns' AND jsonb_typeof(masked -> 'turns' -> 'order') = 'array' THEN
        masked := jsonb_set(masked, '{turns,order}', turns_seen(t, masked, people));
    END IF;
    IF masked ? 'action' AND masked -> 'action' ? 'hands' THEN
        masked := jsonb_set(masked, '{action,hands}', coalesce((
            SELECT jsonb_agg(CASE WHEN hand ->> 'name' = ANY (people) THEN hand
                                  ELSE hand || '{"cards": [], "wild_picks": [], "notes": ["face down"]}'::jsonb END
                             ORDER BY n)
            FROM jsonb_array_elements(masked -> 'action' -> 'hands') WITH ORDINALITY AS e(hand, n)), '[]'));
    END IF;
    IF masked ? 'rolls' AND masked -> 'rolls' ? 'people' THEN
        masked := jsonb_set(masked, '{rolls,people}', coalesce((
            SELECT jsonb_object_agg(key, value) FROM jsonb_each(masked -> 'rolls' -> 'people')
            WHERE key = ANY (people)), '{}'));
    END IF;
    IF masked ? 'hands' AND masked -> 'hands' ? 'people' THEN
        -- Only the seat's people's kept hands (and the records they are kept in: a contest's holds
        -- every participant's draw, seen when it was judged).
        masked := jsonb_set(masked, '{hands,people}', coalesce((
            SELECT jsonb_object_agg(key, value) FROM jsonb_each(masked -> 'hands' -> 'people')
            WHERE key = ANY (people)), '{}'));
        masked := jsonb_set(masked, '{hands,kept}', coalesce((
            SELECT jsonb_object_agg(key, value) FROM jsonb_each(coalesce(masked -> 'hands' -> 'kept', '{}'))
            WHERE key IN (SELECT value #>> '{}' FROM jsonb_each(masked -> 'hands' -> 'people'))), '{}'));
    END IF;
    RETURN masked::text;
END $$;

CREATE OR REPLACE FUNCTION put_path(doc jsonb, path text[], value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    IF value IS NULL THEN
        RETURN doc #- path;
    END IF;
    FOR i IN 1..cardinality(path) - 1 LOOP
        IF doc #> path[1:i] IS NULL OR jsonb_typeof(doc #> path[1:i]) <> 'object' THEN
            doc := jsonb_set(doc, path[1:i], '{}');
        END IF;
    END LOOP;
    RETURN jsonb_set(doc, path, value);
END $$;

CREATE OR REPLACE FUNCTION seat_save_state(t bigint, incoming text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    kind text := acting_kind(t);
    people text[] := seat_people(t);
    stored jsonb := (SELECT state::jsonb FROM tables WHERE id = t);
    sent jsonb := incoming::jsonb;
    result jsonb := stored;
    person text;
    path text[];
    item record;
    turns integer;
BEGIN
    IF kind IS NULL OR kind = 'watcher' THEN PERFORM refuse('a watcher changes nothing'); END IF;
    IF kind IN ('gm', 'owner') THEN
        result := sent;
    ELSE
        FOREACH person IN ARRAY people LOOP
            FOREACH path SLICE 1 IN ARRAY @people_parts@ LOOP
                result := put_path(result, path || person, sent #> (path || person));
            END LOOP;
            IF EXISTS (SELECT 1 FROM jsonb_each_text(CASE WHEN jsonb_typeof(sent #> ARRAY['chips', 'favor', person]) = 'object'
                                                          THEN sent #> ARRAY['chips', 'favor', person] ELSE '{}' END)
                                          AS f(colour, n)
                       WHERE n::bigint > coalesce((stored #>> ARRAY['chips', 'favor', person, colour])::bigint, 0)) THEN
                -- a favor chip is earned in a ritual, the GM's: a player's save only spends them
                result := put_path(result, ARRAY['chips', 'favor', person], stored #> ARRAY['chips', 'favor', person]);
            END IF;
            IF sent #> ARRAY['hands', 'people', person] IS DISTINCT FROM stored #> ARRAY['hands', 'people', person]
                    AND NOT coalesce(sent #>> ARRAY['hands', 'people', person] ~ '^[0-9]{1,18}$'
                                     AND (sent #>> ARRAY['hands', 'people', person])::bigint
                                         > coalesce((stored #>> '{hands,seq}')::bigint, 0), false) THEN
                -- its latest hand: the one it was, or one kept now (numbered past the hands kept), never
                -- another's
                result := put_path(result, ARRAY['hands', 'people', person], stored #> ARRAY['hands', 'people', person]);
            END IF;
            IF result #>> ARRAY['hands', 'people', person] IS NOT NULL THEN  -- the record its hand is kept in
                result := put_path(result, ARRAY['hands', 'kept', result #>> ARRAY['hands', 'people', person]],
                                   sent #> ARRAY['hands', 'kept', result #>> ARRAY['hands', 'people', person]]);
            END IF;
        END LOOP;
        IF coalesce((sent #>> '{hands,seq}')::bigint, 0) > coalesce((stored #>> '{hands,seq}')::bigint, 0) THEN
            -- a hand kept: what nobody's latest hand is kept in goes (as dealer's LastHands.keep)
            result := put_path(result, '{hands,seq}', sent #> '{hands,seq}');
            result := put_path(result, '{hands,kept}', coalesce((
                SELECT jsonb_object_agg(key, value) FROM jsonb_each(coalesce(result #> '{hands,kept}', '{}'))
                WHERE key IN (SELECT value #>> '{}' FROM jsonb_each(coalesce(result #> '{hands,people}', '{}')))), '{}'));
        END IF;
        IF coalesce((sent #>> '{rolls,seq}')::bigint, 0) > coalesce((stored #>> '{rolls,seq}')::bigint, 0) THEN
            result := put_path(result, '{rolls,seq}', sent #> '{rolls,seq}');
        END IF;
        IF stored #> '{hold,people}' IS DISTINCT FROM sent #> '{hold,people}' THEN
            -- its people on Hold or off it, everyone else where they were, in the order they went on it
            result := put_path(result, '{hold,people}', coalesce((
                SELECT jsonb_agg(name ORDER BY n) FROM (
                    SELECT name, n FROM jsonb_array_elements_text(coalesce(stored #> '{hold,people}', '[]'))
                                        WITH ORDINALITY AS s(name, n)
                    WHERE NOT name = ANY (people)
                       OR name IN (SELECT jsonb_array_elements_text(coalesce(sent #> '{hold,people}', '[]')))
                    UNION ALL
                    SELECT name, 1000000 + n FROM jsonb_array_elements_text(coalesce(sent #> '{hold,people}', '[]'))
                                                 WITH ORDINALITY AS s(name, n)
                    WHERE name = ANY (people)
                      AND name NOT IN (SELECT jsonb_array_elements_text(coalesce(stored #> '{hold,people}', '[]'))))
                AS kept), '[]'));
        END IF;
        FOR item IN SELECT key, value FROM jsonb_each(coalesce(sent #> '{gadget,designs}', '{}'))
                    UNION SELECT key, value FROM jsonb_each(coalesce(stored #> '{gadget,designs}', '{}')) LOOP
            IF coalesce(stored #>> ARRAY['gadget', 'designs', item.key, 'inventor'],
                        sent #>> ARRAY['gadget', 'designs', item.key, 'inventor']) = ANY (people) THEN
                result := put_path(result, ARRAY['gadget', 'designs', item.key], sent #> ARRAY['gadget', 'designs', item.key]);
            END IF;
        END LOOP;
        FOR item IN SELECT key, value FROM jsonb_each(coalesce(sent #> '{gadget,devices}', '{}'))
                    UNION SELECT key, value FROM jsonb_each(coalesce(stored #> '{gadget,devices}', '{}')) LOOP
            IF coalesce(stored #>> ARRAY['gadget', 'devices', item.key, 'builder'],
                        sent #>> ARRAY['gadget', 'devices', item.key, 'builder']) = ANY (people) THEN
                result := put_path(result, ARRAY['gadget', 'devices', item.key], sent #> ARRAY['gadget', 'devices', item.key]);
            END IF;
        END LOOP;
        turns := CASE WHEN jsonb_typeof(stored #> '{turns,order}') = 'array'
                      THEN jsonb_array_length(stored #> '{turns,order}') ELSE 0 END;
        FOR i IN 0 .. turns - 1 LOOP  -- its people's turns of the countdown taken (found by what they are:
            -- the player's view orders the turns not yet called its own way)
            IF stored #>> ARRAY['turns', 'order', i::text, 'name'] = ANY (people)
                    AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(sent #> '{turns,order}') = 'array'
                                                                        THEN sent #> '{turns,order}' ELSE '[]' END) AS s(turn)
                                , LATERAL (SELECT stored #> ARRAY['turns', 'order', i::text]) AS o(turn)
                                WHERE s.turn -> 'acted' = 'true' AND s.turn ->> 'name' = o.turn ->> 'name'
                                  AND coalesce(s.turn ->> 'card', '') = coalesce(o.turn ->> 'card', '')
                                  AND coalesce(s.turn -> 'cards', '[]') = coalesce(o.turn -> 'cards', '[]')
                                  AND coalesce(s.turn ->> 'hand', '') = coalesce(o.turn ->> 'hand', '')
                                  AND coalesce(s.turn -> 'group', '0') = coalesce(o.turn -> 'group', '0')) THEN
                result := jsonb_set(result, ARRAY['turns', 'order', i::text, 'acted'], 'true');
            END IF;
        END LOOP;
        FOR person IN SELECT key FROM jsonb_each(CASE WHEN jsonb_typeof(sent #> '{conditions,people}') = 'object'
                                                      THEN sent #> '{conditions,people}' ELSE '{}' END) LOOP
            IF sent #> ARRAY['conditions', 'people', person, 'defence', 'attacked'] = 'true'
                    AND jsonb_typeof(result #> ARRAY['conditions', 'people', person, 'defence']) = 'object' THEN
                result := jsonb_set(result, ARRAY['conditions', 'people', person, 'defence', 'attacked'], 'true');
            END IF;
        END LOOP;
    END IF;
    UPDATE tables SET state = result::text WHERE id = t;
END $$;

-- Chips moved by a command: {HOLDER: {COLOUR: CHANGE}} ("" is the pot), after its state is saved.
-- Conserved as dealer's chips mechanic counts them (pot + players + favor chips = the ruleset's
-- pot + chips created, both kept in the state), never below zero, each player's cap kept; a
-- player takes only from its own people (to the pot or to another: a give), and from the pot only
-- to its own people (or back into their favor pool).
CREATE OR REPLACE FUNCTION seat_move_chips(t bigint, moves jsonb) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    kind text := acting_kind(t);
    people text[] := seat_people(t);
    rules jsonb := (SELECT document::jsonb -> 'chips' FROM tables WHERE id = t);
    state jsonb := (SELECT state::jsonb FROM tables WHERE id = t);
    cap integer := coalesce((rules ->> 'cap')::integer, 0);
    one_colour text;
    held bigint;
    own_out bigint;
    own_in bigint;
    others_in bigint;
    pot_out bigint;
    change record;
BEGIN
    IF kind IS NULL OR kind = 'watcher' THEN PERFORM refuse('a watcher moves no chips'); END IF;
    IF kind = 'player' THEN
        FOR one_colour IN SELECT DISTINCT c.key FROM jsonb_each(moves) h, jsonb_each(h.value) c LOOP
            SELECT coalesce(sum(-least(c.value::bigint, 0)) FILTER (WHERE h.key = ANY (people)), 0),
                   coalesce(sum(greatest(c.value::bigint, 0)) FILTER (WHERE h.key = ANY (people)), 0),
                   coalesce(sum(greatest(c.value::bigint, 0)) FILTER (WHERE h.key <> '' AND NOT h.key = ANY (people)), 0),
                   coalesce(sum(-least(c.value::bigint, 0)) FILTER (WHERE h.key = ''), 0)
              INTO own_out, own_in, others_in, pot_out
              FROM jsonb_each(moves) h, jsonb_each(h.value) c WHERE c.key = one_colour;
            IF EXISTS (SELECT 1 FROM jsonb_each(moves) h, jsonb_each(h.value) c WHERE c.key = one_colour
                       AND h.key <> '' AND NOT h.key = ANY (people) AND c.value::bigint < 0) THEN
                PERFORM refuse('a seat takes no chip from another person');
            END IF;
            IF others_in > own_out OR pot_out > own_in THEN
                PERFORM refuse('a seat moves chips only from its own people, and from the pot only to them');
            END IF;
        END LOOP;
        FOR one_colour IN SELECT DISTINCT c.key FROM jsonb_each(moves) h, jsonb_each(h.value) c
                          WHERE h.key = '' AND c.value::bigint < 0 LOOP  -- the chips the table drew for its chip cards
            pot_out := (SELECT -sum(c.value::bigint) FROM jsonb_each(moves) h, jsonb_each(h.value) c
                        WHERE h.key = '' AND c.key = one_colour);
            IF pot_out > coalesce((SELECT (colours ->> one_colour)::bigint - coalesce((taken ->> one_colour)::bigint, 0)
                                   FROM owed WHERE table_id = t AND tx = pg_current_xact_id()), 0) THEN
                PERFORM refuse('a seat draws a chip from the pot only for a chip card the table just dealt its people, '
                               || 'of the colour the table drew');
            END IF;
            UPDATE owed SET taken = jsonb_set(taken, ARRAY[one_colour],
                                              to_jsonb(coalesce((taken ->> one_colour)::bigint, 0) + pot_out))
                WHERE table_id = t AND tx = pg_current_xact_id();
        END LOOP;
    END IF;
    FOR change IN SELECT h.key AS holder, c.key AS colour, c.value::bigint AS n
                  FROM jsonb_each(moves) h, jsonb_each(h.value) c WHERE c.value::bigint <> 0 LOOP
        UPDATE chips SET count = count + change.n
            WHERE table_id = t AND holder = change.holder AND colour = change.colour;
        IF NOT FOUND THEN
            INSERT INTO chips VALUES (t, change.holder, change.colour, change.n);
        END IF;
    END LOOP;
    DELETE FROM chips WHERE table_id = t AND holder <> '' AND count = 0;
    FOR one_colour IN SELECT DISTINCT c.key FROM jsonb_each(moves) h, jsonb_each(h.value) c LOOP
        held := (SELECT coalesce(sum(count), 0) FROM chips WHERE table_id = t AND colour = one_colour)
              + (SELECT coalesce(sum((f.value ->> one_colour)::bigint), 0)
                 FROM jsonb_each(CASE WHEN jsonb_typeof(state #> '{chips,favor}') = 'object'
                                      THEN state #> '{chips,favor}' ELSE '{}' END) AS f
                 WHERE jsonb_typeof(f.value) = 'object');
        IF held <> coalesce((rules #>> ARRAY['pot', one_colour])::bigint, 0)
                    + coalesce((state #>> ARRAY['chips', 'created', one_colour])::bigint, 0) THEN
            PERFORM refuse('chips are not conserved: ' || held || ' ' || one_colour || ' held (favor chips included), '
                           || 'not the pot''s ' || coalesce(rules #>> ARRAY['pot', one_colour], '0') || ' and the '
                           || coalesce(state #>> ARRAY['chips', 'created', one_colour], '0') || ' created');
        END IF;
    END LOOP;
    IF kind = 'player' AND cap > 0 AND EXISTS (
            SELECT 1 FROM chips WHERE table_id = t AND holder = ANY (people) AND moves ? holder
            GROUP BY holder HAVING sum(count) > cap) THEN
        PERFORM refuse('a player holds at most ' || cap || CASE WHEN cap = 1 THEN ' chip' ELSE ' chips' END);
    END IF;
END $$;
"""

SEAT_POLICIES = r"""
ALTER TABLE cards ENABLE ROW LEVEL SECURITY;
ALTER TABLE events ENABLE ROW LEVEL SECURITY;
ALTER TABLE roster ENABLE ROW LEVEL SECURITY;
ALTER TABLE chips ENABLE ROW LEVEL SECURITY;
ALTER TABLE tables ENABLE ROW LEVEL SECURITY;
ALTER TABLE seats ENABLE ROW LEVEL SECURITY;
CREATE POLICY seat_sees_its_table ON tables FOR SELECT USING (seat_at(id));
CREATE POLICY seat_sees_seats ON seats FOR SELECT USING (seat_at(table_id));
CREATE POLICY seat_sees_roster ON roster FOR SELECT USING (seat_at(table_id));
CREATE POLICY seat_sees_chips ON chips FOR SELECT USING (seat_at(table_id));
CREATE POLICY seat_sees_cards ON cards FOR SELECT USING (card_seen(table_id, deck, card));
-- No seat moves a card of a draw pile or puts one on it (only the deals do): an UPDATE that reads no
-- column is held to these alone, and the GM's would read the draw pile, or stack it.
CREATE POLICY seat_moves_its_cards ON cards FOR UPDATE
    USING ((seat_kind(table_id) = 'gm' AND place <> 'deck')
           OR (holder = ANY (seat_people(table_id)) AND place IN ('play', 'sleeve')))
    WITH CHECK ((seat_kind(table_id) = 'gm' AND place <> 'deck')
                OR (holder = ANY (seat_people(table_id)) AND place IN ('play', 'sleeve'))
                OR (place = 'discard' AND holder IS NULL));
-- A seat's own events, each numbered on from the last (a gap would damage the history for everyone).
CREATE POLICY seat_appends_events ON events FOR INSERT
    WITH CHECK (seat_kind(table_id) IN ('gm', 'player') AND actor = session_user AND seq = last_seq(table_id) + 1);
CREATE POLICY gm_keeps_roster ON roster FOR ALL USING (seat_kind(table_id) = 'gm')
    WITH CHECK (seat_kind(table_id) = 'gm');
-- A seat's event is stamped with the database's clock: no seat dates its history as it likes.
CREATE TRIGGER seat_event_time BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION seat_event_time();
"""

# Version 4: the GM's reveal and undo at a table dealt for its seats. ``seat_reveal`` discloses
# the secret of the events before it and makes a fresh one in the database (no process, the GM's
# included, ever holds the secret that deals next), which deals from the reveal on: at a table
# with seats it puts every draw pile in a fresh keyed order at once, since the secret revealed
# gives the order it leaves them in (and so the next cards). The undo snapshots (the table's rows before each command, every
# card of every deck) are the owner's rows: only these functions read them. A writing command
# remembers the table as it loads it (the deals change its rows before it saves) and labels the
# snapshot when it saves; the GM's undo restores the newest that differs from the table, then
# deals every deck the undo changed in a fresh keyed order: the cards it put back in a draw pile
# were seen, and nobody may know where they lie (dealer.store.keyed_deals does the same).
GM_MOVES = r"""
CREATE FUNCTION seat_reveal(t bigint) RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    old secrets;
    upto bigint := last_seq(t);
    fresh bytea := sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
    revealed jsonb;
    d text;
    reordered jsonb := '[]';
BEGIN
    IF coalesce(acting_kind(t), 'none') NOT IN ('gm', 'owner') THEN
        PERFORM refuse('only the GM reveals the table''s secret');
    END IF;
    SELECT * INTO old FROM secrets WHERE table_id = t FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    UPDATE secrets SET secret = fresh, commitment = encode(sha256(fresh), 'hex'), since = upto + 1 WHERE table_id = t;
    revealed := jsonb_build_object('secret', encode(old.secret, 'hex'), 'commitment', old.commitment,
                                   'events', jsonb_build_array(old.since, upto),
                                   'next_commitment', encode(sha256(fresh), 'hex'));
    IF EXISTS (SELECT 1 FROM seats WHERE table_id = t) THEN
        FOR d IN SELECT DISTINCT deck FROM cards WHERE table_id = t ORDER BY deck LOOP
            PERFORM seat_gather(t, d, 'order');
            reordered := reordered || to_jsonb(d);
        END LOOP;
        revealed := revealed || jsonb_build_object('reordered', reordered);
    END IF;
    RETURN revealed;
END $$;
CREATE FUNCTION table_rows(t bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
        'state', (SELECT state FROM tables WHERE id = t),
        'cards', coalesce((SELECT jsonb_agg(jsonb_build_array(deck, card, place, holder, position)
                                            ORDER BY deck, place, coalesce(holder, ''), position, card)
                           FROM cards WHERE table_id = t), '[]'),
        'roster', coalesce((SELECT jsonb_agg(jsonb_build_array(name, side, traits, position) ORDER BY position)
                            FROM roster WHERE table_id = t), '[]'),
        'chips', coalesce((SELECT jsonb_agg(jsonb_build_array(holder, colour, count) ORDER BY holder, colour)
                           FROM chips WHERE table_id = t), '[]'))
$$;
CREATE FUNCTION seat_remember(t bigint, taken text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    now_rows jsonb := table_rows(t);
    top record;
BEGIN
    IF coalesce(acting_kind(t), 'none') NOT IN ('gm', 'player', 'owner') THEN
        RETURN;  -- a watcher changes nothing
    END IF;
    SELECT id, data INTO top FROM snapshots WHERE table_id = t ORDER BY id DESC LIMIT 1;
    IF FOUND AND top.data::jsonb = now_rows THEN  -- the command before changed nothing: forget it
        DELETE FROM snapshots WHERE id = top.id;
    END IF;
    INSERT INTO snapshots (table_id, seq, events, command, time, data)
        VALUES (t, (SELECT coalesce(max(seq), 0) FROM events WHERE table_id = t), 0, '', taken, now_rows::text);
    DELETE FROM snapshots WHERE table_id = t AND id NOT IN (
        SELECT id FROM snapshots WHERE table_id = t ORDER BY id DESC LIMIT @keep@);
END $$;
CREATE FUNCTION seat_undo_depth(t bigint) RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT count(*) FROM snapshots WHERE table_id = t AND acting_kind(t) IN ('gm', 'owner')
$$;
CREATE FUNCTION seat_undo(t bigint) RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    before jsonb := table_rows(t);
    top record;
    d text;
BEGIN
    IF coalesce(acting_kind(t), 'none') NOT IN ('gm', 'owner') THEN
        PERFORM refuse('only the GM undoes at a shared table');
    END IF;
    LOOP
        SELECT id, seq, events, command, time, data::jsonb AS rows INTO top
            FROM snapshots WHERE table_id = t ORDER BY id DESC LIMIT 1;
        IF NOT FOUND THEN
            RETURN NULL;
        END IF;
        DELETE FROM snapshots WHERE id = top.id;
        EXIT WHEN top.rows <> before;
    END LOOP;
    UPDATE tables SET state = top.rows ->> 'state' WHERE id = t;
    DELETE FROM cards WHERE table_id = t;
    DELETE FROM roster WHERE table_id = t;
    DELETE FROM chips WHERE table_id = t;
    INSERT INTO cards SELECT t, r ->> 0, r ->> 1, r ->> 2, r ->> 3, (r ->> 4)::bigint
        FROM jsonb_array_elements(top.rows -> 'cards') AS r;
    INSERT INTO roster SELECT t, r ->> 0, r ->> 1, r ->> 2, (r ->> 3)::bigint
        FROM jsonb_array_elements(top.rows -> 'roster') AS r;
    INSERT INTO chips SELECT t, r ->> 0, r ->> 1, (r ->> 2)::bigint
        FROM jsonb_array_elements(top.rows -> 'chips') AS r;
    FOR d IN SELECT DISTINCT deck FROM cards WHERE table_id = t ORDER BY deck LOOP
        IF (SELECT coalesce(jsonb_agg(r ORDER BY r::text), '[]') FROM jsonb_array_elements(before -> 'cards') AS r
            WHERE r ->> 0 = d) IS DISTINCT FROM
           (SELECT coalesce(jsonb_agg(r ORDER BY r::text), '[]') FROM jsonb_array_elements(top.rows -> 'cards') AS r
            WHERE r ->> 0 = d) THEN
            PERFORM seat_gather(t, d, 'order');
        END IF;
    END LOOP;
    RETURN jsonb_build_object('command', top.command, 'time', top.time,
                              'events', jsonb_build_array(top.seq + 1, top.seq + top.events));
END $$;
"""

GRANTS = """
GRANT USAGE ON SCHEMA "@schema@" TO "@group@";
GRANT SELECT ON meta, roster, chips, seats TO "@group@";
GRANT INSERT, UPDATE, DELETE ON roster TO "@group@";
GRANT SELECT (id, name, ruleset, document, created) ON tables TO "@group@";
GRANT SELECT, UPDATE (place, holder, position) ON cards TO "@group@";
GRANT INSERT ON events TO "@group@";
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA "@schema@" TO "@group@";
DO $$
DECLARE
    internal text;
BEGIN  -- each that the schema has by now (a migration grants as it goes)
    FOREACH internal IN ARRAY ARRAY[@internal@] LOOP
        IF to_regprocedure(internal) IS NOT NULL THEN
            EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC, %I', internal, '@group@');
        END IF;
    END LOOP;
END $$;
"""

# The functions that run only inside the seats' moves (as the schema's owner): called by a seat in
# plain SQL, put_under would take another's card back into a deck, keyed_order (rolled back) would
# tell the next shuffle, card_face_down which cards are face down, log_abandoned would log another's
# command in flight, seat_ready would mark a transaction as handed randomness it never asked for.
INTERNAL_FUNCTIONS = ("keyed_order(bigint, text, text[])", "put_under(bigint, text, text[])",
                      "card_face_down(bigint, text)", "may_handle_deck(bigint, text)", "table_rows(bigint)",
                      "turns_seen(bigint, jsonb, text[])", "log_abandoned(bigint)", "seat_ready(bigint)",
                      "keyed_chip(bigint, text)")


def save_state_ddl(schema: str) -> str:
    """``seat_save_state`` as this dealer makes it (with the seats, and again by version 4)."""
    from dealer.seats import PEOPLE_PARTS

    parts = "ARRAY[" + ", ".join(f"['{part}', '{key}']" for part, key in PEOPLE_PARTS) + "]"
    return SAVE_STATE.replace("@schema@", schema).replace("@people_parts@", parts)


def seat_ddl(schema: str) -> str:
    """The functions and policies of a schema's seats (schema version 3; the moves that hand out
    randomness as this dealer makes them, ``dealer.store.postgres_begun``)."""
    from dealer.store.postgres_begun import begun_ddl

    return ((SEAT_FUNCTIONS + SEAT_MOVES).replace("@schema@", schema) + begun_ddl(schema)
            + SEAT_POLICIES.replace("@schema@", schema) + save_state_ddl(schema))


def seat_events_ddl(schema: str) -> str:
    """``seat_events`` as this dealer makes it (schema version 5)."""
    return SEAT_EVENTS.replace("@schema@", schema)


def gm_ddl(schema: str) -> str:
    """The functions of the GM's reveal and undo (schema version 4)."""
    from dealer.store.undo import KEEP

    return GM_MOVES.replace("@schema@", schema).replace("@keep@", str(KEEP)) + save_state_ddl(schema)


def grant_seats(db, schema: str, group: str) -> None:
    """The grants of the schema's seat group role (again at every seat made: granting is idempotent)."""
    internal = ", ".join(f"""'"{schema}".{function}'""" for function in INTERNAL_FUNCTIONS)
    db.execute(GRANTS.replace("@internal@", internal).replace("@schema@", schema).replace("@group@", group))
