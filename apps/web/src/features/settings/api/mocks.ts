import { http } from 'msw';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';

// Mock mode of the settings screen: the calendar feed link and the reminder preference, per signed-in user. Each
// `createSettingsHandlers` call has its own state, so tests start afresh.

type UserPath = { id: string };

export function createSettingsHandlers() {
  const feeds = new Map<number, { secret: string; createdAt: string }>();
  const reminders = new Map<number, boolean>();
  const forbidden = () => fail(403, 'FORBIDDEN', 'You can only change your own settings.');

  return [
    http.get<UserPath>(
      `${API_BASE}/users/:id/calendar-feed`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const feed = feeds.get(claims.user_id);
        return ok({ active: feed !== undefined, createdAt: feed?.createdAt ?? null });
      }),
    ),
    http.post<UserPath>(
      `${API_BASE}/users/:id/calendar-feed`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const secret = crypto.randomUUID().replace(/-/g, '');
        feeds.set(claims.user_id, { secret, createdAt: new Date().toISOString() });
        return ok({ url: `${window.location.origin}/v1/calendar/${secret}.ics` }, 'Calendar link created');
      }),
    ),
    http.delete<UserPath>(
      `${API_BASE}/users/:id/calendar-feed`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        feeds.delete(claims.user_id);
        return ok(null, 'Calendar link revoked');
      }),
    ),
    http.get<UserPath>(
      `${API_BASE}/users/:id/preferences`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        return ok({ eventReminders: reminders.get(claims.user_id) ?? true });
      }),
    ),
    http.patch<UserPath>(
      `${API_BASE}/users/:id/preferences`,
      signedIn<UserPath>(async ({ claims, params, request }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const body = await readJson(request);
        if (body.eventReminders !== undefined && typeof body.eventReminders !== 'boolean') {
          return fail(400, 'VALIDATION', 'eventReminders must be true or false', [
            { path: 'eventReminders', message: 'Must be true or false' },
          ]);
        }
        if (typeof body.eventReminders === 'boolean') reminders.set(claims.user_id, body.eventReminders);
        return ok({ eventReminders: reminders.get(claims.user_id) ?? true }, 'Preferences saved');
      }),
    ),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const settingsHandlers = createSettingsHandlers();
