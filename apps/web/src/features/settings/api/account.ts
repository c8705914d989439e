import {
  accountEndpoints,
  authEndpoints,
  type ChangePasswordBody,
  type DeleteAccountBody,
} from '@outing/contract';
import { ApiError, api, callEndpoint, endpointPath, genericErrorMessage } from '@/lib/api-client';
import { fetchDownload } from '@/lib/download';

// The account calls of the Settings screen (docs/accounts.md): each is about the signed-in user's own account.

/**
 * PATCH /v1/users/{id}/password: the new password, proven by the current one. Every token issued before is refused
 * from now on (other devices are signed out); the answer's top-level `token` is this device's new one.
 */
export async function changePassword(userId: number, body: ChangePasswordBody): Promise<string> {
  const result = await callEndpoint(accountEndpoints.changePassword, { params: { id: userId }, body });
  if (!result.token) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: genericErrorMessage() });
  }
  return result.token;
}

/** POST /v1/auth/logout `{everywhere: true}`: every token of the user stops working, on every device. */
export async function signOutEverywhere(): Promise<void> {
  await api.call(authEndpoints.logout, { body: { everywhere: true } });
}

/** GET /v1/users/{id}/export: the JSON file (not the envelope), as a Blob to save. */
export async function downloadExport(userId: number): Promise<Blob> {
  const response = await fetchDownload(endpointPath(accountEndpoints.export, { id: userId }));
  return response.blob();
}

/** The name the export is saved under: `outing-<username>-<YYYY-MM-DD>.json` (the server's own name). */
export function exportFileName(username: string, now: Date = new Date()): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `outing-${username}-${day}.json`; // i18n-ignore
}

/** DELETE /v1/users/{id} with the password (or a mailed code): the account ends; its tokens stop working. */
export async function deleteAccount(userId: number, body: DeleteAccountBody): Promise<void> {
  await api.call(accountEndpoints.deleteAccount, { params: { id: userId }, body });
}

/** POST /v1/users/{id}/confirmation-code: a 6-digit code mailed to the account's address; answers that address. */
export async function requestConfirmationCode(userId: number): Promise<string> {
  const data = await api.call(accountEndpoints.confirmationCode, { params: { id: userId } });
  return data.email;
}
