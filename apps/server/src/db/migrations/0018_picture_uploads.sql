-- Issue 32: every upload that is read counts toward the hourly quota, refused or not, and the count is taken under
-- a lock so that parallel uploads cannot all pass it (they counted `pictures` rows, written only after decoding).
-- A row is written before the body is read; rows older than an hour are removed as the user's next upload counts.
CREATE TABLE picture_uploads (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX picture_uploads_user_idx ON picture_uploads (user_id, created_at);

-- Issue 32: a deleted account's uploads go unless a room uses them as its cover; that question (and the foreign key's
-- ON DELETE SET NULL) reads rooms by picture.
CREATE INDEX rooms_picture_idx ON rooms (picture_id) WHERE picture_id IS NOT NULL;
