import { isCurrency } from '@outing/ledger';
import { badRequest } from '../../lib/errors.js';
import { isPlaceId } from '../venues/providers.js';
import type { Runner } from './queries.js';
import { knowsTimeZone, uploadedPicture } from './queries-edit.js';

/** Checks of a room's fields that the contract's schemas cannot make (they need the ledger, the clock or the database). */

/** An ISO 4217 code the ledger knows (docs/api/README.md#currency), else a 400 on the field. */
export function checkCurrency(code: string, path: string): string {
  if (!isCurrency(code))
    throw badRequest('Choose a currency from the list.', [
      { path, message: `${code} is not a currency Outing supports` },
    ]);
  return code;
}

/** Dates may not lie before yesterday (UTC), so that every time zone can still create a room for its today. */
export function checkDate(date: string, path = 'date') {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (date < yesterday)
    throw badRequest('Date must be in the future', [{ path, message: 'Date must be in the future' }]);
}

export function checkPlace(placeId: string, path: string) {
  if (!isPlaceId(placeId))
    throw badRequest('Please select a venue.', [{ path, message: 'Please select a venue.' }]);
}

/** Whether JavaScript's Intl knows the zone (it is what formats the room's times in notifications). */
export function intlKnowsZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    // Intl also takes offsets such as "+01:00", which PostgreSQL reads with the opposite (POSIX) sign.
    return /^[A-Za-z]/.test(name);
  } catch {
    return false;
  }
}

/** Zones already found in pg_timezone_names (reading that view scans the zone files: ~10 ms). */
const knownZones = new Set<string>(['UTC']);

/**
 * A time zone both Intl and PostgreSQL know by exactly that name: the database computes `starts_at` from it, the
 * server formats times with it. PostgreSQL's `AT TIME ZONE` would also take abbreviations and POSIX strings, so the
 * name is looked up in pg_timezone_names rather than tried.
 */
export async function checkTimeZone(db: Runner, name: string, path: string) {
  const message = 'Choose a time zone from the list, such as Europe/Paris.';
  if (!intlKnowsZone(name)) throw badRequest(message, [{ path, message }]);
  if (knownZones.has(name)) return;
  if (!(await knowsTimeZone(db, name))) throw badRequest(message, [{ path, message }]);
  knownZones.add(name);
}

/** A cover picture must be one the caller uploaded (`POST /pictures`). */
export async function checkPicture(db: Runner, userId: number, pictureId: string, path: string) {
  if (!(await uploadedPicture(db, userId, pictureId))) {
    const message = 'Choose a picture you uploaded.';
    throw badRequest(message, [{ path, message }]);
  }
}

/** "in 5 hours", "in 1 hour", "in 20 minutes": when a refused nudge or invite may be tried again (a 429/409 sentence). */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}
