import { z } from 'zod';

/** ISO-8601 UTC instant with `Z`, as produced by `Date.prototype.toISOString()`. */
export const isoDateTime = z.iso.datetime();

/** Ids are PostgreSQL `integer`s: a larger number names nothing, and must not reach a query (where it fails). */
export const maxId = 2_147_483_647;

/** Every id is a positive integer, except room ids. */
export const id = z.number().int().positive().max(maxId);

/** An id in a path or query string. */
export const idParam = z.coerce.number().int().positive().max(maxId);

/** Request-side user id: a number or a numeric string (docs/api/README.md#shapes). */
export const userIdInput = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, 'must be a user id')])
  .transform((v) => Number(v))
  .pipe(z.number().int().positive('must be a user id').max(maxId, 'must be a user id'));

/** Room ids are opaque lowercase UUIDv4 strings. */
export const roomId = z.uuid({ version: 'v4' });

/** Amount as it travels in JSON: a number with at most 2 decimals (minor units are the storage unit: cents for USD). */
export const amount = z.number();

export const roomImages = ['birthday', 'gathering', 'party', 'sports', 'travel', 'pets'] as const;
export type RoomImage = (typeof roomImages)[number];
export const roomImageUrls = roomImages.map((name) => `/imgs/${name}.png` as const);
export const roomImageUrl = z.enum(roomImageUrls as [string, ...string[]]);
export const defaultRoomImageUrl = '/imgs/birthday.png';

/** `HH:MM`, 24-hour. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');

/** Usernames: 3–30 of letters, digits, `_` and `.` (docs/api/README.md#authentication). */
export const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, _ and .');

export const password = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const email = z.email('Enter a valid email address').max(254);

/** An ISO 4217 currency code, e.g. `SGD`; whether the server knows it is the server's check (docs/api/README.md#currency). */
export const currencyCode = z
  .string({ error: 'Currency must be a 3-letter code such as USD' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code such as USD');
