// What the boot script does for a page load, decided from the path and the stored token alone (no zod, no React:
// it runs before the app's code has downloaded). Kept pure for tests; boot.ts carries it out.
import { buildUrl } from '@/lib/api-url';
import { guestRoomOfToken } from '@/lib/guest-session';
import { readTokenPayload } from '@/lib/token-payload';
import {
  HOME_TILE_SIZES,
  pictureSrcSet,
  ROOM_HERO_SIZES,
  webpSrcSet,
} from '@/entities/room/room-image-sources';

/** The screens the boot script knows: /login for visitors, / and /room/{id} signed in. */
export type BootRoute = 'login' | 'home' | 'room';

/**
 * The build's answer (build/boot.ts): the chunks each route needs beyond the entry, as `/assets/…` paths, and the
 * chunk of each language's catalogue (the entry waits for the active one before its first render).
 */
export type BootManifest = Record<BootRoute, string[]> & { catalogues?: Record<string, string[]> };

/** The screen's main picture, named by the answer of the call that carries it. */
export type PictureSource = 'first-room' | 'room';

export interface EarlyCallPlan {
  url: string;
  picture?: PictureSource;
}

export interface BootPlan {
  route: BootRoute | null;
  /** Chunks to fetch now, alongside the entry. */
  modules: string[];
  /** Reads to start now with the stored token (app/prefetch.ts asks for the same ones). */
  calls: EarlyCallPlan[];
}

/**
 * `exp` (seconds) of a JWT's claims, read without verifying; null when the token is not one. The app's own check
 * (lib/token.ts) decides the session; this only keeps a visitor with a stale token from asking for the signed-in
 * screens' calls and chunks.
 */
export function tokenExpiry(token: string): number | null {
  const claims = readTokenPayload(token);
  if (typeof claims !== 'object' || claims === null) return null;
  const exp = (claims as { exp?: unknown }).exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

function roomIdFrom(pathname: string): string | null {
  const match = /^\/room\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A signed-in visit of / or /room/{id}: that screen's chunks and first calls; any visit without a usable token: the
 * sign-in screen's chunks (where the app sends it); anything else: nothing (the app loads it as it always does).
 */
export function planBoot(
  pathname: string,
  token: string | null,
  nowMs: number,
  manifest: BootManifest,
): BootPlan {
  const exp = token === null ? null : tokenExpiry(token);
  if (exp === null || exp * 1000 < nowMs) return { route: 'login', modules: manifest.login, calls: [] };
  // A guest sees its one room (docs/guests.md): / and that room's link open it; nothing else starts a call.
  const guestRoom = guestRoomOfToken(token);
  if (guestRoom !== null) {
    const wanted = pathname === '/' ? guestRoom : roomIdFrom(pathname);
    return wanted === guestRoom ? roomPlan(guestRoom, manifest) : { route: null, modules: [], calls: [] };
  }
  if (pathname === '/') {
    return {
      route: 'home',
      modules: manifest.home,
      calls: [
        // The first pages of To pay, To receive and, a section of the same card, the payments awaiting confirmation
        // (the query strings as lib/cursor-pages' getCursorPage writes them; plan.test.ts checks they agree).
        { url: buildUrl('/transactions', { isPaid: false, role: 'payer', limit: 20 }) },
        { url: buildUrl('/transactions', { isPaid: false, role: 'payee', limit: 20 }) },
        { url: buildUrl('/transactions', { isPaid: true, status: 'paid', limit: 20 }) },
        // Home's first page of rooms (lib/cursor-pages LIST_PAGE_SIZE; plan.test.ts checks they agree).
        { url: buildUrl('/rooms', { limit: 20 }), picture: 'first-room' },
        { url: buildUrl('/rooms/invites/count') },
        { url: buildUrl('/balances') },
      ],
    };
  }
  const roomId = roomIdFrom(pathname);
  if (roomId !== null) return roomPlan(roomId, manifest);
  return { route: null, modules: [], calls: [] };
}

function roomPlan(roomId: string, manifest: BootManifest): BootPlan {
  return {
    route: 'room',
    modules: manifest.room,
    calls: [{ url: buildUrl(`/rooms/${encodeURIComponent(roomId)}`), picture: 'room' }],
  };
}

export interface PicturePreload {
  href: string;
  /** With `srcset`/`sizes` exactly as the screen's <picture> source has them, so the browser reuses the file. */
  imageSrcset?: string;
  imageSizes?: string;
  type?: string;
}

function imageUrlOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const local = (url: unknown) => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
  // The host's own picture is what RoomImage shows first.
  const { imageUrl, pictureUrl } = value as { imageUrl?: unknown; pictureUrl?: unknown };
  if (local(pictureUrl)) return pictureUrl as string;
  return local(imageUrl) ? (imageUrl as string) : null;
}

/**
 * The preload of the screen's main picture from the success envelope that names it: the first tile of the home
 * screen's rooms (recent-rooms.tsx, in the answer's order) or the room's header (room-hero.tsx). Null when there is
 * none, or the answer is not what the screen would show.
 */
export function picturePreload(source: PictureSource, envelope: unknown): PicturePreload | null {
  if (typeof envelope !== 'object' || envelope === null) return null;
  const data = (envelope as { status?: unknown; data?: unknown }).data;
  if ((envelope as { status?: unknown }).status !== 'success') return null;
  const src = imageUrlOf(source === 'room' ? data : Array.isArray(data) ? data[0] : null);
  if (src === null) return null;
  const srcset = webpSrcSet(src) ?? pictureSrcSet(src);
  if (srcset === null) return { href: src };
  return {
    href: src,
    imageSrcset: srcset,
    imageSizes: source === 'room' ? ROOM_HERO_SIZES : HOME_TILE_SIZES,
    type: 'image/webp',
  };
}
