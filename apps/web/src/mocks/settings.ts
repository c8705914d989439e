import { HttpResponse } from 'msw';
import { accountEndpoints, calendarEndpoints } from '@outing/contract';
import { fail, ok } from './envelope';
import { readJson, signedIn } from './request';
import { mockOk, mockRoute } from './route';

// Mock mode of the settings screens: the calendar feed link, the notification preferences and the account calls
// (password, export, deletion). The mock password of every account is `MOCK_PASSWORD`.

type UserPath = { id: string };

export const MOCK_PASSWORD = 'password123';
const WRONG_PASSWORD = 'That password is not right. Check it and try again.';

/** Everything on, as for a new account (docs/notifications.md). */
const preferencesOn = {
  eventReminders: true,
  notify: { friends: true, invites: true, roomChanges: true, money: true, reminders: true },
  push: { friends: true, invites: true, roomChanges: true, money: true, reminders: true, chat: true },
};

/**
 * Fixed answers (docs/principles.md, principle 7): the calendar link is off and the notifications all on; saving
 * answers what was sent over the defaults and stores nothing. What is saved and read back is the server's, tested
 * against it (settings.server.test.tsx).
 */
export function createSettingsHandlers() {
  const passwords = new Map<number, string>();
  const wrongPassword = (path: string) =>
    fail(400, 'VALIDATION', WRONG_PASSWORD, [{ path, message: WRONG_PASSWORD }]);
  const forbidden = () => fail(403, 'FORBIDDEN', 'You can only change your own settings.');

  return [
    mockRoute(
      calendarEndpoints.feedStatus,
      signedIn(() => mockOk(calendarEndpoints.feedStatus, { active: false, createdAt: null })),
    ),
    mockRoute(
      calendarEndpoints.createFeed,
      signedIn(() => {
        const url = `${window.location.origin}/v1/calendar/${crypto.randomUUID().replace(/-/g, '')}.ics`;
        return mockOk(calendarEndpoints.createFeed, { url }, 'Calendar link created');
      }),
    ),
    mockRoute(
      calendarEndpoints.revokeFeed,
      signedIn(() => mockOk(calendarEndpoints.revokeFeed, null, 'Calendar link revoked')),
    ),
    mockRoute(
      accountEndpoints.preferences,
      signedIn(() => mockOk(accountEndpoints.preferences, preferencesOn)),
    ),
    mockRoute(
      accountEndpoints.savePreferences,
      signedIn(async ({ request }) => {
        const sent = await readJson(request);
        const saved = {
          eventReminders: typeof sent.eventReminders === 'boolean' ? sent.eventReminders : true,
          notify: { ...preferencesOn.notify, ...(sent.notify as object) },
          push: { ...preferencesOn.push, ...(sent.push as object) },
        };
        return mockOk(accountEndpoints.savePreferences, saved, 'Preferences saved');
      }),
    ),
    mockRoute(
      accountEndpoints.changePassword,
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
    mockRoute(
      accountEndpoints.export,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        const file = {
          format: 'outing-account-export',
          version: 1,
          exportedAt: new Date().toISOString(),
          profile: { id: claims.user_id, username: claims.username, email: claims.user_email },
          preferences: preferencesOn,
        };
        return HttpResponse.json(file, {
          headers: {
            'Content-Disposition': `attachment; filename="outing-${claims.username}.json"`,
            'Cache-Control': 'no-store',
          },
        });
      }),
    ),
    mockRoute(
      accountEndpoints.confirmationCode,
      signedIn<UserPath>(({ claims, params }) => {
        if (String(claims.user_id) !== params.id) return forbidden();
        return ok({ email: claims.user_email }, 'Code sent');
      }),
    ),
    mockRoute(
      accountEndpoints.deleteAccount,
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
