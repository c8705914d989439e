import { z } from 'zod';
import { amount, id, isoDateTime, roomId, roomImageUrl, timeOfDay } from './primitives.js';
import { shareSchema, splitSchema } from './split.js';
import { notificationKind, notificationParamsSchema, subjectState } from './notification-kinds.js';

/** A user as anyone may see them; `email` is "" unless it is yourself or a friend. */
export const userSchema = z.object({
  id,
  username: z.string(),
  email: z.string(),
  pictureUrl: z.string(),
  /**
   * The name the person chose to be shown by (1–40 characters), "" until set; apps show it where one is set and the
   * username otherwise (docs/api/README.md#users-and-friends). Always answered by this server, optional in the schema
   * so that clients and mocks written before it (issue 37) stay valid.
   */
  displayName: z.string().optional(),
  /** A guest (docs/guests.md): in one room from its guest link, without an account; left out for everyone else. */
  isGuest: z.literal(true).optional(),
});
export type User = z.infer<typeof userSchema>;

/** Yourself and your friends also carry presence and registration details. */
export const userDetailSchema = userSchema.extend({
  isEmailValid: z.boolean(),
  isOnline: z.boolean(),
  lastSeen: isoDateTime.nullable(),
  registeredAt: isoDateTime,
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const friendSchema = userDetailSchema;
export type Friend = z.infer<typeof friendSchema>;

export const userSearchResultSchema = userSchema.extend({ requestPending: z.boolean() });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const friendRequestStatus = z.enum(['pending', 'accepted', 'rejected']);
export const friendRequestSchema = z.object({
  id,
  senderId: id,
  receiverId: id,
  status: friendRequestStatus,
  sender: userSchema,
  receiver: userSchema,
  sentAt: isoDateTime,
  respondedAt: isoDateTime.nullable(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const roomSchema = z.object({
  id: roomId,
  name: z.string(),
  time: timeOfDay,
  venue: z.string(),
  venuePlaceId: z.string(),
  venueUrl: z.string(),
  imageUrl: roomImageUrl,
  date: isoDateTime,
  description: z.string(),
  attendeesCount: z.number().int().nonnegative(),
  hostId: id,
  host: userSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  isClosed: z.boolean(),
  isPrivate: z.boolean(),
  url: z.string(),
  /** ISO 4217 code; amounts of the room's bills and transactions are in its major units (docs/api/README.md#currency). */
  currency: z.string(),
  /** IANA zone in which `date` and `time` are wall-clock (docs/api/README.md#plans). */
  timeZone: z.string(),
  /** The start instant, ISO-8601 UTC. */
  startsAt: isoDateTime,
  /** Places for `going` members (1–10,000), or null for no limit. */
  capacity: z.number().int().positive().nullable(),
  goingCount: z.number().int().nonnegative(),
  maybeCount: z.number().int().nonnegative(),
  waitlistCount: z.number().int().nonnegative(),
  /** Pending invites. */
  invitedCount: z.number().int().nonnegative(),
  /** The viewer's own answer: a member's rsvp, `invited` for a pending invite, else null. */
  myRsvp: z.enum(['going', 'maybe', 'declined', 'waitlisted', 'invited']).nullable(),
  /**
   * The host's own cover picture (`/v1/pictures/{id}.webp`, 960 px wide; `?w=160` or `?w=480` for smaller), or
   * null. `imageUrl` stays one of the six presets, shown by clients that know nothing of uploads.
   */
  pictureUrl: z.string().nullable(),
  /**
   * The date / the venue is "to be decided" (docs/api/README.md#date-and-venue-tbd): `date`, `time` and `startsAt`,
   * or `venue`, then hold placeholders. Always answered by this server (false by default); optional in the schema
   * so that clients and mocks written before them stay valid.
   */
  dateTbd: z.boolean().optional(),
  venueTbd: z.boolean().optional(),
});
export type Room = z.infer<typeof roomSchema>;

export const inviteStatus = z.enum(['pending', 'accepted', 'declined']);
export const inviteSchema = z.object({
  id,
  roomId,
  room: roomSchema,
  inviterId: id,
  status: inviteStatus,
  createdAt: isoDateTime,
});
export type Invite = z.infer<typeof inviteSchema>;

/** A bill's category (docs/api/README.md#bills); a bill without one counts as `other` in the statistics. */
export const billCategories = [
  'food',
  'drinks',
  'groceries',
  'transport',
  'lodging',
  'tickets',
  'activities',
  'shopping',
  'other',
] as const;
// The sentence spelled out, not joined from the list: a call in a schema's arguments would keep zod in the web's
// production bundle (apps/web/build/bundle.test.ts).
export const billCategory = z.enum(billCategories, {
  error:
    'category must be one of food, drinks, groceries, transport, lodging, tickets, activities, shopping, other',
});
export type BillCategory = z.infer<typeof billCategory>;

export const billSchema = z.object({
  id,
  name: z.string(),
  amount,
  includeOwner: z.boolean(),
  date: isoDateTime,
  roomId,
  payers: z.array(id),
  ownerId: id,
  owner: userSchema,
  consolidationId: id.nullable(),
  /** Every participant's share, the payer's own included (docs/api/README.md#splitting). */
  shares: z.array(shareSchema),
  split: splitSchema,
  createdBy: id,
  currency: z.string(),
  updatedAt: isoDateTime,
  /**
   * Issue 36 additions (docs/api/README.md#bills): always answered by this server (null when the bill has none),
   * optional in the schema so that clients and mocks written before them stay valid.
   */
  category: billCategory.nullish(),
  note: z.string().nullish(),
  /** The receipt's picture (`POST /pictures`) and where it is served, the 960 px rendition. */
  receiptPictureId: z.string().nullish(),
  receiptPictureUrl: z.string().nullish(),
  /**
   * Issue 36, real bills (docs/api/README.md#bills): always answered by this server, optional in the schema for
   * clients and mocks written before them. `paidBy`: every payer with what they paid in the room's currency (one
   * payer: one entry, the whole amount), adding up to `amount`; `originalPaidBy` the same in the bill's currency.
   * `subtotal`: the items (an itemised bill) or the amount, in the bill's currency. `currency` is the bill's own
   * (the room's unless it was entered in another), `originalAmount` the amount in it, `rate` as entered (null for
   * a bill in the room's currency or given by what it came to), and `amount` stays in `roomCurrency`.
   */
  paidBy: z.array(shareSchema).optional(),
  originalPaidBy: z.array(shareSchema).optional(),
  subtotal: amount.optional(),
  originalAmount: amount.optional(),
  rate: z.string().nullish(),
  roomCurrency: z.string().optional(),
});
export type Bill = z.infer<typeof billSchema>;

export const transactionStatus = z.enum(['unpaid', 'paid', 'confirmed']);
export type TransactionStatus = z.infer<typeof transactionStatus>;
export const transactionEventSchema = z.object({
  action: z.enum(['settled', 'undone', 'confirmed', 'received', 'disputed']),
  actorId: id,
  at: isoDateTime,
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

export const transactionSchema = z.object({
  id,
  consolidationId: id,
  roomId,
  roomName: z.string(),
  payerId: id,
  payer: userSchema,
  payeeId: id,
  payee: userSchema,
  amount,
  isPaid: z.boolean(),
  paidOn: isoDateTime.nullable(),
  currency: z.string(),
  /** unpaid → paid (the payer says so) → confirmed (the payee says it arrived); docs/api/README.md#settling. */
  status: transactionStatus,
  confirmedOn: isoDateTime.nullable(),
  /** What the person who recorded a payment wrote with it ("" when nothing). */
  note: z.string().optional(),
  /** Who did what when (single-transaction answers only). */
  history: z.array(transactionEventSchema).optional(),
  /** The bills of its round it comes from (single-transaction answers only). */
  bills: z.array(z.object({ billId: id, name: z.string(), amount })).optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * A notification (docs/api/README.md#notifications). Everything after `createdAt` is the issue #21 addition: always answered by this
 * server, optional in the schema so that clients and mocks written before it stay valid.
 */
export const notificationSchema = z.object({
  id,
  userId: id,
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
  kind: notificationKind.optional(),
  /** The in-app path to open on a tap (the push's `url`); null when nothing better than the list is known. */
  url: z.string().nullable().optional(),
  /** The room it is about. */
  roomId: roomId.nullable().optional(),
  /** The friend request it is about (`friend_request`, `friend_accepted`). */
  requestId: id.nullable().optional(),
  /** The transaction it is about (debts and payments; null for a payment reminder about several). */
  transactionId: id.nullable().optional(),
  /** The person it comes from or is about. */
  actorId: id.nullable().optional(),
  params: notificationParamsSchema.optional(),
  /**
   * What it asked of the user has been done, by them or by someone else: the request or invite answered, the debt
   * paid or confirmed, the payment confirmed or disputed. Always false for kinds that only inform.
   */
  resolved: z.boolean().optional(),
  /** The live state of its subject (see `subjectStates`); null for kinds without one. */
  subjectState: subjectState.nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const messageSchema = z.object({
  id,
  roomId,
  senderId: id,
  sender: z.object({
    id,
    username: z.string(),
    pictureUrl: z.string(),
    /** As a user's (`userSchema`): "" until set, shown instead of the username when set. */
    displayName: z.string().optional(),
    /** A guest (docs/guests.md): in the room from its guest link; left out for everyone else. */
    isGuest: z.literal(true).optional(),
  }),
  content: z.string(),
  sentAt: isoDateTime,
  /** The sender's `clientId` (exactly-once sending, issue #21): in the answer to the send only. */
  clientId: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const subscriptionSchema = z.object({
  id,
  userId: id,
  endpoint: z.string(),
  auth: z.string(),
  p256dh: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const venueSchema = z.object({
  name: z.string(),
  address: z.string(),
  googleMapsPlaceId: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;

/** The JWT claims (snake_case, docs/api/README.md#authentication). */
export const tokenClaimsSchema = z.object({
  user_id: id,
  user_email: z.string(),
  username: z.string(),
  picture_url: z.string(),
  exp: z.number().int(),
  iat: z.number().optional(),
  jti: z.string().optional(),
  /**
   * A guest's token only (docs/api/README.md#guests): the id of the guest's one room, so a client knows from the token
   * alone that the session is a guest's and of which room. An account's token has none.
   */
  guest_room_id: z.string().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
