-- Everyday use (issue #21, server side): notifications that say what they are about and lead there, unread counts,
-- preferences per group, chat read markers, per-room mutes, and exactly-once messages. See docs/notifications.md.

-- 1. What a notification is about. `url` is the in-app path a tap opens (the push's url, now kept); the subject
-- columns say which friend request, room or transactions it announced, so that acting on them can mark it read and
-- its answer can say how they stand now; `params` holds the values its English text was made from.
ALTER TABLE notifications
  ADD COLUMN kind text NOT NULL DEFAULT 'other' CHECK (kind IN (
    'friend_request', 'friend_accepted', 'room_invite', 'invite_nudge', 'room_changed', 'date_poll', 'date_set',
    'waitlist_promoted', 'reminder', 'bills_consolidated', 'transaction_paid', 'transaction_confirmed',
    'transaction_disputed', 'transaction_undone', 'payment_reminder', 'other')),
  ADD COLUMN url text CHECK (url IS NULL OR (left(url, 1) = '/' AND char_length(url) <= 300)),
  ADD COLUMN room_id uuid REFERENCES rooms (id) ON DELETE SET NULL,
  ADD COLUMN friend_request_id integer REFERENCES friend_requests (id) ON DELETE SET NULL,
  -- No foreign key on an array: transactions are never deleted (money history stays, docs/money.md).
  ADD COLUMN transaction_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN params jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(params) = 'object');

-- The unread count, and finding the unread notifications a user's action resolves, read only the unread ones.
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read;

-- The live state of what a notification is about: a friend request's or invite's answer (an invite that went with
-- its room's closing is 'cancelled'), the status of the transactions it named (unpaid while any of them is).
-- Null for kinds without a subject, or when the subject could not be found.
CREATE FUNCTION notification_subject_state(
  kind text, user_id integer, room_id uuid, friend_request_id integer, transaction_ids integer[],
  created_at timestamptz
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN kind IN ('friend_request', 'friend_accepted') THEN
      (SELECT fr.status FROM friend_requests fr WHERE fr.id = friend_request_id)
    WHEN kind IN ('room_invite', 'invite_nudge') AND room_id IS NOT NULL THEN
      coalesce((SELECT i.status FROM invites i
                WHERE i.room_id = notification_subject_state.room_id
                  AND i.user_id = notification_subject_state.user_id AND i.created_at <= notification_subject_state.created_at
                ORDER BY i.id DESC LIMIT 1), 'cancelled')
    WHEN cardinality(transaction_ids) > 0 THEN
      (SELECT CASE WHEN bool_or(t.status = 'unpaid') THEN 'unpaid' WHEN bool_or(t.status = 'paid') THEN 'paid'
                   WHEN count(*) > 0 THEN 'confirmed' END
       FROM transactions t WHERE t.id = ANY(transaction_ids))
  END
$$;

-- Whether what the notification asked of its user has been done: the request or invite answered, the debt paid or
-- confirmed, the payment confirmed or taken back. Kinds that only inform are never "resolved".
CREATE FUNCTION notification_resolved(kind text, state text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN kind IN ('friend_request', 'room_invite', 'invite_nudge') THEN coalesce(state <> 'pending', false)
    WHEN kind IN ('bills_consolidated', 'transaction_disputed', 'payment_reminder') THEN
      coalesce(state IN ('paid', 'confirmed'), false)
    WHEN kind = 'transaction_paid' THEN coalesce(state <> 'paid', false)
    ELSE false
  END
$$;

-- 2. The rows made before: what can be known. Their kind from their title (the texts never changed), then their
-- subject from the rows written in the same transaction, which share its now() to the microsecond.
UPDATE notifications SET
  kind = CASE title
    WHEN 'Friend request' THEN 'friend_request'
    WHEN 'Friend request accepted' THEN 'friend_accepted'
    WHEN 'Room invite' THEN 'room_invite'
    WHEN 'Waiting for your answer' THEN 'invite_nudge'
    WHEN 'Outing moved' THEN 'room_changed'
    WHEN 'Pick a date' THEN 'date_poll'
    WHEN 'Date set' THEN 'date_set'
    WHEN 'A place opened up' THEN 'waitlist_promoted'
    WHEN 'Bills consolidated' THEN 'bills_consolidated'
    WHEN 'Settled' THEN 'transaction_paid'
    WHEN 'Payment undone' THEN 'transaction_undone'
    WHEN 'Payment confirmed' THEN 'transaction_confirmed'
    WHEN 'Payment not received' THEN 'transaction_disputed'
    ELSE 'other' END,
  url = CASE title
    WHEN 'Friend request' THEN '/friends/requests'
    WHEN 'Friend request accepted' THEN '/friends'
    WHEN 'Room invite' THEN '/rooms/invites'
    WHEN 'Waiting for your answer' THEN '/rooms/invites'
    END;

-- A payment reminder's title is the payee's own text: known by the reminder row of the same moment.
UPDATE notifications n SET kind = 'payment_reminder', url = '/', actor_id = r.payee_id,
  params = jsonb_build_object('username', u.username),
  transaction_ids = ARRAY(SELECT t.id FROM transactions t
                          WHERE t.payer_id = r.payer_id AND t.payee_id = r.payee_id AND t.created_at <= r.created_at
                          ORDER BY t.id)
FROM reminders r JOIN users u ON u.id = r.payee_id
WHERE r.payer_id = n.user_id AND r.created_at = n.created_at;

UPDATE notifications n SET kind = 'reminder', room_id = d.room_id, url = '/room/' || d.room_id,
  params = jsonb_build_object('roomName', r.name, 'reminder', d.kind)
FROM reminder_deliveries d JOIN rooms r ON r.id = d.room_id
WHERE n.kind = 'other' AND n.title = 'Reminder' AND d.sent_at = n.created_at
  AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = d.room_id AND m.user_id = n.user_id);

UPDATE notifications n SET friend_request_id = fr.id, actor_id = fr.sender_id,
  params = jsonb_build_object('username', u.username)
FROM friend_requests fr JOIN users u ON u.id = fr.sender_id
WHERE n.kind = 'friend_request' AND fr.receiver_id = n.user_id AND fr.sent_at = n.created_at;

UPDATE notifications n SET friend_request_id = fr.id, actor_id = fr.receiver_id,
  params = jsonb_build_object('username', u.username)
FROM friend_requests fr JOIN users u ON u.id = fr.receiver_id
WHERE n.kind = 'friend_accepted' AND fr.sender_id = n.user_id AND fr.responded_at = n.created_at;

UPDATE notifications n SET room_id = i.room_id, actor_id = i.inviter_id, url = '/room/' || i.room_id,
  params = jsonb_build_object('username', u.username, 'roomName', r.name)
FROM invites i JOIN users u ON u.id = i.inviter_id JOIN rooms r ON r.id = i.room_id
WHERE n.user_id = i.user_id AND (
  (n.kind = 'room_invite' AND i.created_at = n.created_at) OR
  (n.kind = 'invite_nudge' AND i.nudged_at = n.created_at));

-- Room notifications name their room only in their text: a room of the user's whose name fits it, when exactly one
-- does (a room renamed since is not found: its notification keeps no link).
UPDATE notifications n SET room_id = c.room_id, url = '/room/' || c.room_id,
  params = jsonb_build_object('roomName', c.name)
FROM (
  SELECT n.id, (array_agg(r.id))[1] AS room_id, (array_agg(r.name))[1] AS name
  FROM notifications n JOIN rooms r ON (
    (n.kind = 'room_changed' AND starts_with(n.content, r.name || ' moved ')) OR
    (n.kind = 'date_poll' AND position(' proposed dates for ' || r.name || ': ' IN n.content) > 0) OR
    (n.kind = 'date_set' AND starts_with(n.content, r.name || ': the date is set')) OR
    (n.kind = 'waitlist_promoted' AND n.content = 'A place opened up: you' || chr(39) || 're going to ' || r.name || '.'))
  WHERE EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = n.user_id)
     OR EXISTS (SELECT 1 FROM invites i WHERE i.room_id = r.id AND i.user_id = n.user_id)
  GROUP BY n.id HAVING count(*) = 1
) c
WHERE c.id = n.id;

-- Each payer's consolidation notice names the payee of its transfer.
UPDATE notifications n SET transaction_ids = ARRAY[t.id], room_id = t.room_id, actor_id = t.payee_id,
  url = '/room/' || t.room_id, params = jsonb_build_object('username', u.username, 'roomName', r.name)
FROM transactions t JOIN users u ON u.id = t.payee_id JOIN rooms r ON r.id = t.room_id
WHERE n.kind = 'bills_consolidated' AND t.payer_id = n.user_id AND t.created_at = n.created_at
  AND position(' to ' || u.username || ' for ' IN n.content) > 0;

UPDATE notifications n SET transaction_ids = ARRAY[t.id], room_id = t.room_id, actor_id = e.actor_id,
  url = '/room/' || t.room_id, params = jsonb_build_object('username', u.username, 'roomName', r.name)
FROM transaction_events e JOIN transactions t ON t.id = e.transaction_id
  JOIN users u ON u.id = e.actor_id JOIN rooms r ON r.id = t.room_id
WHERE e.created_at = n.created_at AND (
  (n.kind = 'transaction_paid' AND e.action = 'settled' AND t.payee_id = n.user_id) OR
  (n.kind = 'transaction_undone' AND e.action = 'undone' AND t.payee_id = n.user_id) OR
  (n.kind = 'transaction_confirmed' AND e.action IN ('confirmed', 'received') AND t.payer_id = n.user_id) OR
  (n.kind = 'transaction_disputed' AND e.action = 'disputed' AND t.payer_id = n.user_id));

-- What has been acted on already is read, as it would have been had these rules always held.
UPDATE notifications SET is_read = true
WHERE NOT is_read AND notification_resolved(kind,
  notification_subject_state(kind, user_id, room_id, friend_request_id, transaction_ids, created_at));

-- 3. Preferences per group (the groups of packages/contract notification-kinds.ts). `notify_off`: nothing of the
-- group is stored for the user; `push_off`: stored, not pushed. Reminders before outings keep their own column
-- (event_reminders, 0007), which is the `notify.reminders` switch.
ALTER TABLE users
  ADD COLUMN notify_off text[] NOT NULL DEFAULT '{}'
    CHECK (notify_off <@ ARRAY['friends', 'invites', 'roomChanges', 'money']),
  ADD COLUMN push_off text[] NOT NULL DEFAULT '{}'
    CHECK (push_off <@ ARRAY['friends', 'invites', 'roomChanges', 'money', 'chat', 'reminders']);

-- 4. Chat: each member's read marker (the newest message read), the newest message already announced by a push,
-- and their mute. Messages are ordered by id, so a marker is a message id.
ALTER TABLE room_members
  ADD COLUMN last_read_message_id integer NOT NULL DEFAULT 0 CHECK (last_read_message_id >= 0),
  ADD COLUMN chat_pushed_message_id integer NOT NULL DEFAULT 0 CHECK (chat_pushed_message_id >= 0),
  ADD COLUMN chat_muted boolean NOT NULL DEFAULT false;

-- Everyone has read what was written before unread counts existed.
UPDATE room_members m SET last_read_message_id = x.newest, chat_pushed_message_id = x.newest
FROM (SELECT room_id, max(id) AS newest FROM messages GROUP BY room_id) x
WHERE x.room_id = m.room_id;

-- A new member starts reading from their joining: the room's history is not "unread" for them. Every writer of
-- room_members (join, accepted invite, RSVP, room creation) gets this.
CREATE FUNCTION room_members_chat_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_read_message_id = 0 THEN
    NEW.last_read_message_id := coalesce((SELECT max(id) FROM messages WHERE room_id = NEW.room_id), 0);
  END IF;
  NEW.chat_pushed_message_id := greatest(NEW.chat_pushed_message_id, NEW.last_read_message_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER room_members_chat_start BEFORE INSERT ON room_members
  FOR EACH ROW EXECUTE FUNCTION room_members_chat_start();

-- 5. Exactly-once messages: a sender's client id is unique in its room.
ALTER TABLE messages ADD COLUMN client_id text CHECK (client_id ~ '^[A-Za-z0-9_-]{8,64}$');
CREATE UNIQUE INDEX messages_client_id_idx ON messages (room_id, sender_id, client_id) WHERE client_id IS NOT NULL;
