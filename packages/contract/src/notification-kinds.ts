import { z } from 'zod';
import { isoDateTime } from './primitives.js';

/**
 * What a notification is about (issue #21). Every place that creates one names its kind; rows made before kinds
 * existed and could not be recognised are `other`.
 */
export const notificationKinds = [
  'friend_request',
  'friend_accepted',
  'room_invite',
  'invite_nudge',
  'room_changed',
  'date_poll',
  'date_set',
  'waitlist_promoted',
  'host_transferred',
  'reminder',
  'bills_consolidated',
  'transaction_paid',
  'transaction_confirmed',
  'transaction_disputed',
  'transaction_undone',
  'payment_reminder',
  'bill_added',
  'bill_changed',
  'bill_deleted',
  'bill_restored',
  'rsvp_changed',
  'other',
] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/**
 * The groups a user turns notifications and pushes on or off by (`GET/PATCH /users/{id}/preferences`). `chat`
 * makes no stored notifications, so it exists for push only.
 */
export const notifyCategories = ['friends', 'invites', 'roomChanges', 'money', 'reminders'] as const;
export const pushCategories = [...notifyCategories, 'chat'] as const;
export type NotifyCategory = (typeof notifyCategories)[number];
export type PushCategory = (typeof pushCategories)[number];

/** The preference group of each kind; `other` is always delivered. */
export const notificationCategoryOf: Record<NotificationKind, NotifyCategory | null> = {
  friend_request: 'friends',
  friend_accepted: 'friends',
  room_invite: 'invites',
  invite_nudge: 'invites',
  room_changed: 'roomChanges',
  date_poll: 'roomChanges',
  date_set: 'roomChanges',
  waitlist_promoted: 'roomChanges',
  host_transferred: 'roomChanges',
  reminder: 'reminders',
  bills_consolidated: 'money',
  transaction_paid: 'money',
  transaction_confirmed: 'money',
  transaction_disputed: 'money',
  transaction_undone: 'money',
  payment_reminder: 'money',
  bill_added: 'money',
  bill_changed: 'money',
  bill_deleted: 'money',
  bill_restored: 'money',
  rsvp_changed: 'roomChanges',
  other: null,
};

/**
 * The live state of what a notification is about: a friend request's or an invite's answer (`cancelled`: the
 * invite went with its room's closing), a transaction's status (for a payment reminder: `unpaid` while any of the
 * debts it named is, else `paid`/`confirmed`).
 */
export const subjectStates = [
  'pending',
  'accepted',
  'rejected',
  'declined',
  'cancelled',
  'unpaid',
  'paid',
  'confirmed',
] as const;
export const subjectState = z.enum(subjectStates);
export type SubjectState = z.infer<typeof subjectState>;

/**
 * The values a notification's English text was made from, so that a client can write it in another language. Only
 * the ones its kind uses are present. Amounts are in major units of `currency`; instants are ISO-8601 UTC, to be
 * shown in `timeZone` (the room's).
 */
export const notificationParamsSchema = z.object({
  /** The other person: who sent, invited, paid, confirmed, edited… (their name at the time). */
  username: z.string().optional(),
  /** Beside `username`: that person's display name at the time, where one was set (docs/api/README.md#users-and-friends). */
  displayName: z.string().optional(),
  roomName: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  /** The room's start (the new one for `room_changed`). */
  startsAt: isoDateTime.optional(),
  previousStartsAt: isoDateTime.optional(),
  venue: z.string().optional(),
  previousVenue: z.string().optional(),
  timeZone: z.string().optional(),
  /** `date_set`: the room's new wall-clock date (YYYY-MM-DD) and time (HH:MM). */
  date: z.string().optional(),
  time: z.string().optional(),
  /** `bill_*`: the bill's name, and for `bill_changed` what changed (`amount` above is the new amount). */
  billName: z.string().optional(),
  previousAmount: z.number().optional(),
  /** `room_changed`: the date, the venue, is newly to be decided (its `startsAt`, `venue` are placeholders). */
  dateTbd: z.literal(true).optional(),
  venueTbd: z.literal(true).optional(),
  /** `reminder`: the day before (`day`) or two hours before (`hours`). */
  reminder: z.enum(['day', 'hours']).optional(),
  /** `rsvp_changed` (to the host): the person's new answer; `waitlisted` when their going waits for a place. */
  rsvp: z.enum(['going', 'maybe', 'declined', 'waitlisted']).optional(),
});
export type NotificationParams = z.infer<typeof notificationParamsSchema>;
