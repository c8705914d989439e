import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The guest link's secret (docs/api/README.md#guests, docs/decisions/026-guests.md): an HMAC of the server's secret
 * over the room and a random salt, base64url, its first 22 characters (132 bits). So the host can be shown the link
 * again without it being stored: `room_guest_links` keeps the salt, and the secret's SHA-256 by which a join finds
 * the room. A new salt replaces the link.
 */

const SECRET_LENGTH = 22; // base64url characters: 132 bits
/** What a secret looks like; anything else names no link and is not worth a query. */
const secretShape = /^[A-Za-z0-9_-]{22}$/;

export const secretOf = (serverSecret: string, roomId: string, salt: string) =>
  createHmac('sha256', serverSecret)
    .update(`guest:${roomId}:${salt}`)
    .digest('base64url')
    .slice(0, SECRET_LENGTH);

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export const newSalt = () => randomBytes(16).toString('base64url');

export const isSecretShaped = (secret: string) => secretShape.test(secret);

/** The link the host shares: the web app's `/g/{secret}` page. */
export const guestUrl = (publicUrl: string, secret: string) => `${publicUrl}/g/${secret}`;

/**
 * A guest's personal link (docs/api/README.md#guests): the same HMAC over the guest's id, marked `device:` so that it
 * can never equal a room link's secret (a room's id is a UUID), and a salt of its own.
 */
export const deviceSecretOf = (serverSecret: string, guestId: number, salt: string) =>
  secretOf(serverSecret, `device:${guestId}`, salt);

/**
 * The personal link: the web app's `/guest/open` page with the secret in the fragment, which a browser never sends to
 * a server, so it reaches no request log, proxy or Referer; the page posts it to `POST /guest/resume` in the body.
 */
export const deviceUrl = (publicUrl: string, secret: string) => `${publicUrl}/guest/open#${secret}`;
