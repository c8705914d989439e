-- One live ledger (docs/money.md): a room's ledger is every bill and every payment; its unpaid
-- transactions are at every moment the fewest transfers that settle it, kept by the server after each change.
--
-- consolidations.kind: 'round' is a Settle up pressed by the host (kept for the rounds list and the first clients);
-- 'ledger' is one row per room that owns the room's live unpaid transactions and the payments recorded outside a
-- round (a transaction always names a consolidation, as the original client expects).
ALTER TABLE consolidations ADD COLUMN kind text NOT NULL DEFAULT 'round' CHECK (kind IN ('round', 'ledger'));
CREATE UNIQUE INDEX consolidations_ledger_idx ON consolidations (room_id) WHERE kind = 'ledger';

-- Bills are deleted softly: out of every list and balance at once, restorable for 30 days.
ALTER TABLE bills ADD COLUMN deleted_at timestamptz;
ALTER TABLE bills ADD COLUMN deleted_by integer REFERENCES users (id);
DROP INDEX IF EXISTS bills_open_round_idx;
CREATE INDEX bills_live_idx ON bills (room_id, id) WHERE deleted_at IS NULL;

-- A payment's note ("cash at dinner"), one line.
ALTER TABLE transactions ADD COLUMN note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500);
-- What a room owes is read per pair and room: the unpaid transactions of a room (kept by the server).
CREATE INDEX transactions_room_unpaid_idx ON transactions (room_id, payer_id, payee_id) WHERE status = 'unpaid';
CREATE INDEX transactions_room_payments_idx ON transactions (room_id) WHERE status <> 'unpaid';

-- The activity of a room and of each bill: who added, changed (what from what to what), deleted, restored a bill;
-- who recorded, confirmed, disputed or undid a payment; who joined or left; when the date, time or venue moved.
-- bill_id and transaction_id keep no foreign key: a history outlives what it tells of.
CREATE TABLE room_activity (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id        uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  at             timestamptz NOT NULL DEFAULT now(),
  actor_id       integer NOT NULL REFERENCES users (id),
  kind           text NOT NULL,
  bill_id        integer,
  transaction_id integer,
  -- What it was about as it was then (the bill's name, a bill's or a payment's amount in minor units, its sides).
  bill_name      text,
  amount_minor   bigint,
  payer_id       integer,
  payee_id       integer,
  changes        jsonb
);
CREATE INDEX room_activity_room_idx ON room_activity (room_id, id DESC);
CREATE INDEX room_activity_bill_idx ON room_activity (bill_id, id DESC) WHERE bill_id IS NOT NULL;
CREATE INDEX room_activity_actor_idx ON room_activity (actor_id);

-- Members are told of bill changes (bill_added, bill_changed, bill_deleted, bill_restored); a recorded payment
-- reuses transaction_paid (the payer records it) and transaction_confirmed (the payee records it received).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'friend_request', 'friend_accepted', 'room_invite', 'invite_nudge', 'room_changed', 'date_poll', 'date_set',
  'waitlist_promoted', 'host_transferred', 'reminder', 'bills_consolidated', 'transaction_paid',
  'transaction_confirmed', 'transaction_disputed', 'transaction_undone', 'payment_reminder', 'bill_added',
  'bill_changed', 'bill_deleted', 'bill_restored', 'other'));

-- Rooms whose unpaid transactions the server must bring to the ledger's fewest transfers: every room with money,
-- drained by migrate() right after this file (the transfers are computed by the ledger package, not in SQL).
CREATE TABLE ledger_queue (room_id uuid PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE);
INSERT INTO ledger_queue (room_id)
  SELECT room_id FROM bills UNION SELECT room_id FROM transactions;
