import { accountEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { readJson } from '../request';
import { mockOk, mockSignedIn } from '../route';
import { mockToken } from '../token';

// Mock mode: a display name and a picture are accepted as sent; any new username is accepted, except "taken" (409); the answer's token carries the new name.

export const profileHandlers = [
  // Your own account: mock mode keeps no display name (the demo's people are known by their usernames).
  mockSignedIn(accountEndpoints.profile, ({ params, claims }) => {
    if (String(claims.user_id) !== params.id)
      return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
    return mockOk(accountEndpoints.profile, {
      id: claims.user_id,
      username: claims.username,
      displayName: '',
      email: claims.user_email,
      pictureUrl: claims.picture_url,
      isEmailValid: true,
      isOnline: true,
      lastSeen: null,
      registeredAt: '2025-03-14T09:30:00.000Z',
    });
  }),
  mockSignedIn(accountEndpoints.updateUsername, async ({ request, params, claims }) => {
    if (String(claims.user_id) !== params.id)
      return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
    const { field, value: sent } = await readJson(request);
    const { user_id, user_email, picture_url } = claims;
    if (field === 'displayName') {
      const name = typeof sent === 'string' ? sent.trim() : '';
      if (!name) return fail(400, 'VALIDATION', 'Display name cannot be empty');
      return ok({ field: 'displayName', value: name }, 'Display name updated', {
        token: mockToken({ user_id, user_email, picture_url, username: claims.username }),
      });
    }
    if (field === 'pictureId') {
      const pictureUrl = typeof sent === 'string' ? `/v1/pictures/${sent}.webp` : '';
      return ok(
        { field: 'pictureId', value: pictureUrl ? String(sent) : '', pictureUrl },
        'Picture updated',
        {
          token: mockToken({ user_id, user_email, picture_url: pictureUrl, username: claims.username }),
        },
      );
    }
    const value = typeof sent === 'string' ? sent.trim() : '';
    if (value === claims.username) {
      return fail(400, 'VALIDATION', 'Username must be different from current username');
    }
    if (value === 'taken') return fail(409, 'CONFLICT', 'That username is already taken.');
    return ok({ field: 'username', value }, 'Username updated', {
      token: mockToken({ user_id, user_email, picture_url, username: value }),
    });
  }),
];
