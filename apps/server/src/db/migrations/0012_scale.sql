-- Issue #22: reads that stay as fast with a million users as with a thousand.

-- User and venue search are substring searches (ILIKE '%q%'): trigram indexes serve them without reading every row.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
CREATE INDEX rooms_venue_trgm_idx ON rooms USING gin (venue gin_trgm_ops);
CREATE INDEX rooms_name_trgm_idx ON rooms USING gin (name gin_trgm_ops);
-- The best matches of a user search are the usernames that start with the text: read in order from this index
-- (LIKE 'q%'), they spare sorting every user that merely contains it.
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);

-- Chat pages without OFFSET or count(*): each message has its number in its room (1, 2, 3, ... in the order of
-- ids), and the room keeps how many it has, so page p of n messages is the range of numbers
-- [n - p·size + 1, n - (p - 1)·size], read from messages_room_seq_idx.
ALTER TABLE rooms ADD COLUMN message_count integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN seq integer;
UPDATE messages m SET seq = n.seq
FROM (SELECT id, row_number() OVER (PARTITION BY room_id ORDER BY id)::int AS seq FROM messages) n
WHERE n.id = m.id;
UPDATE rooms r SET message_count = c.n
FROM (SELECT room_id, count(*)::int AS n FROM messages GROUP BY room_id) c
WHERE c.room_id = r.id;
ALTER TABLE messages ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX messages_room_seq_idx ON messages (room_id, seq);

-- Numbers a new message under the room row's lock, and gives it its id only then, so that within a room ids and
-- numbers grow together even when two members send at the same moment. A retried send (same sender and client id,
-- which the insert's ON CONFLICT would skip) is skipped here, after the lock, so it numbers nothing.
CREATE FUNCTION messages_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooms SET message_count = message_count + 1 WHERE id = NEW.room_id RETURNING message_count INTO NEW.seq;
  IF NEW.seq IS NULL THEN
    RETURN NEW; -- no such room: the foreign key refuses the row
  END IF;
  IF NEW.client_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM messages m
    WHERE m.room_id = NEW.room_id AND m.sender_id = NEW.sender_id AND m.client_id = NEW.client_id) THEN
    UPDATE rooms SET message_count = message_count - 1 WHERE id = NEW.room_id;
    RETURN NULL;
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('messages', 'id'));
  RETURN NEW;
END $$;
CREATE TRIGGER messages_number BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION messages_number();
