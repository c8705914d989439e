import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../app/routes/protected-route';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { makeToken } from '../../test/tokens';
import {
  createTransactionsHandlers,
  createTransactionsStore,
  type TransactionSeed,
  type TransactionsMockStore,
} from '../transactions/api/mocks';
import {
  createBillRoomHandlers,
  createBillsHandlers,
  type BillsMockSeed,
  type MockBillSeed,
} from './api/mocks';

// Shared by the bill screens' tests: a room of three (ada, the signed-in test user, ben and chloe) and routes
// with a stand-in room page, so a test needs nothing from the rooms feature.

export const ROOM_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const ada = { id: 7, username: 'ada', email: '', pictureUrl: '' };
export const ben = { id: 11, username: 'ben_k', email: '', pictureUrl: '' };
export const chloe = { id: 12, username: 'chloe.m', email: '', pictureUrl: '' };
export const dev = { id: 13, username: 'dev_patel', email: '', pictureUrl: '' };

export function roomSeed(
  overrides: Partial<BillsMockSeed['rooms'][number]> = {},
  bills: MockBillSeed[] = [],
) {
  return {
    people: [ada, ben, chloe, dev],
    rooms: [
      {
        id: ROOM_ID,
        name: 'Board Game Night',
        hostId: ada.id,
        members: [ada.id, ben.id, chloe.id],
        ...overrides,
      },
    ],
    bills,
  } satisfies BillsMockSeed;
}

/** Serves the bills, room and transactions calls from `seed`; returns the transactions store. */
export function serveBills(
  seed: BillsMockSeed = roomSeed(),
  transactions: TransactionSeed[] = [],
): TransactionsMockStore {
  const store = createTransactionsStore(transactions);
  server.use(
    ...createBillsHandlers(seed, store),
    ...createBillRoomHandlers(seed),
    ...createTransactionsHandlers(store),
  );
  return store;
}

export const billRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    hydrateFallbackElement: <p>Loading</p>,
    children: [
      {
        path: 'room/:roomId/bill/create',
        lazy: async () => ({ Component: (await import('./pages/create-bill-page')).default }),
      },
      {
        path: 'room/:roomId/bill/:billId/edit',
        lazy: async () => ({ Component: (await import('./pages/edit-bill-page')).default }),
      },
      { path: 'room/:roomId', element: <h1>Room page</h1> },
    ],
  },
];

export function renderBillScreen(path: string, state?: unknown, token = makeToken()) {
  return renderApp(state === undefined ? path : { pathname: path, state }, { token, routeList: billRoutes });
}
