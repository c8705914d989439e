import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { datePollResponse } from '@outing/contract';
import type { NotificationEvent } from '../../lib/events.js';
import type { TestApp } from '../../test/app.js';
import { createPollWorld, pollHelpers } from '../../test/polls.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/** Members' votes on a date poll's options (docs/api/README.md#plans). */

let t: TestApp;
let host: TestUser;
let member: TestUser;
let stranger: TestUser;
let invitee: TestUser;
const delivered: NotificationEvent[] = [];
const updated: string[] = [];
beforeAll(async () => {
  ({ t, host, member, stranger, invitee } = await createPollWorld(delivered, updated));
});
/** Forgets what the set-up of a test raised. */
function reset() {
  delivered.length = 0;
  updated.length = 0;
}
afterEach(reset);
afterAll(() => t.close());

const { room, start, read, castVote } = pollHelpers(() => ({ t, host, member, stranger, invitee }));

describe('PUT /v1/rooms/{id}/date-poll/{optionId}', () => {
  it('records, changes and counts each member’s vote', async () => {
    const id = await room();
    const poll = await start(id);
    reset();
    const [a, b] = poll.options;
    expect((await castVote(member, id, a!.id, 'yes')).statusCode).toBe(200);
    expect((await castVote(host, id, a!.id, 'maybe')).statusCode).toBe(200);
    const res = await castVote(member, id, b!.id, 'no');
    const after = datePollResponse.parse(res.json()).data!;
    expect(after.options[0]).toMatchObject({ id: a!.id, yes: 1, maybe: 1, no: 0, myVote: 'yes' });
    expect(after.options[0]!.votes).toEqual([
      { userId: member.id, vote: 'yes', answer: 'yes' },
      { userId: host.id, vote: 'maybe', answer: 'maybe' },
    ]);
    expect(after.options[1]).toMatchObject({ id: b!.id, yes: 0, maybe: 0, no: 1, myVote: 'no' });
    // A second vote replaces the first.
    expect((await castVote(member, id, a!.id, 'no')).statusCode).toBe(200);
    const mine = (await read(member, id))!.options[0]!;
    expect(mine).toMatchObject({ yes: 0, maybe: 1, no: 1, myVote: 'no' });
    expect((await read(host, id))!.options[0]!.myVote).toBe('maybe');
    expect(updated.filter((r) => r === id)).toHaveLength(4);
  });

  it('shows who voted what to members and to a pending invitee (the same votes)', async () => {
    const id = await room();
    const [a, b] = (await start(id)).options;
    expect((await castVote(member, id, a!.id, 'yes')).statusCode).toBe(200);
    expect((await castVote(host, id, a!.id, 'no')).statusCode).toBe(200);
    expect((await castVote(host, id, b!.id, 'maybe')).statusCode).toBe(200);
    const res = await as(t, invitee)('GET', `/v1/rooms/${id}/date-poll`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    const seen = datePollResponse.parse(res.json()).data!;
    expect(seen.options.map((o) => o.votes)).toEqual([
      [
        { userId: member.id, vote: 'yes', answer: 'yes' },
        { userId: host.id, vote: 'no', answer: 'no' },
      ],
      [{ userId: host.id, vote: 'maybe', answer: 'maybe' }],
      ...seen.options.slice(2).map(() => []),
    ]);
    expect(seen.options.length).toBeGreaterThanOrEqual(2);
    expect(seen.options[0]).toMatchObject({ yes: 1, maybe: 0, no: 1, myVote: null });
    // The member's read answers the same voters; only myVote differs.
    const forMember = (await read(member, id))!;
    expect(forMember.options.map((o) => o.votes)).toEqual(seen.options.map((o) => o.votes));
    // Reading changes nothing: the invite is still pending, and the invitee cannot vote.
    expect((await castVote(invitee, id, a!.id, 'yes')).statusCode).toBe(403);
    const { rows } = await t.database.pool.query(
      `SELECT status FROM invites WHERE room_id = $1 AND user_id = $2`,
      [id, invitee.id],
    );
    expect(rows).toEqual([{ status: 'pending' }]);
    // Once the invitee declines, the poll is closed to them; a stranger never sees it.
    expect((await as(t, invitee)('PATCH', `/v1/rooms/${id}/rsvp`, { status: 'declined' })).statusCode).toBe(
      200,
    );
    for (const u of [invitee, stranger])
      expect((await as(t, u)('GET', `/v1/rooms/${id}/date-poll`)).statusCode).toBe(403);
  });

  it('refuses non-members (403), options of another room or none (404), closed rooms (409), bad votes (400)', async () => {
    const id = await room();
    const other = await room();
    const [mine] = (await start(id)).options;
    const [theirs] = (await start(other)).options;
    for (const u of [stranger, invitee])
      expect((await castVote(u, id, mine!.id, 'yes')).statusCode).toBe(403);
    expect((await castVote(member, id, theirs!.id, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, id, 2_147_483_647, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, id, 0, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, randomUUID(), mine!.id, 'yes')).statusCode).toBe(404);
    const bad = await castVote(member, id, mine!.id, 'perhaps');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Vote yes, maybe or no');
    expect((await as(t, host)('PATCH', `/v1/rooms/${id}/close`)).statusCode).toBe(200);
    expect((await castVote(member, id, mine!.id, 'yes')).statusCode).toBe(409);
    const { rows } = await t.database.pool.query('SELECT 1 FROM date_votes WHERE option_id IN ($1, $2)', [
      mine!.id,
      theirs!.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('no longer counts a member who left', async () => {
    const id = await room();
    const [a] = (await start(id)).options;
    expect((await castVote(member, id, a!.id, 'yes')).statusCode).toBe(200);
    expect((await as(t, member)('PATCH', `/v1/rooms/${id}/leave`)).statusCode).toBe(200);
    expect((await read(host, id))!.options[0]).toMatchObject({ yes: 0, votes: [] });
  });
});
