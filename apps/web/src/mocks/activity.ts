import { billEndpoints } from '@outing/contract';
import { mockFixedPage } from './route';

/**
 * Mock mode's history (GET /v1/rooms/{id}/activity, GET /v1/bills/{id}/activity): nothing has happened yet. Thin
 * (docs/principles.md, principle 7): what the server records is tested against it (activity-list.server.test.tsx).
 */
export const activityHandlers = [
  mockFixedPage(billEndpoints.roomActivity, []),
  mockFixedPage(billEndpoints.billActivity, []),
];
