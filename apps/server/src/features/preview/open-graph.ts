import type { RoomPreview } from '@outing/contract';
import { dayLabel } from '../../lib/room-time.js';

/**
 * The Open Graph and Twitter card tags of a room's page, so that a link pasted in a chat app shows a card (chat apps
 * fetch the page without running its JavaScript). Everything from the room is HTML-escaped.
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * "Sat 6 Dec 2026 · 19:30 · Luigi’s": the room's wall-clock date and time (in its own time zone) and venue; "Date to
 * be decided" / "Venue to be decided" instead of a placeholder (docs/api/README.md#date-and-venue-tbd).
 */
export function cardDescription(p: RoomPreview): string {
  const when = p.dateTbd ? ['Date to be decided'] : [dayLabel(p.date, { year: true }), p.time];
  const where = p.venueTbd ? 'Venue to be decided' : p.venue;
  return [...when, where].filter(Boolean).join(' · ');
}

/** The absolute URL of the room's own picture, else of its preset image. */
export const cardImage = (p: RoomPreview, publicUrl: string) => `${publicUrl}${p.pictureUrl ?? p.imageUrl}`;

export function openGraphTags(p: RoomPreview, publicUrl: string): string {
  const title = `${p.name} · Outing`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Outing'],
    ['property', 'og:title', p.name],
    ['property', 'og:description', cardDescription(p)],
    ['property', 'og:image', cardImage(p, publicUrl)],
    ['property', 'og:url', p.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', p.name],
    ['name', 'twitter:description', cardDescription(p)],
    ['name', 'twitter:image', cardImage(p, publicUrl)],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
  ].join('');
}

/**
 * The app's page with the room's tags: they replace the page's `<title>` (or go at the end of its `<head>`). Only
 * tags are added, and no script is touched, so the boot script's hash in the CSP still matches (decision 005).
 */
export function withOpenGraph(indexHtml: string, p: RoomPreview, publicUrl: string): string {
  const tags = openGraphTags(p, publicUrl);
  if (/<title\b[^>]*>[\s\S]*?<\/title\s*>/i.test(indexHtml))
    return indexHtml.replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/i, () => tags);
  if (/<\/head\s*>/i.test(indexHtml)) return indexHtml.replace(/<\/head\s*>/i, (m) => `${tags}${m}`);
  return indexHtml.replace(/^(\s*<!doctype[^>]*>)?/i, (m) => `${m}${tags}`);
}
