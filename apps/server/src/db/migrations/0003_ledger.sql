-- The room ledger (docs/api/README.md#currency, #splitting, #live-ledger): a currency per room, bills split in any mode with their shares stored
-- beside them, who created a bill apart from who paid it, and rounds (a room may be consolidated again and again).
-- Every existing room gets USD (the default currency, whose exponent of 2 is what the cents already were); every
-- existing bill keeps its amount and reads as the equal split it was (docs/api/README.md#splitting), its shares computed here
-- by the same rule the ledger package applies.

ALTER TABLE rooms ADD COLUMN currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$');

-- Rounds: one consolidation per round, many per room.
ALTER TABLE consolidations DROP CONSTRAINT consolidations_room_id_key;
CREATE INDEX consolidations_room_idx ON consolidations (room_id, id);

-- owner_id stays "who paid" (the contract's ownerId); created_by is who entered the bill.
ALTER TABLE bills ADD COLUMN created_by integer REFERENCES users (id);
UPDATE bills SET created_by = owner_id;
ALTER TABLE bills ALTER COLUMN created_by SET NOT NULL;
-- A bill written without it (an instance still on the old code during a deploy) was entered by who paid it.
CREATE FUNCTION bills_created_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_by := COALESCE(NEW.created_by, NEW.owner_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER bills_created_by BEFORE INSERT ON bills FOR EACH ROW EXECUTE FUNCTION bills_created_by();
-- The split as it was sent (amounts in minor units); NULL for a bill made before splits: an equal split of its
-- participants (payers plus the owner when include_owner).
ALTER TABLE bills ADD COLUMN split jsonb;
ALTER TABLE bills ADD COLUMN updated_at timestamptz;
UPDATE bills SET updated_at = created_at;
ALTER TABLE bills ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();
-- Minor units: up to 1,000,000 in a currency of exponent 3.
ALTER TABLE bills DROP CONSTRAINT bills_amount_cents_check;
ALTER TABLE bills ADD CONSTRAINT bills_amount_minor_check CHECK (amount_cents > 0 AND amount_cents <= 1000000000);
CREATE INDEX bills_open_round_idx ON bills (room_id, id) WHERE consolidation_id IS NULL;
CREATE INDEX bills_consolidation_idx ON bills (consolidation_id) WHERE consolidation_id IS NOT NULL;

-- Every participant's share of a bill, the payer's own included; written in the same transaction as the bill.
CREATE TABLE bill_shares (
  bill_id      integer NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users (id),
  amount_minor integer NOT NULL CHECK (amount_minor >= 0),
  PRIMARY KEY (bill_id, user_id)
);
CREATE INDEX bill_shares_user_idx ON bill_shares (user_id);

-- The equal split (docs/api/README.md#splitting) for the bills already there: participants in ascending id, floor(T / n) each, the T mod n leftover units one
-- each starting at position bill id mod n and wrapping.
INSERT INTO bill_shares (bill_id, user_id, amount_minor)
SELECT p.bill_id, p.user_id,
  p.total / p.n + CASE WHEN ((p.pos - p.bill_id % p.n) + p.n) % p.n < p.total % p.n THEN 1 ELSE 0 END
FROM (
  SELECT q.bill_id, q.user_id, q.total,
    (row_number() OVER (PARTITION BY q.bill_id ORDER BY q.user_id) - 1)::integer AS pos,
    (count(*) OVER (PARTITION BY q.bill_id))::integer AS n
  FROM (
    SELECT b.id AS bill_id, bp.user_id, b.amount_cents AS total
    FROM bills b JOIN bill_payers bp ON bp.bill_id = b.id
    UNION
    SELECT b.id, b.owner_id, b.amount_cents FROM bills b WHERE b.include_owner
  ) q
) p;
