import { sql } from 'drizzle-orm';
import type { Db } from './db/pool.js';
import { consolidate, createBill, settleTransaction } from './features/bills/service.js';
import { MessageNumbering } from './features/chat/numbering.js';
import { sendMessage } from './features/chat/service.js';
import { respondToRequest, sendFriendRequest } from './features/users/friends.js';
import { findUserById } from './features/users/service.js';
import { createRoom, joinRoom } from './features/rooms/service.js';
import { AppEvents } from './lib/events.js';
import { hashPassword } from './lib/passwords.js';
import { memoryBus } from './lib/realtime/bus.js';
import { RealtimeHub } from './lib/realtime/hub.js';

export const DEMO_PASSWORD = 'outing123';
export const DEMO_USERS = ['ann', 'ben', 'cat', 'dan', 'eve'] as const;

export class SeedRefused extends Error {}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A believable demo through the real service functions: five verified users (password `outing123`), friendships
 * and a pending request, an upcoming public room with chat, a private room with a pending invite, and a passed room
 * whose bills are consolidated with one payment settled. Refuses a database that already has users unless `force`.
 */
export async function seed(
  db: Db,
  opts: { publicUrl: string; force?: boolean; log?: (line: string) => void },
) {
  const log = opts.log ?? (() => {});
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  if (rows[0]!.n > 0 && !opts.force) {
    throw new SeedRefused(
      `The database already has ${rows[0]!.n} users. Run with --force to add the demo anyway.`,
    );
  }
  const events = new AppEvents();
  const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as never;
  const hub = new RealtimeHub(memoryBus(), silent, async () => {});
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const suffix = rows[0]!.n > 0 ? `_${Date.now().toString(36).slice(-4)}` : '';
    const ids: Record<string, number> = {};
    for (const name of DEMO_USERS) {
      const username = `${name}${suffix}`;
      const { rows: created } = await db.execute<{ id: number }>(sql`
        INSERT INTO users (username, email, password_hash, is_email_valid)
        VALUES (${username}, ${`${username}@example.com`}, ${passwordHash}, true) RETURNING id`);
      ids[name] = created[0]!.id;
    }
    const me = async (name: string) => (await findUserById(db, ids[name]!))!;
    const ctx = { db, events, hub, publicUrl: opts.publicUrl, defaultCurrency: 'USD' };

    for (const [a, b] of [
      ['ann', 'ben'],
      ['ann', 'cat'],
      ['ben', 'cat'],
      ['cat', 'dan'],
    ] as const) {
      const request = await sendFriendRequest(ctx, await me(a), ids[b]!);
      await respondToRequest(ctx, await me(b), request.id, 'accept');
    }
    await sendFriendRequest(ctx, await me('eve'), ids.ann!); // left pending for ann

    const picnic = await createRoom(ctx, await me('ann'), {
      room: {
        name: 'Sunday picnic',
        date: day(6),
        time: '12:30',
        venue: 'Hyde Park',
        venuePlaceId: 'local:hyde-park',
        imageUrl: '/imgs/gathering.png',
        isPrivate: false,
        description: 'Bring a blanket and something to share.',
      },
      invitees: [],
    });
    for (const name of ['ben', 'cat']) await joinRoom(ctx, await me(name), picnic.room.id);
    const lines: [string, string][] = [
      ['ann', 'Who is bringing the frisbee?'],
      ['ben', 'Me! And lemonade.'],
      ['cat', 'I will make sandwiches 🥪'],
      ['ann', 'Perfect. Meet at the Serpentine at 12:30.'],
    ];
    // Seeded history is pushed to nobody.
    const numbering = new MessageNumbering(db, () => {});
    const chat = { ...ctx, chatPush: { enabled: false, delayMs: 0 }, numbering };
    for (const [name, text] of lines) await sendMessage(chat, await me(name), picnic.room.id, text);
    await numbering.close();
    // The picnic's open round: a shop receipt by items, and a taxi Ben paid, split by shares.
    await createBill(ctx, await me('ann'), {
      name: 'Picnic shop',
      includeOwner: true,
      roomId: picnic.room.id,
      split: {
        mode: 'items',
        items: [
          { name: 'Sandwiches', amount: 18, userIds: [ids.ann!, ids.ben!, ids.cat!] },
          { name: 'Lemonade', amount: 6.5, userIds: [ids.ben!] },
          { name: 'Strawberries', amount: 7.25, userIds: [ids.ann!, ids.cat!] },
        ],
        charges: [{ name: 'Delivery', percent: 5 }],
      },
    });
    await createBill(ctx, await me('ann'), {
      name: 'Taxi home',
      amount: 24,
      includeOwner: true,
      roomId: picnic.room.id,
      paidBy: ids.ben!,
      split: {
        mode: 'shares',
        shares: [
          { userId: ids.ann!, shares: 1 },
          { userId: ids.ben!, shares: 1 },
          { userId: ids.cat!, shares: 2 },
        ],
      },
    });

    await createRoom(ctx, await me('ben'), {
      room: {
        name: 'Birthday dinner',
        date: day(12),
        time: '19:30',
        venue: 'Luigi’s Trattoria',
        venuePlaceId: 'local:luigi-s-trattoria',
        imageUrl: '/imgs/birthday.png',
        isPrivate: true,
        description: 'Cat’s surprise birthday: do not tell her!',
      },
      invitees: [ids.ann!],
    });

    const ski = await createRoom(ctx, await me('cat'), {
      room: {
        name: 'Ski weekend',
        // Tomorrow: a room whose start has passed can no longer be joined (issue #20).
        date: day(1),
        time: '08:00',
        venue: 'Chamonix',
        venuePlaceId: 'local:chamonix',
        imageUrl: '/imgs/travel.png',
        isPrivate: false,
        description: 'Two days on the slopes.',
      },
      invitees: [],
    });
    for (const name of ['ann', 'ben', 'dan']) await joinRoom(ctx, await me(name), ski.room.id);
    await createBill(ctx, await me('cat'), {
      name: 'Chalet',
      amount: 480,
      includeOwner: true,
      roomId: ski.room.id,
      payers: [ids.ann!, ids.ben!, ids.dan!],
    });
    await createBill(ctx, await me('ann'), {
      name: 'Lift passes',
      amount: 219.99,
      includeOwner: true,
      roomId: ski.room.id,
      payers: [ids.ben!, ids.cat!],
    });
    await createBill(ctx, await me('ben'), {
      name: 'Fondue dinner',
      amount: 96.5,
      includeOwner: false,
      roomId: ski.room.id,
      payers: [ids.ann!, ids.cat!, ids.dan!],
    });
    const transfers = await consolidate(ctx, await me('cat'), ski.room.id);
    const first = transfers[0]!;
    await settleTransaction(ctx, (await findUserById(db, first.payerId))!, first.id);
    await db.execute(sql`UPDATE rooms SET date = ${day(-9)} WHERE id = ${ski.room.id}`); // it happened last week

    log(
      `Demo loaded: users ${DEMO_USERS.map((n) => `${n}${suffix}`).join(', ')} (password ${DEMO_PASSWORD}).`,
    );
    return { ids, rooms: { picnic: picnic.room.id, ski: ski.room.id }, transfers };
  } finally {
    await hub.close();
  }
}
