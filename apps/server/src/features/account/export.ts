import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { AccountExport } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { currentInviteLink, type InviteContext } from '../auth/service.js';
import { getPreferences } from '../notifications/service.js';
import { pictureUrl } from '../pictures/service.js';
import { liveUser } from './proof.js';

/**
 * `GET /users/{id}/export` (issue #21): everything the user owns or is part of, as one JSON file written while it is
 * read. Each list is read a page at a time (keyset on its id) and written out before the next is asked for, so a
 * heavy user's years of messages and bills never sit in memory at once. Other people appear by id and username only;
 * emails only of friends (as the app shows them), and no one's secrets: the user's own payment handles and push
 * endpoints are theirs, the keys of a push subscription and every hash are not data but credentials, left out.
 */
export const EXPORT_PAGE = 500;

type Ctx = InviteContext;
type Key = number | string;
type Page<K extends Key> = (after: K | undefined) => Promise<{ key: K; item: unknown }[]>;

/** `to_char` to `Date.prototype.toISOString()`'s form, for timestamps the export writes as they come. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const after = <K extends Key>(column: string, key: K | undefined, cast = '') =>
  key === undefined ? sql`true` : sql`${sql.raw(column)} > ${key}${sql.raw(cast)}`;
const amount = (minor: number, currency: string) => minorToAmount(minor, currencyExponent(currency));

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** The items of one list, a page of JSON text at a time. */
async function* pages<K extends Key>(page: Page<K>): AsyncGenerator<string> {
  let key: K | undefined;
  for (;;) {
    const batch = await page(key);
    if (batch.length > 0) yield batch.map((b) => JSON.stringify(b.item)).join(',');
    if (batch.length < EXPORT_PAGE) return;
    key = batch.at(-1)!.key;
  }
}

/** The lists of the file, in the order they are written. */
function lists(db: Db, me: number): [keyof AccountExport, Page<Key>][] {
  const limit = sql.raw(String(EXPORT_PAGE));
  const friends: Page<number> = async (k) =>
    (
      await rows<{ id: number; username: string; email: string; picture_url: string; since: string }>(
        db,
        sql`SELECT u.id, u.username, u.email, u.picture_url, ${iso('f.created_at')} AS since
          FROM friendships f JOIN users u ON u.id = f.friend_id
          WHERE f.user_id = ${me} AND ${after('f.friend_id', k)} ORDER BY f.friend_id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: { id: r.id, username: r.username, email: r.email, pictureUrl: r.picture_url, since: r.since },
    }));

  const friendRequests: Page<number> = async (k) =>
    (
      await rows<{
        id: number;
        sent: boolean;
        other_id: number;
        other_name: string;
        status: string;
        sent_at: string;
        responded_at: string | null;
      }>(
        db,
        sql`SELECT r.id, r.sender_id = ${me} AS sent, o.id AS other_id, o.username AS other_name, r.status,
            ${iso('r.sent_at')} AS sent_at, ${iso('r.responded_at')} AS responded_at
          FROM friend_requests r
          JOIN users o ON o.id = CASE WHEN r.sender_id = ${me} THEN r.receiver_id ELSE r.sender_id END
          WHERE (r.sender_id = ${me} OR r.receiver_id = ${me}) AND ${after('r.id', k)} ORDER BY r.id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: {
        id: r.id,
        direction: r.sent ? 'sent' : 'received',
        other: { id: r.other_id, username: r.other_name },
        status: r.status,
        sentAt: r.sent_at,
        respondedAt: r.responded_at,
      },
    }));

  const rooms: Page<string> = async (k) =>
    (
      await rows<{
        id: string;
        name: string;
        date: string;
        time: string;
        time_zone: string;
        venue: string;
        description: string;
        currency: string;
        is_private: boolean;
        is_closed: boolean;
        is_host: boolean;
        rsvp: string | null;
        chat_muted: boolean;
        joined_at: string | null;
        created_at: string;
      }>(
        db,
        sql`SELECT r.id, r.name, r.date, r.time, r.time_zone, r.venue, r.description, r.currency, r.is_private,
            r.is_closed, r.host_id = ${me} AS is_host, m.rsvp, m.chat_muted, ${iso('m.joined_at')} AS joined_at,
            ${iso('r.created_at')} AS created_at
          FROM room_members m JOIN rooms r ON r.id = m.room_id
          WHERE m.user_id = ${me} AND ${after('r.id', k, '::uuid')} ORDER BY r.id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: {
        id: r.id,
        name: r.name,
        date: r.date,
        time: r.time,
        timeZone: r.time_zone,
        venue: r.venue,
        description: r.description,
        currency: r.currency,
        isPrivate: r.is_private,
        isClosed: r.is_closed,
        isHost: r.is_host,
        rsvp: r.rsvp,
        chatMuted: r.chat_muted,
        joinedAt: r.joined_at,
        createdAt: r.created_at,
      },
    }));

  const invites: Page<number> = async (k) =>
    (
      await rows<{
        id: number;
        room_id: string;
        room_name: string;
        received: boolean;
        other_id: number;
        other_name: string;
        status: string;
        created_at: string;
        responded_at: string | null;
      }>(
        db,
        sql`SELECT i.id, i.room_id, r.name AS room_name, i.user_id = ${me} AS received, o.id AS other_id,
            o.username AS other_name, i.status, ${iso('i.created_at')} AS created_at,
            ${iso('i.responded_at')} AS responded_at
          FROM invites i JOIN rooms r ON r.id = i.room_id
          JOIN users o ON o.id = CASE WHEN i.user_id = ${me} THEN i.inviter_id ELSE i.user_id END
          WHERE (i.user_id = ${me} OR i.inviter_id = ${me}) AND ${after('i.id', k)} ORDER BY i.id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: {
        id: r.id,
        roomId: r.room_id,
        roomName: r.room_name,
        direction: r.received ? 'received' : 'sent',
        other: { id: r.other_id, username: r.other_name },
        status: r.status,
        createdAt: r.created_at,
        respondedAt: r.responded_at,
      },
    }));

  const messages: Page<number> = async (k) =>
    (
      await rows<{ id: number; room_id: string; content: string; sent_at: string }>(
        db,
        sql`SELECT id, room_id, content, ${iso('sent_at')} AS sent_at FROM messages
          WHERE sender_id = ${me} AND ${after('id', k)} ORDER BY id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: { id: r.id, roomId: r.room_id, content: r.content, sentAt: r.sent_at },
    }));

  const bills: Page<number> = async (k) =>
    (
      await rows<{
        id: number;
        room_id: string;
        room_name: string;
        currency: string;
        name: string;
        amount_cents: number;
        created_at: string;
        owner_id: number;
        owner_name: string;
        created_by: number;
        creator_name: string;
        consolidation_id: number | null;
        shares: [number, string, number][];
      }>(
        db,
        sql`SELECT b.id, b.room_id, r.name AS room_name, r.currency, b.name, b.amount_cents,
            ${iso('b.created_at')} AS created_at, b.owner_id, ow.username AS owner_name, b.created_by,
            cb.username AS creator_name, b.consolidation_id,
            COALESCE((SELECT json_agg(json_build_array(s.user_id, su.username, s.amount_minor) ORDER BY s.user_id)
              FROM bill_shares s JOIN users su ON su.id = s.user_id WHERE s.bill_id = b.id), '[]') AS shares
          FROM bills b JOIN rooms r ON r.id = b.room_id
          JOIN users ow ON ow.id = b.owner_id JOIN users cb ON cb.id = b.created_by
          WHERE (b.owner_id = ${me} OR b.created_by = ${me}
              OR EXISTS (SELECT 1 FROM bill_shares s WHERE s.bill_id = b.id AND s.user_id = ${me}))
            AND ${after('b.id', k)}
          ORDER BY b.id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: {
        id: r.id,
        roomId: r.room_id,
        roomName: r.room_name,
        name: r.name,
        amount: amount(r.amount_cents, r.currency),
        currency: r.currency,
        createdAt: r.created_at,
        paidBy: { id: r.owner_id, username: r.owner_name },
        createdBy: { id: r.created_by, username: r.creator_name },
        consolidationId: r.consolidation_id,
        shares: r.shares.map(([userId, username, minor]) => ({
          userId,
          username,
          amount: amount(minor, r.currency),
        })),
      },
    }));

  const transactions: Page<number> = async (k) =>
    (
      await rows<{
        id: number;
        room_id: string;
        room_name: string;
        currency: string;
        payer_id: number;
        payer_name: string;
        payee_id: number;
        payee_name: string;
        amount_cents: number;
        status: string;
        created_at: string;
        paid_on: string | null;
        confirmed_on: string | null;
      }>(
        db,
        sql`SELECT t.id, t.room_id, r.name AS room_name, r.currency, t.payer_id, pa.username AS payer_name,
            t.payee_id, pe.username AS payee_name, t.amount_cents, t.status, ${iso('t.created_at')} AS created_at,
            ${iso('t.paid_on')} AS paid_on, ${iso('t.confirmed_on')} AS confirmed_on
          FROM transactions t JOIN rooms r ON r.id = t.room_id
          JOIN users pa ON pa.id = t.payer_id JOIN users pe ON pe.id = t.payee_id
          WHERE (t.payer_id = ${me} OR t.payee_id = ${me}) AND ${after('t.id', k)} ORDER BY t.id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: {
        id: r.id,
        roomId: r.room_id,
        roomName: r.room_name,
        payer: { id: r.payer_id, username: r.payer_name },
        payee: { id: r.payee_id, username: r.payee_name },
        amount: amount(r.amount_cents, r.currency),
        currency: r.currency,
        status: r.status,
        createdAt: r.created_at,
        paidOn: r.paid_on,
        confirmedOn: r.confirmed_on,
      },
    }));

  // At most ten (a CHECK on position): one page.
  const paymentMethods: Page<number> = async (k) =>
    k !== undefined
      ? []
      : (
          await rows<{ position: number; kind: string; value: string; name: string | null }>(
            db,
            sql`SELECT position, kind, value, name FROM payment_methods WHERE user_id = ${me} ORDER BY position`,
          )
        ).map((r) => ({ key: r.position, item: { kind: r.kind, value: r.value, name: r.name } }));

  const notifications: Page<number> = async (k) =>
    (
      await rows<{ id: number; title: string; content: string; is_read: boolean; created_at: string }>(
        db,
        sql`SELECT id, title, content, is_read, ${iso('created_at')} AS created_at FROM notifications
          WHERE user_id = ${me} AND ${after('id', k)} ORDER BY id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: { id: r.id, title: r.title, content: r.content, isRead: r.is_read, createdAt: r.created_at },
    }));

  const pushSubscriptions: Page<number> = async (k) =>
    (
      await rows<{ id: number; endpoint: string; created_at: string }>(
        db,
        sql`SELECT id, endpoint, ${iso('created_at')} AS created_at FROM push_subscriptions
          WHERE user_id = ${me} AND ${after('id', k)} ORDER BY id LIMIT ${limit}`,
      )
    ).map((r) => ({ key: r.id, item: { id: r.id, endpoint: r.endpoint, createdAt: r.created_at } }));

  const dateVotes: Page<number> = async (k) =>
    (
      await rows<{ option_id: number; room_id: string; date: string; time: string; vote: string }>(
        db,
        sql`SELECT v.option_id, o.room_id, o.date, o.time, v.vote
          FROM date_votes v JOIN date_options o ON o.id = v.option_id
          WHERE v.user_id = ${me} AND ${after('v.option_id', k)} ORDER BY v.option_id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.option_id,
      item: { roomId: r.room_id, date: r.date, time: r.time, vote: r.vote },
    }));

  const pictures: Page<string> = async (k) =>
    (
      await rows<{ id: string; width: number; height: number; created_at: string }>(
        db,
        sql`SELECT id, width, height, ${iso('created_at')} AS created_at FROM pictures
          WHERE uploader_id = ${me} AND ${after('id', k, '::uuid')} ORDER BY id LIMIT ${limit}`,
      )
    ).map((r) => ({
      key: r.id,
      item: { id: r.id, url: pictureUrl(r.id), width: r.width, height: r.height, createdAt: r.created_at },
    }));

  return [
    ['friends', friends],
    ['friendRequests', friendRequests],
    ['rooms', rooms],
    ['invites', invites],
    ['messages', messages],
    ['bills', bills],
    ['transactions', transactions],
    ['paymentMethods', paymentMethods],
    ['notifications', notifications],
    ['pushSubscriptions', pushSubscriptions],
    ['dateVotes', dateVotes],
    ['pictures', pictures],
  ] as [keyof AccountExport, Page<Key>][];
}

/** The file's name and its text as a stream; the profile is read first, so a refusal comes before any byte. */
export async function exportAccount(ctx: Ctx, userId: number): Promise<{ filename: string; body: Readable }> {
  const user = await liveUser(ctx.db, userId);
  const { rows: providers } = await ctx.db.execute<{ issuer: string }>(
    sql`SELECT issuer FROM oauth_identities WHERE user_id = ${userId} ORDER BY issuer`,
  );
  const exportedAt = new Date().toISOString();
  const head = {
    format: 'outing-account-export',
    version: 1,
    exportedAt,
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      pictureUrl: user.pictureUrl,
      isEmailValid: user.isEmailValid,
      registeredAt: user.registeredAt.toISOString(),
      lastSeen: user.lastSeen ? user.lastSeen.toISOString() : null,
      hasPassword: user.passwordHash !== null,
      signInProviders: providers.map((p) => p.issuer),
    },
    preferences: await getPreferences(ctx.db, userId),
  } satisfies Partial<AccountExport>;

  async function* write(): AsyncGenerator<string> {
    const open = JSON.stringify(head);
    yield open.slice(0, -1); // the object stays open for the lists
    for (const [name, page] of lists(ctx.db, userId)) {
      yield `,${JSON.stringify(name)}:[`;
      let first = true;
      for await (const chunk of pages(page)) {
        yield first ? chunk : `,${chunk}`;
        first = false;
      }
      yield ']';
    }
    const { rows: feed } = await ctx.db.execute<{ created_at: string }>(
      sql`SELECT ${iso('created_at')} AS created_at FROM calendar_feeds WHERE user_id = ${userId}`,
    );
    const calendarFeed = { active: feed.length > 0, createdAt: feed[0]?.created_at ?? null };
    const inviteLink = await currentInviteLink(ctx, userId);
    yield `,"calendarFeed":${JSON.stringify(calendarFeed)},"inviteLink":${JSON.stringify(inviteLink)}}`;
  }

  const day = exportedAt.slice(0, 10);
  return { filename: `outing-${user.username}-${day}.json`, body: Readable.from(write()) };
}
