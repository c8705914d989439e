import { createRoomResponse, transactionsResponse } from '@outing/contract';
import type { TestApp } from '../test/app.js';
import { roomPayload } from '../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../test/users.js';

/**
 * Real rows for the fuzzer's requests to hit: the caller hosts a room with a member, a bill and a pending invite,
 * owes a transaction in a consolidated room (to a member with payment handles), holds an invite to a friend's private room, has a friend request, a
 * notification, a message and a push subscription. Its ids and names form the pool the arbitraries draw from.
 */
export type World = {
  caller: TestUser;
  pool: unknown[];
  /** Room 1 (the caller's, with a member), room 2 (the member's, consolidated), room 3 (the friend's, private). */
  rooms: [string, string, string];
};

let worlds = 0;

export async function buildWorld(t: TestApp): Promise<World> {
  worlds += 1;
  const tag = `fz${worlds}${process.pid % 1000}`;
  const [host, member, friend, stranger] = await Promise.all(
    ['h', 'm', 'f', 's'].map((r) => createUser(t, { username: `${tag}${r}` })),
  );
  const H = host!;
  const M = member!;
  const F = friend!;
  const S = stranger!;
  await makeFriends(t, H, F);
  await makeFriends(t, H, M);
  await makeFriends(t, M, F);

  const call = async (u: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${u.token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`world: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const room = async (u: TestUser, overrides: Record<string, unknown>, invitees: number[]) =>
    createRoomResponse.parse(await call(u, 'POST', '/v1/rooms', roomPayload(overrides, invitees))).data.room;

  // Room 1: hosted by the caller, the member joined, the friend invited; one bill and one message.
  const r1 = await room(H, {}, [F.id]);
  await call(M, 'PATCH', `/v1/rooms/${r1.id}/join`);
  const bill = await call(H, 'POST', '/v1/bills', {
    name: 'Dinner',
    amount: 12.34,
    roomId: r1.id,
    payers: [M.id],
  });
  const message = await call(H, 'POST', `/v1/rooms/${r1.id}/messages`, { content: 'hello' });

  // Room 2: hosted by the member; consolidated, so the caller owes the member one transaction.
  const r2 = await room(M, { name: 'Trip' }, [H.id]);
  await call(H, 'PATCH', `/v1/rooms/${r2.id}/join`);
  await call(M, 'POST', '/v1/bills', { name: 'Fuel', amount: 40, roomId: r2.id, payers: [H.id] });
  const txs = transactionsResponse.parse(await call(M, 'POST', '/v1/bills/consolidate', { roomId: r2.id }));
  // The member has payment handles, so the caller's payment options for that debt encode real ones.
  const methods = await t.app.inject({
    method: 'PUT',
    url: `/v1/users/${M.id}/payment-methods`,
    headers: { authorization: `Bearer ${M.token}` },
    payload: [
      { kind: 'paypal', value: 'FuzzMember' },
      { kind: 'revolut', value: 'fuzzmember' },
      { kind: 'link', value: 'https://pay.example.com/fuzz' },
    ],
  });
  if (methods.statusCode !== 200)
    throw new Error(`world: payment methods → ${methods.statusCode} ${methods.body}`);

  // Room 3: the friend's private room, with a pending invite for the caller.
  const r3 = await room(F, { name: 'Secret', isPrivate: true }, [H.id]);

  const request = await call(S, 'POST', `/v1/users/${S.id}/friends/requests`, { friendId: H.id });
  const { rows: subs } = await t.database.pool.query<{ id: number; endpoint: string }>(
    `INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) VALUES ($1, $2, $3, $4) RETURNING id, endpoint`,
    [H.id, `https://push.example.com/${tag}`, 'a'.repeat(22), 'B'.repeat(87)],
  );
  const { rows: notes } = await t.database.pool.query<{ id: number }>(
    'SELECT id FROM notifications WHERE user_id = $1',
    [H.id],
  );

  const ids = [
    ...[H, M, F, S].map((u) => u.id),
    bill.data.id,
    message.data.id,
    request.data.id,
    ...txs.data.map((x) => x.id),
    ...subs.map((s) => s.id),
    ...notes.map((n) => n.id),
  ];
  const pool: unknown[] = [
    ...ids,
    ...ids.map(String),
    r1.id,
    r2.id,
    r3.id,
    ...[H, M, F, S].flatMap((u) => [u.username, u.email]),
    H.password,
    subs[0]!.endpoint,
    // Valid room fields (a future date above all), which random strings would almost never hit.
    ...Object.values(roomPayload().room),
  ];
  return { caller: H, pool, rooms: [r1.id, r2.id, r3.id] };
}
