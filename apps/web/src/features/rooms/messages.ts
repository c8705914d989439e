import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText, type ApiError } from '@/lib/api-error';

// docs/product.md#form-rules and #failed-calls (rooms): the texts of a failed room call, in the interface's language
// (the English is the product's own wording, kept exactly in the catalogue, locales/en/rooms.json). Read when called,
// never at load.

/**
 * Where the catalogue only says "bad request", the refusal is said from its reason, or the server's message (as on
 * the account screens): it says what to fix.
 */
function badRequest(error: ApiError): string {
  return refusalText(error, () => t('rooms.error.badRequest'));
}

const serverOr = (error: ApiError) => refusalText(error);

export function createRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return badRequest(error);
  if (error.status === 404) return t('rooms.error.userNotFound');
  return genericErrorMessage();
}

export function editRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('rooms.error.editRoomNotFound');
  if (error.status === 400) return badRequest(error);
  // 403 (not the host), 409 (closed): the server says which.
  if (error.status === 403 || error.status === 409) return serverOr(error);
  return genericErrorMessage();
}

export function joinRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('rooms.error.roomNotFoundLater');
  if (error.status === 409) return t('rooms.error.userAlreadyInRoom');
  return genericErrorMessage();
}

export function answerInviteErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return badRequest(error);
  if (error.status === 404) return t('rooms.error.roomNotFoundLater');
  return genericErrorMessage();
}

export function closeRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 403) return t('rooms.error.notHost');
  if (error.status === 404) return t('rooms.error.roomNotFound');
  if (error.status === 409) return serverOr(error);
  return genericErrorMessage();
}

export function leaveRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('rooms.error.roomNotFound');
  // The host, or a net that is not zero (NET_NOT_ZERO: in English the server's sentence names what is owed).
  if (error.status === 409) return serverOr(error);
  if (error.status === 403) return serverOr(error);
  return genericErrorMessage();
}

export function inviteErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return badRequest(error);
  if (error.status === 401) return t('rooms.error.onlyHostsInvite');
  if (error.status === 404) return t('rooms.error.userNotFound');
  // 403 (not a member), 409 (already invited, closed, declined less than a day ago): the server says which.
  if (error.status === 403 || error.status === 409) return serverOr(error);
  return genericErrorMessage();
}
