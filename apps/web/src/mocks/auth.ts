import { authEndpoints, type OtpPurpose, type UserDetail } from '@outing/contract';
import { MOCK_ME } from './demo';
import { fail, ok } from './envelope';
import { readJson } from './request';
import { mockPublic } from './route';
import { mockToken } from './token';

// Mock mode (`npm run dev:mock`) for the account screens: fixed answers (docs/principles.md, principle 7). Any username
// and password sign in, any sign-up is accepted, any 6 digits are the right code. Which password or code is right, a
// taken username and the wait between codes are the server's; the screens' refusals are their tests' own handlers.
// Only the purpose of the last code asked for is kept, so that the demo's reset flow gets a reset token.

const MOCK_RESET_TOKEN = 'mock-reset-token';

const registeredAt = '2025-01-01T00:00:00.000Z';

/** The mock login's user (mocks/demo.ts), or as `overrides` say. */
const mockUser = (overrides: Partial<UserDetail> = {}): UserDetail => {
  return { ...MOCK_ME, isEmailValid: true, isOnline: true, lastSeen: null, registeredAt, ...overrides };
};
const tokenOf = ({ id, username, email, pictureUrl }: UserDetail) =>
  mockToken({ user_id: id, username, user_email: email, picture_url: pictureUrl });

const signedIn = (user: UserDetail) => ok(user, 'Signed in', { token: tokenOf(user) });

/** The purpose of the last code asked for, per email: verify answers a reset token for reset-password. */
const pendingPurpose = new Map<string, OtpPurpose>();

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A right verify-email code signs the account in (docs/accounts.md): `data: null`, `token` and `user`. */
function verifiedAndSignedIn(email: string) {
  const user = mockUser({ email, username: email.split('@')[0] || 'ada' });
  return ok(null, 'Email verified', { token: tokenOf(user), user });
}

export const authHandlers = [
  mockPublic(authEndpoints.login, async ({ request }) => {
    const { username, password } = await readJson(request);
    if (!text(username) || !text(password)) return fail(400, 'VALIDATION', 'Username is required');
    const name = text(username);
    return signedIn(
      mockUser(name.includes('@') ? { email: name, username: name.split('@')[0] } : { username: name }),
    );
  }),

  mockPublic(authEndpoints.google, () =>
    signedIn(mockUser({ id: 8, username: 'grace', email: 'grace@example.com' })),
  ),

  mockPublic(authEndpoints.signup, async ({ request }) => {
    const { username, email } = await readJson(request);
    pendingPurpose.set(text(email).toLowerCase(), 'verify-email');
    return ok(
      mockUser({ username: text(username), email: text(email), isEmailValid: false }),
      'Check your email',
    );
  }),

  mockPublic(authEndpoints.requestCode, async ({ request }) => {
    const { email, purpose } = await readJson(request);
    pendingPurpose.set(text(email).toLowerCase(), purpose === 'reset-password' ? purpose : 'verify-email');
    return ok(null, 'If the account exists, a code is on its way');
  }),

  mockPublic(authEndpoints.verify, async ({ request }) => {
    const { email } = await readJson(request);
    const purpose = pendingPurpose.get(text(email).toLowerCase()) ?? 'verify-email';
    pendingPurpose.delete(text(email).toLowerCase());
    return purpose === 'reset-password'
      ? ok({ resetToken: MOCK_RESET_TOKEN }, 'Code accepted')
      : verifiedAndSignedIn(text(email));
  }),

  mockPublic(authEndpoints.reset, () => ok(null, 'Password updated')),

  mockPublic(authEndpoints.logout, () => ok(null, 'Signed out')),
];
