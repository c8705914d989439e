import { accountEndpoints, authEndpoints } from '@outing/contract';
import { fail, ok } from './envelope';
import { mockPublic } from './route';

// Mock mode for invite links: every user's link carries the code "mockinvitecode01"; any other code is a link
// that does not work (404), as the server answers for unknown, replaced or turned-off links.

export const MOCK_INVITE_CODE = 'mockinvitecode01';

export const invitesHandlers = [
  mockPublic(accountEndpoints.inviteLink, () =>
    ok({
      url: `http://localhost:3000/signup?invite=${MOCK_INVITE_CODE}`,
      createdAt: '2026-11-20T10:00:00.000Z',
    }),
  ),

  mockPublic(authEndpoints.inviter, async ({ params }) => {
    if (params.code !== MOCK_INVITE_CODE) return fail(404, 'NOT_FOUND', 'Invite link not found');
    return ok({ username: 'ada', pictureUrl: '' });
  }),
];
