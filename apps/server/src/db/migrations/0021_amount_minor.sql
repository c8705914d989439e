-- One money vocabulary (docs/architecture.md, glossary): amounts are minor units, and their columns say so, as
-- bill_shares.amount_minor, settlements' and room_activity's already do. bills.amount_cents and
-- transactions.amount_cents become amount_minor; the values are untouched (they always were minor units of the
-- room's currency). Indexes that include the column (bills_room_owner_idx) follow it by themselves; the
-- transactions check constraint named after it is renamed too (bills' was renamed bills_amount_minor_check by 0003).
ALTER TABLE bills RENAME COLUMN amount_cents TO amount_minor;
ALTER TABLE transactions RENAME COLUMN amount_cents TO amount_minor;
ALTER TABLE transactions RENAME CONSTRAINT transactions_amount_cents_check TO transactions_amount_minor_check;
