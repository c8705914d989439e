-- Issue #22: Home shows the payments awaiting confirmation (status 'paid': the payer says so, the payee has not
-- confirmed) from `GET /transactions?isPaid=true&status=paid` instead of the caller's whole paid history. These
-- partial indexes hold only those, a handful per user however long the history grows.
CREATE INDEX transactions_payer_awaiting_idx ON transactions (payer_id) WHERE status = 'paid';
CREATE INDEX transactions_payee_awaiting_idx ON transactions (payee_id) WHERE status = 'paid';
