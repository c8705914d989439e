import { billEndpoints } from '@outing/contract';
import { signedIn } from './request';
import { mockPage, mockRoute } from './route';

/**
 * Mock mode's history (GET /v1/rooms/{id}/activity, GET /v1/bills/{id}/activity): nothing has happened yet. Thin
 * (docs/principles.md, principle 7): what the server records is tested against it (activity-list.server.test.tsx).
 */
export const activityHandlers = [
  mockRoute(
    billEndpoints.roomActivity,
    signedIn(({ request }) => mockPage(billEndpoints.roomActivity, [], request)),
  ),
  mockRoute(
    billEndpoints.billActivity,
    signedIn(({ request }) => mockPage(billEndpoints.billActivity, [], request)),
  ),
];
