import { get, r, selfOnly, type Row } from './authz-kinds.js';

/** Matrix rows of reminders (issue #20 item 7): a user's own preferences only (per group: authz-matrix-notify.ts). */
export const reminders: Row[] = [
  {
    method: 'GET',
    route: '/v1/users/:id/preferences',
    scope: 'self',
    request: (_w, c) => get(`/v1/users/${c.id}/preferences`),
    expect: selfOnly(200),
  },
  {
    method: 'PATCH',
    route: '/v1/users/:id/preferences',
    scope: 'self',
    // Writes back the value every user starts with: the row may run in any order with the others.
    request: (_w, c) => r('PATCH', `/v1/users/${c.id}/preferences`, { eventReminders: true }),
    expect: selfOnly(200),
  },
];
