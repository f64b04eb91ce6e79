"""What a seat may read and do at a shared table, said to PostgreSQL: grants to the schema's
seat group role, row-level security, and the ``SECURITY DEFINER`` functions through which a
seat makes the moves that touch shared rows (drawing from a deck, moving chips, saving its
people's state). dealer's own refusals (``dealer.seats``) say the same first, in words; these
hold for anyone who connects with a seat's credentials, dealer or not.

A seat never reads: the table's secret, the undo snapshots (the whole table, every card), the
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
CREATE FUNCTION seat_people(t bigint) RETURNS text[] LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT coalesce((SELECT people FROM seats WHERE table_id = t AND role = session_user), '{}')
$$;
CREATE FUNCTION seat_at(t bigint) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT EXISTS (SELECT 1 FROM seats WHERE table_id = t AND role = session_user)
$$;

-- Whether an action card is still face down: dealt this round to an entry of the countdown
-- that has not acted yet.
CREATE FUNCTION card_face_down(t bigint, code text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT EXISTS (
        SELECT 1 FROM tables, jsonb_array_elements(coalesce(state::jsonb -> 'turns' -> 'order', '[]')) AS turn
        WHERE id = t AND NOT coalesce((turn ->> 'acted')::boolean, false)
          AND (turn ->> 'card' = code OR coalesce(turn -> 'cards', '[]') ? code))
$$;

CREATE FUNCTION card_seen(t bigint, code text, place text, holder text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT CASE
        WHEN place = 'deck' THEN false
        WHEN place = 'discard' THEN true
        WHEN seat_kind(t) = 'gm' THEN true
        WHEN holder = ANY (seat_people(t)) THEN true
        WHEN place = 'sleeve' THEN false
        ELSE NOT card_face_down(t, code)
    END
$$;

-- A player's view of the state: another person's face-down countdown entry, combat hand and
-- kept hand are taken out; the GM and watchers of a finished round see what the table sees.
CREATE FUNCTION seat_state(t bigint) RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
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
    IF masked ? 'turns' THEN
        masked := jsonb_set(masked, '{turns,order}', coalesce((
            SELECT jsonb_agg(CASE WHEN turn ->> 'name' = ANY (people) OR coalesce((turn ->> 'acted')::boolean, false)
                                  THEN turn
                                  ELSE turn || '{"card": "", "cards": [], "hand": "", "note": "face down"}'::jsonb END
                             ORDER BY n)
            FROM jsonb_array_elements(masked -> 'turns' -> 'order') WITH ORDINALITY AS e(turn, n)), '[]'));
    END IF;
    IF masked ? 'action' AND masked -> 'action' ? 'hands' THEN
        masked := jsonb_set(masked, '{action,hands}', coalesce((
            SELECT jsonb_agg(CASE WHEN hand ->> 'name' = ANY (people) THEN hand
                                  ELSE hand || '{"cards": [], "wild_picks": [], "notes": ["face down"]}'::jsonb END
                             ORDER BY n)
            FROM jsonb_array_elements(masked -> 'action' -> 'hands') WITH ORDINALITY AS e(hand, n)), '[]'));
    END IF;
    IF masked ? 'hands' AND masked -> 'hands' ? 'people' THEN
        masked := jsonb_set(masked, '{hands,people}', coalesce((
            SELECT jsonb_object_agg(key, value) FROM jsonb_each(masked -> 'hands' -> 'people')
            WHERE key = ANY (people)), '{}'));
    END IF;
    RETURN masked::text;
END $$;

-- The history as a seat may read it: another player's face-down deal and sleeve, and the GM's
-- secret rolls, with their cards and data taken out.
CREATE FUNCTION seat_events(t bigint, after bigint) RETURNS TABLE (
    seq bigint, "time" text, command text, kind text, deck text, cards text, seed bigint, data text, args text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT e.seq, e.time, e.command, e.kind, e.deck,
           CASE WHEN hidden THEN '[]' ELSE e.cards END,
           CASE WHEN secret_roll THEN NULL ELSE e.seed END,
           CASE WHEN secret_roll THEN '{"secret": true}'
                WHEN hidden THEN jsonb_build_object('person', e.data::jsonb -> 'person', 'face_down', true)::text
                ELSE e.data END,
           CASE WHEN secret_roll OR hidden THEN NULL ELSE e.args END
    FROM events e,
         LATERAL (SELECT seat_kind(t) <> 'gm' AND coalesce((e.data::jsonb ->> 'secret')::boolean, false)) AS s(secret_roll),
         LATERAL (SELECT seat_kind(t) <> 'gm' AND e.kind IN ('deal', 'sleeve', 'redeal', 'draw')
                         AND NOT coalesce(e.data::jsonb ->> 'person' = ANY (seat_people(t)), false)
                         AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(e.cards::jsonb) AS c(code)
                                     WHERE card_face_down(t, c.code)
                                        OR EXISTS (SELECT 1 FROM cards k WHERE k.table_id = t AND k.card = c.code
                                                   AND k.deck = e.deck AND k.place = 'sleeve'))) AS h(hidden)
    WHERE e.table_id = t AND e.seq > after AND seat_kind(t) IS NOT NULL
    ORDER BY e.seq
$$;

-- How many cards each deck of the table holds where (a seat sees the counts, never the draw pile).
CREATE FUNCTION deck_counts(t bigint) RETURNS TABLE (deck text, place text, cards bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = "@schema@" AS $$
    SELECT deck, place, count(*) FROM cards WHERE table_id = t AND seat_at(t) GROUP BY deck, place
$$;
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
CREATE POLICY seat_sees_cards ON cards FOR SELECT USING (card_seen(table_id, card, place, holder));
CREATE POLICY seat_moves_its_cards ON cards FOR UPDATE
    USING (seat_kind(table_id) = 'gm' OR (holder = ANY (seat_people(table_id)) AND place IN ('play', 'sleeve')))
    WITH CHECK (seat_kind(table_id) = 'gm' OR (holder = ANY (seat_people(table_id)) AND place IN ('play', 'sleeve'))
                OR (place = 'discard' AND holder IS NULL));
CREATE POLICY seat_appends_events ON events FOR INSERT
    WITH CHECK (seat_kind(table_id) IN ('gm', 'player') AND actor = session_user);
"""

GRANTS = """
GRANT USAGE ON SCHEMA "@schema@" TO "@group@";
GRANT SELECT ON meta, roster, chips, seats TO "@group@";
GRANT SELECT (id, name, ruleset, document, created) ON tables TO "@group@";
GRANT SELECT, UPDATE (place, holder, position) ON cards TO "@group@";
GRANT INSERT ON events TO "@group@";
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA "@schema@" TO "@group@";
"""


def seat_ddl(schema: str) -> str:
    """The functions and policies of a schema's seats (made with the schema)."""
    return (SEAT_FUNCTIONS + SEAT_POLICIES).replace("@schema@", schema)


def grant_seats(db, schema: str, group: str) -> None:
    """The grants of the schema's seat group role (again at every seat made: granting is idempotent)."""
    db.execute(GRANTS.replace("@schema@", schema).replace("@group@", group))
