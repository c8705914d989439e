-- Issue 37 item 4 (docs/api/README.md#users-and-friends): a display name beside the username, "" until set. The
-- check mirrors the contract's 0–40 characters (the API refuses "" and anything longer; a deleted account's is "").
ALTER TABLE users ADD COLUMN display_name text NOT NULL DEFAULT ''
  CHECK (char_length(display_name) <= 40 AND display_name !~ '[\x01-\x1f\x7f]');

-- The user search also finds display names that contain the text (ILIKE '%q%'): a trigram index, as for usernames
-- (0012_scale.sql). Only the rows that have one: most users never set it. The exact email a search also finds is
-- read from users_email_key (emails are stored lower-case, 0001_initial.sql).
CREATE INDEX users_display_name_trgm_idx ON users USING gin (display_name gin_trgm_ops) WHERE display_name <> '';

-- A profile picture may be an upload of the user's (`PATCH /users/{id}` with `pictureId`): its served path, beside
-- the https:// URL a Google sign-in gives.
ALTER TABLE users DROP CONSTRAINT users_picture_url_check;
ALTER TABLE users ADD CONSTRAINT users_picture_url_check CHECK (picture_url = '' OR picture_url LIKE 'https://%'
  OR picture_url ~ '^/v1/pictures/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$');
