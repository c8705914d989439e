// The records the parity test (src/mocks/parity.server.test.ts, decision 022) names in its requests: the mocks' demo ids, and
// the same records made on the real server through its HTTP API. A call that changes or destroys what it is made on
// (closing, leaving, settling, deleting an account…) gets records of its own, so that the replays may run in any order.
import { MOCK_ROOM_IDS } from '@/mocks/demo';
import { MOCK_INVITE_CODE } from '@/mocks/invites';
import { mockToken } from '@/mocks/token';
import type { RealServer, TestUser } from './real-server';

/** Who makes a call: `me` of a `self` path, and the token. */
export interface Caller {
  me: number;
  token: string;
}

/** The ids a request names, in one world: the mocks' demo world or the seeded real server. */
export interface World extends Caller {
  /** A friend of `me`, member of `room`. */
  friend: number;
  /** A friend `me` may remove. */
  exFriend: number;
  /** Someone `me` may ask to be friends. */
  stranger: number;
  /** A friend of `me`'s in no room of theirs: whom `me` invites to `room`. */
  invitee: number;
  /** A request someone sent `me`, pending. */
  request: number;
  notification: number;
  /** A room `me` hosts, with `friend` in it, a message, a bill and a transaction. */
  room: string;
  /** An option of the date poll of `room` (a sample points `room` at a room with a poll). */
  option: number;
  bill: number;
  transaction: number;
  /** A personal invite link's code. */
  code: string;
  /** Rooms of their own: `me` hosts `close` and `nudge` (someone invited), is in `leave`, may join `join`, is invited to `answer`. */
  rooms: Record<'close' | 'leave' | 'join' | 'answer' | 'nudge', string>;
  /** Rooms `me` hosts with an open date poll, and an option of each. */
  polls: Record<'vote' | 'fix' | 'cancel', { room: string; option: number }>;
  /** A bill of `room` to delete, and a deleted one to restore. */
  bills: Record<'remove' | 'restore', number>;
  /** Transactions by the step each awaits: unpaid ones `me` pays, payments to `me` to check, one `me` marked paid. */
  transactions: Record<'settle' | 'options' | 'confirm' | 'dispute' | 'undo', number>;
  /** Users of their own, for the calls that sign them out, rename or delete them. */
  accounts: Record<'rename' | 'password' | 'delete' | 'logout', Caller>;
  /** An account's email, a reset code issued to another, and a reset token of a third. */
  auth: {
    email: string;
    /** A username and its password. */
    login: { username: string; password: string };
    verify: { email: string; otp: string };
    reset: { email: string; resetToken: string };
  };
}

const ada: Caller = {
  me: 7,
  token: mockToken({ user_id: 7, username: 'ada', user_email: 'ada@example.com', picture_url: '' }),
};

/** The mocks' demo world (mocks/demo.ts, mocks/rooms/world.ts, mocks/bills, mocks/transactions.ts). */
export const demo: World = {
  ...ada,
  friend: 11,
  exFriend: 12,
  stranger: 21,
  invitee: 13,
  request: 101,
  notification: 9,
  room: MOCK_ROOM_IDS.football,
  option: 500,
  // Bills 40–44 and transactions 17–31 are the demo's.
  bill: 42,
  transaction: 31,
  code: MOCK_INVITE_CODE,
  rooms: {
    close: MOCK_ROOM_IDS.football,
    leave: MOCK_ROOM_IDS.birthday,
    join: MOCK_ROOM_IDS.karaoke,
    answer: MOCK_ROOM_IDS.housewarming,
    nudge: MOCK_ROOM_IDS.football,
  },
  polls: {
    vote: { room: MOCK_ROOM_IDS.football, option: 500 },
    fix: { room: MOCK_ROOM_IDS.football, option: 500 },
    cancel: { room: MOCK_ROOM_IDS.football, option: 500 },
  },
  bills: { remove: 43, restore: 42 },
  transactions: { settle: 28, options: 27, confirm: 21, dispute: 21, undo: 22 },
  accounts: { rename: ada, password: ada, delete: ada, logout: ada },
  auth: {
    email: 'ada@example.com',
    login: { username: 'ada', password: 'secret123' },
    verify: { email: 'ada@example.com', otp: '123456' },
    reset: { email: 'ada@example.com', resetToken: 'mock-reset-token' },
  },
};

/** Date-poll options `days` from today. */
export const inDays = (...days: number[]) =>
  days.map((n) => ({
    date: new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10),
    time: '19:00',
  }));

/** The code the server mailed to `email` last: without SMTP_URL, the mail is in its log (lib/mailer.ts). */
async function mailedCode(server: RealServer, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    for (const line of [...server.t.logs].reverse()) {
      const { mail } = JSON.parse(line) as { mail?: { to: string; subject: string } };
      const code = mail?.to === email && /Your Outing code: (\d{6})/.exec(mail.subject)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** The same records on the real server, made through its HTTP API. */
export async function seedRealWorld(server: RealServer): Promise<World> {
  const [me, friend, exFriend, stranger, asker, invitee] = await server.users(6);
  const [rename, password, deleted, logout, verify, reset] = await server.users(6);
  const as = (u: TestUser) => server.api(u);
  await server.friends(me, friend);
  await server.friends(me, exFriend);
  await server.friends(me, invitee);
  const sent = (await as(asker).post(`/users/${asker.id}/friends/requests`, { friendId: me.id })) as {
    id: number;
  };
  /** A room `host` makes (public, next week), `members` in it, `invited` asked. */
  const roomOf = async (host: TestUser, members: TestUser[] = [], invited: number[] = []) => {
    const { room } = await server.room(host, {}, invited);
    for (const member of members) await as(member).patch(`/rooms/${room.id}/join`);
    return room.id;
  };
  const billOf = async (payer: TestUser, roomId: string, userIds: number[]) =>
    (
      (await as(payer).post('/bills', {
        name: 'Dinner',
        roomId,
        amount: 20,
        split: { mode: 'equal', userIds },
      })) as {
        id: number;
      }
    ).id;
  /** A payment recorded in `roomId` by `by`, of `payer` to `payee`. */
  const payment = async (by: TestUser, roomId: string, payer: TestUser, payee: TestUser) =>
    (
      (await as(by).post('/transactions', { roomId, payerId: payer.id, payeeId: payee.id, amount: 5 })) as {
        id: number;
      }
    ).id;
  /** The unpaid transaction of a room of its own where `me` owes `friend` for a bill. */
  const owed = async () => {
    const roomId = await roomOf(me, [friend]);
    await billOf(friend, roomId, [me.id, friend.id]);
    const { transfers } = (await as(me).get(`/rooms/${roomId}/balances`)) as {
      transfers: { transactionId?: number }[];
    };
    return transfers[0]!.transactionId!;
  };
  const polled = async () => {
    const room = await roomOf(me);
    const poll = (await as(me).post(`/rooms/${room}/date-poll`, { options: inDays(10, 11) })) as {
      options: { id: number }[];
    };
    return { room, option: poll.options[0]!.id };
  };

  const room = await roomOf(me, [friend]);
  await as(friend).post(`/rooms/${room}/messages`, { content: 'Hello' });
  const bill = await billOf(me, room, [me.id, friend.id]);
  const toRestore = await billOf(me, room, [me.id, friend.id]);
  await as(me).delete(`/bills/${toRestore}`);
  const paid = await roomOf(me, [friend]);
  const notifications = (await as(me).get('/notifications')) as { id: number }[];
  const link = (await as(me).get(`/users/${me.id}/invite-link`)) as { url: string };
  await as(verify).post('/auth/otp', { email: verify.email, purpose: 'reset-password' });
  await as(reset).post('/auth/otp', { email: reset.email, purpose: 'reset-password' });
  const resetCode = await mailedCode(server, reset.email);
  const { resetToken } = (await as(reset).post('/auth/verify', { email: reset.email, otp: resetCode })) as {
    resetToken: string;
  };
  const caller = (u: TestUser): Caller => ({ me: u.id, token: u.token });
  const polls = { vote: await polled(), fix: await polled(), cancel: await polled() };
  return {
    ...caller(me),
    friend: friend.id,
    exFriend: exFriend.id,
    stranger: stranger.id,
    invitee: invitee.id,
    request: sent.id,
    notification: notifications[0]!.id,
    room,
    option: polls.vote.option,
    bill,
    transaction: await payment(me, room, friend, me),
    code: new URL(link.url).searchParams.get('invite')!,
    rooms: {
      close: await roomOf(me),
      leave: await roomOf(friend, [me]),
      join: await roomOf(stranger),
      answer: await roomOf(friend, [], [me.id]),
      nudge: await roomOf(me, [], [invitee.id]),
    },
    polls,
    bills: { remove: await billOf(me, room, [me.id, friend.id]), restore: toRestore },
    transactions: {
      settle: await owed(),
      options: await owed(),
      confirm: await payment(friend, paid, friend, me),
      dispute: await payment(friend, paid, friend, me),
      undo: await payment(me, paid, me, friend),
    },
    accounts: {
      rename: caller(rename),
      password: caller(password),
      delete: caller(deleted),
      logout: caller(logout),
    },
    auth: {
      email: me.email,
      login: { username: me.username, password: me.password },
      verify: { email: verify.email, otp: await mailedCode(server, verify.email) },
      reset: { email: reset.email, resetToken },
    },
  };
}
