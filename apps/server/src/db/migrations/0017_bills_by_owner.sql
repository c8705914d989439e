-- Issue #22 / #21: the split page pages one owner's bills (`GET /bills?roomId=&ownerId=`, newest first) and reads
-- the room's totals per owner (`GET /rooms/{id}/bills/summary`) instead of every bill of the room. This index serves
-- both: the owner's keyset pages in its order (created_at, id descending), and the summary's one aggregate as an
-- index-only scan (amount_cents is included), whatever the number of bills.
CREATE INDEX bills_room_owner_idx ON bills (room_id, owner_id, created_at DESC, id DESC) INCLUDE (amount_cents);
