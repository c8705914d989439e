-- Issue 37: the host is told of each RSVP change (docs/notifications.md, `rsvp_changed`), at most once an hour per
-- person and room (collapsed like room_changed, per person).
-- The new list holds every kind of the old one, so the rows there already pass it: NOT VALID skips re-reading the
-- whole notifications table under this statement's lock (millions of rows at scale); new rows are checked as before.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'friend_request', 'friend_accepted', 'room_invite', 'invite_nudge', 'room_changed', 'date_poll', 'date_set',
  'waitlist_promoted', 'host_transferred', 'reminder', 'bills_consolidated', 'transaction_paid',
  'transaction_confirmed', 'transaction_disputed', 'transaction_undone', 'payment_reminder', 'bill_added',
  'bill_changed', 'bill_deleted', 'bill_restored', 'rsvp_changed', 'other')) NOT VALID;
