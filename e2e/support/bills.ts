import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openSignedIn, type Account } from './accounts.js';

// Set-up for the bills specs: rooms, joins, bills and consolidation through the API where the screen is not the
// thing under test.

export const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function ok<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** `YYYY-MM-DD` a week from today (UTC). */
export function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** A public room hosted by `host`, which every one of `members` joins. */
export async function createRoomWith(
  request: APIRequestContext,
  host: Account,
  members: Account[],
  name = 'Team dinner',
): Promise<{ id: string; name: string }> {
  const { room } = await ok<{ room: { id: string; name: string } }>(
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
          imageUrl: '/imgs/party.png',
          isPrivate: false,
          description: '',
        },
        invitees: [],
      },
    }),
  );
  for (const member of members) {
    await ok('joining the room', await request.patch(`/v1/rooms/${room.id}/join`, { headers: auth(member) }));
  }
  return room;
}

export interface ApiBill {
  id: number;
  name: string;
  amount: number;
  ownerId: number;
}

export async function createBillViaApi(
  request: APIRequestContext,
  owner: Account,
  bill: { roomId: string; name: string; amount: number; payers: number[]; includeOwner: boolean },
): Promise<ApiBill> {
  return ok<ApiBill>(
    'creating a bill',
    await request.post('/v1/bills', { headers: auth(owner), data: bill }),
  );
}

export async function billsOf(
  request: APIRequestContext,
  member: Account,
  roomId: string,
): Promise<ApiBill[]> {
  return ok<ApiBill[]>(
    'listing bills',
    await request.get(`/v1/bills?roomId=${roomId}`, { headers: auth(member) }),
  );
}

export async function consolidateViaApi(request: APIRequestContext, host: Account, roomId: string) {
  return ok<unknown[]>(
    'consolidating',
    await request.post('/v1/bills/consolidate', { headers: auth(host), data: { roomId } }),
  );
}

export interface ApiTransaction {
  id: number;
  roomId: string;
  payerId: number;
  payeeId: number;
  amount: number;
  isPaid: boolean;
}

export async function transactionsOf(
  request: APIRequestContext,
  account: Account,
  isPaid: boolean,
): Promise<ApiTransaction[]> {
  return ok<ApiTransaction[]>(
    'listing transactions',
    await request.get(`/v1/transactions?isPaid=${isPaid}`, { headers: auth(account) }),
  );
}

/**
 * The scenario of the bills specs: `ann` hosts, `ben` and `cal` join (created in that order, so their ids
 * ascend). Dinner 10.00 by ann, shared by all three; Taxi 7.00 by ben, for ann and cal only.
 *
 * Dinner's odd cent goes to the participant at position `dinnerId mod 3` (docs/api/README.md#splitting): ann, ben or cal.
 * Taxi is 3.50 each. The balances leave cal owing both others, so the fewest payments are cal → ann, cal → ben:
 */
export function expectedPayments(dinnerId: number): { calToAnn: string; calToBen: string } {
  // The rooms are in USD, which an en-GB browser writes "US$" (amounts are formatted in the room's currency and the
  // user's locale since issue #18).
  switch (dinnerId % 3) {
    case 0: // ann pays 3.34: ann +3.33 +3.33 −3.50 = +3.16; ben −3.33 +7.00 = +3.67
      return { calToAnn: 'US$3.16', calToBen: 'US$3.67' };
    case 1: // ben pays 3.34: ann +3.34 +3.33 −3.50 = +3.17; ben −3.34 +7.00 = +3.66
      return { calToAnn: 'US$3.17', calToBen: 'US$3.66' };
    default: // cal pays 3.34: ann +3.33 +3.34 −3.50 = +3.17; ben −3.33 +7.00 = +3.67
      return { calToAnn: 'US$3.17', calToBen: 'US$3.67' };
  }
}

/** A person with a browser context of their own at 390×844 (en-GB, UTC), signed in as `account`, at `path`. */
export async function personPage(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await openSignedIn(page, account, path);
  return page;
}

/** "22 Nov": the history's label for today (en-GB, UTC). */
export function todayLabel(): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(),
  );
}

/** Tailwind's emerald-700 and red-700 as the browser computes them: money received, money paid. */
export const GREEN = 'oklch(0.508 0.118 165.612)';
export const RED = 'oklch(0.505 0.213 27.518)';
