import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

const opened = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** `promise`, or a rejection saying what did not finish within `ms`. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);

describe('closing the app', () => {
  it('does not wait for a connection that never sent a byte, nor for the one of a request it still answers', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    const t = await createTestApp({}, (app) => {
      app.get('/slow', async () => {
        arrived();
        await released;
        return 'done';
      });
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      // A preconnect (or a fetch aborted once its connection was open): connected, silent.
      const silent = await opened(port);
      const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      // A request under way when the app starts closing.
      const slow = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
      slow.catch(() => {}); // awaited below, unless something before fails
      await slowArrived;

      const closed = t.app.close();
      // Node's server.close() alone waits for the silent connection until headersTimeout (60 s or more).
      await within(silentClosed, 5_000, 'the silent connection closed');
      release();
      expect(await slow).toBe('done');
      // Without `Connection: close` the answered request's connection stays until the client drops it (4 s here).
      await within(closed, 2_000, 'app.close()');
    } finally {
      release();
      // A failure above leaves connections open: not another wait for them.
      t.app.server.closeAllConnections();
      await t.close();
    }
  });
});
