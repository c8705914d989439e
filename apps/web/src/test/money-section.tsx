import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { useAuth } from '@/hooks/use-auth';
import { renderApp } from './render-app';
import { makeToken } from './tokens';
import type { TestBill } from '@/features/bills/testing';
import { useBillAttendees, useBillRoom } from '@/features/bills/api/get-room';
import { ada, ben, chloe, ROOM_ID, roomSeed, serveBills, type TestSeed } from './bill-screens';
import { MoneySection } from '@/features/bills/components/money-section';

// Test helpers of the Money section: the section alone on a stand-in room page, its bills served by serveBills.

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

/**
 * Newest first: Taxi 12.00 paid by ben, added by ada, by shares ben 1 : chloe 2; Dinner 30.00 by ada for all three.
 * Their shares are written as the server splits them (money-section.server.test.tsx has the server split them).
 */
export const dinnerAndTaxi: TestBill[] = [
  {
    id: 2,
    name: 'Taxi',
    amount: 12,
    owner: ben,
    shares: [
      [ben.id, 4],
      [chloe.id, 8],
    ],
    split: {
      mode: 'shares',
      shares: [
        { userId: ben.id, shares: 1 },
        { userId: chloe.id, shares: 2 },
      ],
    },
    createdBy: ada.id,
    minutesAgo: 60,
  },
  {
    id: 1,
    name: 'Dinner',
    amount: 30,
    owner: ada,
    shares: [
      [ada.id, 10],
      [ben.id, 10],
      [chloe.id, 10],
    ],
    minutesAgo: 120,
  },
];

export function renderMoney(
  options: {
    seed?: TestSeed;
    as?: { id: number; username: string };
    search?: string;
    /** Rendered beside the router, inside the providers (a probe of the query client). */
    outsideRouter?: ReactNode;
  } = {},
) {
  serveBills(options.seed ?? roomSeed({}, dinnerAndTaxi));
  const me = options.as ?? ada;
  const view = renderApp(`/room/${ROOM_ID}${options.search ?? ''}`, {
    token: makeToken({ user_id: me.id, username: me.username }),
    routeList: routes,
    outsideRouter: options.outsideRouter,
  });
  return view;
}
