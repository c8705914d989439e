import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { icsDisposition, roomsCalendar, type CalendarRoom } from './ics.js';
import {
  deleteFeed,
  feedOwner,
  selectCalendarRoom,
  selectFeed,
  selectFeedRooms,
  upsertFeed,
  type Runner,
} from './queries.js';

export type CalendarContext = { db: Db; publicUrl: string; feeds: FeedCache };

/** How often a subscribed calendar app is asked to refresh the feed (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600;

/** `GET /rooms/{id}/calendar.ics`: members only (403), unknown room 404. */
export async function roomIcs(ctx: CalendarContext, userId: number, roomId: string) {
  const found = await selectCalendarRoom(ctx.db, roomId, userId);
  if (!found) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!found.isMember) throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  return {
    body: roomsCalendar([found.room], { publicUrl: ctx.publicUrl }),
    disposition: icsDisposition(found.room.name),
  };
}

/** 256 random bits, base64url: 43 characters. */
const newSecret = () => randomBytes(32).toString('base64url');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** What `newSecret` makes; anything else names no feed and is not worth a query. */
const secretShape = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicUrl: string, secret: string) => `${publicUrl}/v1/calendar/${secret}.ics`;

/** A new secret link for the user's feed; the earlier one stops working. The secret itself is never stored. */
export async function createFeed(ctx: CalendarContext, userId: number): Promise<{ url: string }> {
  const secret = newSecret();
  await upsertFeed(ctx.db, userId, hashSecret(secret));
  return { url: feedUrl(ctx.publicUrl, secret) };
}

export async function feedStatus(ctx: CalendarContext, userId: number) {
  const feed = await selectFeed(ctx.db, userId);
  return { active: feed !== undefined, createdAt: feed?.createdAt ?? null };
}

export async function revokeFeed(ctx: CalendarContext, userId: number) {
  await deleteFeed(ctx.db, userId);
}

/**
 * The feed link goes with the user's tokens (issue 32): signing out everywhere, changing or resetting the password
 * (and deleting the account, `features/account`) call this in the transaction that raises `tokens_valid_after`.
 * The link lists private rooms, and whoever made the user sign out everywhere may have copied it; the user makes a
 * new one afterwards (the secret is never stored, so there is nothing to hand back).
 */
export async function revokeFeedWithTokens(tx: Runner, userId: number) {
  await deleteFeed(tx, userId);
}

/**
 * Feed texts by a digest of everything they are made of. Writing a calendar costs about 1.2 ms per room
 * (ical-generator folds lines with a TextEncoder per character), and a calendar app mostly polls a feed that has
 * not changed since its last poll: the same rooms give the same bytes, so those are answered from here.
 */
export class FeedCache {
  readonly #texts = new Map<string, string>();
  constructor(readonly maxEntries = 200) {}

  get(rooms: readonly CalendarRoom[], make: () => string): string {
    const key = createHash('sha256').update(JSON.stringify(rooms)).digest('base64');
    const hit = this.#texts.get(key);
    if (hit !== undefined) {
      // Most recently used last: the first key is the one to drop.
      this.#texts.delete(key);
      this.#texts.set(key, hit);
      return hit;
    }
    const text = make();
    if (this.#texts.size >= this.maxEntries) this.#texts.delete(this.#texts.keys().next().value!);
    this.#texts.set(key, text);
    return text;
  }

  get size() {
    return this.#texts.size;
  }
}

/**
 * `GET /calendar/{secret}.ics`, no token: the owner's rooms. An unknown, revoked or malformed secret gets one and the
 * same 404. The lookup is by the secret's SHA-256, so the time it takes says nothing about how close a guess was.
 */
export async function feedIcs(ctx: CalendarContext, secret: string): Promise<string> {
  const owner = secretShape.test(secret) ? await feedOwner(ctx.db, hashSecret(secret)) : undefined;
  if (owner === undefined)
    throw notFound('This calendar link does not exist or was revoked.', 'CALENDAR_LINK_INVALID');
  const rooms = await selectFeedRooms(ctx.db, owner);
  return ctx.feeds.get(rooms, () =>
    roomsCalendar(rooms, { publicUrl: ctx.publicUrl, name: 'Outing', ttlSeconds: FEED_REFRESH_SECONDS }),
  );
}
