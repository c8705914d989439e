import { authEndpoints, type OtpPurpose, type UserDetail } from '@outing/contract';
import { mockDelay } from './delay';
import { fail, ok } from './envelope';
import { readJson } from './request';
import { mockRoute } from './route';
import { mockToken } from './token';

// Mock mode (`npm run dev:mock`) for the account screens. Any username and password sign in, except:
//   username "unverified"          → 403 EMAIL_NOT_VERIFIED (then a code screen for unverified@example.com)
//   password "wrong"               → 401
//   sign-up with username "taken"  → 409
//   code "000000"                  → 400 (wrong code); any other 6 digits is right
//   asking for a code for an email containing "wait" → 429 with Retry-After: 30

export const MOCK_RESET_TOKEN = 'mock-reset-token';

export function mockUser(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    pictureUrl: '',
    isEmailValid: true,
    isOnline: true,
    lastSeen: null,
    registeredAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function tokenOf(user: UserDetail) {
  return mockToken({
    user_id: user.id,
    username: user.username,
    user_email: user.email,
    picture_url: user.pictureUrl,
  });
}

function signedIn(user: UserDetail) {
  return ok(user, 'Signed in', { token: tokenOf(user) });
}

/** The purpose of the last code asked for, per email: verify answers a reset token for reset-password. */
const pendingPurpose = new Map<string, OtpPurpose>();

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A right verify-email code signs the account in (docs/accounts.md): `data: null`, `token` and `user`. */
function verifiedAndSignedIn(email: string) {
  const user = mockUser({ email, username: email.split('@')[0] || 'ada' });
  return ok(null, 'Email verified', { token: tokenOf(user), user });
}

export const authHandlers = [
  mockRoute(authEndpoints.login, async ({ request }) => {
    await mockDelay();
    const { username, password } = await readJson(request);
    if (!text(username) || !text(password)) return fail(400, 'VALIDATION', 'Username is required');
    if (password === 'wrong') return fail(401, 'UNAUTHENTICATED', 'Invalid username or password.');
    if (username === 'unverified') {
      return fail(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.', undefined, {
        body: { email: 'unverified@example.com' },
      });
    }
    const name = text(username);
    return signedIn(
      mockUser(name.includes('@') ? { email: name, username: name.split('@')[0] } : { username: name }),
    );
  }),

  mockRoute(authEndpoints.google, async () => {
    await mockDelay();
    return signedIn(mockUser({ id: 8, username: 'grace', email: 'grace@example.com' }));
  }),

  mockRoute(authEndpoints.signup, async ({ request }) => {
    await mockDelay();
    const { username, email } = await readJson(request);
    if (username === 'taken') return fail(409, 'CONFLICT', 'That username is already taken.');
    pendingPurpose.set(text(email).toLowerCase(), 'verify-email');
    return ok(
      mockUser({ username: text(username), email: text(email), isEmailValid: false }),
      'Check your email',
    );
  }),

  mockRoute(authEndpoints.requestCode, async ({ request }) => {
    await mockDelay();
    const { email, purpose } = await readJson(request);
    if (text(email).includes('wait')) {
      return fail(429, 'RATE_LIMITED', 'Please wait 30 seconds before asking for a new code.', undefined, {
        headers: { 'Retry-After': '30' },
      });
    }
    pendingPurpose.set(text(email).toLowerCase(), purpose === 'reset-password' ? purpose : 'verify-email');
    return ok(null, 'If the account exists, a code is on its way');
  }),

  mockRoute(authEndpoints.verify, async ({ request }) => {
    await mockDelay();
    const { email, otp } = await readJson(request);
    if (otp === '000000') return fail(400, 'VALIDATION', 'That code is not right. Check it and try again.');
    const purpose = pendingPurpose.get(text(email).toLowerCase()) ?? 'verify-email';
    pendingPurpose.delete(text(email).toLowerCase());
    return purpose === 'reset-password'
      ? ok({ resetToken: MOCK_RESET_TOKEN }, 'Code accepted')
      : verifiedAndSignedIn(text(email));
  }),

  mockRoute(authEndpoints.reset, async () => {
    await mockDelay();
    return ok(null, 'Password updated');
  }),

  mockRoute(authEndpoints.logout, async () => {
    await mockDelay();
    return ok(null, 'Signed out');
  }),
];
