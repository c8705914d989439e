-- 0012's numbering trigger skipped a message whose sender had already sent one with the same client id in the room
-- (RETURN NULL), so a plain INSERT of such a duplicate went through silently instead of being refused by
-- messages_client_id_idx as before 0012. Now a retried send still numbers nothing: after the room row's lock the
-- earlier message is visible, the count is put back, and the row goes on to the unique index, which refuses it (or
-- the insert's ON CONFLICT skips it).
CREATE OR REPLACE FUNCTION messages_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooms SET message_count = message_count + 1 WHERE id = NEW.room_id RETURNING message_count INTO NEW.seq;
  IF NEW.seq IS NULL THEN
    RETURN NEW; -- no such room: the foreign key refuses the row
  END IF;
  IF NEW.client_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM messages m
    WHERE m.room_id = NEW.room_id AND m.sender_id = NEW.sender_id AND m.client_id = NEW.client_id) THEN
    UPDATE rooms SET message_count = message_count - 1 WHERE id = NEW.room_id;
    NEW.seq := 0; -- never stored: the client id's unique index stops the row
    RETURN NEW;
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('messages', 'id'));
  RETURN NEW;
END $$;
