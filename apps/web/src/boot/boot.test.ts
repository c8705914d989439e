import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '@/test/tokens';
import { takeEarlyCall } from '@/lib/early-calls';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { LANGUAGE_KEY } from '@/lib/i18n/language';
import { boot, startFormatWorker } from './boot';
import type { BootManifest } from './plan';

const manifest: BootManifest = {
  login: ['/assets/login-page-a.js'],
  home: ['/assets/home-page-c.js', '/assets/data-d.js'],
  room: ['/assets/room-page-e.js', '/assets/data-d.js'],
};
const origin = window.location.origin;

const links = (selector: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>(selector)].map((link) =>
    Object.fromEntries(link.getAttributeNames().map((name) => [name, link.getAttribute(name)])),
  );

function envelope(data: unknown, status = 200) {
  const body =
    status === 200 ? { status: 'success', message: 'ok', data } : { status: 'error', message: 'no' };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('boot', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    delete window.__outingEarlyCalls;
    window.history.replaceState(null, '', '/');
  });

  it('without a token, preloads the sign-in screen’s chunks and calls nothing', () => {
    window.history.replaceState(null, '', '/');
    boot(manifest);
    expect(links('link[rel=modulepreload]')).toEqual([
      { rel: 'modulepreload', crossorigin: '', href: '/assets/login-page-a.js' },
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__outingEarlyCalls).toBeUndefined();
  });

  it('signed in on /, starts the home reads with the token, leaves them for the app and preloads the first tile', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const rooms = envelope([
      { id: 'r1', imageUrl: '/imgs/travel.png' },
      { id: 'r2', imageUrl: '/imgs/party.png' },
    ]);
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(url.endsWith('/v1/rooms?limit=20') ? rooms : envelope({ count: 0 })),
    );
    boot(manifest);

    expect(links('link[rel=modulepreload]').map((l) => l.href)).toEqual(manifest.home);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${origin}/v1/transactions?isPaid=false&role=payer&limit=20`,
      `${origin}/v1/transactions?isPaid=false&role=payee&limit=20`,
      `${origin}/v1/transactions?isPaid=true&status=paid&limit=20`,
      `${origin}/v1/rooms?limit=20`,
      `${origin}/v1/rooms/invites/count`,
      `${origin}/v1/balances`,
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init as RequestInit).credentials).toBe('same-origin');
      expect(new Headers((init as RequestInit).headers).get('Authorization')).toBe(`Bearer ${token}`);
    }

    await expect
      .poll(() => links('link[rel=preload]'))
      .toEqual([
        {
          rel: 'preload',
          as: 'image',
          href: '/imgs/travel.png',
          fetchpriority: 'high',
          imagesrcset: '/imgs/travel-160.webp 160w, /imgs/travel-480.webp 480w, /imgs/travel-800.webp 800w',
          imagesizes: '(min-width: 356px) 256px, 72vw',
          type: 'image/webp',
        },
      ]);
    // The app still reads the whole answer: the picture was read from a copy.
    const adopted = takeEarlyCall(`${origin}/v1/rooms?limit=20`, token);
    expect(adopted).toBeDefined();
    await expect((await adopted!).json()).resolves.toMatchObject({ data: [{ id: 'r1' }, { id: 'r2' }] });
  });

  it('signed in on /room/{id}, reads the room and preloads its header picture', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    window.history.replaceState(null, '', '/room/r1');
    fetchMock.mockResolvedValue(envelope({ id: 'r1', imageUrl: '/imgs/party.png' }));
    boot(manifest);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${origin}/v1/rooms/r1`]);
    expect(links('link[rel=modulepreload]').map((l) => l.href)).toEqual(manifest.room);
    await expect
      .poll(() => links('link[rel=preload]')[0]?.imagesizes)
      .toBe('(min-width: 480px) 480px, 100vw');
  });

  it('preloads no picture when the read fails, and leaves the failure for the app to report', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    window.history.replaceState(null, '', '/room/r1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    boot(manifest);
    await expect(takeEarlyCall(`${origin}/v1/rooms/r1`, token)).rejects.toThrow('Failed to fetch');
    expect(links('link[rel=preload]')).toEqual([]);

    delete window.__outingEarlyCalls;
    fetchMock.mockResolvedValueOnce(envelope(null, 404));
    boot(manifest);
    const answer = await takeEarlyCall(`${origin}/v1/rooms/r1`, token);
    expect(answer?.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(links('link[rel=preload]')).toEqual([]);
  });

  it('signed in, starts the format warm-up’s worker from its code with the interface’s language; signed out, none', () => {
    const started: { url: string; name?: string; posted: unknown[] }[] = [];
    class FakeWorker extends EventTarget {
      posted: unknown[] = [];
      constructor(url: string, options?: WorkerOptions) {
        super();
        started.push({ url, name: options?.name, posted: this.posted });
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:${origin}/formats`;
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const code = 'addEventListener("message", () => close())';
    fetchMock.mockResolvedValue(envelope({ id: 'r1' }));

    window.history.replaceState(null, '', '/');
    boot(manifest, code);
    expect(started).toEqual([]);

    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    localStorage.setItem(LANGUAGE_KEY, 'zh');
    try {
      // A signed-in screen without early calls formats too.
      window.history.replaceState(null, '', '/notifications');
      boot(manifest, code);
      expect(started).toEqual([{ url: `blob:${origin}/formats`, name: 'formats', posted: ['zh'] }]);
      expect(blobs).toHaveLength(1);
      expect(blobs[0]!.type).toBe('text/javascript');
      expect(fetchMock).not.toHaveBeenCalled();
      // Kept until the worker answers (it fetches its script from the blob after starting).
      expect(revoked).not.toHaveBeenCalled();

      // A worker that cannot start leaves the screen's preloads and calls as they were.
      vi.stubGlobal(
        'Worker',
        class {
          constructor() {
            throw new DOMException('refused', 'SecurityError');
          }
        },
      );
      window.history.replaceState(null, '', '/room/r1');
      boot(manifest, code);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(links('link[rel=modulepreload]').map((l) => l.href)).toContain('/assets/room-page-e.js');
      // …and its blob does not outlive it.
      expect(revoked).toHaveBeenCalledWith(`blob:${origin}/formats`);
    } finally {
      localStorage.removeItem(LANGUAGE_KEY);
    }
  });

  it('lets the worker’s blob go once the worker has started', () => {
    const workers: EventTarget[] = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        constructor() {
          super();
          workers.push(this);
        }
        postMessage() {}
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    startFormatWorker('close()');
    expect(revoked).not.toHaveBeenCalled();
    workers[0]!.dispatchEvent(new MessageEvent('message', { data: 'done' }));
    expect(revoked).toHaveBeenCalledWith('blob:x');
  });
});
