-- Reminders before an event (issue #20 item 7, decision 008): each open room has up to two jobs in graphile-worker's
-- queue, `reminder:<roomId>:day` (starts_at − 24 h) and `reminder:<roomId>:hours` (starts_at − 2 h). They are
-- planned here, by a trigger, in the same transaction as the room change: every writer (create, edit, a date poll
-- fixed, direct SQL) re-plans them, and a crash cannot leave a room changed with its reminders not.
-- graphile-worker's schema is installed before this file by db/migrate.ts.

-- Plans (or drops) one room's reminders. A reminder whose moment has already passed when it is planned is not
-- planned at all (no "tomorrow" for a room created three hours before it starts): its job is removed instead.
-- `job_key` makes re-planning replace the job; the payload carries the start it was planned for, so that a job
-- planned for an older date does nothing (the handler compares it with the room's current start).
CREATE FUNCTION room_reminders_plan(room_id uuid, starts_at timestamptz, is_closed boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  lead_time interval;
  key text;
BEGIN
  FOR kind, lead_time IN VALUES ('day', interval '24 hours'), ('hours', interval '2 hours') LOOP
    key := 'reminder:' || room_id || ':' || kind;
    IF NOT is_closed AND starts_at - lead_time > now() THEN
      PERFORM graphile_worker.add_job(
        'room-reminder',
        json_build_object('roomId', room_id, 'kind', kind, 'startsAt', starts_at),
        run_at => starts_at - lead_time,
        job_key => key,
        max_attempts => 10
      );
    ELSE
      PERFORM graphile_worker.remove_job(key);
    END IF;
  END LOOP;
END
$$;

CREATE FUNCTION rooms_plan_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.starts_at, NEW.is_closed) IS NOT DISTINCT FROM (OLD.starts_at, OLD.is_closed) THEN
    RETURN NULL;
  END IF;
  PERFORM room_reminders_plan(NEW.id, NEW.starts_at, NEW.is_closed);
  RETURN NULL;
END
$$;
-- starts_at is set by the BEFORE trigger rooms_schedule (0007), and a column list only sees the columns an UPDATE
-- names: date, time and time_zone are listed for that reason.
CREATE TRIGGER rooms_plan_reminders AFTER INSERT OR UPDATE OF date, time, time_zone, starts_at, is_closed ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_plan_reminders();

-- A room deleted outright (account deletion, tests) takes its reminders with it.
CREATE FUNCTION rooms_drop_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_reminders_plan(OLD.id, OLD.starts_at, true);
  RETURN NULL;
END
$$;
CREATE TRIGGER rooms_drop_reminders AFTER DELETE ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_drop_reminders();

-- The rooms that exist already.
SELECT room_reminders_plan(id, starts_at, is_closed) FROM rooms WHERE NOT is_closed AND starts_at > now();
