-- Issue 36 (docs/api/README.md#bills): a bill may carry a category, a note and a receipt picture, all optional (null:
-- none; a bill without a category counts as `other` in the room's statistics). The categories are the contract's
-- list (packages/contract/src/shapes.ts billCategories); the note is at most 500 characters, several lines.
ALTER TABLE bills ADD COLUMN category text CHECK (category IN
  ('food', 'drinks', 'groceries', 'transport', 'lodging', 'tickets', 'activities', 'shopping', 'other'));
ALTER TABLE bills ADD COLUMN note text CHECK (char_length(note) BETWEEN 1 AND 500);
-- The receipt is a picture the bill's author uploaded (§10.4 uploads), as a room's cover is; a picture that goes
-- (its uploader's account deleted) leaves the bill without a receipt.
ALTER TABLE bills ADD COLUMN receipt_picture_id uuid REFERENCES pictures (id) ON DELETE SET NULL;
-- The foreign key's ON DELETE SET NULL finds a picture's bills by it (as rooms_picture_idx does for covers).
CREATE INDEX bills_receipt_picture_idx ON bills (receipt_picture_id) WHERE receipt_picture_id IS NOT NULL;
