import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { billResponse, subscriptionResponse, transactionsResponse } from '@outing/contract';
import { createTokenService } from '../lib/tokens.js';
import { TEST_JWT_SECRET, type TestApp } from '../test/app.js';
import { as, createRoom } from '../test/rooms.js';
import { browserKeys } from '../test/push-endpoint.js';
import { createUser, makeFriends, type TestUser } from '../test/users.js';
import { buildAccountWorld } from './authz-matrix-account.js';
import { buildCalendarWorld } from './authz-matrix-calendar.js';
import { buildGuestWorld } from './authz-matrix-guests.js';
import { TINY_PNG } from './authz-matrix-pictures.js';
import type { World } from './authz-world.js';

const tokens = createTokenService(TEST_JWT_SECRET);
const asRow = (u: TestUser) => ({ id: u.id, email: u.email, username: u.username, pictureUrl: '' });

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
}

async function badTokensFor(t: TestApp, u: TestUser): Promise<World['badTokens']> {
  const claims = { user_id: u.id, user_email: u.email, username: u.username, picture_url: '' };
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 80 * 3600)
    .setExpirationTime(now - 8 * 3600)
    .setJti('expired')
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
  const foreignSecret = await createTokenService('another-secret-another-secret-0123456789').sign(asRow(u));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 3600 })}.`;
  // Revoked the way a user revokes: sign out with it.
  const revoked = await tokens.sign(asRow(u));
  await ok(
    t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${revoked}` } }),
  );
  // A token signed in the same millisecond as the revocation would still count as revoked.
  await new Promise((r) => setTimeout(r, 5));
  return { malformed: 'not.a-jwt', expired, foreignSecret, algNone, revoked };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const tag = randomBytes(3).toString('hex');
  const names = [
    'host',
    'member',
    'invitee',
    'stranger',
    'payer',
    'payee',
    'loner',
    'target',
    'buddy',
    'palOfHost',
    'palOfMember',
  ] as const;
  const made = await Promise.all(names.map((n) => createUser(t, { username: `${n}_${tag}` })));
  const users = Object.fromEntries(names.map((n, i) => [n, made[i]!])) as World['users'];
  const { host, member, invitee, payer, payee, buddy } = users;

  await makeFriends(t, host, invitee);
  await makeFriends(t, host, users.palOfHost);
  await makeFriends(t, member, users.palOfMember);
  for (const u of [host, member, invitee, users.stranger, payer, payee, users.loner])
    await makeFriends(t, buddy, u);

  /** A room of the host with the member in it and a pending invite for the invitee. */
  const room = async (name: string, isPrivate: boolean, others: TestUser[] = [member], description = '') => {
    const { room } = await createRoom(
      t,
      host,
      { name, isPrivate, description },
      isPrivate ? [invitee.id] : [],
    );
    for (const u of others) await ok(as(t, u)('PATCH', `/v1/rooms/${room.id}/join`));
    return room;
  };
  const secretName = `Secret garden ${tag}`;
  const secretPlan = `Bring the map ${tag}`;
  const rooms: World['rooms'] = {
    priv: await room(secretName, true, [member], secretPlan),
    pub: await room(`Open picnic ${tag}`, false),
    join: await room(`Join ${tag}`, true),
    answer: await room(`Answer ${tag}`, true),
    close: await room(`Close ${tag}`, true),
    leave: await room(`Leave ${tag}`, true),
    consolidate: await room(`Consolidate ${tag}`, true),
    rsvp: await room(`Rsvp ${tag}`, true),
  };

  const bill = async (owner: TestUser, roomId: string, name: string, payers: number[]) =>
    billResponse.parse(
      await ok(
        as(t, owner)('POST', '/v1/bills', { name, amount: 12.34, includeOwner: true, roomId, payers }),
      ),
    ).data.id;
  const bills = {
    ofHost: await bill(host, rooms.priv.id, `Host bill ${tag}`, [member.id]),
    ofMember: await bill(member, rooms.priv.id, `Member bill ${tag}`, [host.id]),
    ofMember2: await bill(member, rooms.priv.id, `Member bill two ${tag}`, [host.id]),
    toEdit: await bill(host, rooms.priv.id, `Host bill to edit ${tag}`, [member.id]),
  };
  await bill(member, rooms.consolidate.id, `To consolidate ${tag}`, [host.id]);

  /** A room of the host where the payer owes the payee, consolidated: one unpaid transaction. */
  const debt = async (name: string) => {
    const r = await room(name, false, [payer, payee]);
    await bill(payee, r.id, `Debt ${name}`, [payer.id]);
    const [tx] = transactionsResponse.parse(
      await ok(as(t, host)('POST', '/v1/bills/consolidate', { roomId: r.id })),
    ).data;
    expect(tx).toMatchObject({ payerId: payer.id, payeeId: payee.id, isPaid: false });
    return tx!.id;
  };
  /** The same, marked paid by the payer. */
  const paidDebt = async (name: string) => {
    const id = await debt(name);
    await ok(as(t, payer)('PATCH', `/v1/transactions/${id}/settle`));
    return id;
  };
  const transactions = {
    settle: await debt(`Debts one ${tag}`),
    remind: await debt(`Debts two ${tag}`),
    confirm: await debt(`Debts three ${tag}`),
    dispute: await paidDebt(`Debts four ${tag}`),
    undo: await paidDebt(`Debts five ${tag}`),
    pay: await debt(`Debts six ${tag}`),
  };
  const ledgerRoom = await room(`Ledger ${tag}`, false, [payer, payee]);
  await bill(payee, ledgerRoom.id, `Debt ledger ${tag}`, [payer.id]);
  await t.database.pool.query(`UPDATE rooms SET created_at = now() - interval '1 day' WHERE id = $1`, [
    ledgerRoom.id,
  ]);
  const payeeMethods = [
    { kind: 'paypal', value: `Payee${tag}` },
    { kind: 'link', value: `https://pay.example.com/payee-${tag}` },
    { kind: 'iban', value: 'DE89370400440532013000', name: `Payee Holder ${tag}` },
  ];
  await ok(
    t.app.inject({
      method: 'PUT',
      url: `/v1/users/${payee.id}/payment-methods`,
      headers: { authorization: `Bearer ${payee.token}` },
      payload: payeeMethods,
    }),
  );
  const { rows: notes } = await t.database.pool.query<{ id: number; content: string }>(
    'SELECT id, content FROM notifications WHERE user_id = $1 ORDER BY id LIMIT 1',
    [payer.id],
  );
  const notification = notes[0]!;

  const request = (await ok(
    as(t, users.stranger)('POST', `/v1/users/${users.stranger.id}/friends/requests`, { friendId: member.id }),
  )) as { data: { id: number } };

  const subscription = async () => {
    const endpoint = `https://push.example.test/${tag}/${randomBytes(8).toString('hex')}`;
    const { auth, p256dh } = browserKeys();
    const body = { userId: member.id, endpoint, auth, p256dh };
    const sub = subscriptionResponse.parse(await ok(as(t, member)('POST', '/v1/subscriptions', body))).data;
    return { id: sub.id, endpoint, auth: body.auth };
  };
  const find = await subscription();
  const remove = await subscription();

  const message = `Meet behind the blue door ${tag}`;
  await ok(as(t, member)('POST', `/v1/rooms/${rooms.priv.id}/messages`, { content: message }));

  const calendar = await buildCalendarWorld(t, users, tag);
  const account = await buildAccountWorld(t, tag);
  const guests = await buildGuestWorld(t, users, tag);
  const upload = { 'content-type': 'image/png', authorization: `Bearer ${host.token}` };
  const picture = (
    await t.app.inject({ method: 'POST', url: '/v1/pictures', headers: upload, payload: TINY_PNG })
  ).json<{ data: { id: string } }>().data.id;

  let n = 0;
  return {
    t,
    users,
    rooms,
    bills,
    transactions,
    ledgerRoom: ledgerRoom.id,
    payeeMethods,
    notification: notification.id,
    friendRequest: request.data.id,
    subscriptions: {
      find: { id: find.id, endpoint: find.endpoint },
      remove: { id: remove.id, endpoint: remove.endpoint },
    },
    pushKeys: (({ auth, p256dh }) => ({ auth, p256dh }))(browserKeys()),
    badTokens: await badTokensFor(t, host),
    secrets: [
      secretName,
      secretPlan,
      `Host bill ${tag}`,
      `Member bill ${tag}`,
      notification.content,
      find.endpoint,
      find.auth,
      remove.endpoint,
      message,
      member.email,
      host.email,
      ...payeeMethods.flatMap((m) => [m.value, m.name ?? m.value]),
      ...guests.shown,
    ],
    calendar,
    account,
    guests,
    picture,
    tokenOf: (u) => tokens.sign(asRow(u)),
    unique: () => `${tag}${(n += 1)}`,
  };
}

/** One digest per table of every row in it, to prove a call changed nothing. */
export async function digestTables(t: TestApp): Promise<Record<string, string>> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, count(*) || ':' || coalesce(md5(string_agg(x::text, E'\\n' ORDER BY x::text)), '') AS digest FROM "${name}" x`,
  );
  const { rows } = await t.database.pool.query<{ name: string; digest: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/**
 * `METHOD /path` of every route the app registered, read from Fastify's route tree: each node prints the part of
 * the path it adds. (The `commonPrefix: false` print drops the prefix in front of a wildcard, so it is not used.)
 */
export function registeredRoutes(t: TestApp): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const part = m[2] === '(empty root node)' ? '' : m[2]!;
    const joined = `${stack[depth - 1] ?? ''}${part}`;
    // A wildcard straight under the root is stored as `/*` (Fastify adds the slash to `*`).
    const path = joined === '*' ? '/*' : joined;
    stack.length = depth;
    stack.push(path);
    for (const method of m[3]?.split(', ') ?? []) out.push(`${method} ${path}`);
  }
  return out;
}
