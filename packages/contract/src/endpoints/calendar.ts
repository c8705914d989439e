import { z } from 'zod';
import { userIdParams } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { calendarFeedData, calendarFeedParams, calendarFeedStatusData } from '../plans.js';
import { roomIdParams } from '../rooms.js';

const userCalendar = ['users', 'calendar'] as const;

/** Add to calendar, and the personal calendar feed (docs/api/README.md#calendar, decision 007). */
export const calendarEndpoints = {
  roomIcs: endpoint({
    method: 'GET',
    path: '/rooms/{id}/calendar.ics',
    params: roomIdParams,
    file: 'text/calendar',
    errors: [401, 403, 404],
    access: 'member',
    guests: 'room',
    summary: 'The room as an iCalendar file (RFC 5545) with one event, to add to a calendar (members)',
    tag: ['rooms', 'calendar'],
  }),
  createFeed: endpoint({
    method: 'POST',
    path: '/users/{id}/calendar-feed',
    params: userIdParams,
    data: calendarFeedData,
    errors: [400, 401, 403, 404],
    access: 'self',
    summary:
      'A new secret link to subscribe to your outings from a calendar app; the earlier link stops working (self only). The link is shown only here.',
    tag: userCalendar,
  }),
  feedStatus: endpoint({
    method: 'GET',
    path: '/users/{id}/calendar-feed',
    params: userIdParams,
    data: calendarFeedStatusData,
    errors: [400, 401, 403, 404],
    access: 'self',
    summary: 'Whether you have an active calendar link, and since when (self only)',
    tag: userCalendar,
  }),
  revokeFeed: endpoint({
    method: 'DELETE',
    path: '/users/{id}/calendar-feed',
    params: userIdParams,
    data: z.null(),
    errors: [400, 401, 403, 404],
    access: 'self',
    summary: 'Revoke your calendar link: subscribed calendar apps stop getting updates (self only)',
    tag: userCalendar,
  }),
  // `public`: no token; the secret in the link is the key (404 for any other).
  feed: endpoint({
    method: 'GET',
    path: '/calendar/{secret}.ics',
    params: calendarFeedParams,
    file: 'text/calendar',
    errors: [404, 429],
    access: 'public',
    summary:
      'Your outings as a calendar feed, for a calendar app to subscribe to: no token, the secret link is the key. Open rooms, and rooms closed in the last 30 days as cancelled.',
    tag: 'calendar',
  }),
};
