-- Issue #22: 0012 numbered each message under its room row's lock, so a room's sends queued one behind the other
-- until each had committed (a busy room: 2,100 sends/s instead of 7,000). Now a send takes no row lock: it numbers
-- nothing and leaves `seq` empty; `number_messages(room)` numbers a room's new messages later, in one short
-- transaction, off the send's path (the chat service asks for it per batch of sends, features/chat/numbering.ts). Until then a page places
-- them after the numbered ones in the order of their ids (`features/chat/service.ts`).
--
-- Why the numbers still follow the ids without gaps: a send takes its room's numbering lock in shared mode before it
-- draws its id, and holds it until it commits; numbering takes it exclusively. Numbering therefore starts only once
-- every send that had drawn an id has committed or rolled back, and a send that starts meanwhile draws its id after
-- numbering has finished. So every numbered message's id is smaller than every unnumbered one's, and numbering
-- gives the unnumbered ones message_count + 1, + 2, … in the order of their ids.
ALTER TABLE messages ALTER COLUMN seq DROP NOT NULL;
-- The messages still to be numbered, per room, in id order: few at any time.
CREATE INDEX messages_unnumbered_idx ON messages (room_id, id) WHERE seq IS NULL;

-- The numbering lock of a room: the two-key form of advisory locks (namespace 22), apart from the one-key locks
-- the server takes elsewhere. Two rooms whose hashes collide share it, which only makes one wait for the other.
CREATE FUNCTION message_numbering_key(room uuid) RETURNS integer LANGUAGE sql IMMUTABLE
AS $$ SELECT hashtext(room::text) $$;

CREATE OR REPLACE FUNCTION messages_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(22, message_numbering_key(NEW.room_id));
  NEW.seq := NULL;
  NEW.id := nextval(pg_get_serial_sequence('messages', 'id'));
  RETURN NEW;
END $$;

-- Numbers the room's unnumbered messages and returns how many. Each statement of a VOLATILE function sees what was
-- committed before it started: the update, which runs once the lock is held, sees every send that drew an id before.
CREATE FUNCTION number_messages(room uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  numbered integer;
BEGIN
  PERFORM pg_advisory_xact_lock(22, message_numbering_key(room));
  WITH base AS (SELECT message_count AS n FROM rooms WHERE id = room FOR NO KEY UPDATE),
  todo AS (
    SELECT m.id, base.n + row_number() OVER (ORDER BY m.id) AS seq
    FROM messages m, base WHERE m.room_id = room AND m.seq IS NULL),
  done AS (UPDATE messages m SET seq = todo.seq FROM todo WHERE m.id = todo.id RETURNING 1)
  SELECT count(*) INTO numbered FROM done;
  IF numbered > 0 THEN
    UPDATE rooms SET message_count = message_count + numbered WHERE id = room;
  END IF;
  RETURN numbered;
END $$;
