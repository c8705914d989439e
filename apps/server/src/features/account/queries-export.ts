import { sql, type SQL } from 'drizzle-orm';
import { CURRENCIES } from '@outing/ledger';
import type { AccountExport } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { rows } from '../../db/rows.js';
import { pictureUrl } from '../pictures/service.js';

// The queries of the account export (`export.ts`, issue #21): each list of the file read a page at a time.

/** How many items of a list one query reads. */
export const EXPORT_PAGE = 500;

export type Key = number | string;
/** One page of a list: the items after `after` in the order of their keys. */
export type Page<K extends Key> = (after: K | undefined) => Promise<ExportRow<K>[]>;
export type ExportRow<K extends Key> = { key: K; item: unknown };
/** The names of the file's lists, and the shape of one item of each, as the contract declares them. */
export type ListName = {
  [N in keyof AccountExport]: AccountExport[N] extends unknown[] ? N : never;
}[keyof AccountExport];
type Item<N extends ListName> = AccountExport[N][number];
/** Each field of an item as a SQL expression: a column (`'r.id'`) or any `sql` fragment. */
type Fields<T> = { [F in keyof T]-?: string | SQL };

/** `to_char` to `Date.prototype.toISOString()`'s form, for timestamps the export writes as they come. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const after = <K extends Key>(column: string, key: K | undefined, cast = '') =>
  key === undefined ? sql`true` : sql`${sql.raw(column)} > ${key}${sql.raw(cast)}`;

/**
 * An item built by PostgreSQL: `json` (not `jsonb`) keeps the fields in the order written here, which is the order
 * the file has always had. Dates come out as 'YYYY-MM-DD', numbers and booleans as themselves; timestamps go
 * through `iso` and amounts through `amountInSql`. The names are this file's own constants, so they are inlined.
 */
function json<T>(fields: Fields<T>): SQL {
  const pairs = Object.entries<string | SQL>(fields).map(
    ([name, value]) => sql`${sql.raw(`'${name}'`)}, ${typeof value === 'string' ? sql.raw(value) : value}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
const person = (alias: string) =>
  json<Item<'invites'>['other']>({ id: `${alias}.id`, username: `${alias}.username` });

// The ledger's table of currency exponents, for amounts to be computed where their rows are read.
const EXPONENTS = JSON.stringify(CURRENCIES);
/**
 * Minor units as the contract's number in major units, as `minorToAmount` gives it: the exact decimal quotient in
 * `numeric`, which the JSON text carries digit for digit and `JSON.parse` turns into the same double. A currency
 * outside the table (the API never stores one) would give null where `currencyExponent` throws.
 */
export const amountInSql = (minor: string, currency: string) =>
  sql`${sql.raw(minor)}::numeric / 10::numeric ^ (${EXPONENTS}::jsonb ->> ${sql.raw(currency)})::int`;

/** The lists of the file, in the order they are written. */
export function exportLists(db: Db, me: number): [ListName, Page<Key>][] {
  const limit = sql.raw(String(EXPORT_PAGE));
  /**
   * A list read in pages of `limit` rows in the order of `key` (a column of `from`, unique in the list; `uuid`
   * when it is one), one item a row. The page's keys are chosen from `from` alone, and only then are their items
   * built with `join`: PostgreSQL computes a select list below the sort, so without an index in the key's order
   * (messages by sender have none) building the item in the same query built every remaining item of the list
   * for each page. `join` holds only joins a foreign key guarantees: every key chosen has its item, pages stay full.
   */
  const list = <N extends ListName>(
    name: N,
    q: { key: string; uuid?: boolean; from: string; where: SQL; join?: SQL; item: Fields<Item<N>> },
  ): [N, Page<Key>] => {
    const key = sql.raw(q.key);
    const cast = q.uuid ? '::uuid' : '';
    return [
      name,
      (k) =>
        rows<ExportRow<Key>>(
          db,
          sql`SELECT p.key, i.item
            FROM (SELECT ${key} AS key FROM ${sql.raw(q.from)} WHERE (${q.where}) AND ${after(q.key, k, cast)}
              ORDER BY ${key} LIMIT ${limit}) p
            CROSS JOIN LATERAL (SELECT ${json(q.item)} AS item FROM ${sql.raw(q.from)} ${q.join ?? sql``}
              WHERE (${q.where}) AND ${key} = p.key) i
            ORDER BY p.key`,
        ),
    ];
  };

  const share = json<Item<'bills'>['shares'][number]>({
    userId: 's.user_id',
    username: 'su.username',
    amount: amountInSql('s.amount_minor', 'r.currency'),
  });

  return [
    list('friends', {
      key: 'f.friend_id',
      item: {
        id: 'u.id',
        username: 'u.username',
        email: 'u.email',
        pictureUrl: 'u.picture_url',
        since: iso('f.created_at'),
      },
      from: 'friendships f',
      join: sql`JOIN users u ON u.id = f.friend_id`,
      where: sql`f.user_id = ${me}`,
    }),
    list('friendRequests', {
      key: 'r.id',
      item: {
        id: 'r.id',
        direction: sql`CASE WHEN r.sender_id = ${me} THEN 'sent' ELSE 'received' END`,
        other: person('o'),
        status: 'r.status',
        sentAt: iso('r.sent_at'),
        respondedAt: iso('r.responded_at'),
      },
      from: 'friend_requests r',
      join: sql`JOIN users o ON o.id = CASE WHEN r.sender_id = ${me} THEN r.receiver_id ELSE r.sender_id END`,
      where: sql`r.sender_id = ${me} OR r.receiver_id = ${me}`,
    }),
    list('rooms', {
      key: 'm.room_id',
      uuid: true,
      item: {
        id: 'r.id',
        name: 'r.name',
        date: 'r.date',
        time: 'r.time',
        timeZone: 'r.time_zone',
        venue: 'r.venue',
        description: 'r.description',
        currency: 'r.currency',
        isPrivate: 'r.is_private',
        isClosed: 'r.is_closed',
        isHost: sql`r.host_id = ${me}`,
        rsvp: 'm.rsvp',
        chatMuted: 'm.chat_muted',
        joinedAt: iso('m.joined_at'),
        createdAt: iso('r.created_at'),
      },
      from: 'room_members m',
      join: sql`JOIN rooms r ON r.id = m.room_id`,
      where: sql`m.user_id = ${me}`,
    }),
    list('invites', {
      key: 'i.id',
      item: {
        id: 'i.id',
        roomId: 'i.room_id',
        roomName: 'r.name',
        direction: sql`CASE WHEN i.user_id = ${me} THEN 'received' ELSE 'sent' END`,
        other: person('o'),
        status: 'i.status',
        createdAt: iso('i.created_at'),
        respondedAt: iso('i.responded_at'),
      },
      from: 'invites i',
      join: sql`JOIN rooms r ON r.id = i.room_id
        JOIN users o ON o.id = CASE WHEN i.user_id = ${me} THEN i.inviter_id ELSE i.user_id END`,
      where: sql`i.user_id = ${me} OR i.inviter_id = ${me}`,
    }),
    list('messages', {
      key: 'id',
      item: { id: 'id', roomId: 'room_id', content: 'content', sentAt: iso('sent_at') },
      from: 'messages',
      where: sql`sender_id = ${me}`,
    }),
    list('bills', {
      key: 'b.id',
      item: {
        id: 'b.id',
        roomId: 'b.room_id',
        roomName: 'r.name',
        name: 'b.name',
        amount: amountInSql('b.amount_minor', 'r.currency'),
        currency: 'r.currency',
        createdAt: iso('b.created_at'),
        paidBy: person('ow'),
        createdBy: person('cb'),
        consolidationId: 'b.consolidation_id',
        shares: sql`COALESCE((SELECT json_agg(${share} ORDER BY s.user_id)
          FROM bill_shares s JOIN users su ON su.id = s.user_id WHERE s.bill_id = b.id), '[]')`,
      },
      from: 'bills b',
      join: sql`JOIN rooms r ON r.id = b.room_id
        JOIN users ow ON ow.id = b.owner_id JOIN users cb ON cb.id = b.created_by`,
      where: sql`b.owner_id = ${me} OR b.created_by = ${me}
        OR EXISTS (SELECT 1 FROM bill_shares s WHERE s.bill_id = b.id AND s.user_id = ${me})`,
    }),
    list('transactions', {
      key: 't.id',
      item: {
        id: 't.id',
        roomId: 't.room_id',
        roomName: 'r.name',
        payer: person('pa'),
        payee: person('pe'),
        amount: amountInSql('t.amount_minor', 'r.currency'),
        currency: 'r.currency',
        status: 't.status',
        createdAt: iso('t.created_at'),
        paidOn: iso('t.paid_on'),
        confirmedOn: iso('t.confirmed_on'),
      },
      from: 'transactions t',
      join: sql`JOIN rooms r ON r.id = t.room_id
        JOIN users pa ON pa.id = t.payer_id JOIN users pe ON pe.id = t.payee_id`,
      where: sql`t.payer_id = ${me} OR t.payee_id = ${me}`,
    }),
    // At most ten (a CHECK on position): always a single page.
    list('paymentMethods', {
      key: 'position',
      item: { kind: 'kind', value: 'value', name: 'name' },
      from: 'payment_methods',
      where: sql`user_id = ${me}`,
    }),
    list('notifications', {
      key: 'id',
      item: { id: 'id', title: 'title', content: 'content', isRead: 'is_read', createdAt: iso('created_at') },
      from: 'notifications',
      where: sql`user_id = ${me}`,
    }),
    list('pushSubscriptions', {
      key: 'id',
      item: { id: 'id', endpoint: 'endpoint', createdAt: iso('created_at') },
      from: 'push_subscriptions',
      where: sql`user_id = ${me}`,
    }),
    list('dateVotes', {
      key: 'v.option_id',
      item: { roomId: 'o.room_id', date: 'o.date', time: 'o.time', vote: 'v.vote' },
      from: 'date_votes v',
      join: sql`JOIN date_options o ON o.id = v.option_id`,
      where: sql`v.user_id = ${me}`,
    }),
    list('pictures', {
      key: 'id',
      uuid: true,
      item: {
        id: 'id',
        // the pictures feature's own URL, its placeholder filled in by PostgreSQL
        url: sql`replace(${pictureUrl(':id')}, ':id', id::text)`,
        width: 'width',
        height: 'height',
        createdAt: iso('created_at'),
      },
      from: 'pictures',
      where: sql`uploader_id = ${me}`,
    }),
  ];
}

/** The user's sign-in providers (`oauth_identities`), by issuer. */
export async function selectSignInProviders(db: Db, userId: number): Promise<{ issuer: string }[]> {
  return rows<{ issuer: string }>(
    db,
    sql`SELECT issuer FROM oauth_identities WHERE user_id = ${userId} ORDER BY issuer`,
  );
}

/** The user's calendar feed, if any: when it was created (as `Date.prototype.toISOString()` writes it). */
export async function selectCalendarFeed(
  db: Db,
  userId: number,
): Promise<{ created_at: string } | undefined> {
  return (
    await rows<{ created_at: string }>(
      db,
      sql`SELECT ${iso('created_at')} AS created_at FROM calendar_feeds WHERE user_id = ${userId}`,
    )
  )[0];
}
