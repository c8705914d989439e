import { HttpResponse } from 'msw';
import { accountEndpoints, calendarEndpoints } from '@outing/contract';
import { ok } from './envelope';
import { readJson } from './request';
import { mockFixed, mockOk, mockSignedIn } from './route';

// Mock mode of the settings screens: the calendar feed link, the notification preferences and the account calls
// (password, export, deletion).

/** Everything on, as for a new account (docs/notifications.md). */
const preferencesOn = {
  eventReminders: true,
  notify: { friends: true, invites: true, roomChanges: true, money: true, reminders: true },
  push: { friends: true, invites: true, roomChanges: true, money: true, reminders: true, chat: true },
};

/**
 * Fixed answers (docs/principles.md, principle 7): the calendar link is off and the notifications all on; saving
 * answers what was sent over the defaults and stores nothing; a password change or a deletion succeeds whatever
 * password or code is sent. What is saved and read back, and which password or code is right, are the server's,
 * tested against it (settings.server.test.tsx); the screens' refusals are per-test handlers.
 */
export function createSettingsHandlers() {
  return [
    mockFixed(calendarEndpoints.feedStatus, { active: false, createdAt: null }),
    mockSignedIn(calendarEndpoints.createFeed, () => {
      const url = `${window.location.origin}/v1/calendar/${crypto.randomUUID().replace(/-/g, '')}.ics`;
      return mockOk(calendarEndpoints.createFeed, { url }, 'Calendar link created');
    }),
    mockFixed(calendarEndpoints.revokeFeed, null, 'Calendar link revoked'),
    mockFixed(accountEndpoints.preferences, preferencesOn),
    mockSignedIn(accountEndpoints.savePreferences, async ({ request }) => {
      const sent = await readJson(request);
      const saved = {
        eventReminders: typeof sent.eventReminders === 'boolean' ? sent.eventReminders : true,
        notify: { ...preferencesOn.notify, ...(sent.notify as object) },
        push: { ...preferencesOn.push, ...(sent.push as object) },
      };
      return mockOk(accountEndpoints.savePreferences, saved, 'Preferences saved');
    }),
    mockSignedIn(accountEndpoints.changePassword, ({ request }) => {
      // The same token back: the client only reads its claims.
      const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
      return ok(null, 'Password changed', { token });
    }),
    mockSignedIn(accountEndpoints.export, ({ claims }) => {
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
    mockSignedIn(accountEndpoints.confirmationCode, ({ claims }) =>
      ok({ email: claims.user_email }, 'Code sent'),
    ),
    mockSignedIn(accountEndpoints.deleteAccount, () => ok(null, 'Account deleted')),
  ];
}

export const settingsHandlers = createSettingsHandlers();
