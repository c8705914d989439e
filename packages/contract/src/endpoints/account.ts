import { z } from 'zod';
import { changePasswordBody, confirmationCodeData, deleteAccountBody, inviteLinkSchema } from '../account.js';
import { tokenField, updateUserBody, updateUserData, userIdParams } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { preferencesBody, preferencesSchema } from '../notifications.js';
import { userDetailSchema } from '../shapes.js';

const tag = 'users';
const accountRefusals = [400, 401, 403, 404, 429] as const;

/**
 * The caller's own account (docs/accounts.md): the username, the confirmation code, the password, deletion, the
 * export, preferences and the personal invite link.
 */
export const accountEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/users/{id}',
    params: userIdParams,
    data: userDetailSchema,
    errors: [401, 403, 404],
    access: 'self',
    summary:
      'Your own account as you and your friends see it: username, display name, picture, email (self only; the token carries no display name)',
    tag,
  }),
  updateUsername: endpoint({
    method: 'PATCH',
    path: '/users/{id}',
    params: userIdParams,
    body: updateUserBody,
    data: updateUserData,
    extra: tokenField,
    errors: [400, 401, 403, 409],
    access: 'self',
    summary:
      'Change the username, the display name or the profile picture; the answer carries a token with the new name and picture',
    tag,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/users/{id}',
    params: userIdParams,
    body: deleteAccountBody,
    data: z.null(),
    errors: accountRefusals,
    access: 'self',
    summary:
      'Delete your account (self only), confirmed by your password or a mailed code. Your personal data is erased and every token stops working; bills, shares, transactions and messages stay for the others under the name “Deleted user” (docs/accounts.md).',
    tag,
  }),
  confirmationCode: endpoint({
    method: 'POST',
    path: '/users/{id}/confirmation-code',
    params: userIdParams,
    data: confirmationCodeData,
    errors: accountRefusals,
    access: 'self',
    summary:
      'Mail a 6-digit code to your address, to confirm a new password or deleting your account (self only; one per 30 s, five an hour)',
    tag,
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/users/{id}/password',
    params: userIdParams,
    body: changePasswordBody,
    data: z.null(),
    extra: tokenField,
    errors: accountRefusals,
    access: 'self',
    summary:
      'Change your password (self only) with your current password or a mailed code (accounts without a password: the code). Every other device is signed out; the answer’s token replaces this device’s.',
    tag,
  }),
  export: endpoint({
    method: 'GET',
    path: '/users/{id}/export',
    params: userIdParams,
    file: 'application/json',
    errors: accountRefusals,
    access: 'self',
    summary:
      'Download your data (self only): a JSON file of everything you own or are part of (accountExportSchema in the contract)',
    tag,
  }),
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
