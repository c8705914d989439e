import { authEndpoints, type OtpPurpose, type UserDetail } from '@outing/contract';
import { MOCK_ME } from './demo';
import { fail, ok } from './envelope';
import { readJson } from './request';
import { mockPublic, mockSignedIn } from './route';
import { mockToken } from './token';

// Mock mode for the account screens: fixed answers (docs/principles.md, principle 7). Any username and password sign
// in, any sign-up is accepted, any code is right; which are right, a taken username and the wait between codes are
// the server's, and the screens' refusals their tests'. Only the purpose of the last code asked for is kept, per
// email in lower case, so that the demo's reset flow gets a reset token.
const purposes = new Map<string, OtpPurpose>();

const registeredAt = '2025-01-01T00:00:00.000Z';
/** The mock login's user (mocks/demo.ts), as `overrides` say. */
const user = (overrides: Partial<UserDetail>): UserDetail => {
  return { ...MOCK_ME, isEmailValid: true, isOnline: true, lastSeen: null, registeredAt, ...overrides };
};
const tokenOf = ({ id, username, email, pictureUrl }: UserDetail) =>
  mockToken({ user_id: id, username, user_email: email, picture_url: pictureUrl });
const signedIn = (u: UserDetail) => ok(u, 'Signed in', { token: tokenOf(u) });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const authHandlers = [
  mockPublic(authEndpoints.login, async ({ request }) => {
    const { username, password } = await readJson(request);
    const name = text(username);
    if (!name || !text(password)) return fail(400, 'VALIDATION', 'Username is required');
    const email = name.includes('@') ? { email: name } : {};
    return signedIn(user({ username: name.split('@')[0], ...email }));
  }),
  mockPublic(authEndpoints.google, () =>
    signedIn(user({ id: 8, username: 'grace', email: 'grace@example.com' })),
  ),
  mockPublic(authEndpoints.signup, async ({ request }) => {
    const { username, email } = await readJson(request);
    purposes.set(text(email).toLowerCase(), 'verify-email');
    const created = user({ username: text(username), email: text(email), isEmailValid: false });
    return ok(created, 'Check your email');
  }),
  mockPublic(authEndpoints.requestCode, async ({ request }) => {
    const { email, purpose } = await readJson(request);
    purposes.set(text(email).toLowerCase(), purpose === 'reset-password' ? purpose : 'verify-email');
    return ok(null, 'If the account exists, a code is on its way');
  }),
  // A verify-email code signs the account in (docs/accounts.md): `data: null`, `token` and `user`.
  mockPublic(authEndpoints.verify, async ({ request }) => {
    const email = text((await readJson(request)).email);
    const purpose = purposes.get(email.toLowerCase());
    purposes.delete(email.toLowerCase());
    if (purpose === 'reset-password') return ok({ resetToken: 'mock-reset-token' }, 'Code accepted');
    const verified = user({ email, username: email.split('@')[0] || 'ada' });
    return ok(null, 'Email verified', { token: tokenOf(verified), user: verified });
  }),
  mockPublic(authEndpoints.reset, () => ok(null, 'Password updated')),
  mockSignedIn(authEndpoints.logout, () => ok(null, 'Signed out')),
];
