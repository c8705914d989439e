import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../config.js';
import { createTestApp, type TestApp } from './app.js';
import { connect, settle, type TestSocket } from './sockets.js';
import type { TestUser } from './users.js';

/**
 * A test file's app listening on a port, so that its users' devices can open sockets: started before the file's
 * tests, and every socket opened through `device` closed and the app shut down after them. Call at the top level.
 */
export function listeningApp(env: Env = { PUBLIC_URL: 'http://localhost:3000' }) {
  const sockets: TestSocket[] = [];
  let app: TestApp | undefined;
  let base = '';
  beforeAll(async () => {
    app = await createTestApp(env);
    base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await app?.close();
  });
  const opening = (u: TestUser): TestSocket => {
    const s = connect(base, u.token);
    sockets.push(s);
    return s;
  };
  return {
    get t(): TestApp {
      if (!app) throw new Error('listeningApp: read `t` inside a test or hook');
      return app;
    },
    /** A device of `u` whose socket is being opened (not waited for). */
    opening,
    /** A device of `u`: its socket open and past its first frames. */
    async device(u: TestUser): Promise<TestSocket> {
      const s = opening(u);
      await s.opened;
      await settle();
      return s;
    },
  };
}
