import { test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openSignedIn, type Account } from './accounts.js';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Makes `a` and `b` friends through the API: a asks, b accepts. */
export async function befriend(request: APIRequestContext, a: Account, b: Account): Promise<void> {
  const sent = await request.post(`/v1/users/${a.id}/friends/requests`, {
    headers: auth(a),
    data: { friendId: b.id },
  });
  if (!sent.ok()) throw new Error(`friend request failed: ${sent.status()} ${await sent.text()}`);
  const requestId = ((await sent.json()) as { data: { id: number } }).data.id;
  const accepted = await request.patch(`/v1/users/${b.id}/friends/requests`, {
    headers: auth(b),
    data: { requestId, action: 'accept' },
  });
  if (!accepted.ok()) throw new Error(`accepting failed: ${accepted.status()} ${await accepted.text()}`);
}

/** `YYYY-MM-DD`, `days` from today (UTC, the browsers' time zone in these tests). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface ApiRoom {
  id: string;
  name: string;
  url: string;
}

/** Creates a room through the API (a venue as the local provider offers it), hosted by `host`. */
export async function createRoomViaApi(
  request: APIRequestContext,
  host: Account,
  room: {
    name: string;
    venue: string;
    image?: string;
    inDays?: number;
    isPrivate?: boolean;
    time?: string;
    description?: string;
    capacity?: number | null;
  },
  invitees: number[] = [],
): Promise<ApiRoom> {
  const slug = room.venue.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const res = await request.post('/v1/rooms', {
    headers: auth(host),
    data: {
      room: {
        name: room.name,
        date: dayFromToday(room.inDays ?? 7),
        venue: room.venue,
        venuePlaceId: `local:${slug}`,
        time: room.time ?? '18:30',
        imageUrl: `/imgs/${room.image ?? 'gathering'}.png`,
        isPrivate: room.isPrivate ?? false,
        description: room.description ?? '',
        // Only when asked: the room then waitlists joiners once full (docs/api/README.md#plans).
        ...(room.capacity !== undefined ? { capacity: room.capacity } : {}),
      },
      invitees,
    },
  });
  if (!res.ok()) throw new Error(`creating a room failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { room: ApiRoom } }).data.room;
}

const opened: BrowserContext[] = [];

/** Closes the contexts `personPage` opened (call it after each test: the browser outlives the test). */
export async function closePeople(): Promise<void> {
  await Promise.all(opened.splice(0).map((context) => context.close()));
}

/** A person with a browser context of their own at 390×844, signed in as `account`, at `path`. */
export async function personPage(
  browser: Browser,
  account: Account,
  path: string,
  permissions: string[] = [],
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    permissions,
  });
  opened.push(context);
  const page = await context.newPage();
  await openSignedIn(page, account, path);
  return page;
}

/** The date as the room page shows it (en-GB, e.g. "Sat, 28 Nov 2026"). */
export function roomDateLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
