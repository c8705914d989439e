import type { NotificationKind, NotificationParams } from '@outing/contract';

/** A notification to store: its text, where a tap leads, and what it is about (issue #21). */
export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  title: string;
  content: string;
  /** in-app path to open; null when there is nothing better than the list */
  url: string | null;
  roomId?: string | null;
  friendRequestId?: number | null;
  transactionIds?: number[];
  /** the person it comes from or is about */
  actorId?: number | null;
  params?: NotificationParams;
};

/**
 * Kinds a person sends on purpose: stored whatever the receiver's `notify` switches say (their push still follows
 * the group). A payment reminder is the payee's own words, answered to the payee as sent.
 */
export const NOTIFY_EXEMPT: readonly NotificationKind[] = ['payment_reminder'];

/** Kinds about a room that only inform: opening the room's page reads them (`POST /notifications/read-all`). */
export const ROOM_INFO_KINDS: readonly NotificationKind[] = [
  'room_changed',
  'date_poll',
  'date_set',
  'waitlist_promoted',
  'host_transferred',
  'reminder',
  'rsvp_changed',
];

/**
 * Kinds about a room that only say what changed, and that a host can raise again and again (issue 32): a new one
 * within COLLAPSE_HOURS of the last of the same kind, room and person replaces that one's text and makes it unread
 * again, without a new row or a push. So one room sends a person at most one of each an hour, however often its
 * host proposes dates, fixes one or moves the outing; the notification always says the latest.
 */
export const COLLAPSED_KINDS: readonly NotificationKind[] = [
  'room_changed',
  'date_poll',
  'date_set',
  'rsvp_changed',
];
export const COLLAPSE_HOURS = 1;

/**
 * Collapsed kinds about one person (the notification's `actorId`): they collapse per person too, so the host hears
 * of each person's RSVP change at most once an hour per room (docs/notifications.md), not of one person per hour.
 */
export const COLLAPSED_PER_ACTOR: readonly NotificationKind[] = ['rsvp_changed'];

/** What a user's action settled: the notifications it announced become read (issue #21, "read when acted on"). */
export type Subject =
  /** the receiver answered the friend request */
  | { friendRequestId: number; userId: number }
  /** the invitee answered (or joined) the room they were invited to */
  | { inviteOf: { roomId: string; userId: number } }
  /** a transaction between these two changed status: debts paid or confirmed, payments confirmed or disputed */
  | { transactionId: number; userIds: number[] };
