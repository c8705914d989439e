-- Outing schema. Money is integer cents; every id but a room's is an integer identity; room ids are random UUIDs.

CREATE TABLE users (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username           text NOT NULL CHECK (char_length(username) BETWEEN 3 AND 30 AND username ~ '^[A-Za-z0-9_.]+$'),
  email              text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254 AND position('@' in email) > 1),
  password_hash      text,
  picture_url        text NOT NULL DEFAULT '' CHECK (picture_url = '' OR picture_url LIKE 'https://%'),
  is_email_valid     boolean NOT NULL DEFAULT false,
  is_online          boolean NOT NULL DEFAULT false,
  last_seen          timestamptz,
  registered_at      timestamptz NOT NULL DEFAULT now(),
  tokens_valid_after timestamptz NOT NULL DEFAULT 'epoch'
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE oauth_identities (
  issuer     text NOT NULL,
  subject    text NOT NULL,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX oauth_identities_user_idx ON oauth_identities (user_id);

CREATE TABLE otp_codes (
  email      text NOT NULL,
  purpose    text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, purpose)
);

CREATE TABLE otp_sends (
  id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email   text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_sends_lookup_idx ON otp_sends (email, purpose, sent_at DESC);

CREATE TABLE reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX reset_tokens_user_idx ON reset_tokens (user_id);

-- A friendship is stored both ways so that "my friends" is one index range.
CREATE TABLE friendships (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friend_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, friend_id),
  CHECK (user_id <> friend_id)
);

CREATE TABLE friend_requests (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  receiver_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  sent_at      timestamptz NOT NULL DEFAULT now(),
  responded_at timestamptz,
  CHECK (sender_id <> receiver_id),
  CHECK ((status = 'pending') = (responded_at IS NULL))
);
-- At most one pending request between two people, whichever way it goes.
CREATE UNIQUE INDEX friend_requests_one_pending ON friend_requests (least(sender_id, receiver_id), greatest(sender_id, receiver_id))
  WHERE status = 'pending';
CREATE INDEX friend_requests_receiver_idx ON friend_requests (receiver_id, status, sent_at DESC);

CREATE TABLE notifications (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  content    text NOT NULL CHECK (char_length(content) <= 1000),
  is_read    boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);

CREATE TABLE push_subscriptions (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint   text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 2048),
  auth       text NOT NULL,
  p256dh     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

CREATE TABLE rooms (
  id             uuid PRIMARY KEY,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  date           date NOT NULL,
  time           text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  venue          text NOT NULL CHECK (char_length(venue) BETWEEN 1 AND 200),
  venue_place_id text NOT NULL CHECK (char_length(venue_place_id) BETWEEN 1 AND 300),
  venue_url      text NOT NULL,
  image_url      text NOT NULL DEFAULT '/imgs/birthday.png' CHECK (image_url IN (
                   '/imgs/birthday.png', '/imgs/gathering.png', '/imgs/party.png',
                   '/imgs/sports.png', '/imgs/travel.png', '/imgs/pets.png')),
  description    text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  host_id        integer NOT NULL REFERENCES users (id),
  is_private     boolean NOT NULL DEFAULT false,
  is_closed      boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rooms_public_open_idx ON rooms (updated_at DESC) WHERE is_private = false AND is_closed = false;
CREATE INDEX rooms_venue_idx ON rooms (lower(venue) text_pattern_ops);

CREATE TABLE room_members (
  room_id   uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, user_id)
);
CREATE INDEX room_members_user_idx ON room_members (user_id);

CREATE TABLE invites (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id      uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  inviter_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  responded_at timestamptz,
  CHECK (user_id <> inviter_id),
  CHECK ((status = 'pending') = (responded_at IS NULL))
);
CREATE UNIQUE INDEX invites_one_pending ON invites (room_id, user_id) WHERE status = 'pending';
CREATE INDEX invites_user_idx ON invites (user_id, status, created_at DESC);

CREATE TABLE consolidations (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id    uuid NOT NULL UNIQUE REFERENCES rooms (id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bills (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id          uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  owner_id         integer NOT NULL REFERENCES users (id),
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  amount_cents     integer NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 100000000),
  include_owner    boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  consolidation_id integer REFERENCES consolidations (id)
);
CREATE INDEX bills_room_idx ON bills (room_id, created_at DESC);

CREATE TABLE bill_payers (
  bill_id integer NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  PRIMARY KEY (bill_id, user_id)
);

CREATE TABLE transactions (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consolidation_id integer NOT NULL REFERENCES consolidations (id) ON DELETE CASCADE,
  room_id          uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  payer_id         integer NOT NULL REFERENCES users (id),
  payee_id         integer NOT NULL REFERENCES users (id),
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  is_paid          boolean NOT NULL DEFAULT false,
  paid_on          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (payer_id <> payee_id),
  CHECK (is_paid = (paid_on IS NOT NULL))
);
CREATE INDEX transactions_payer_idx ON transactions (payer_id, is_paid, created_at DESC);
CREATE INDEX transactions_payee_idx ON transactions (payee_id, is_paid, created_at DESC);
CREATE INDEX transactions_consolidation_idx ON transactions (consolidation_id);

CREATE TABLE reminders (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payee_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payer_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminders_pair_idx ON reminders (payee_id, payer_id, created_at DESC);

CREATE TABLE messages (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id   uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users (id),
  content   text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  sent_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_room_idx ON messages (room_id, id DESC);
