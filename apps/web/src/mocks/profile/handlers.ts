import { accountEndpoints } from '@outing/contract';
import { mockDelay } from '../delay';
import { fail, ok } from '../envelope';
import { mockRoute } from '../route';
import { claimsOf, mockToken } from '../token';

// Mock mode: any new username is accepted, except "taken" (409); the answer's token carries the new name.

export const profileHandlers = [
  mockRoute(accountEndpoints.updateUsername, async ({ request, params }) => {
    await mockDelay();
    const claims = claimsOf(request);
    if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
    if (String(claims.user_id) !== params.id)
      return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
    const body = (await request.json().catch(() => null)) as { value?: unknown } | null;
    const value = typeof body?.value === 'string' ? body.value.trim() : '';
    if (value === claims.username) {
      return fail(400, 'VALIDATION', 'Username must be different from current username');
    }
    if (value === 'taken') return fail(409, 'CONFLICT', 'That username is already taken.');
    const { user_id, user_email, picture_url } = claims;
    return ok({ field: 'username', value }, 'Username updated', {
      token: mockToken({ user_id, user_email, picture_url, username: value }),
    });
  }),
];
