-- A guest's personal link (issue 35, docs/api/README.md#guests): `/guest/open#{secret}` opens the same guest on another
-- device. As the room's guest link (0022), the secret is an HMAC of the server's secret over the guest and a random
-- salt, so the guest can be shown it again without it being stored; the table keeps the salt and the secret's
-- SHA-256, by which `POST /guest/resume` finds the guest. A new salt replaces the link; deleting the row turns it off.
-- Claiming the guest deletes it (features/guest-access/claim.ts), as does the account's or the guest's deletion.
CREATE TABLE guest_device_links (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  salt        text NOT NULL CHECK (char_length(salt) BETWEEN 16 AND 64),
  secret_hash text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
