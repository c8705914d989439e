import { z } from 'zod';
import { inviteLinkSchema } from '../account.js';
import { userIdParams } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { preferencesBody, preferencesSchema } from '../notifications.js';

const tag = 'users';
const accountRefusals = [400, 401, 403, 404, 429] as const;

/** The caller's own account settings (docs/accounts.md): preferences and the personal invite link. */
export const accountEndpoints = {
  preferences: endpoint({
    method: 'GET',
    path: '/users/{id}/preferences',
    params: userIdParams,
    data: preferencesSchema,
    errors: [400, 401, 403, 404],
    access: 'self',
    summary: 'Your preferences: reminders before outings, and notifications and pushes per group',
    tag,
  }),
  savePreferences: endpoint({
    method: 'PATCH',
    path: '/users/{id}/preferences',
    params: userIdParams,
    body: preferencesBody,
    data: preferencesSchema,
    errors: [400, 401, 403, 404],
    access: 'self',
    summary: 'Change your preferences; fields left out keep their value',
    tag,
  }),
  inviteLink: endpoint({
    method: 'GET',
    path: '/users/{id}/invite-link',
    params: userIdParams,
    data: inviteLinkSchema,
    errors: accountRefusals,
    access: 'self',
    summary:
      'Your personal invite link (self only): made on first ask, the same until replaced; signing up through it sends your friend request',
    tag,
  }),
  replaceInviteLink: endpoint({
    method: 'POST',
    path: '/users/{id}/invite-link',
    params: userIdParams,
    data: inviteLinkSchema,
    errors: accountRefusals,
    access: 'self',
    summary: 'A new personal invite link; the earlier one stops working (self only)',
    tag,
  }),
  revokeInviteLink: endpoint({
    method: 'DELETE',
    path: '/users/{id}/invite-link',
    params: userIdParams,
    data: z.null(),
    errors: accountRefusals,
    access: 'self',
    summary: 'Turn your invite link off: links already shared stop working (self only)',
    tag,
  }),
};
