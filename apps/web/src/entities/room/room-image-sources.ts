// Which file a room picture box loads: zod- and React-free, shared by RoomImage and the boot script (src/boot),
// whose preload of the screen's main picture must name exactly what the <picture> will ask for.

/** Widths of the WebP copies of each room picture (scripts/room-images.mjs writes them beside the PNG). */
const WEBP_WIDTHS = [160, 480, 800];

/** Widths the server renders an uploaded picture at (contract plans.ts `pictureWidths`); the bare URL is 960. */
const PICTURE_WIDTHS = [160, 480] as const;
const PICTURE_FULL_WIDTH = 960;

/** How wide the home screen's room tiles are drawn (`sizes`). */
export const HOME_TILE_SIZES = '(min-width: 356px) 256px, 72vw';

/** How wide the room screen's header picture is drawn (`sizes`). */
export const ROOM_HERO_SIZES = '(min-width: 480px) 480px, 100vw';

/**
 * `/imgs/party.png` → the srcset of its WebP copies; null for any other URL (the API names the PNG,
 * docs/api/README.md#shapes: the copies are the web app's own files, chosen by the browser for the box's width and pixel density).
 */
export function webpSrcSet(src: string): string | null {
  const match = /^\/imgs\/([a-z]+)\.png$/.exec(src);
  if (!match) return null;
  return WEBP_WIDTHS.map((width) => `/imgs/${match[1]}-${width}.webp ${width}w`).join(', ');
}

/**
 * An uploaded picture (`/v1/pictures/{id}.webp`, 960 px wide) → the srcset of its renditions (`?w=160`, `?w=480`
 * and the bare URL); null for a URL that is not the server's picture route (a local preview, say).
 */
export function pictureSrcSet(url: string): string | null {
  if (!/^(https?:\/\/[^/]+)?\/v1\/pictures\/[0-9a-f-]+\.webp$/i.test(url)) return null;
  return [
    ...PICTURE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`),
    `${url} ${PICTURE_FULL_WIDTH}w`,
  ].join(', ');
}

/** The id of an uploaded picture from its URL (rooms answer `pictureUrl`, not the id), else null. */
export function pictureIdOf(url: string | null | undefined): string | null {
  const match = /\/v1\/pictures\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/i.exec(
    url ?? '',
  );
  return match?.[1]?.toLowerCase() ?? null;
}
