import type { RequestHandler } from 'msw';
import { authHandlers } from '../features/auth/api/mocks';
import { friendsHandlers } from '../features/friends/api/mocks';
import { notificationsHandlers } from '../features/notifications/api/mocks';
import { profileHandlers } from '../features/profile/api/mocks';
import { profileRoomCountHandlers } from '../features/profile/api/profile-mocks';
import { systemHandlers } from '../features/system/api/mocks';

/**
 * Every call's mock answer (DESIGN principle 7). A feature adds its handlers in
 * `src/features/<name>/api/mocks.ts` and lists them here.
 */
export const handlers: RequestHandler[] = [
  ...systemHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...friendsHandlers,
  ...notificationsHandlers,
  // The profile’s room count; moves to the rooms feature’s handlers when that screen is built.
  ...profileRoomCountHandlers,
];
