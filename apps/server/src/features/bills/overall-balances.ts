import { sql } from 'drizzle-orm';
import { currencyExponent, minorToAmount, settle } from '@outing/ledger';
import type { OverallBalances } from '@outing/contract';
import { executePrepared } from '../../db/prepared.js';
import type { BillsContext, Me } from './access.js';

type Line = { userId: number; currency: string; roomId: string; roomName: string; minor: number };

/**
 * `GET /balances` (api-contract §10.5): per person and currency, what the caller is owed (> 0) or owes (< 0) across
 * every room: the unpaid transactions between the two, plus the transfers between them that each room's open round
 * would make if it were settled now (§10.3). Two queries whatever the number of rooms: the unpaid transactions, and
 * the open-round nets of everyone in only the rooms where the caller's own net is not zero (a person with a zero net is in no
 * transfer of the fewest, so their other rooms need no settling).
 */
export async function overallBalances(ctx: BillsContext, me: Me): Promise<OverallBalances> {
  const lines: Line[] = [];
  // Both prepared: planning these two took several times as long as running them for a user with a few rooms.
  const { rows: unpaid } = await executePrepared<{
    other: number;
    currency: string;
    room_id: string;
    room_name: string;
    minor: string;
  }>(
    ctx.db,
    sql`
    SELECT CASE WHEN t.payer_id = ${me.id} THEN t.payee_id ELSE t.payer_id END AS other, r.currency,
      t.room_id, r.name AS room_name,
      sum(CASE WHEN t.payee_id = ${me.id} THEN t.amount_cents ELSE -t.amount_cents END)::text AS minor
    FROM transactions t JOIN rooms r ON r.id = t.room_id
    WHERE (t.payer_id = ${me.id} OR t.payee_id = ${me.id}) AND NOT t.is_paid -- = status 'unpaid' (a CHECK), and what the indexes hold
    GROUP BY 1, 2, 3, 4`,
  );
  for (const u of unpaid)
    lines.push({
      userId: u.other,
      currency: u.currency,
      roomId: u.room_id,
      roomName: u.room_name,
      minor: Number(u.minor),
    });

  // Open rounds where the caller's net is not zero: every member's net there (what they paid less their shares,
  // summed in SQL: a row per person and room, not per share), to settle room by room.
  const { rows: nets } = await executePrepared<{
    room_id: string;
    room_name: string;
    currency: string;
    user_id: number;
    net: string;
  }>(
    ctx.db,
    sql`
    WITH open AS (
      SELECT b.id, b.room_id, b.owner_id, b.amount_cents
      FROM room_members m JOIN bills b ON b.room_id = m.room_id AND b.consolidation_id IS NULL
      WHERE m.user_id = ${me.id}
    ), mine AS (
      SELECT o.room_id FROM open o LEFT JOIN bill_shares s ON s.bill_id = o.id AND s.user_id = ${me.id}
      GROUP BY o.room_id
      HAVING sum(CASE WHEN o.owner_id = ${me.id} THEN o.amount_cents ELSE 0 END) <> COALESCE(sum(s.amount_minor), 0)
    ), parts AS (
      SELECT b.room_id, b.owner_id AS user_id, b.amount_cents::bigint AS v
      FROM mine JOIN bills b ON b.room_id = mine.room_id AND b.consolidation_id IS NULL
      UNION ALL
      SELECT b.room_id, s.user_id, -s.amount_minor::bigint
      FROM mine JOIN bills b ON b.room_id = mine.room_id AND b.consolidation_id IS NULL
        JOIN bill_shares s ON s.bill_id = b.id
    ), nets AS (
      SELECT p.room_id, p.user_id, sum(p.v) AS net FROM parts p GROUP BY p.room_id, p.user_id HAVING sum(p.v) <> 0
    )
    -- The rooms' names looked up for the few rooms in the answer, by key: joined to every room instead, a planner
    -- with stale statistics (bills added since the last ANALYZE) hashed all of them (300 ms at 100,000 rooms).
    SELECT n.room_id, r.name AS room_name, r.currency, n.user_id, n.net::text AS net
    FROM nets n CROSS JOIN LATERAL (SELECT r.name, r.currency FROM rooms r WHERE r.id = n.room_id OFFSET 0) r`,
  );
  const rooms = new Map<string, { name: string; currency: string; nets: Map<number, number> }>();
  for (const n of nets) {
    let room = rooms.get(n.room_id);
    if (!room) rooms.set(n.room_id, (room = { name: n.room_name, currency: n.currency, nets: new Map() }));
    room.nets.set(n.user_id, Number(n.net));
  }
  for (const [roomId, room] of rooms) {
    const { transfers } = settle(room.nets);
    for (const t of transfers) {
      if (t.to === me.id)
        lines.push({ userId: t.from, currency: room.currency, roomId, roomName: room.name, minor: t.cents });
      else if (t.from === me.id)
        lines.push({ userId: t.to, currency: room.currency, roomId, roomName: room.name, minor: -t.cents });
    }
  }

  // Per person and currency, with the rooms behind it; totals per currency.
  const people = new Map<
    string,
    { userId: number; currency: string; net: number; rooms: Map<string, { name: string; net: number }> }
  >();
  for (const l of lines) {
    const key = `${l.userId}|${l.currency}`;
    let p = people.get(key);
    if (!p) people.set(key, (p = { userId: l.userId, currency: l.currency, net: 0, rooms: new Map() }));
    p.net += l.minor;
    const r = p.rooms.get(l.roomId) ?? { name: l.roomName, net: 0 };
    r.net += l.minor;
    p.rooms.set(l.roomId, r);
  }
  const ids = [...new Set([...people.values()].map((p) => p.userId))];
  const { rows: users } = ids.length
    ? await ctx.db.execute<{ id: number; username: string; email: string; picture_url: string }>(sql`
        SELECT u.id, u.username, u.picture_url,
          CASE WHEN EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${me.id} AND f.friend_id = u.id)
            THEN u.email ELSE '' END AS email
        FROM users u WHERE u.id = ANY(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)})`)
    : { rows: [] };
  const userOf = new Map(
    users.map((u) => [u.id, { id: u.id, username: u.username, email: u.email, pictureUrl: u.picture_url }]),
  );
  const totals = new Map<string, { owe: number; owed: number }>();
  const list = [...people.values()].filter(
    (p) => p.net !== 0 || [...p.rooms.values()].some((r) => r.net !== 0),
  );
  for (const p of list) {
    const t = totals.get(p.currency) ?? { owe: 0, owed: 0 };
    if (p.net < 0) t.owe -= p.net;
    else t.owed += p.net;
    totals.set(p.currency, t);
  }
  const amount = (minor: number, currency: string) => minorToAmount(minor, currencyExponent(currency));
  return {
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ currency, owe: amount(t.owe, currency), owed: amount(t.owed, currency) })),
    people: list
      .sort(
        (a, b) =>
          Math.abs(b.net) - Math.abs(a.net) || a.userId - b.userId || a.currency.localeCompare(b.currency),
      )
      .map((p) => ({
        userId: p.userId,
        user: userOf.get(p.userId) ?? { id: p.userId, username: '', email: '', pictureUrl: '' },
        currency: p.currency,
        net: amount(p.net, p.currency),
        rooms: [...p.rooms]
          .filter(([, r]) => r.net !== 0)
          .map(([roomId, r]) => ({ roomId, roomName: r.name, net: amount(r.net, p.currency) })),
      })),
  };
}
