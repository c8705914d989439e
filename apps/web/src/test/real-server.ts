/**
 * Web tests against the real server: the `web-server` project, files named `*.server.test.tsx` (docs/principles.md,
 * principle 7, issues 33 and 34). A screen whose behaviour depends on a business rule (balances, splitting, capacity
 * and the waitlist, payment payloads) is tested here: its calls and its socket go to the real Outing server, started
 * in the test's process on a database of its own cloned from the migrated template (as the server's tests do), and no
 * msw handler answers anything. Loading, empty and error states, and what the server cannot be made to answer, stay
 * in the `web` project on the msw handlers.
 *
 *   const server = realServer();                          // at the top level: started before the file's tests
 *
 *   it('shows what the server computed', async () => {
 *     const [ann, ben] = await server.users(2);            // straight in the database, each with a token
 *     const { room } = await server.room(ann);             // POST /rooms as ann, over HTTP
 *     await server.api(ben).patch(`/rooms/${room.id}/join`);
 *     const view = server.render(`/room/${room.id}`, ben); // the app's routes and providers, signed in as ben
 *     expect(await screen.findByText('…')).toBeInTheDocument();
 *     await view.live();                                   // ben's socket is open and his screen caught up
 *     await server.api(ann).post('/bills', { … });         // reaches ben's screen over the socket only
 *   });
 *
 * How the page reaches the server: it listens on 127.0.0.1 on a free port with PUBLIC_URL set to that origin, and the
 * test window's URL becomes that origin (`jsdom.reconfigure`). The app builds its API URLs (lib/api-url.ts) and its
 * socket URL (lib/realtime/socket-class.ts) from `window.location`, so both reach the server with no change to the
 * app, as when the server serves the built app: same origin, no CORS. `fetch` is Node's (vitest's jsdom keeps it);
 * the socket is `ws`'s WebSocket sending the page's Origin (jsdom's own, `ws` inside, keeps sending the origin its
 * window was created with), handed to the app through `setRealtimeSocketClass` (the app opens none in tests
 * otherwise). The window's URL and the socket class are put back after the file. The project's environment
 * (jsdom-node-environment.ts) prepares modules for Node and keeps Node's buffers, so that the server runs as in its
 * own tests.
 *
 * Rules of the house: real timers only (the socket, the server and PostgreSQL run on them; no `vi.useFakeTimers()`).
 * Each `render` makes a new query client; the token in `localStorage` is cleared after each test
 * (setup-window.ts). The database lives as long as the file: each test makes its own users and rooms. Under
 * `realServer()`, a test fails when the server logged an error during it (a 500 the screen might show as a mere error
 * state).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { createRoomResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../../server/src/test/app';
import { roomPayload } from '../../../server/src/test/rooms';
import { createUser, makeFriends, type TestUser } from '../../../server/src/test/users';
import type { SocketClass } from '@/lib/realtime/realtime-client';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { userApi, type DataOf, type UserApi } from './real-server-api';
import { renderReal, type Entry, type RealView } from './real-server-view';

export type { Answer, UserApi } from './real-server-api';
export type { RealView } from './real-server-view';
export type { TestUser };

/** What `users(n)` resolves with: typed so that the first eight destructured are defined (as server tests do). */
type Users = [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, ...TestUser[]];

export interface RealServer {
  /** `http://127.0.0.1:<port>`: the server, and the test window's origin while the file runs. */
  readonly url: string;
  /** The app, its database (`t.database.pool` for a look at the rows) and its captured log, as in server tests. */
  readonly t: TestApp;
  /** A verified user straight in the database, with a valid token (apps/server/src/test/users.ts). */
  user(opts?: Parameters<typeof createUser>[1]): Promise<TestUser>;
  /** `n` new users, in ascending id order. */
  users(n: number): Promise<Users>;
  /** Makes two users friends straight in the database. */
  friends(a: TestUser, b: TestUser): Promise<void>;
  api(user: TestUser): UserApi;
  /** `POST /rooms` as `host` (a public dinner next week unless `overrides` say otherwise). */
  room(
    host: TestUser,
    overrides?: Record<string, unknown>,
    invitees?: number[],
  ): Promise<DataOf<typeof createRoomResponse>>;
  /**
   * The app's routes (or `routeList`) in a memory router with its real providers (test/render-app.tsx), signed in
   * as `user` (its token in `localStorage`), or signed out with null.
   */
  render(entry: Entry, user: TestUser | null, options?: { routeList?: RouteObject[] }): RealView;
  /** Stops the server and drops its database; `realServer` does it after the file. */
  close(): Promise<void>;
}

interface JsdomHandle {
  reconfigure(settings: { url?: string }): void;
}

/** The test window's JSDOM (the vitest jsdom environment's `jsdom` global). */
function testWindow(): JsdomHandle {
  const handle = (globalThis as { jsdom?: JsdomHandle }).jsdom;
  if (!handle) throw new Error('real-server: run in the jsdom environment (the web-server project)');
  return handle;
}

/** A port nobody listens on now; `start` tries again if another process takes it before the server does. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The app on its own database, listening on 127.0.0.1 with its public origin known before it starts. */
async function listen(): Promise<{ t: TestApp; url: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const url = `http://127.0.0.1:${await freePort()}`;
    // As createTestApp configures every server test (rate limits and the job runner off, the log captured); the
    // public origin is the page's, so that the socket's Origin header is let through.
    const t = await createTestApp({ PUBLIC_URL: url });
    try {
      await t.app.listen({ port: Number(new URL(url).port), host: '127.0.0.1' });
      return { t, url };
    } catch (error) {
      await t.close();
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

/**
 * The browser's socket as the page opens it: its Origin header is the page's origin. jsdom's own WebSocket (the same
 * `ws` inside) keeps sending the origin the window was created with, which `jsdom.reconfigure` does not change.
 */
class PageSocket extends NodeWebSocket {
  constructor(url: string) {
    super(url, { origin: location.origin });
  }
}

/** Starts the real server for this file's window; `close()` stops it and puts the window back. */
export async function startRealServer(): Promise<RealServer> {
  const { t, url } = await listen();
  const window = testWindow();
  const before = location.href;
  window.reconfigure({ url: `${url}/` });
  // The app opens no socket in tests unless given one.
  setRealtimeSocketClass(PageSocket as unknown as SocketClass);
  let closed = false;
  const server: RealServer = {
    url,
    t,
    user: (opts) => createUser(t, opts),
    async users(n) {
      const list: TestUser[] = [];
      for (let i = 0; i < n; i += 1) list.push(await createUser(t));
      return list as Users;
    },
    friends: (a, b) => makeFriends(t, a, b),
    api: (user) => userApi(url, user),
    room: (host, overrides = {}, invitees = []) =>
      userApi(url, host).post('/rooms', roomPayload(overrides, invitees), createRoomResponse),
    render: (entry, user, options = {}) => renderReal(t, entry, user, options),
    async close() {
      if (closed) return;
      closed = true;
      setRealtimeSocketClass(undefined);
      window.reconfigure({ url: before });
      await t.close();
    },
  };
  return server;
}

/**
 * The file's real server, started before its tests and closed after them. Call at the top level; read it inside
 * tests and hooks.
 */
export function realServer(): RealServer {
  let server: RealServer | undefined;
  let seen = 0;
  beforeAll(async () => {
    server = await startRealServer();
  }, 60_000);
  // A test fails when the server logged an error meanwhile (a 500 the screen may show as a mere error state).
  beforeEach(() => {
    seen = server?.t.logs.length ?? 0;
  });
  afterEach(() => {
    const errors = server?.t.logs.slice(seen).filter((line) => /"level":[56]0/.test(line)) ?? [];
    if (errors.length > 0) throw new Error(`The server logged errors during the test:\n${errors.join('')}`);
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = (): RealServer => {
    if (!server) throw new Error('realServer: read it inside a test or hook');
    return server;
  };
  return {
    get url() {
      return current().url;
    },
    get t() {
      return current().t;
    },
    user: (opts) => current().user(opts),
    users: (n) => current().users(n),
    friends: (a, b) => current().friends(a, b),
    api: (user) => current().api(user),
    room: (host, overrides, invitees) => current().room(host, overrides, invitees),
    render: (entry, user, options) => current().render(entry, user, options),
    close: () => current().close(),
  };
}
