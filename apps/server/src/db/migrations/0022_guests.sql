-- Guests (issue 35, docs/guests.md): a friend takes part in one room from the host's guest link, without an account.
-- A guest is a users row, so that bills, shares, payments, messages and answers point at them as at anyone; what
-- tells it apart is `guest_room_id`, the one room it may act in. A guest has no email and no password and never
-- signs in: its token is the only way in. Its name is the one it typed (1–40 characters, any script), and need not
-- be unique: the unique indexes count live accounts only (a guest row, like a deleted one, is told apart by its id).
ALTER TABLE users ADD COLUMN guest_room_id uuid REFERENCES rooms (id);
ALTER TABLE users DROP CONSTRAINT users_username_check;
ALTER TABLE users ADD CONSTRAINT users_username_check CHECK (CASE
  WHEN deleted_at IS NOT NULL THEN username = 'Deleted user'
  WHEN guest_room_id IS NOT NULL THEN char_length(username) BETWEEN 1 AND 40
  ELSE char_length(username) BETWEEN 3 AND 30 AND username ~ '^[A-Za-z0-9_.]+$' END);
ALTER TABLE users DROP CONSTRAINT users_email_check;
ALTER TABLE users ADD CONSTRAINT users_email_check CHECK (CASE
  WHEN deleted_at IS NOT NULL OR guest_room_id IS NOT NULL THEN email = ''
  ELSE email = lower(email) AND char_length(email) BETWEEN 3 AND 254 AND position('@' in email) > 1 END);
ALTER TABLE users ADD CONSTRAINT users_guest_check CHECK (guest_room_id IS NULL OR (
  password_hash IS NULL AND picture_url = '' AND NOT is_email_valid AND invited_by IS NULL));
DROP INDEX users_username_key;
CREATE UNIQUE INDEX users_username_key ON users (lower(username),
  (CASE WHEN deleted_at IS NULL AND guest_room_id IS NULL THEN 0 ELSE id END));
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (email,
  (CASE WHEN deleted_at IS NULL AND guest_room_id IS NULL THEN 0 ELSE id END));
-- A room's guests (the limit of 50, the host's list).
CREATE INDEX users_guest_room_idx ON users (guest_room_id) WHERE guest_room_id IS NOT NULL;

-- A room's guest link: `/g/{secret}`, the secret an HMAC of the server's secret over the room and a random salt (so the
-- host can be shown it again without storing it); the table keeps the salt and the secret's SHA-256, by which a join
-- finds the room. A new salt replaces the link; deleting the row turns it off.
CREATE TABLE room_guest_links (
  room_id     uuid PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
  salt        text NOT NULL CHECK (char_length(salt) BETWEEN 16 AND 64),
  secret_hash text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
