// Drizzle view of migrations/*.sql (the SQL is the source of truth; schema.test.ts checks the two agree).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const users = pgTable('users', {
  id: identity(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  pictureUrl: text('picture_url').notNull().default(''),
  isEmailValid: boolean('is_email_valid').notNull().default(false),
  isOnline: boolean('is_online').notNull().default(false),
  lastSeen: ts('last_seen'),
  registeredAt: ts('registered_at').notNull().defaultNow(),
  tokensValidAfter: ts('tokens_valid_after')
    .notNull()
    .default(sql`'epoch'`),
  /** Reminders a day and two hours before each outing (migration 0007). */
  eventReminders: boolean('event_reminders').notNull().default(true),
  /** Preference groups turned off: nothing stored / nothing pushed (migration 0010). */
  notifyOff: text('notify_off')
    .array()
    .notNull()
    .default(sql`'{}'`),
  pushOff: text('push_off')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Who invited the account through a personal link, until its email is verified (migration 0011). */
  invitedBy: integer('invited_by'),
  /** Set when the account was deleted: the row is "Deleted user" and keeps others' money history whole (0011). */
  deletedAt: ts('deleted_at'),
});

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] })],
);

/** What a one-time code is for; `confirm-account` codes confirm a change to one's own account (0011). */
export const codePurposes = ['verify-email', 'reset-password', 'confirm-account'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    /** The account the code was issued for (0004): it verifies that account only, and is deleted with it. */
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);

export const otpSends = pgTable('otp_sends', {
  id: identity(),
  email: text('email').notNull(),
  purpose: text('purpose', { enum: codePurposes }).notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

export const resetTokens = pgTable('reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id').notNull(),
    friendId: integer('friend_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

export const friendRequests = pgTable('friend_requests', {
  id: identity(),
  senderId: integer('sender_id').notNull(),
  receiverId: integer('receiver_id').notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
    .notNull()
    .default('pending'),
  sentAt: ts('sent_at').notNull().defaultNow(),
  respondedAt: ts('responded_at'),
});

export const notifications = pgTable('notifications', {
  id: identity(),
  userId: integer('user_id').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** What it is about (migration 0010). */
  kind: text('kind').notNull().default('other'),
  url: text('url'),
  roomId: uuid('room_id'),
  friendRequestId: integer('friend_request_id'),
  transactionIds: integer('transaction_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  actorId: integer('actor_id'),
  params: jsonb('params').notNull().default({}),
});

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: identity(),
  userId: integer('user_id').notNull(),
  endpoint: text('endpoint').notNull(),
  auth: text('auth').notNull(),
  p256dh: text('p256dh').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rooms = pgTable('rooms', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  time: text('time').notNull(),
  venue: text('venue').notNull(),
  venuePlaceId: text('venue_place_id').notNull(),
  venueUrl: text('venue_url').notNull(),
  imageUrl: text('image_url').notNull().default('/imgs/birthday.png'),
  description: text('description').notNull().default(''),
  hostId: integer('host_id').notNull(),
  isPrivate: boolean('is_private').notNull().default(false),
  isClosed: boolean('is_closed').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The number of room_members rows of the room, kept by a trigger (migration 0002). */
  memberCount: integer('member_count').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  // Plans (migration 0007): wall-clock date and time in `timeZone`; `startsAt` is kept by a trigger.
  timeZone: text('time_zone').notNull().default('UTC'),
  startsAt: ts('starts_at').notNull(),
  capacity: integer('capacity'),
  scheduleSeq: integer('schedule_seq').notNull().default(0),
  goingCount: integer('going_count').notNull().default(0),
  maybeCount: integer('maybe_count').notNull().default(0),
  waitlistCount: integer('waitlist_count').notNull().default(0),
  invitedCount: integer('invited_count').notNull().default(0),
  pictureId: uuid('picture_id'),
  /** How many of the room's messages are numbered, kept by number_messages (migrations 0012, 0014). */
  messageCount: integer('message_count').notNull().default(0),
});

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: uuid('room_id').notNull(),
    userId: integer('user_id').notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    rsvp: text('rsvp', { enum: ['going', 'maybe', 'declined', 'waitlisted'] })
      .notNull()
      .default('going'),
    rsvpAt: ts('rsvp_at').notNull().defaultNow(),
    /** Chat (migration 0010): the newest message read, the newest announced by a push, and the member's mute. */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    chatPushedMessageId: integer('chat_pushed_message_id').notNull().default(0),
    chatMuted: boolean('chat_muted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

export const invites = pgTable('invites', {
  id: identity(),
  roomId: uuid('room_id').notNull(),
  userId: integer('user_id').notNull(),
  inviterId: integer('inviter_id').notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'declined'] })
    .notNull()
    .default('pending'),
  createdAt: ts('created_at').notNull().defaultNow(),
  respondedAt: ts('responded_at'),
  nudgedAt: ts('nudged_at'),
});

export const consolidations = pgTable('consolidations', {
  id: identity(),
  roomId: uuid('room_id').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** 'round' (a Settle up) or 'ledger' (the room's live unpaid transactions and recorded payments). */
  kind: text('kind').notNull().default('round'),
});

export const bills = pgTable('bills', {
  id: identity(),
  roomId: uuid('room_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  name: text('name').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  includeOwner: boolean('include_owner').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  consolidationId: integer('consolidation_id'),
  createdBy: integer('created_by').notNull(),
  split: jsonb('split'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deletedBy: integer('deleted_by'),
});

export const billShares = pgTable(
  'bill_shares',
  {
    billId: integer('bill_id').notNull(),
    userId: integer('user_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.userId] })],
);

export const billPayers = pgTable(
  'bill_payers',
  {
    billId: integer('bill_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.userId] })],
);

export const transactions = pgTable('transactions', {
  id: identity(),
  consolidationId: integer('consolidation_id').notNull(),
  roomId: uuid('room_id').notNull(),
  payerId: integer('payer_id').notNull(),
  payeeId: integer('payee_id').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  isPaid: boolean('is_paid').notNull().default(false),
  paidOn: ts('paid_on'),
  createdAt: ts('created_at').notNull().defaultNow(),
  status: text('status').notNull().default('unpaid'),
  confirmedOn: ts('confirmed_on'),
  note: text('note').notNull().default(''),
});

/** A room's activity (migration 0020): bills and payments, members, moves. */
export const roomActivity = pgTable('room_activity', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  roomId: uuid('room_id').notNull(),
  at: ts('at').notNull().defaultNow(),
  actorId: integer('actor_id').notNull(),
  kind: text('kind').notNull(),
  billId: integer('bill_id'),
  transactionId: integer('transaction_id'),
  billName: text('bill_name'),
  amountMinor: bigint('amount_minor', { mode: 'number' }),
  payerId: integer('payer_id'),
  payeeId: integer('payee_id'),
  changes: jsonb('changes'),
});

/** Rooms waiting to be brought to their ledger by migrate() (migration 0020). */
export const ledgerQueue = pgTable('ledger_queue', { roomId: uuid('room_id').primaryKey() });

export const transactionEvents = pgTable('transaction_events', {
  id: identity(),
  transactionId: integer('transaction_id').notNull(),
  actorId: integer('actor_id').notNull(),
  action: text('action').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const transactionBills = pgTable(
  'transaction_bills',
  {
    transactionId: integer('transaction_id').notNull(),
    billId: integer('bill_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.billId] })],
);

export const reminders = pgTable('reminders', {
  id: identity(),
  payeeId: integer('payee_id').notNull(),
  payerId: integer('payer_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: identity(),
  roomId: uuid('room_id').notNull(),
  senderId: integer('sender_id').notNull(),
  content: text('content').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
  /** The sender's id for exactly-once sending (migration 0010). */
  clientId: text('client_id'),
  /** The message's number in its room, 1, 2, 3, ... in id order; empty until number_messages runs (0012, 0014). */
  seq: integer('seq'),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    userId: integer('user_id').notNull(),
    position: smallint('position').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    name: text('name'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

export const pictures = pgTable('pictures', {
  id: uuid('id').primaryKey(),
  uploaderId: integer('uploader_id'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every upload whose body was read, for the hourly quota (issue 32, migration 0018). */
export const pictureUploads = pgTable('picture_uploads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pictureRenditions = pgTable(
  'picture_renditions',
  {
    pictureId: uuid('picture_id').notNull(),
    width: integer('width').notNull(),
    webp: text('webp').notNull(), // bytea; read and written through SQL
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.width] })],
);

export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    roomId: uuid('room_id').notNull(),
    kind: text('kind', { enum: ['day', 'hours'] }).notNull(),
    startsAt: ts('starts_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.kind, t.startsAt] })],
);

export const dateOptions = pgTable('date_options', {
  id: identity(),
  roomId: uuid('room_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  time: text('time').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const dateVotes = pgTable(
  'date_votes',
  {
    optionId: integer('option_id').notNull(),
    userId: integer('user_id').notNull(),
    vote: text('vote', { enum: ['yes', 'maybe', 'no'] }).notNull(),
    votedAt: ts('voted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.userId] })],
);

/** Tokens signed out one by one (per-device logout, migration 0011), until they would have expired. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Personal invite links (0011): the code is HMAC(secret, user and salt); only its SHA-256 is stored. */
export const inviteLinks = pgTable('invite_links', {
  userId: integer('user_id').primaryKey(),
  salt: text('salt').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
