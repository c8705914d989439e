-- rooms.member_count: how many room_members rows the room has, kept by a trigger in the same transaction as every
-- insert, delete or move of a membership (room creation, join, invite accepted, leave, a user's or room's deletion
-- cascading), so that room answers read it instead of counting each room's members (the room list of 24 rooms
-- spent about half of PostgreSQL's time on those counts in the api benchmark).
-- One transaction, rooms locked by the ALTER: a membership written meanwhile by an instance still on the old code has
-- either committed before the backfill counts it, or waits and goes through the trigger (should the two deadlock,
-- PostgreSQL aborts one of them whole: never a wrong count).
ALTER TABLE rooms ADD COLUMN member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0);

CREATE FUNCTION room_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Concurrent changes of one room queue on its row; each UPDATE adds to the latest committed count.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE rooms SET member_count = member_count - 1 WHERE id = OLD.room_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE rooms SET member_count = member_count + 1 WHERE id = NEW.room_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER room_members_count AFTER INSERT OR DELETE OR UPDATE OF room_id ON room_members
  FOR EACH ROW EXECUTE FUNCTION room_members_count();

-- TRUNCATE skips row triggers; it leaves no memberships at all.
CREATE FUNCTION room_members_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooms SET member_count = 0 WHERE member_count <> 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER room_members_truncated AFTER TRUNCATE ON room_members
  FOR EACH STATEMENT EXECUTE FUNCTION room_members_truncated();

UPDATE rooms r SET member_count = (SELECT count(*) FROM room_members m WHERE m.room_id = r.id);
