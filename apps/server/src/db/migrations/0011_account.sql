-- Accounts (issue #21): signing out one device, personal invite links, codes that confirm a change to an account,
-- and deleting an account while the money history of everybody else stays whole (docs/accounts.md).
-- Independent of 0009 and 0010: touches users, otp_codes, otp_sends and two new tables only.

-- Signing out one device: the token's `jti`, refused until the moment the token would have expired anyway (after
-- that its expiry refuses it, and the row may go). Read with the users row of every request (lib/auth.ts), so the
-- lookup is by user.
CREATE TABLE revoked_tokens (
  jti        text PRIMARY KEY CHECK (char_length(jti) BETWEEN 1 AND 100),
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_user_idx ON revoked_tokens (user_id, expires_at);
CREATE INDEX revoked_tokens_expiry_idx ON revoked_tokens (expires_at);

-- A personal invite link per user. The code is an HMAC of the server secret over the user and a random salt, so it
-- can be shown again without being stored; only its SHA-256 is kept, to find the inviter. A new salt replaces it.
CREATE TABLE invite_links (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  salt       text NOT NULL CHECK (char_length(salt) BETWEEN 16 AND 64),
  code_hash  text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Who invited an account that signed up through a link, until its email is verified (then the friend request).
ALTER TABLE users ADD COLUMN invited_by integer REFERENCES users (id) ON DELETE SET NULL;

-- Codes that confirm a change to one's own account (a password for an account without one, deleting it), mailed to
-- the signed-in user; never accepted by POST /auth/verify.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'confirm-account'));
ALTER TABLE otp_sends DROP CONSTRAINT otp_sends_purpose_check;
ALTER TABLE otp_sends ADD CONSTRAINT otp_sends_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'confirm-account'));

-- Deleted accounts. The row stays, so that the bills, shares, transactions and messages of others keep pointing at
-- someone, but nothing personal is left in it: every deleted account is "Deleted user" with no email, password or
-- picture, and can never sign in. Their username and email are free again: the unique indexes count live accounts
-- only (each deleted row is told apart by its id), and stay usable for lookups by name or email (leading column).
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users DROP CONSTRAINT users_username_check;
ALTER TABLE users ADD CONSTRAINT users_username_check CHECK (CASE WHEN deleted_at IS NULL
  THEN char_length(username) BETWEEN 3 AND 30 AND username ~ '^[A-Za-z0-9_.]+$'
  ELSE username = 'Deleted user' END);
ALTER TABLE users DROP CONSTRAINT users_email_check;
ALTER TABLE users ADD CONSTRAINT users_email_check CHECK (CASE WHEN deleted_at IS NULL
  THEN email = lower(email) AND char_length(email) BETWEEN 3 AND 254 AND position('@' in email) > 1
  ELSE email = '' END);
ALTER TABLE users ADD CONSTRAINT users_deleted_check CHECK (deleted_at IS NULL OR (
  password_hash IS NULL AND picture_url = '' AND NOT is_email_valid AND invited_by IS NULL));
DROP INDEX users_username_key;
CREATE UNIQUE INDEX users_username_key ON users (lower(username), (CASE WHEN deleted_at IS NULL THEN 0 ELSE id END));
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (email, (CASE WHEN deleted_at IS NULL THEN 0 ELSE id END));

-- The member who takes over a deleted host's room is told so (notification kind `host_transferred`, beside those of
-- migration 0010).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'friend_request', 'friend_accepted', 'room_invite', 'invite_nudge', 'room_changed', 'date_poll', 'date_set',
  'waitlist_promoted', 'host_transferred', 'reminder', 'bills_consolidated', 'transaction_paid',
  'transaction_confirmed', 'transaction_disputed', 'transaction_undone', 'payment_reminder', 'other'));
