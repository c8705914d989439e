import { describe, expect, it, vi } from 'vitest';
import {
  classifyRequest,
  focusOrOpen,
  networkFirst,
  notificationOptions,
  parsePushData,
  safeAppPath,
  type WindowClientLike,
} from './handlers';

const ORIGIN = 'https://outing.example';
const data = (value: string) => ({
  json: () => JSON.parse(value) as unknown,
  text: () => value,
});

describe('push messages', () => {
  it('shows the title, the message as body, the app icon, and keeps the url to open', () => {
    const push = parsePushData(
      data('{"title":"New Friend Request","message":"ann wants to be friends","url":"/friends"}'),
    );
    expect(push).toEqual({
      title: 'New Friend Request',
      message: 'ann wants to be friends',
      url: '/friends',
    });
    expect(notificationOptions(push)).toMatchObject({
      body: 'ann wants to be friends',
      icon: '/icons/icon-192.png',
      data: { url: '/friends' },
    });
  });

  it('still shows something for an empty, non-JSON or partial payload', () => {
    expect(parsePushData(null)).toEqual({ title: 'Outing', message: '', url: '/' });
    expect(parsePushData(data('plain words'))).toEqual({ title: 'Outing', message: 'plain words', url: '/' });
    expect(parsePushData(data('{"message":5,"url":7}'))).toEqual({ title: 'Outing', message: '', url: '/' });
  });

  it.each(['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 42])(
    'never opens %s: only paths of the app',
    (url) => {
      expect(safeAppPath(url)).toBe('/');
    },
  );
});

describe('notificationclick', () => {
  const client = (url: string) => ({ url, focus: vi.fn(() => Promise.resolve()) });

  it('focuses a tab already on that path', async () => {
    const home = client(`${ORIGIN}/`);
    const room = client(`${ORIGIN}/room/5`);
    const clients = {
      matchAll: vi.fn(() => Promise.resolve([home, room] as WindowClientLike[])),
      openWindow: vi.fn(() => Promise.resolve(null)),
    };
    await focusOrOpen(clients, ORIGIN, { url: '/room/5' });
    expect(room.focus).toHaveBeenCalledTimes(1);
    expect(home.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('opens a tab on the path when none shows it', async () => {
    const home = client(`${ORIGIN}/`);
    const clients = {
      matchAll: vi.fn(() => Promise.resolve([home] as WindowClientLike[])),
      openWindow: vi.fn(() => Promise.resolve(null)),
    };
    await focusOrOpen(clients, ORIGIN, { url: '/notifications' });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/notifications`);
    expect(home.focus).not.toHaveBeenCalled();
  });

  it('treats a foreign url as the home screen', async () => {
    const clients = {
      matchAll: vi.fn(() => Promise.resolve([] as WindowClientLike[])),
      openWindow: vi.fn(() => Promise.resolve(null)),
    };
    await focusOrOpen(clients, ORIGIN, { url: 'https://evil.example/' });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('fetch routing', () => {
  const req = (url: string, mode = 'cors', method = 'GET') => ({ url, mode, method });

  it('leaves the API, other origins, non-GET calls and the worker itself to the network', () => {
    expect(classifyRequest(req(`${ORIGIN}/v1/rooms`), ORIGIN)).toBe('pass');
    expect(classifyRequest(req(`${ORIGIN}/v1`), ORIGIN)).toBe('pass');
    expect(classifyRequest(req('https://tiles.example/a.png'), ORIGIN)).toBe('pass');
    expect(classifyRequest(req(`${ORIGIN}/assets/a.js`, 'cors', 'POST'), ORIGIN)).toBe('pass');
    expect(classifyRequest(req(`${ORIGIN}/service-worker.js`), ORIGIN)).toBe('pass');
  });

  it('answers navigations, hashed assets and other static files', () => {
    expect(classifyRequest(req(`${ORIGIN}/room/3`, 'navigate'), ORIGIN)).toBe('navigation');
    expect(classifyRequest(req(`${ORIGIN}/assets/index-abc.js`), ORIGIN)).toBe('asset');
    expect(classifyRequest(req(`${ORIGIN}/icons/icon-192.png`, 'no-cors'), ORIGIN)).toBe('static');
  });

  it('prefers the network, falling back to the cached shell when it fails or is too slow', async () => {
    const fresh = new Response('fresh');
    const shell = new Response('shell');
    await expect(
      networkFirst(
        () => Promise.resolve(fresh),
        () => Promise.resolve(shell),
        50,
      ),
    ).resolves.toBe(fresh);
    await expect(
      networkFirst(
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.resolve(shell),
        50,
      ),
    ).resolves.toBe(shell);
    const slow = new Promise<Response>(() => {});
    await expect(
      networkFirst(
        () => slow,
        () => Promise.resolve(shell),
        20,
      ),
    ).resolves.toBe(shell);
  });

  it('passes the network error on when nothing is cached', async () => {
    await expect(
      networkFirst(
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.resolve(undefined),
        50,
      ),
    ).rejects.toThrow('Failed to fetch');
  });
});
