-- Issue #22: Home's unread counts (`GET /rooms/unread`, and the count a reader's marker moves by) read, per room,
-- the messages of others after the member's read marker, up to 100 (CHAT_UNREAD_CAP). With only (room_id, id) in
-- the index, each of those messages cost a visit to its heap page to read `sender_id`: a member who never opened a
-- room's chat read up to 100 pages per room (capacity bench at 1M users: this query was a quarter of PostgreSQL's
-- time at 1,000 active users). With `sender_id` in the index, the count is an index-only scan of one or two pages.
CREATE INDEX messages_room_sender_idx ON messages (room_id, id DESC) INCLUDE (sender_id);
DROP INDEX messages_room_idx;
ALTER INDEX messages_room_sender_idx RENAME TO messages_room_idx;
