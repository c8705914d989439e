import { HttpResponse } from 'msw';
import { accountEndpoints, calendarEndpoints } from '@outing/contract';
import { ok } from './envelope';
import { readJson } from './request';
import { mockFixed, mockOk, mockSignedIn } from './route';

// Mock mode of the settings screens: the calendar feed link, the notification preferences and the account calls.
// Fixed answers (docs/principles.md, principle 7): the calendar link is off and the notifications all on; saving
// answers what was sent over them and stores nothing; any password or code is accepted. What is saved, and which
// password or code is right, are the server's (settings.server.test.tsx); the screens' refusals are their tests'.

const all = { friends: true, invites: true, roomChanges: true, money: true, reminders: true };
/** Everything on, as for a new account (docs/notifications.md). */
const preferencesOn = { eventReminders: true, notify: all, push: { ...all, chat: true } };
type Preferences = typeof preferencesOn;

export const settingsHandlers = [
  mockFixed(calendarEndpoints.feedStatus, { active: false, createdAt: null }),
  mockSignedIn(calendarEndpoints.createFeed, () => {
    const url = `${window.location.origin}/v1/calendar/${crypto.randomUUID().replace(/-/g, '')}.ics`;
    return mockOk(calendarEndpoints.createFeed, { url }, 'Calendar link created');
  }),
  mockFixed(calendarEndpoints.revokeFeed, null, 'Calendar link revoked'),
  mockFixed(accountEndpoints.preferences, preferencesOn),
  mockSignedIn(accountEndpoints.savePreferences, async ({ request }) => {
    const { eventReminders = true, notify, push } = (await readJson(request)) as Partial<Preferences>;
    const saved = { eventReminders, notify: { ...all, ...notify }, push: { ...preferencesOn.push, ...push } };
    return mockOk(accountEndpoints.savePreferences, saved, 'Preferences saved');
  }),
  // The same token back: the client only reads its claims.
  mockSignedIn(accountEndpoints.changePassword, ({ request }) => {
    return ok(null, 'Password changed', { token: request.headers.get('Authorization')?.slice(7) ?? '' });
  }),
  mockSignedIn(accountEndpoints.export, ({ claims: { user_id: id, username, user_email: email } }) => {
    const file = { format: 'outing-account-export', version: 1, exportedAt: new Date().toISOString() };
    const headers = { 'Content-Disposition': `attachment; filename="outing-${username}.json"` };
    const body = { ...file, profile: { id, username, email }, preferences: preferencesOn };
    return HttpResponse.json(body, { headers });
  }),
  mockSignedIn(accountEndpoints.confirmationCode, ({ claims }) =>
    ok({ email: claims.user_email }, 'Code sent'),
  ),
  mockSignedIn(accountEndpoints.deleteAccount, () => ok(null, 'Account deleted')),
];
