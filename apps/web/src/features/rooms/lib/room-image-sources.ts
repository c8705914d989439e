// Which file a room picture box loads: zod- and React-free, shared by RoomImage and the boot script (src/boot),
// whose preload of the screen's main picture must name exactly what the <picture> will ask for.

/** Widths of the WebP copies of each room picture (scripts/room-images.mjs writes them beside the PNG). */
const WEBP_WIDTHS = [160, 480, 800];

/** How wide the home screen's room tiles are drawn (`sizes`). */
export const HOME_TILE_SIZES = '(min-width: 356px) 256px, 72vw';

/** How wide the room screen's header picture is drawn (`sizes`). */
export const ROOM_HERO_SIZES = '(min-width: 480px) 480px, 100vw';

/**
 * `/imgs/party.png` → the srcset of its WebP copies; null for any other URL (the API names the PNG, api-contract
 * §2: the copies are the web app's own files, chosen by the browser for the box's width and pixel density).
 */
export function webpSrcSet(src: string): string | null {
  const match = /^\/imgs\/([a-z]+)\.png$/.exec(src);
  if (!match) return null;
  return WEBP_WIDTHS.map((width) => `/imgs/${match[1]}-${width}.webp ${width}w`).join(', ');
}
