import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  attendeeSchema,
  guestsResponse,
  messageResponse,
  messagesPageResponse,
  roomSchema,
  successEnvelope,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

/**
 * A display name (issue 37 item 4, docs/api/README.md#users-and-friends) where people show in a room: the host, the
 * attendees, the guests list and the chat's senders ("" for who has none).
 */

const roomResponse = successEnvelope(roomSchema);
const attendeesResponse = successEnvelope(z.array(attendeeSchema));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const name = (u: TestUser, value: string) =>
  as(t, u)('PATCH', `/v1/users/${u.id}`, { field: 'displayName', value }).then((res) =>
    expect(res.statusCode, res.body).toBe(200),
  );

describe('display names in a room', () => {
  it('answers them for the host, the attendees, the guests list and the chat', async () => {
    const [host, friend, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await makeFriends(t, host, friend);
    await name(host, 'Hostess Ada');
    await name(friend, 'Friendly Ben');
    const { room } = await createRoom(t, host, { isPrivate: false });
    expect(room.host).toMatchObject({ id: host.id, displayName: 'Hostess Ada' });
    for (const u of [friend, stranger])
      expect((await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);

    const seen = roomResponse.parse((await as(t, stranger)('GET', `/v1/rooms/${room.id}`)).json()).data;
    expect(seen.host.displayName).toBe('Hostess Ada');
    const attendees = attendeesResponse.parse(
      (await as(t, stranger)('GET', `/v1/rooms/${room.id}/attendees`)).json(),
    ).data;
    const byId = new Map(attendees.map((a) => [a.id, a]));
    expect(byId.get(host.id)?.displayName).toBe('Hostess Ada');
    expect(byId.get(friend.id)).toMatchObject({ displayName: 'Friendly Ben', email: '' });
    expect(byId.get(stranger.id)?.displayName).toBe('');

    const guests = guestsResponse.parse(
      (await as(t, host)('GET', `/v1/rooms/${room.id}/guests`)).json(),
    ).data;
    expect(guests.find((g) => g.user.id === friend.id)?.user.displayName).toBe('Friendly Ben');

    const sent = await as(t, friend)('POST', `/v1/rooms/${room.id}/messages`, { content: 'Hello' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(messageResponse.parse(sent.json()).data.sender).toMatchObject({
      id: friend.id,
      displayName: 'Friendly Ben',
    });
    await as(t, stranger)('POST', `/v1/rooms/${room.id}/messages`, { content: 'Hi' });
    const page = messagesPageResponse.parse(
      (await as(t, host)('GET', `/v1/rooms/${room.id}/messages`)).json(),
    ).data;
    const senders = new Map(page.messages.map((m) => [m.senderId, m.sender.displayName]));
    expect(senders.get(friend.id)).toBe('Friendly Ben');
    expect(senders.get(stranger.id)).toBe('');
  });
});
