import { http } from 'msw';
import type { RouteObject } from 'react-router';
import { billEndpoints, type Balances, type Bill, type Room, type User } from '@outing/contract';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { signedIn } from '@/mocks/request';
import { renderApp } from './render-app';
import { server } from './server';
import { makeToken } from './tokens';
import { mockRoom } from '@/mocks/rooms/handlers';
import { noTransactions } from '@/features/transactions/testing';
import { mockFixed, mockFixedPage, mockOk, mockSignedIn } from '@/mocks/route';
import { testBill, type TestBill } from '@/features/bills/testing';

// Shared by the bill screens' tests: a room of three (ada, the signed-in test user, ben and chloe) and routes
// with a stand-in room page, so a test needs nothing from the rooms feature.

export const ROOM_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const ada = { id: 7, username: 'ada', email: '', pictureUrl: '' };
export const ben = { id: 11, username: 'ben_k', email: '', pictureUrl: '' };
export const chloe = { id: 12, username: 'chloe.m', email: '', pictureUrl: '' };
export const dev = { id: 13, username: 'dev_patel', email: '', pictureUrl: '' };

/** A test's room: what GET /rooms/{id} and /attendees answer, and its money's fixed answers. */
export interface TestRoom {
  id: string;
  /** GET /bills/consolidate/{roomId} says the room was settled up (a fixed state). */
  consolidated?: boolean;
  /** GET /rooms/{id}/balances answers this as written; else nobody owes anything. */
  balances?: Balances;
  name: string;
  hostId: number;
  /** Member ids, the host first. */
  members: number[];
  isClosed?: boolean;
  /** ISO 4217; USD when left out. */
  currency?: string;
}

export interface TestSeed {
  people: User[];
  rooms: TestRoom[];
  /** Newest first, as GET /bills answers them. */
  bills: Bill[];
}

/** Board Game Night (ada the host, ben, chloe) with `bills` (newest first) in its currency. */
export function roomSeed(overrides: Partial<TestRoom> = {}, bills: TestBill[] = []): TestSeed {
  const room = {
    id: ROOM_ID,
    name: 'Board Game Night',
    hostId: ada.id,
    members: [ada.id, ben.id, chloe.id],
    ...overrides,
  };
  return {
    people: [ada, ben, chloe, dev],
    rooms: [room],
    bills: bills.map((b) => testBill(room.id, { currency: room.currency, ...b })),
  };
}

/** A room as GET /v1/rooms/{id} answers it. */
function roomOf(room: TestRoom, people: User[]): Room {
  const host = people.find((p) => p.id === room.hostId)!;
  const date = new Date(Date.now() + 7 * 24 * 60 * 60_000);
  date.setUTCHours(0, 0, 0, 0);
  const iso = date.toISOString();
  return {
    ...mockRoom({ date: iso, time: '19:30', attendeesCount: room.members.length }),
    id: room.id,
    name: room.name,
    time: '19:30',
    venue: 'Draughts Waterloo',
    venuePlaceId: 'mock:draughts-waterloo',
    venueUrl: 'https://www.google.com/maps/search/?api=1&query=Draughts%20Waterloo',
    imageUrl: '/imgs/gathering.png',
    date: iso,
    description: '',
    attendeesCount: room.members.length,
    hostId: room.hostId,
    host: { ...host, email: '' },
    createdAt: iso,
    updatedAt: iso,
    isClosed: room.isClosed ?? false,
    isPrivate: false,
    url: `${location.origin}/room/${room.id}`,
    currency: room.currency ?? 'USD',
  };
}

/** GET /v1/rooms/{id} and /attendees of the seed's rooms (every member going). */
function roomHandlers(seed: TestSeed) {
  const find = (id: unknown) => seed.rooms.find((r) => r.id === id);
  const notFound = () => fail(404, 'NOT_FOUND', 'Room not found.');
  return [
    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id`,
      signedIn(({ params }) => {
        const room = find(params.id);
        return room ? ok(roomOf(room, seed.people)) : notFound();
      }),
    ),
    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/attendees`,
      signedIn(({ params }) => {
        const room = find(params.id);
        if (!room) return notFound();
        const member = (id: number) => seed.people.find((p) => p.id === id)!;
        return ok(room.members.map((id) => ({ ...member(id), email: '', rsvp: 'going' })));
      }),
    ),
  ];
}

/** The seed's bills and its (first) room's money, as written; any other call is the mocks' (src/mocks/handlers.ts). */
function billHandlers(seed: TestSeed) {
  const [room] = seed.rooms;
  const find = (id: string) => seed.bills.find((b) => String(b.id) === id);
  const billNotFound = () => fail(404, 'NOT_FOUND', 'Bill not found.');
  return [
    mockFixedPage(billEndpoints.list, seed.bills),
    mockFixed(billEndpoints.roomBalances, room?.balances ?? { currency: 'USD', members: [], transfers: [] }),
    mockFixed(billEndpoints.consolidation, { isConsolidated: room?.consolidated ?? false }),
    mockSignedIn(billEndpoints.edit, ({ params }) => {
      const bill = find(params.id);
      return bill ? mockOk(billEndpoints.edit, bill, 'Bill updated') : billNotFound();
    }),
    mockSignedIn(billEndpoints.restore, ({ params }) => {
      const bill = find(params.id);
      return bill ? mockOk(billEndpoints.restore, bill, 'Bill restored') : billNotFound();
    }),
  ];
}

/** Serves the bills, room and (empty) transactions calls from `seed`. */
export function serveBills(seed: TestSeed = roomSeed()) {
  server.use(...billHandlers(seed), ...roomHandlers(seed), noTransactions());
}

export const billRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    hydrateFallbackElement: <p>Loading</p>,
    children: [
      {
        path: 'room/:roomId/bill/create',
        lazy: async () => ({ Component: (await import('@/features/bills/pages/create-bill-page')).default }),
      },
      {
        path: 'room/:roomId/bill/:billId/edit',
        lazy: async () => ({ Component: (await import('@/features/bills/pages/edit-bill-page')).default }),
      },
      { path: 'room/:roomId', element: <h1>Room page</h1> },
    ],
  },
];

export function renderBillScreen(path: string, state?: unknown, token = makeToken()) {
  return renderApp(state === undefined ? path : { pathname: path, state }, { token, routeList: billRoutes });
}
