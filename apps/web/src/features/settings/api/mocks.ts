import { http, HttpResponse } from 'msw';
import { accountEndpoints, calendarEndpoints } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { mockOk, mockRoute } from '../../../mocks/route';

// Mock mode of the settings screens: the calendar feed link, the notification preferences and the account calls
// (password, export, deletion), per signed-in user. Each `createSettingsHandlers` call has its own state, so tests
// start afresh. The mock password of every account is `MOCK_PASSWORD`.

type UserPath = { id: string };

export const MOCK_PASSWORD = 'password123';
const WRONG_PASSWORD = 'That password is not right. Check it and try again.';

const GROUPS = ['friends', 'invites', 'roomChanges', 'money', 'reminders', 'chat'] as const;
type Group = (typeof GROUPS)[number];

export function createSettingsHandlers() {
  const feeds = new Map<number, { secret: string; createdAt: string }>();
  // The groups each user switched off, as the server keeps them; reminders = notify.reminders = eventReminders.
  const notifyOff = new Map<number, Set<Group>>();
  const pushOff = new Map<number, Set<Group>>();
  const offOf = (map: Map<number, Set<Group>>, userId: number) => {
    let set = map.get(userId);
    if (!set) map.set(userId, (set = new Set()));
    return set;
  };
  const preferencesOf = (userId: number) => {
    const nOff = offOf(notifyOff, userId);
    const pOff = offOf(pushOff, userId);
    return {
      eventReminders: !nOff.has('reminders'),
      notify: {
        friends: !nOff.has('friends'),
        invites: !nOff.has('invites'),
        roomChanges: !nOff.has('roomChanges'),
        money: !nOff.has('money'),
        reminders: !nOff.has('reminders'),
      },
      push: Object.fromEntries(GROUPS.map((group) => [group, !pOff.has(group)])),
    };
  };
  const passwords = new Map<number, string>();
  const wrongPassword = (path: string) =>
    fail(400, 'VALIDATION', WRONG_PASSWORD, [{ path, message: WRONG_PASSWORD }]);
  const forbidden = () => fail(403, 'FORBIDDEN', 'You can only change your own settings.');

  return [
    mockRoute(
      calendarEndpoints.feedStatus,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const feed = feeds.get(claims.user_id);
        return mockOk(calendarEndpoints.feedStatus, {
          active: feed !== undefined,
          createdAt: feed?.createdAt ?? null,
        });
      }),
    ),
    mockRoute(
      calendarEndpoints.createFeed,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const secret = crypto.randomUUID().replace(/-/g, '');
        feeds.set(claims.user_id, { secret, createdAt: new Date().toISOString() });
        const url = `${window.location.origin}/v1/calendar/${secret}.ics`;
        return mockOk(calendarEndpoints.createFeed, { url }, 'Calendar link created');
      }),
    ),
    mockRoute(
      calendarEndpoints.revokeFeed,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        feeds.delete(claims.user_id);
        return mockOk(calendarEndpoints.revokeFeed, null, 'Calendar link revoked');
      }),
    ),
    mockRoute(
      accountEndpoints.preferences,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        return ok(preferencesOf(claims.user_id));
      }),
    ),
    mockRoute(
      accountEndpoints.savePreferences,
      signedIn<UserPath>(async ({ claims, params, request }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const body = await readJson(request);
        if (body.eventReminders !== undefined && typeof body.eventReminders !== 'boolean') {
          return fail(400, 'VALIDATION', 'eventReminders must be true or false', [
            { path: 'eventReminders', message: 'Must be true or false' },
          ]);
        }
        const nOff = offOf(notifyOff, claims.user_id);
        const pOff = offOf(pushOff, claims.user_id);
        const apply = (set: Set<Group>, group: Group, on: unknown) => {
          if (on === true) set.delete(group);
          else if (on === false) set.add(group);
        };
        apply(nOff, 'reminders', body.eventReminders);
        const notify = (body.notify ?? {}) as Record<string, unknown>;
        const push = (body.push ?? {}) as Record<string, unknown>;
        for (const group of GROUPS) {
          if (group !== 'chat') apply(nOff, group, notify[group]);
          apply(pOff, group, push[group]);
        }
        return ok(preferencesOf(claims.user_id), 'Preferences saved');
      }),
    ),
    http.patch<UserPath>(
      `${API_BASE}/users/:id/password`,
      signedIn<UserPath>(async ({ claims, params, request }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const body = await readJson(request);
        if (typeof body.code === 'string') {
          if (body.code !== '123456') {
            const message = 'That code is not right. Check it and try again.';
            return fail(400, 'VALIDATION', message, [{ path: 'code', message }]);
          }
        } else if (body.currentPassword !== (passwords.get(claims.user_id) ?? MOCK_PASSWORD)) {
          return wrongPassword('currentPassword');
        }
        if (typeof body.newPassword !== 'string' || body.newPassword.length < 6) {
          return fail(400, 'VALIDATION', 'Password must be at least 6 characters', [
            { path: 'newPassword', message: 'Password must be at least 6 characters' },
          ]);
        }
        passwords.set(claims.user_id, body.newPassword);
        // The mock keeps the same token: the client only reads its claims.
        const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
        return ok(null, 'Password changed', { token });
      }),
    ),
    http.get<UserPath>(
      `${API_BASE}/users/:id/export`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const file = {
          format: 'outing-account-export',
          version: 1,
          exportedAt: new Date().toISOString(),
          profile: { id: claims.user_id, username: claims.username, email: claims.user_email },
          preferences: preferencesOf(claims.user_id),
        };
        return HttpResponse.json(file, {
          headers: {
            'Content-Disposition': `attachment; filename="outing-${claims.username}.json"`,
            'Cache-Control': 'no-store',
          },
        });
      }),
    ),
    http.post<UserPath>(
      `${API_BASE}/users/:id/confirmation-code`,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        return ok({ email: claims.user_email }, 'Code sent');
      }),
    ),
    http.delete<UserPath>(
      `${API_BASE}/users/:id`,
      signedIn<UserPath>(async ({ claims, params, request }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const body = await readJson(request);
        if (typeof body.code === 'string') {
          if (body.code !== '123456') {
            const message = 'That code is not right. Check it and try again.';
            return fail(400, 'VALIDATION', message, [{ path: 'code', message }]);
          }
        } else if (body.password !== (passwords.get(claims.user_id) ?? MOCK_PASSWORD)) {
          return wrongPassword('password');
        }
        return ok(null, 'Account deleted');
      }),
    ),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const settingsHandlers = createSettingsHandlers();
