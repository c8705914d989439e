-- Plans (docs/api/README.md#plans, issue #20): RSVPs, capacity and waitlist, the room's time zone and start instant,
-- own cover pictures, calendar feeds, reminders and date polls.

-- The room's wall-clock date and time are in `time_zone` (IANA); `starts_at` is that instant, kept by a trigger so
-- that every writer (old code included) leaves it right and Explore can read upcoming rooms from an index.
ALTER TABLE rooms
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC' CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN capacity integer CHECK (capacity BETWEEN 1 AND 10000),
  -- Grows with every change of date, time, time zone or venue: the iCalendar SEQUENCE (RFC 5545 §3.8.7.4).
  ADD COLUMN schedule_seq integer NOT NULL DEFAULT 0,
  ADD COLUMN going_count integer NOT NULL DEFAULT 0 CHECK (going_count >= 0),
  ADD COLUMN maybe_count integer NOT NULL DEFAULT 0 CHECK (maybe_count >= 0),
  ADD COLUMN waitlist_count integer NOT NULL DEFAULT 0 CHECK (waitlist_count >= 0),
  ADD COLUMN invited_count integer NOT NULL DEFAULT 0 CHECK (invited_count >= 0);

CREATE FUNCTION rooms_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.starts_at := (NEW.date + NEW.time::time) AT TIME ZONE NEW.time_zone;
  IF TG_OP = 'UPDATE' AND (NEW.date, NEW.time, NEW.time_zone, NEW.venue, NEW.venue_place_id)
      IS DISTINCT FROM (OLD.date, OLD.time, OLD.time_zone, OLD.venue, OLD.venue_place_id) THEN
    NEW.schedule_seq := OLD.schedule_seq + 1;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER rooms_schedule BEFORE INSERT OR UPDATE OF date, time, time_zone, venue, venue_place_id ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_schedule();
UPDATE rooms SET starts_at = (date + time::time) AT TIME ZONE time_zone;
ALTER TABLE rooms ALTER COLUMN starts_at SET NOT NULL;

-- Explore: open public rooms, soonest first (keyset on starts_at, id).
CREATE INDEX rooms_explore_idx ON rooms (starts_at, id) WHERE is_private = false AND is_closed = false;

-- Every member has an answer: going (the default), maybe, declined (a member who cannot come) or waitlisted (the
-- room was full). `rsvp_at` orders the waitlist: first come, first served.
ALTER TABLE room_members
  ADD COLUMN rsvp text NOT NULL DEFAULT 'going' CHECK (rsvp IN ('going', 'maybe', 'declined', 'waitlisted')),
  ADD COLUMN rsvp_at timestamptz NOT NULL DEFAULT clock_timestamp();
CREATE INDEX room_members_waitlist_idx ON room_members (room_id, rsvp_at, user_id) WHERE rsvp = 'waitlisted';

-- rooms.going_count / maybe_count / waitlist_count follow room_members.rsvp, rooms.invited_count the pending
-- invites, in the same transaction as every change (as member_count does, migration 0002).
CREATE FUNCTION room_rsvp_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE rooms SET going_count = going_count - (OLD.rsvp = 'going')::int,
                     maybe_count = maybe_count - (OLD.rsvp = 'maybe')::int,
                     waitlist_count = waitlist_count - (OLD.rsvp = 'waitlisted')::int
      WHERE id = OLD.room_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE rooms SET going_count = going_count + (NEW.rsvp = 'going')::int,
                     maybe_count = maybe_count + (NEW.rsvp = 'maybe')::int,
                     waitlist_count = waitlist_count + (NEW.rsvp = 'waitlisted')::int
      WHERE id = NEW.room_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER room_rsvp_counts AFTER INSERT OR DELETE OR UPDATE OF room_id, rsvp ON room_members
  FOR EACH ROW EXECUTE FUNCTION room_rsvp_counts();

CREATE FUNCTION room_invited_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE rooms SET invited_count = invited_count - (OLD.status = 'pending')::int WHERE id = OLD.room_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE rooms SET invited_count = invited_count + (NEW.status = 'pending')::int WHERE id = NEW.room_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER room_invited_count AFTER INSERT OR DELETE OR UPDATE OF room_id, status ON invites
  FOR EACH ROW EXECUTE FUNCTION room_invited_count();

-- TRUNCATE skips row triggers; it leaves no rows at all.
CREATE FUNCTION room_rsvp_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'room_members' THEN
    UPDATE rooms SET going_count = 0, maybe_count = 0, waitlist_count = 0
      WHERE going_count <> 0 OR maybe_count <> 0 OR waitlist_count <> 0;
  ELSE
    UPDATE rooms SET invited_count = 0 WHERE invited_count <> 0;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER room_rsvp_truncated AFTER TRUNCATE ON room_members
  FOR EACH STATEMENT EXECUTE FUNCTION room_rsvp_truncated();
CREATE TRIGGER room_invited_truncated AFTER TRUNCATE ON invites
  FOR EACH STATEMENT EXECUTE FUNCTION room_rsvp_truncated();

UPDATE rooms r SET
  going_count = (SELECT count(*) FROM room_members m WHERE m.room_id = r.id AND m.rsvp = 'going'),
  invited_count = (SELECT count(*) FROM invites i WHERE i.room_id = r.id AND i.status = 'pending');

-- When a pending invitee was last nudged by the host (the nudge is rate-limited per invitee).
ALTER TABLE invites ADD COLUMN nudged_at timestamptz;

-- Own cover pictures: the upload is decoded, stripped of metadata and kept only as WebP renditions, in the database
-- so that every server instance serves them with nothing else to set up.
CREATE TABLE pictures (
  id          uuid PRIMARY KEY,
  uploader_id integer REFERENCES users (id) ON DELETE SET NULL,
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pictures_uploader_idx ON pictures (uploader_id, created_at DESC);
CREATE TABLE picture_renditions (
  picture_id uuid NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
  width      integer NOT NULL CHECK (width > 0),
  webp       bytea NOT NULL,
  PRIMARY KEY (picture_id, width)
);
ALTER TABLE rooms ADD COLUMN picture_id uuid REFERENCES pictures (id) ON DELETE SET NULL;

-- The personal calendar feed: only a hash of the secret is kept; a new one replaces the old (revoking it).
CREATE TABLE calendar_feeds (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Reminders before an event (a day and two hours before), each user may turn them off. A delivery row per room,
-- kind and start instant makes each reminder go out once, whatever the job queue retries.
ALTER TABLE users ADD COLUMN event_reminders boolean NOT NULL DEFAULT true;
CREATE TABLE reminder_deliveries (
  room_id   uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  kind      text NOT NULL CHECK (kind IN ('day', 'hours')),
  starts_at timestamptz NOT NULL,
  sent_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, kind, starts_at)
);

-- Pick a date together: the host proposes 2–5 options, members vote, the host fixes one (which ends the poll).
CREATE TABLE date_options (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id    uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  date       date NOT NULL,
  time       text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (room_id, date, time)
);
CREATE TABLE date_votes (
  option_id integer NOT NULL REFERENCES date_options (id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vote      text NOT NULL CHECK (vote IN ('yes', 'maybe', 'no')),
  voted_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (option_id, user_id)
);
CREATE INDEX date_votes_user_idx ON date_votes (user_id);
