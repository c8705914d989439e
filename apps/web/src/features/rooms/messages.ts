import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

// Product-spec §2, §5 and §8 (rooms). These texts are the product's own: keep them exactly.

export const NO_ROOMS = 'No rooms to display. Go create or join one!';
export const NOT_AVAILABLE = 'N/A';
export const CONFIRM_JOIN = 'Do you want to join this room?';
export const LINK_COPIED = 'Link copied to clipboard!';
export const LINK_COPY_FAILED = 'Failed to copy link to clipboard!';

export const ROOM_VALIDATION = {
  nameRequired: 'Room Name is required',
  nameMax: 'Room Name must be at most 60 characters',
  venueRequired: 'Venue is required',
  venueNotPicked: 'Please select a venue.',
  dateRequired: 'Date is required',
  dateNotPast: 'Date must be in the future',
  timeRequired: 'Time is required',
  descriptionMax: 'Description must be at most 500 characters',
  inviteesRequired: 'Invitees are required',
} as const;

export const BAD_REQUEST = 'bad request';
export const USER_NOT_FOUND = 'User not found, please try again later.';
export const ROOM_NOT_FOUND_LATER = 'Room not found, please try again later.';
export const USER_ALREADY_IN_ROOM = 'User already in room!';
export const NOT_HOST = 'You are not the host of this room!';
export const ROOM_NOT_FOUND = 'Room not found!';
export const CLOSE_UNCONSOLIDATED = 'Cannot close room with unconsolidated bills!';
export const LEAVE_UNCONSOLIDATED = 'Cannot leave room with unconsolidated bills!';
export const ONLY_HOSTS_INVITE = 'Only hosts can invite other users';
export const EDIT_ROOM_NOT_FOUND = 'Room not found.';

/**
 * Where the catalogue only says "bad request", the server's message is shown when it has one (as on the account
 * screens): it is written to be shown and says what to fix.
 */
function badRequest(error: { message: string }): string {
  return error.message || BAD_REQUEST;
}

const serverOr = (error: { message: string }) => error.message || GENERIC_ERROR_MESSAGE;

export function createRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return badRequest(error);
  if (error.status === 404) return USER_NOT_FOUND;
  return GENERIC_ERROR_MESSAGE;
}

export function editRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 404) return EDIT_ROOM_NOT_FOUND;
  if (error.status === 400) return badRequest(error);
  // 403 (not the host), 409 (closed): the server says which.
  if (error.status === 403 || error.status === 409) return serverOr(error);
  return GENERIC_ERROR_MESSAGE;
}

export function joinRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 404) return ROOM_NOT_FOUND_LATER;
  if (error.status === 409) return USER_ALREADY_IN_ROOM;
  return GENERIC_ERROR_MESSAGE;
}

export function answerInviteErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return badRequest(error);
  if (error.status === 404) return ROOM_NOT_FOUND_LATER;
  return GENERIC_ERROR_MESSAGE;
}

export function closeRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 403) return NOT_HOST;
  if (error.status === 404) return ROOM_NOT_FOUND;
  if (error.status === 409) return CLOSE_UNCONSOLIDATED;
  return GENERIC_ERROR_MESSAGE;
}

export function leaveRoomErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 404) return ROOM_NOT_FOUND;
  if (error.status === 409) {
    return error.code === 'BILLS_UNCONSOLIDATED' ? LEAVE_UNCONSOLIDATED : serverOr(error);
  }
  if (error.status === 403) return serverOr(error);
  return GENERIC_ERROR_MESSAGE;
}

export function inviteErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return badRequest(error);
  if (error.status === 401) return ONLY_HOSTS_INVITE;
  if (error.status === 404) return USER_NOT_FOUND;
  // 403 (not a member), 409 (already invited, closed): the server says which.
  if (error.status === 403 || error.status === 409) return serverOr(error);
  return GENERIC_ERROR_MESSAGE;
}
