// Date polls under parallel requests on real PostgreSQL: counts stay exact, and a vote racing a replacement or a
// fix of the poll gets a clean answer (200 or 404), never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePollResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

const VOTERS = 60;

let t: TestApp;
let host: TestUser;
let voters: TestUser[];
let roomId: string;
beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t);
  voters = await Promise.all(Array.from({ length: VOTERS }, () => createUser(t)));
  roomId = (await createRoom(t, host)).room.id;
  await t.database.pool.query('INSERT INTO room_members (room_id, user_id) SELECT $1, unnest($2::int[])', [
    roomId,
    voters.map((v) => v.id),
  ]);
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const url = `/v1/rooms/`;

async function startPoll() {
  const res = await as(t, host)('POST', `${url}${roomId}/date-poll`, {
    options: [
      { date: day(5), time: '19:00' },
      { date: day(6), time: '19:00' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return datePollResponse.parse(res.json()).data!.options.map((o) => o.id);
}

const vote = (u: TestUser, optionId: number, v: string) =>
  as(t, u)('PUT', `${url}${roomId}/date-poll/${optionId}`, { vote: v });

async function tally(optionId: number) {
  const { rows } = await t.database.pool.query<{ vote: string; n: number }>(
    'SELECT vote, count(*)::int AS n FROM date_votes WHERE option_id = $1 GROUP BY vote',
    [optionId],
  );
  return Object.fromEntries(rows.map((r) => [r.vote, r.n]));
}

describe('date poll votes in parallel', () => {
  it(`${VOTERS} members voting at once are all counted, and switching at once leaves exact counts`, async () => {
    const [a, b] = await startPoll();
    const first = await Promise.all(voters.map((u) => vote(u, a!, 'yes')));
    expect(first.map((r) => r.statusCode)).toEqual(voters.map(() => 200));
    const poll = datePollResponse.parse((await as(t, host)('GET', `${url}${roomId}/date-poll`)).json()).data!;
    expect(poll.options.find((o) => o.id === a)).toMatchObject({ yes: VOTERS, maybe: 0, no: 0 });
    expect(poll.options.find((o) => o.id === a)!.votes).toHaveLength(VOTERS);

    // Everyone changes their vote on A and votes on B, all at once: each one's last answer counts once.
    const answers = ['yes', 'maybe', 'no'] as const;
    const second = await Promise.all(
      voters.flatMap((u, i) => [vote(u, a!, answers[i % 3]!), vote(u, b!, answers[(i + 1) % 3]!)]),
    );
    expect(second.every((r) => r.statusCode === 200)).toBe(true);
    const third = VOTERS / 3;
    expect(await tally(a!)).toEqual({ yes: third, maybe: third, no: third });
    expect(await tally(b!)).toEqual({ yes: third, maybe: third, no: third });
    const after = datePollResponse.parse(
      (await as(t, host)('GET', `${url}${roomId}/date-poll`)).json(),
    ).data!;
    expect(after.options.map((o) => [o.yes, o.maybe, o.no])).toEqual([
      [third, third, third],
      [third, third, third],
    ]);
  });

  it('votes racing a new poll or a fix answer 200 or 404', async () => {
    for (let round = 1; round <= 2; round++) {
      const [a] = await startPoll();
      const votes = voters.slice(0, 30).map((u) => vote(u, a!, 'yes'));
      const replace = round === 1 ? startPoll() : Promise.resolve();
      const fix = round === 2 ? as(t, host)('POST', `${url}${roomId}/date-poll/${a}/fix`) : Promise.resolve();
      const results = await Promise.all(votes);
      await replace;
      const fixed = await fix;
      if (fixed) expect(fixed.statusCode).toBe(200);
      // Without the option's lock a vote would meet a foreign-key error here (a 500).
      for (const r of results) expect([200, 404], r.body).toContain(r.statusCode);
    }
  });
});
