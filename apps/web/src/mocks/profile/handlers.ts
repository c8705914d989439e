import { accountEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { readJson } from '../request';
import { mockSignedIn } from '../route';
import { mockToken } from '../token';

// Mock mode: any new username is accepted, except "taken" (409); the answer's token carries the new name.

export const profileHandlers = [
  mockSignedIn(accountEndpoints.updateUsername, async ({ request, params, claims }) => {
    if (String(claims.user_id) !== params.id)
      return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
    const { value: sent } = await readJson(request);
    const value = typeof sent === 'string' ? sent.trim() : '';
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
