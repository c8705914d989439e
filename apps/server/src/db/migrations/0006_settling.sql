-- Settling both ways (docs/api/README.md#settling): a transaction is unpaid, paid (the payer says so) or confirmed (the payee
-- says it arrived); every step is a history line; a consolidated transaction remembers the bills it comes from.
-- Existing transactions keep their meaning: paid ones are `paid` (never confirmed), the rest `unpaid`.

ALTER TABLE transactions ADD COLUMN status text NOT NULL DEFAULT 'unpaid'
  CHECK (status IN ('unpaid', 'paid', 'confirmed'));
ALTER TABLE transactions ADD COLUMN confirmed_on timestamptz;
UPDATE transactions SET status = 'paid' WHERE is_paid;
ALTER TABLE transactions ADD CONSTRAINT transactions_status_paid CHECK (is_paid = (status <> 'unpaid'));
ALTER TABLE transactions ADD CONSTRAINT transactions_status_confirmed
  CHECK ((status = 'confirmed') = (confirmed_on IS NOT NULL));

-- Who did what when: settled, undone, confirmed, received (confirmed straight from unpaid), disputed.
CREATE TABLE transaction_events (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id integer NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  actor_id       integer NOT NULL REFERENCES users (id),
  action         text NOT NULL CHECK (action IN ('settled', 'undone', 'confirmed', 'received', 'disputed')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transaction_events_transaction_idx ON transaction_events (transaction_id, id);
INSERT INTO transaction_events (transaction_id, actor_id, action, created_at)
  SELECT id, payer_id, 'settled', paid_on FROM transactions WHERE is_paid;

-- The bills a transfer of a round comes from (ledger explainTransfers, written at consolidation).
CREATE TABLE transaction_bills (
  transaction_id integer NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  bill_id        integer NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  amount_minor   integer NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (transaction_id, bill_id)
);
CREATE INDEX transaction_bills_bill_idx ON transaction_bills (bill_id);
