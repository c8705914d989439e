import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prefetchHome, prefetchRoom } from '@/app/prefetch';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { HOME_TILE_SIZES, ROOM_HERO_SIZES } from '@/entities/room/room-image-sources';
import { picturePreload, planBoot, tokenExpiry, type BootManifest } from './plan';

const manifest: BootManifest = {
  login: ['/assets/login-page-a.js', '/assets/auth-b.js'],
  home: ['/assets/home-page-c.js', '/assets/data-d.js'],
  room: ['/assets/room-page-e.js', '/assets/data-d.js'],
};
const now = Date.now();
const valid = makeToken({ exp: Math.floor(now / 1000) + 600 });
const origin = window.location.origin;

describe('tokenExpiry', () => {
  it('reads exp from the claims of a JWT-shaped token', () => {
    expect(tokenExpiry(makeToken({ exp: 1234 }))).toBe(1234);
  });

  it.each([
    ['no dots', 'abc'],
    ['two parts', 'a.b'],
    ['a body that is not base64url', 'a.b*c.d'],
    ['a body that is not JSON', `a.${btoa('nope')}.c`],
    ['claims without a numeric exp', `a.${btoa(JSON.stringify({ exp: '9' })).replace(/=+$/, '')}.c`],
  ])('is null for %s', (_what, token) => {
    expect(tokenExpiry(token)).toBeNull();
  });
});

describe('planBoot', () => {
  it.each([
    ['no token', null],
    ['a malformed token', 'header.payload'],
    ['an expired token', makeToken({ exp: Math.floor(now / 1000) - 1 })],
  ])('with %s, preloads the sign-in screen and calls nothing, whatever the path', (_what, token) => {
    for (const path of ['/', '/login', '/room/5']) {
      expect(planBoot(path, token, now, manifest)).toEqual({
        route: 'login',
        modules: manifest.login,
        calls: [],
      });
    }
  });

  it('signed in on /, preloads the home chunks and starts its six reads, the rooms naming the picture', () => {
    expect(planBoot('/', valid, now, manifest)).toEqual({
      route: 'home',
      modules: manifest.home,
      calls: [
        { url: `${origin}/v1/transactions?isPaid=false&role=payer&limit=20` },
        { url: `${origin}/v1/transactions?isPaid=false&role=payee&limit=20` },
        { url: `${origin}/v1/transactions?isPaid=true&status=paid&limit=20` },
        { url: `${origin}/v1/rooms?limit=20`, picture: 'first-room' },
        { url: `${origin}/v1/rooms/invites/count` },
        { url: `${origin}/v1/balances` },
      ],
    });
  });

  it('signed in on /room/{id}, preloads the room chunks and reads the room, whose answer names the picture', () => {
    expect(planBoot('/room/9a56-x', valid, now, manifest)).toEqual({
      route: 'room',
      modules: manifest.room,
      calls: [{ url: `${origin}/v1/rooms/9a56-x`, picture: 'room' }],
    });
    // The id as the router hands it to the app (decoded), encoded again as the API client does.
    expect(planBoot('/room/a%20b/', valid, now, manifest).calls[0]?.url).toBe(`${origin}/v1/rooms/a%20b`);
  });

  it('a guest (docs/guests.md): / and its room’s link read its room; no other screen starts a call', () => {
    const guest = makeToken({ exp: Math.floor(now / 1000) + 600, guest_room_id: 'r-7', user_email: '' });
    const room = {
      route: 'room',
      modules: manifest.room,
      calls: [{ url: `${origin}/v1/rooms/r-7`, picture: 'room' }],
    };
    expect(planBoot('/', guest, now, manifest)).toEqual(room);
    expect(planBoot('/room/r-7', guest, now, manifest)).toEqual(room);
    for (const path of ['/room/other', '/friends', '/explore'])
      expect(planBoot(path, guest, now, manifest)).toEqual({ route: null, modules: [], calls: [] });
  });

  it.each(['/room/5/chat', '/room/', '/room/%E0%A4%A', '/rooms', '/profile', '/login'])(
    'signed in on %s, leaves everything to the app',
    (path) => {
      expect(planBoot(path, valid, now, manifest)).toEqual({ route: null, modules: [], calls: [] });
    },
  );

  // The API client adopts an early call by its URL: the boot script must ask for exactly what the screens' own
  // first calls (app/prefetch.ts) ask for, or the app asks again and the early call is wasted.
  it('asks for exactly the URLs of the screens’ first calls', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, valid);
    const asked: string[] = [];
    server.use(
      http.get('/v1/*', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(
          { status: 'error', message: 'x', code: 'NOT_FOUND', data: null },
          { status: 404 },
        );
      }),
    );
    prefetchHome(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await expect.poll(() => asked.length).toBe(6);
    expect([...asked].sort()).toEqual(
      planBoot('/', valid, now, manifest)
        .calls.map((c) => c.url)
        .sort(),
    );

    asked.length = 0;
    prefetchRoom(new QueryClient({ defaultOptions: { queries: { retry: false } } }), 'a b');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked).toEqual(planBoot('/room/a%20b', valid, now, manifest).calls.map((c) => c.url));
  });
});

describe('picturePreload', () => {
  const room = (imageUrl: unknown) => ({ id: 'r', imageUrl });
  const ok = (data: unknown) => ({ status: 'success', message: 'ok', data });

  it('names the WebP copies of the first room of the list with the home tiles’ sizes', () => {
    expect(picturePreload('first-room', ok([room('/imgs/travel.png'), room('/imgs/party.png')]))).toEqual({
      href: '/imgs/travel.png',
      imageSrcset: '/imgs/travel-160.webp 160w, /imgs/travel-480.webp 480w, /imgs/travel-800.webp 800w',
      imageSizes: HOME_TILE_SIZES,
      type: 'image/webp',
    });
  });

  it('names the room header’s copies with the header’s sizes', () => {
    expect(picturePreload('room', ok(room('/imgs/party.png')))).toMatchObject({
      href: '/imgs/party.png',
      imageSizes: ROOM_HERO_SIZES,
    });
  });

  it('names the host’s own picture first, with its renditions, as RoomImage shows it', () => {
    const url = '/v1/pictures/0b6f2a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b.webp';
    expect(picturePreload('room', ok({ ...room('/imgs/party.png'), pictureUrl: url }))).toEqual({
      href: url,
      imageSrcset: `${url}?w=160 160w, ${url}?w=480 480w, ${url} 960w`,
      imageSizes: ROOM_HERO_SIZES,
      type: 'image/webp',
    });
  });

  it('preloads another same-origin picture as it is (the screen shows it without copies)', () => {
    expect(picturePreload('room', ok(room('/uploads/x.jpg')))).toEqual({ href: '/uploads/x.jpg' });
  });

  it.each([
    ['an error envelope', { status: 'error', message: 'x', data: null }],
    ['an empty list', ok([])],
    ['a list where a room is expected', ok([room('/imgs/party.png')])],
    ['another origin', ok(room('https://elsewhere.example/x.png'))],
    ['a protocol-relative URL', ok(room('//elsewhere.example/x.png'))],
    ['no picture', ok({ id: 'r' })],
    ['no envelope', null],
  ])('is null for %s', (_what, envelope) => {
    expect(picturePreload('room', envelope)).toBeNull();
  });
});
