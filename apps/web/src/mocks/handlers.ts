import type { RequestHandler } from 'msw';
import { activityHandlers } from './activity';
import { balancesHandlers } from './balances';
import { authHandlers } from './auth';
import { friendsHandlers } from './friends';
import { invitesHandlers } from './invites';
import { notificationsHandlers } from './notifications';
import { profileHandlers } from './profile/handlers';
import { billsHandlers } from './bills/handlers';
import { chatHandlers } from './chat/handlers';
import { chatReadsHandlers } from './chat/reads';
import { exploreHandlers } from './explore';
import { roomsHandlers } from './rooms/handlers';
import { paymentsHandlers } from './payments';
import { transactionsHandlers } from './transactions';
import { systemHandlers } from './system';
import { settingsHandlers } from './settings';

/** What `byPath` sorts on: each segment of a handler's path, `0` for a literal, `1` for a parameter or wildcard. */
function shapeOf(handler: RequestHandler): string {
  const path = (handler.info as { path?: unknown }).path;
  if (typeof path !== 'string') return '';
  return path.replace(/[^/]+/g, (segment) => (/[:*]/.test(segment) ? '1' : '0'));
}

/**
 * Literal segments before parameters, position by position, as the server's router matches: GET /rooms/unread is
 * answered by its own handler, not by GET /rooms/:id, whichever feature is listed first. Otherwise the order of the
 * lists below does not matter (handlers.test.ts: no two handlers answer the same method and path).
 */
export function byPath(list: readonly RequestHandler[]): RequestHandler[] {
  const shaped = list.map((handler) => [shapeOf(handler), handler] as const);
  return shaped.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, handler]) => handler);
}

/**
 * Every call's mock answer (docs/product.md#mock-mode; docs/principles.md, principle 7). A feature adds its handlers
 * in `src/mocks/<name>` and lists them here, in any order.
 */
export const handlers: RequestHandler[] = byPath([
  ...systemHandlers,
  ...activityHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...friendsHandlers,
  ...invitesHandlers,
  ...notificationsHandlers,
  ...billsHandlers,
  ...chatReadsHandlers,
  ...roomsHandlers,
  ...exploreHandlers,
  ...transactionsHandlers,
  ...paymentsHandlers,
  ...balancesHandlers,
  ...chatHandlers,
  ...settingsHandlers,
]);
