-- Issue 36, real bills (docs/api/README.md#bills, "Several payers" and "Foreign currency").
--
-- Several payers. `bill_paid_by` holds what each payer of a bill with two or more payers put down, in minor units of
-- the room's currency (`amount_minor`, what the ledger credits them) and of the bill's own currency
-- (`original_minor`, what they said they paid, for the bill's answer and its next edit). A bill with one payer has no
-- rows here: its payer is `bills.owner_id`, credited the whole `amount_minor`, exactly as every bill before this
-- migration. So nothing is backfilled and every writer of bills that knows only owner_id (the seeds, the tests that
-- insert bills) stays right; the ledger's readers credit a bill's rows when it has them, else its owner. (The name
-- is not `bill_payers`: that table is §7.1's "payers", the people a bill was split with.)
CREATE TABLE bill_paid_by (
  bill_id        integer NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users (id),
  amount_minor   integer NOT NULL CHECK (amount_minor > 0),
  original_minor integer NOT NULL CHECK (original_minor > 0),
  PRIMARY KEY (bill_id, user_id)
);
-- A guest's claim moves, and a deletion looks for, a person's rows by user id.
CREATE INDEX bill_paid_by_user_idx ON bill_paid_by (user_id);

-- Foreign currency: the bill's currency when it is not the room's (null: the room's), its amount in that currency
-- (`amount_minor` stays the room-currency amount every reader sums), and the rate as the group typed it,
-- normalised; a foreign bill without a rate was given by what it came to in the room's currency (`convertedAmount`).
ALTER TABLE bills ADD COLUMN original_currency text CHECK (original_currency ~ '^[A-Z]{3}$');
ALTER TABLE bills ADD COLUMN original_amount_minor integer CHECK (original_amount_minor > 0);
ALTER TABLE bills ADD COLUMN rate text CHECK (char_length(rate) BETWEEN 1 AND 40);
ALTER TABLE bills ADD CONSTRAINT bills_original_parts_check
  CHECK ((original_currency IS NULL) = (original_amount_minor IS NULL) AND (rate IS NULL OR original_currency IS NOT NULL));
