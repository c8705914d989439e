import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

const BOOT = 'window.booted = true;';
const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outing</title><script>${BOOT}</script></head><body><div id="root"></div></body></html>`;
const PUBLIC_URL = 'https://outing.example.com';

let dir: string;
let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'outing-og-'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST: dir, PUBLIC_URL });
  host = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** The page as a chat app's link expander fetches it: plain HTTP, no JavaScript. */
const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });

/** The page's meta tags, parsed as an HTML parser would read them (entities decoded). */
function metaOf(html: string): Record<string, string> {
  const decode = (s: string) =>
    s.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
    );
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[key!] = decode(value!);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title !== undefined) tags.title = decode(title);
  return tags;
}

describe('GET /room/{id} (the room link, fetched without JavaScript)', () => {
  it('is the app page with the room’s Open Graph and Twitter card tags', async () => {
    const { room } = await createRoom(t, host, {
      name: 'Friday dinner',
      venue: 'Luigi’s Trattoria',
      date: '2031-12-06',
      time: '19:30',
      imageUrl: '/imgs/party.png',
    });
    const res = await page(`/room/${room.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(metaOf(res.body)).toEqual({
      title: 'Friday dinner · Outing',
      'og:type': 'website',
      'og:site_name': 'Outing',
      'og:title': 'Friday dinner',
      'og:description': 'Sat 6 Dec 2031 · 19:30 · Luigi’s Trattoria',
      'og:image': `${PUBLIC_URL}/imgs/party.png`,
      'og:url': `${PUBLIC_URL}/room/${room.id}`,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Friday dinner',
      'twitter:description': 'Sat 6 Dec 2031 · 19:30 · Luigi’s Trattoria',
      'twitter:image': `${PUBLIC_URL}/imgs/party.png`,
    });
    // Still the app: its root, and its boot script, unchanged and allowed by its hash (decision 005).
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(`<script>${BOOT}</script>`);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    const hash = createHash('sha256').update(BOOT).digest('base64');
    expect(/script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]).toBe(
      `'self' 'sha256-${hash}'`,
    );
    // A link expander may ask for the headers first.
    const head = await t.app.inject({ method: 'HEAD', url: `/room/${room.id}` });
    expect([head.statusCode, head.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('points og:image at the room’s own picture, absolute', async () => {
    const { room } = await createRoom(t, host, { name: 'With a photo' });
    const pictureId = randomUUID();
    await t.database.pool.query(
      'INSERT INTO pictures (id, uploader_id, width, height) VALUES ($1, $2, 960, 540)',
      [pictureId, host.id],
    );
    await t.database.pool.query('UPDATE rooms SET picture_id = $2 WHERE id = $1', [room.id, pictureId]);
    const tags = metaOf((await page(`/room/${room.id}`)).body);
    expect(tags['og:image']).toBe(`${PUBLIC_URL}/v1/pictures/${pictureId}.webp`);
  });

  it('escapes what the host typed: a name cannot add markup or a script', async () => {
    const name = '"><script>alert(1)</script>';
    const { room } = await createRoom(t, host, { name, venue: `<b>Bar</b> & "Grill"` });
    const res = await page(`/room/${room.id}`);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>Bar</b>');
    expect(res.body.match(/<script>/g)).toHaveLength(1);
    const tags = metaOf(res.body);
    expect(tags['og:title']).toBe(name);
    expect(tags.title).toBe(`${name} · Outing`);
    expect(tags['og:description']).toContain('<b>Bar</b> & "Grill"');
    expect(res.body).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('answers an unknown or malformed room link with the plain app page', async () => {
    for (const id of [randomUUID(), 'abc', '00000000-0000-1000-8000-000000000000']) {
      const res = await page(`/room/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
