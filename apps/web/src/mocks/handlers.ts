import type { RequestHandler } from 'msw';
import { activityHandlers } from '../features/activity/api/mocks';
import { balancesHandlers } from '../features/balances/api/mocks';
import { authHandlers } from '../features/auth/api/mocks';
import { friendsHandlers } from '../features/friends/api/mocks';
import { invitesHandlers } from '../features/invites/api/mocks';
import { notificationsHandlers } from '../features/notifications/api/mocks';
import { profileHandlers } from '../features/profile/api/mocks';
import { billsHandlers } from '../features/bills/api/mocks';
import { chatHandlers } from '../features/chat/api/mocks';
import { chatReadsHandlers } from '../features/chat/api/reads-mocks';
import { roomsHandlers } from '../features/rooms/api/mocks';
import { paymentsHandlers } from '../features/payments/api/mocks';
import { transactionsHandlers } from '../features/transactions/api/mocks';
import { systemHandlers } from '../features/system/api/mocks';
import { settingsHandlers } from '../features/settings/api/mocks';

/**
 * Every call's mock answer (docs/product.md#mock-mode; docs/principles.md, principle 7). A feature adds its handlers
 * in `src/features/<name>/api/mocks.ts` and lists them here.
 */
export const handlers: RequestHandler[] = [
  ...systemHandlers,
  ...activityHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...friendsHandlers,
  ...invitesHandlers,
  ...notificationsHandlers,
  // Bills before rooms: both answer GET /bills/consolidate/:roomId, and the bills one knows new consolidations.
  ...billsHandlers,
  // Before rooms: their GET /rooms/:id would answer GET /rooms/unread.
  ...chatReadsHandlers,
  // Before chat: it answers GET /rooms/:id too, for its own screen's tests.
  ...roomsHandlers,
  ...transactionsHandlers,
  ...paymentsHandlers,
  ...balancesHandlers,
  ...chatHandlers,
  ...settingsHandlers,
];
