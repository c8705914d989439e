import { readItem, removeItem, writeItem } from './storage';
import { readTokenPayload } from './token-payload';

// A guest's sessions on this device (docs/guests.md): the token of each room joined as a guest, kept beside the
// signed-in token so that reopening the room's guest link resumes it, and so that "Keep your outings" can hand it to
// the account that claims it after signing up or logging in. Zod-free, as token-storage.ts.

/** localStorage key of this device's guest sessions, by room id. */
export const GUEST_SESSIONS_KEY = 'outing.guestSessions';

/** localStorage key of the room whose guest the next signed-in account keeps (claims). */
export const GUEST_CLAIM_KEY = 'outing.guestClaim';

export interface GuestSession {
  token: string;
  /** The guest's name, as the others see it. */
  name: string;
  /** The room's name, to say where the guest is. */
  roomName: string;
}

type Sessions = Record<string, GuestSession>;

const isSession = (value: unknown): value is GuestSession => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, name, roomName } = value as Record<string, unknown>;
  return typeof token === 'string' && typeof name === 'string' && typeof roomName === 'string';
};

function readSessions(): Sessions {
  const raw = readItem('local', GUEST_SESSIONS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, session]) => isSession(session))) as Sessions;
  } catch {
    return {};
  }
}

function writeSessions(sessions: Sessions): void {
  if (Object.keys(sessions).length === 0) removeItem('local', GUEST_SESSIONS_KEY);
  else writeItem('local', GUEST_SESSIONS_KEY, JSON.stringify(sessions));
}

/** The guest session of `roomId` kept on this device, if any. */
export function readGuestSession(roomId: string): GuestSession | null {
  return Object.hasOwn(readSessions(), roomId) ? readSessions()[roomId]! : null;
}

export function saveGuestSession(roomId: string, session: GuestSession): void {
  writeSessions({ ...readSessions(), [roomId]: session });
}

/** Forgets the guest of `roomId` here (claimed, or removed by the host). */
export function forgetGuestSession(roomId: string): void {
  const sessions = readSessions();
  if (!Object.hasOwn(sessions, roomId)) return;
  delete sessions[roomId];
  writeSessions(sessions);
  if (readItem('local', GUEST_CLAIM_KEY) === roomId) removeItem('local', GUEST_CLAIM_KEY);
}

/** The guest of `roomId` is to be kept by the account that signs up or logs in next. */
export function requestGuestClaim(roomId: string): void {
  writeItem('local', GUEST_CLAIM_KEY, roomId);
}

/** The room whose guest an account is to keep, with that guest's session; null when none is pending. */
export function pendingGuestClaim(): { roomId: string; session: GuestSession } | null {
  const roomId = readItem('local', GUEST_CLAIM_KEY);
  if (!roomId) return null;
  const session = readGuestSession(roomId);
  if (!session) {
    removeItem('local', GUEST_CLAIM_KEY);
    return null;
  }
  return { roomId, session };
}

export function cancelGuestClaim(): void {
  removeItem('local', GUEST_CLAIM_KEY);
}

/**
 * The room of a guest's token (its `guest_room_id` claim), read without verifying; null for an account's token or
 * anything else. For the code that runs before the session is known (the boot script, the routes' prefetch).
 */
export function guestRoomOfToken(token: string | null): string | null {
  if (token === null) return null;
  const payload = readTokenPayload(token);
  if (typeof payload !== 'object' || payload === null) return null;
  const { guest_room_id: room } = payload as Record<string, unknown>;
  return typeof room === 'string' ? room : null;
}

/** Whether a kept guest token has not expired yet (read without verifying: the server verifies). */
export function isTokenLive(token: string, now: number = Date.now()): boolean {
  const payload = readTokenPayload(token);
  if (typeof payload !== 'object' || payload === null) return false;
  const { exp } = payload as Record<string, unknown>;
  return typeof exp === 'number' && exp * 1000 > now;
}
