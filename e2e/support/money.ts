import type { APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.js';
import { auth, nextWeek } from './bills.js';

// Set-up for the Money section spec (issue #18): rooms in a currency and bills of any split, through the API.

async function data<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A public room in `currency` hosted by `host`, which every one of `members` joins. */
export async function createRoomIn(
  request: APIRequestContext,
  host: Account,
  members: Account[],
  currency: string,
  name = 'Weekend in Porto',
): Promise<{ id: string; name: string; currency: string }> {
  const { room } = await data<{ room: { id: string; name: string; currency: string } }>(
    'creating the room',
    await request.post('/v1/rooms', {
      headers: auth(host),
      data: {
        room: {
          name,
          date: nextWeek(),
          venue: 'Cafe',
          venuePlaceId: 'local:cafe',
          time: '19:00',
          imageUrl: '/imgs/travel.png',
          isPrivate: false,
          description: '',
          currency,
        },
        invitees: [],
      },
    }),
  );
  for (const member of members) {
    await data(
      'joining the room',
      await request.patch(`/v1/rooms/${room.id}/join`, { headers: auth(member) }),
    );
  }
  return room;
}

export type SplitBody =
  | { mode: 'equal'; userIds: number[] }
  | { mode: 'shares'; shares: { userId: number; shares: number }[] }
  | {
      mode: 'items';
      items: { name: string; amount: number; userIds: number[] }[];
      charges: { name: string; percent: number }[];
    };

export async function addBill(
  request: APIRequestContext,
  by: Account,
  bill: { roomId: string; name: string; amount?: number; paidBy?: number; split: SplitBody },
): Promise<{ id: number; amount: number }> {
  return data('adding a bill', await request.post('/v1/bills', { headers: auth(by), data: bill }));
}

export async function editBill(
  request: APIRequestContext,
  by: Account,
  billId: number,
  edit: { name?: string; amount?: number; paidBy?: number; split?: SplitBody },
): Promise<{ id: number; amount: number }> {
  return data(
    'editing a bill',
    await request.patch(`/v1/bills/${billId}`, { headers: auth(by), data: edit }),
  );
}
