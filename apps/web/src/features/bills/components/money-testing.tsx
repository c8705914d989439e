import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { ProtectedRoute } from '../../../app/routes/protected-route';
import { useAuth } from '../../../hooks/use-auth';
import { renderApp } from '../../../test/render-app';
import { makeToken } from '../../../test/tokens';
import type { TransactionSeed } from '../../transactions/api/mocks';
import type { BillsMockSeed, MockBillSeed } from '../api/mocks';
import { useBillAttendees, useBillRoom } from '../api/get-room';
import { ada, ben, chloe, ROOM_ID, roomSeed, serveBills } from '../test-support';
import { MoneySection } from './money-section';

// Test helpers of the Money section: the section alone on a stand-in room page, served by the bills mocks.

function Harness() {
  const { user } = useAuth();
  const { search } = useLocation();
  const room = useBillRoom(ROOM_ID);
  const attendees = useBillAttendees(ROOM_ID);
  if (!room.data || !attendees.data) return <p>Loading room</p>;
  return (
    <main>
      <p data-testid="search">{search}</p>
      <MoneySection room={room.data} meId={user.id} attendees={attendees.data} />
    </main>
  );
}

const routes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    hydrateFallbackElement: <p>Loading</p>,
    children: [
      { path: 'room/:roomId', element: <Harness /> },
      { path: 'room/:roomId/bill/:billId/edit', element: <h1>Edit bill page</h1> },
      { path: 'room/:roomId/bill/create', element: <h1>Add bill page</h1> },
    ],
  },
];

/** Dinner 30.00 by ada for all three (10.00 each); Taxi 12.00 paid by ben, added by ada, by shares ben 1 : chloe 2. */
export const dinnerAndTaxi: MockBillSeed[] = [
  {
    id: 1,
    roomId: ROOM_ID,
    name: 'Dinner',
    amount: 30,
    ownerId: ada.id,
    payers: [ben.id, chloe.id],
    includeOwner: true,
    addedMinutesAgo: 120,
  },
  {
    id: 2,
    roomId: ROOM_ID,
    name: 'Taxi',
    amount: 12,
    ownerId: ben.id,
    payers: [],
    includeOwner: false,
    split: {
      mode: 'shares',
      shares: [
        { userId: ben.id, shares: 1 },
        { userId: chloe.id, shares: 2 },
      ],
    },
    createdBy: ada.id,
    addedMinutesAgo: 60,
  },
];

export function renderMoney(
  options: {
    seed?: BillsMockSeed;
    transactions?: TransactionSeed[];
    as?: { id: number; username: string };
    search?: string;
    /** Rendered beside the router, inside the providers (a probe of the query client). */
    outsideRouter?: ReactNode;
  } = {},
) {
  const store = serveBills(options.seed ?? roomSeed({}, dinnerAndTaxi), options.transactions ?? []);
  const me = options.as ?? ada;
  const view = renderApp(`/room/${ROOM_ID}${options.search ?? ''}`, {
    token: makeToken({ user_id: me.id, username: me.username }),
    routeList: routes,
    outsideRouter: options.outsideRouter,
  });
  return { ...view, store };
}
