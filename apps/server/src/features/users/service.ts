import type { UserDetail } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { uploadedPicture } from '../rooms/queries-edit.js';
import { pictureUrl } from '../rooms/queries.js';
import { findUserById, setDisplayName, setPictureUrl, setUsername, type UserRow } from './queries.js';

export { findUserByEmail, findUserById, findUserByLogin, type UserRow } from './queries.js';

/** The caller's own record (and a friend's): the public fields plus presence and registration. */
export function toUserDetail(row: UserRow): UserDetail {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    pictureUrl: row.pictureUrl,
    isEmailValid: row.isEmailValid,
    isOnline: row.isOnline,
    lastSeen: row.lastSeen ? row.lastSeen.toISOString() : null,
    registeredAt: row.registeredAt.toISOString(),
  };
}

/** `GET /users/{id}` (self): the caller's own record, where an app reads the display name the token lacks. */
export async function ownProfile(db: Db, userId: number): Promise<UserDetail> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User not found.', 'USER_NOT_FOUND');
  return toUserDetail(row);
}

export async function changeUsername(db: Db, userId: number, value: string): Promise<UserRow> {
  const current = await findUserById(db, userId);
  if (!current) throw notFound('User not found.', 'USER_NOT_FOUND');
  if (current.username === value)
    throw badRequest('Username must be different from current username', 'SAME_USERNAME');
  try {
    return await setUsername(db, userId, value);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('That username is already taken.', 'USERNAME_TAKEN');
    throw err;
  }
}

/** Sets the display name (validated by the contract: trimmed, 1–40 characters, one line). */
export async function changeDisplayName(db: Db, userId: number, value: string): Promise<UserRow> {
  return setDisplayName(db, userId, value);
}

/**
 * Sets the profile picture to one the caller uploaded (`POST /pictures`), as a room's cover is (rooms/checks.ts:
 * someone else's or an unknown id is 400 with the same sentence), or removes it (null: `pictureUrl` "").
 */
export async function changePicture(db: Db, userId: number, pictureId: string | null): Promise<UserRow> {
  if (pictureId !== null && !(await uploadedPicture(db, userId, pictureId))) {
    const message = 'Choose a picture you uploaded.';
    throw badRequest(message, [{ path: 'value', message }]);
  }
  return setPictureUrl(db, userId, pictureId === null ? '' : pictureUrl(pictureId.toLowerCase()));
}
