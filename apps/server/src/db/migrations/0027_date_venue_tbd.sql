-- Issue 37 item 1 (docs/api/README.md#date-and-venue-tbd): a room's date and/or venue may be "to be decided". The
-- date, time and venue columns then hold placeholders for clients that know nothing of the flags.
-- A constant default: PostgreSQL 11+ adds both columns without rewriting the table (millions of rooms at scale).
ALTER TABLE rooms
  ADD COLUMN date_tbd boolean NOT NULL DEFAULT false,
  ADD COLUMN venue_tbd boolean NOT NULL DEFAULT false;

-- The calendar SEQUENCE (schedule_seq, migration 0007) also grows when a flag changes: a date fixed on the very day
-- of its placeholder, or a venue decided under the placeholder's name, is still a revision of the entry.
CREATE OR REPLACE FUNCTION rooms_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.starts_at := (NEW.date + NEW.time::time) AT TIME ZONE NEW.time_zone;
  IF TG_OP = 'UPDATE' AND
      (NEW.date, NEW.time, NEW.time_zone, NEW.venue, NEW.venue_place_id, NEW.date_tbd, NEW.venue_tbd)
      IS DISTINCT FROM
      (OLD.date, OLD.time, OLD.time_zone, OLD.venue, OLD.venue_place_id, OLD.date_tbd, OLD.venue_tbd) THEN
    NEW.schedule_seq := OLD.schedule_seq + 1;
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER rooms_schedule ON rooms;
CREATE TRIGGER rooms_schedule
  BEFORE INSERT OR UPDATE OF date, time, time_zone, venue, venue_place_id, date_tbd, venue_tbd ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_schedule();

-- A date to be decided has no reminders (its placeholder is no date): they are dropped while date_tbd holds, and
-- planned (migration 0008's room_reminders_plan) in the transaction that fixes the date.
CREATE OR REPLACE FUNCTION rooms_plan_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.starts_at, NEW.is_closed, NEW.date_tbd)
      IS NOT DISTINCT FROM (OLD.starts_at, OLD.is_closed, OLD.date_tbd) THEN
    RETURN NULL;
  END IF;
  PERFORM room_reminders_plan(NEW.id, NEW.starts_at, NEW.is_closed OR NEW.date_tbd);
  RETURN NULL;
END
$$;
DROP TRIGGER rooms_plan_reminders ON rooms;
CREATE TRIGGER rooms_plan_reminders
  AFTER INSERT OR UPDATE OF date, time, time_zone, starts_at, is_closed, date_tbd ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_plan_reminders();
