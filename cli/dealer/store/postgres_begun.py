"""A player's command begun before the table hands it any randomness: the database's side of it.

The table's randomness (a command's seed, the next card of a draw pile, a shuffle's order) is
handed to a player's command only once the command is begun (``seat_begin``, its words), in a
transaction of its own that has committed; and a command begun but never done (its
transaction rolled back, its process killed, its words never sent again) is logged, for the
whole table to see, as ``abandoned``. So a seat cannot look at what the table would deal it
inside a transaction and roll it back unseen, nor learn a seed and then choose whether, or
what, to play: it commits to its words first, and every walk-away is in the history. A
command begun again with the same words before anything else happened at the table (a retry)
is the same command, its randomness the same.

dealer begins a player's command on a second connection when the command first needs its
randomness, while its own transaction holds the table's lock (``seat_lock``): no other
command lands in between, so the command's first event is the one after the command began
(``pending.after``). The GM's and the owner's commands need no begin (the GM runs the table);
their lock logs every command a player began and left.

Made by schema version 6 (``pending``), and with the seats (version 3) as this dealer has them:
the functions are made anew (``CREATE OR REPLACE``) by both.
"""

from __future__ import annotations

# The commands begun by the players of a table, one row per seat (version 6), and the colours of the
# chips the table drew for the chip cards it dealt in a transaction (owed). No seat reads or writes
# them but through the functions below.
PENDING_DDL = r"""
CREATE TABLE pending (
    table_id bigint NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    role name NOT NULL,
    seat text COLLATE "C" NOT NULL,
    command text COLLATE "C" NOT NULL,
    args text,
    version text COLLATE "C",
    after bigint NOT NULL,
    began text NOT NULL,
    tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
    drew xid8,
    done xid8,
    PRIMARY KEY (table_id, role)
);
ALTER TABLE owed DROP COLUMN chips, ADD COLUMN colours jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN taken jsonb NOT NULL DEFAULT '{}';
"""

# A player's events are held to its command begun; a transaction that was handed randomness for a
# begun command commits only with that command's events (checked at the commit: a deferred trigger).
PENDING_TRIGGER = r"""
CREATE TRIGGER events_of_begun AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION event_of_begun();
CREATE CONSTRAINT TRIGGER pending_draws_logged AFTER UPDATE ON pending DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION draws_logged();
"""

BEGUN_MOVES = r"""
-- Every command begun at table t and not done, logged as abandoned (at the end of the history,
-- numbered on) and forgotten.
CREATE OR REPLACE FUNCTION log_abandoned(t bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    left_undone record;
BEGIN
    FOR left_undone IN SELECT * FROM pending WHERE table_id = t AND done IS NULL ORDER BY began, role FOR UPDATE LOOP
        INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args, actor, version)
        VALUES (t, last_seq(t) + 1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                left_undone.command, 'abandoned', NULL, '[]', NULL,
                jsonb_build_object('seat', left_undone.seat, 'began', left_undone.began)::text,
                left_undone.args, left_undone.role, left_undone.version);
    END LOOP;
    DELETE FROM pending WHERE table_id = t AND done IS NULL;
END $$;

-- The table's lock for a writing command (commands on one table queue; FOR NO KEY UPDATE, so that
-- a command's begin, on a connection of its own, may still write the rows that refer to the table).
-- The GM's and the owner's lock log the commands the players began and left.
CREATE OR REPLACE FUNCTION seat_lock(t bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
BEGIN
    IF acting_kind(t) IS NULL THEN PERFORM refuse('no seat at this table'); END IF;
    PERFORM 1 FROM tables WHERE id = t FOR NO KEY UPDATE;
    IF acting_kind(t) IN ('gm', 'owner') THEN PERFORM log_abandoned(t); END IF;
END $$;

-- A player's command begun: its name and words (as its events will record them), committed by
-- the caller before the table hands it any randomness. Any command begun and not done is logged
-- abandoned first, but this seat's own with the same words when nothing happened since (a retry:
-- the same randomness). ``dealer_version``: the dealer that runs it (an event it leaves records it).
-- The number its first event will have.
CREATE OR REPLACE FUNCTION seat_begin(t bigint, command_name text, words text, dealer_version text DEFAULT NULL)
RETURNS bigint LANGUAGE plpgsql
SECURITY DEFINER SET search_path = "@schema@" AS $$
DECLARE
    kind text := acting_kind(t);
BEGIN
    IF kind IS NULL THEN PERFORM refuse('no seat at this table'); END IF;
    IF kind = 'watcher' THEN PERFORM refuse('a watcher begins no command'); END IF;
    IF kind <> 'player' THEN
        RETURN last_seq(t) + 1;  -- the GM runs the table: its commands need no begin
    END IF;
    IF EXISTS (SELECT 1 FROM pending WHERE table_id = t AND role = session_user AND done IS NULL
               AND tx <> pg_current_xact_id() AND args IS NOT DISTINCT FROM words AND after = last_seq(t)) THEN
        RETURN last_seq(t) + 1;
    END IF;
    PERFORM log_abandoned(t);
    DELETE FROM pending WHERE table_id = t AND role = session_user;
    INSERT INTO pending (table_id, role, seat, command, args, version, after, began)
    VALUES (t, session_user, (SELECT seat FROM seats WHERE table_id = t AND role = session_user), command_name,
            words, dealer_version, last_seq(t), to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
    RETURN last_seq(t) + 1;
END $$;

-- A player shuffles a deck only when none of its cards is in another person's hands (its own
-- hex or spell deck, a deck shuffled whole for one check), or the dealer's deck, gathered whole for
-- every conflict and contest (@dealer_deck@); the GM any.
CREATE OR REPLACE FUNCTION may_handle_deck(t bigint, d text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT coalesce(acting_kind(t), 'none') IN ('gm', 'owner')
        OR (coalesce(acting_kind(t), 'none') = 'player' AND (d = '@dealer_deck@' OR NOT EXISTS (
                SELECT 1 FROM cards WHERE table_id = t AND deck = d AND place IN ('play', 'sleeve')
                AND NOT coalesce(holder = ANY (seat_people(t)), false)
                AND coalesce(holder, '') IN (SELECT name FROM roster WHERE table_id = t))))
$$;

-- A blind draw from the pot for ``holder``'s chip card, as the table makes it: the pot's chips (less
-- those it drew in this transaction) in a row by colour, the one at HMAC-SHA256(secret,
-- "SEQ:chip:N:HOLDER") (first 8 bytes, 63 bits) modulo their number; SEQ the command's first event,
-- N the chips it drew so far (dealer.store.shared_decks.keyed_chip is the same). Remembered in owed:
-- a player's command takes from the pot only the colours drawn so.
CREATE OR REPLACE FUNCTION keyed_chip(t bigint, holder text) RETURNS text LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    drawn jsonb;
    left_in_pot record;
    total bigint;
    index bigint;
BEGIN
    DELETE FROM owed WHERE table_id = t AND tx <> pg_current_xact_id();
    INSERT INTO owed (table_id, tx) VALUES (t, pg_current_xact_id()) ON CONFLICT (table_id, tx) DO NOTHING;
    drawn := (SELECT colours FROM owed WHERE table_id = t AND tx = pg_current_xact_id());
    total := (SELECT coalesce(sum(count - coalesce((drawn ->> colour)::bigint, 0)), 0) FROM chips
              WHERE table_id = t AND chips.holder = '');
    IF total <= 0 THEN
        RETURN NULL;
    END IF;
    index := (('x' || encode(substring(hmac_sha256((SELECT secret FROM secrets WHERE table_id = t), convert_to(
                 (last_seq(t) + 1) || ':chip:' || (SELECT coalesce(sum(value::bigint), 0) FROM jsonb_each_text(drawn))
                 || ':' || holder, 'UTF8')) FROM 1 FOR 8), 'hex'))::bit(64)::bigint & 9223372036854775807) % total;
    FOR left_in_pot IN SELECT colour, count - coalesce((drawn ->> colour)::bigint, 0) AS n FROM chips
                       WHERE table_id = t AND chips.holder = '' ORDER BY colour LOOP
        CONTINUE WHEN left_in_pot.n <= 0;
        IF index < left_in_pot.n THEN
            UPDATE owed SET colours = jsonb_set(colours, ARRAY[left_in_pot.colour],
                                                to_jsonb(coalesce((colours ->> left_in_pot.colour)::bigint, 0) + 1))
                WHERE table_id = t AND tx = pg_current_xact_id();
            RETURN left_in_pot.colour;
        END IF;
        index := index - left_in_pot.n;
    END LOOP;
    RETURN NULL;
END $$;

-- A player's command may be handed the table's randomness: it was begun, in a transaction that
-- committed, and nothing landed at the table since. Marks this transaction as handed it.
CREATE OR REPLACE FUNCTION seat_ready(t bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    begun record;
BEGIN
    SELECT * INTO begun FROM pending WHERE table_id = t AND role = session_user;
    IF NOT FOUND OR begun.done IS NOT NULL OR begun.tx = pg_current_xact_id() THEN
        PERFORM refuse('a seat''s command is begun first (seat_begin, committed in a transaction of its own): '
                       || 'the table hands out its randomness only for a command begun');
    END IF;
    IF begun.after <> last_seq(t) THEN
        PERFORM refuse('another command landed at the table since this one began: begin it again');
    END IF;
    IF begun.drew IS DISTINCT FROM pg_current_xact_id() THEN
        UPDATE pending SET drew = pg_current_xact_id() WHERE table_id = t AND role = session_user;
    END IF;
END $$;

-- The next command's seed: a seat's own table's (a player's only for a command begun), or the owner's.
CREATE OR REPLACE FUNCTION next_seed(t bigint) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
BEGIN
    IF seat_kind(t) = 'player' THEN PERFORM seat_ready(t); END IF;
    RETURN (SELECT seed_of(s.secret, coalesce((SELECT max(seq) FROM events WHERE table_id = t), 0) + 1)
            FROM secrets s WHERE s.table_id = t
              AND (EXISTS (SELECT 1 FROM seats WHERE table_id = t AND role = session_user)
                   OR has_table_privilege(session_user, 'secrets', 'SELECT')));
END $$;

-- A player's own event (not one the database logs, which are abandoned commands): a command that
-- was handed randomness records the words it began with, its first event the next after it began,
-- and is done; one that was not handed any records no seed. (A trigger after the event's insert.)
CREATE OR REPLACE FUNCTION event_of_begun() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    begun record;
BEGIN
    IF seat_kind(NEW.table_id) IS DISTINCT FROM 'player' OR NEW.kind = 'abandoned' THEN RETURN NULL; END IF;
    SELECT * INTO begun FROM pending WHERE table_id = NEW.table_id AND role = session_user;
    IF FOUND AND begun.drew = pg_current_xact_id() THEN
        IF begun.args IS DISTINCT FROM NEW.args THEN
            PERFORM refuse('an event of a command begun records the words it began with');
        END IF;
        IF begun.done IS DISTINCT FROM pg_current_xact_id() THEN
            IF NEW.seq <> begun.after + 1 THEN
                PERFORM refuse('a command begun logs its first event next after it began');
            END IF;
            UPDATE pending SET done = pg_current_xact_id() WHERE table_id = NEW.table_id AND role = session_user;
        END IF;
    ELSIF NEW.seed IS NOT NULL THEN
        PERFORM refuse('an event records a seed only for a command begun (seat_begin) and handed it');
    END IF;
    RETURN NULL;
END $$;

-- A seat's event is stamped with the database's clock (no seat dates its history as it likes);
-- only the database logs a command abandoned.
CREATE OR REPLACE FUNCTION seat_event_time() RETURNS trigger LANGUAGE plpgsql SET search_path = "@schema@" AS $$
BEGIN
    IF seat_kind(NEW.table_id) IS NOT NULL THEN
        NEW.time := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
        IF current_user = session_user AND NEW.kind = 'abandoned' THEN  -- the seat's own, not log_abandoned's
            PERFORM refuse('only the database logs a command abandoned');
        END IF;
    END IF;
    RETURN NEW;
END $$;

-- At the commit: a transaction handed randomness for a begun command logged that command.
CREATE OR REPLACE FUNCTION draws_logged() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pending WHERE table_id = NEW.table_id AND role = NEW.role
               AND drew = pg_current_xact_id() AND done IS DISTINCT FROM pg_current_xact_id()) THEN
        PERFORM refuse('the table''s randomness was handed to a command that logged no event: a seat''s draws '
                       || 'land only with its command''s events');
    END IF;
    RETURN NULL;
END $$;

-- The undo snapshot taken as a command loaded the table, labelled with the command once it saves
-- (its events the ones after the history as it stands now: a begin may have logged one abandoned).
CREATE OR REPLACE FUNCTION seat_label(t bigint, command_name text, written integer) RETURNS void LANGUAGE sql
SECURITY DEFINER SET search_path = "@schema@" AS $$
    UPDATE snapshots SET command = command_name, events = written,
                         seq = (SELECT coalesce(max(seq), 0) FROM events WHERE table_id = t)
    WHERE id = (SELECT max(id) FROM snapshots WHERE table_id = t) AND table_id = t AND command = ''
      AND acting_kind(t) IN ('gm', 'player', 'owner')
$$;

CREATE OR REPLACE FUNCTION seat_new_deck(t bigint, d text) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    codes text[];
BEGIN
    IF acting_kind(t) IS NULL OR acting_kind(t) = 'watcher' THEN PERFORM refuse('a watcher deals no deck'); END IF;
    IF acting_kind(t) = 'player' THEN PERFORM seat_ready(t); END IF;
    IF EXISTS (SELECT 1 FROM cards WHERE table_id = t AND deck = d) THEN PERFORM refuse('deck ' || d || ' exists'); END IF;
    codes := (SELECT array_agg(card ORDER BY card) FROM cards WHERE table_id = t AND deck = 'main');
    IF codes IS NULL THEN PERFORM refuse('the table has no main deck to copy'); END IF;
    INSERT INTO cards SELECT t, d, o.code, 'deck', NULL, o.n - 1
    FROM unnest(keyed_order(t, d, codes)) WITH ORDINALITY AS o(code, n);
    RETURN cardinality(codes);
END $$;

-- ``n`` cards to ``holder_name`` from the top of deck d, none in ``avoid`` (a hand's own cards
-- shuffled back since it was drawn); when the draw pile has none (and ``reshuffle``), the
-- discards but ``avoid`` go under it, once. A player draws only for its own people, never from
-- the deck of the GM's side (the GM deals the rounds); the one card it draws for another is a
-- gadget's breakdown card, which goes to the GM from the GM's gadget deck. A chip card dealt to a
-- player's person (draws.chip_cards: "the person with the hand may also draw a chip from the pot",
-- seed 003) comes with the colour of that chip, drawn by the table (keyed_chip): ``chips``.
CREATE OR REPLACE FUNCTION seat_draw(t bigint, d text, n integer, holder_name text, reshuffle boolean, avoid text[])
RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = "@schema@" AS $$
DECLARE
    kind text := acting_kind(t);
    rules jsonb := (SELECT document::jsonb FROM tables WHERE id = t);
    drawn text[] := '{}';
    reshuffled bigint := 0;
    code text;
    colour text;
    chip_colours text[] := '{}';
BEGIN
    IF kind IS NULL OR kind = 'watcher' THEN PERFORM refuse('a watcher draws no card'); END IF;
    IF kind = 'player' AND coalesce(rules #>> '{action,deck}', '') = '' AND d = rules #>> '{action,sides,-1}' THEN
        PERFORM refuse('deck ' || d || ' is the GM''s side''s: a seat draws none of its cards');
    END IF;
    IF kind = 'player' AND NOT (holder_name = ANY (seat_people(t))
            OR (holder_name = 'gm' AND d = rules #>> '{gadget,gm_deck}')) THEN
        PERFORM refuse('a seat draws for its own people, not for ' || holder_name);
    END IF;
    IF kind = 'player' THEN PERFORM seat_ready(t); END IF;
    WHILE cardinality(drawn) < n LOOP
        SELECT card INTO code FROM cards WHERE table_id = t AND deck = d AND place = 'deck' AND card <> ALL (avoid)
            ORDER BY position LIMIT 1 FOR UPDATE;
        IF NOT FOUND THEN
            EXIT WHEN NOT reshuffle OR reshuffled > 0 OR NOT EXISTS (
                SELECT 1 FROM cards WHERE table_id = t AND deck = d AND place = 'discard' AND card <> ALL (avoid));
            reshuffled := put_under(t, d, (SELECT array_agg(card) FROM cards WHERE table_id = t AND deck = d
                                                                                AND place = 'discard'
                                                                                AND card <> ALL (avoid)));
            CONTINUE;
        END IF;
        UPDATE cards SET place = 'play', holder = holder_name,
            position = (SELECT coalesce(max(position) + 1, 0) FROM cards WHERE table_id = t AND deck = d
                        AND place = 'play' AND holder IS NOT DISTINCT FROM holder_name)
        WHERE table_id = t AND deck = d AND card = code;
        drawn := drawn || code;
    END LOOP;
    IF EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t AND s.kind = 'player' AND holder_name = ANY (s.people)) THEN
        -- a player's person dealt a chip card draws a chip from the pot: the table draws its colour now
        FOREACH code IN ARRAY drawn LOOP
            IF coalesce(rules #> '{draws,chip_cards}', '[]') ? code THEN
                colour := keyed_chip(t, holder_name);
                IF colour IS NOT NULL THEN chip_colours := chip_colours || colour; END IF;
            END IF;
        END LOOP;
    END IF;
    RETURN jsonb_build_object('cards', to_jsonb(drawn), 'reshuffled', reshuffled, 'short', cardinality(drawn) < n,
                              'chips', to_jsonb(chip_colours));
END $$;

-- The discards under the draw pile (``reshuffle``), the draw pile alone (``order``: when a
-- table is first shared), the discards and the draw pile together (``shuffle``), or every card
-- of the deck (``collect``), in the keyed order.
CREATE OR REPLACE FUNCTION seat_gather(t bigint, d text, what text) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = "@schema@" AS $$
DECLARE
    places text[] := CASE what WHEN 'order' THEN '{deck}' WHEN 'shuffle' THEN '{deck,discard}'
                               ELSE '{deck,discard,play,sleeve}' END;
    moved bigint;
BEGIN
    IF NOT may_handle_deck(t, d) THEN PERFORM refuse('deck ' || d || ' has cards in other hands: only the GM shuffles it'); END IF;
    IF acting_kind(t) = 'player' THEN PERFORM seat_ready(t); END IF;
    IF what = 'reshuffle' THEN
        RETURN put_under(t, d, coalesce((SELECT array_agg(card) FROM cards WHERE table_id = t AND deck = d
                                                                         AND place = 'discard'), '{}'));
    END IF;
    UPDATE cards SET place = 'deck', holder = NULL, position = o.n - 1
    FROM unnest(keyed_order(t, d, coalesce((SELECT array_agg(card) FROM cards WHERE table_id = t AND deck = d
                                                                   AND place = ANY (places)), '{}')))
         WITH ORDINALITY AS o(code, n)
    WHERE table_id = t AND deck = d AND card = o.code;
    GET DIAGNOSTICS moved = ROW_COUNT;
    RETURN moved;
END $$;
"""


def begun_ddl(schema: str) -> str:
    """The functions of the begun commands, and of the moves that hand out randomness, made anew."""
    from dealer.core.mechanics.conflict.common import DECK

    return BEGUN_MOVES.replace("@schema@", schema).replace("@dealer_deck@", DECK)
