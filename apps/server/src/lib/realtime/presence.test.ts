import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/users.js';
import { memoryBus } from './bus.js';
import { RealtimeHub } from './hub.js';
import { PresenceBatcher, presenceWriter, type PresenceChange } from './presence.js';

/** Issue #22: a socket's connect or disconnect was one `UPDATE users` each; now a batch per window is one. */

const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as never;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the hub uses of a socket: events, close (which emits 'close', as `ws` does), send, ping. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  close() {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close();
  }
  send() {}
  ping() {}
}
const socket = () => new FakeSocket() as unknown as WebSocket;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A hub on the test database whose presence writes are counted (each call is one statement). */
function countingHub(opts: { windowMs?: number; maxUsers?: number } = {}) {
  const write = presenceWriter(t.database.db);
  const batches: PresenceChange[][] = [];
  const hub = new RealtimeHub(
    memoryBus(),
    silent,
    async (changes) => {
      batches.push([...changes]);
      await write(changes);
    },
    60_000,
    undefined,
    opts,
  );
  return { hub, batches };
}

async function states(ids: number[]) {
  const { rows } = await t.database.pool.query<{ id: number; is_online: boolean; last_seen: Date | null }>(
    'SELECT id, is_online, last_seen FROM users WHERE id = ANY($1) ORDER BY id',
    [ids],
  );
  return rows;
}

const expires = () => Date.now() + 3_600_000;

describe('presence in batches', () => {
  it('writes the connects of one window in one statement, and the users are online', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const { hub, batches } = countingHub({ windowMs: 50 });
    for (const u of users) hub.add(socket(), u.id, Date.now(), expires());
    expect(batches).toHaveLength(0);
    await tick(150);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(12);
    await hub.presenceWritten();
    expect((await states(users.map((u) => u.id))).every((r) => r.is_online && r.last_seen === null)).toBe(
      true,
    );
    await hub.close();
    expect(batches).toHaveLength(2);
    expect((await states(users.map((u) => u.id))).every((r) => !r.is_online && r.last_seen !== null)).toBe(
      true,
    );
  });

  it('keeps the last state of a user in the window: connected then gone is offline, with last_seen', async () => {
    const [stays, leaves, back] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { hub, batches } = countingHub({ windowMs: 50 });
    const backSocket = socket();
    hub.add(backSocket, back.id, Date.now(), expires());
    await tick(150); // `back` is online
    await hub.presenceWritten();
    const leaving = socket();
    hub.add(socket(), stays.id, Date.now(), expires());
    hub.add(leaving, leaves.id, Date.now(), expires());
    leaving.close();
    backSocket.close();
    hub.add(socket(), back.id, Date.now(), expires()); // left and came back within the window
    await tick(150);
    expect(batches).toHaveLength(2);
    await hub.presenceWritten();
    expect(batches[1]).toEqual(
      [
        { userId: stays.id, online: true },
        { userId: leaves.id, online: false },
        { userId: back.id, online: true },
      ].sort((x, y) => x.userId - y.userId),
    );
    const byId = new Map((await states([stays.id, leaves.id, back.id])).map((r) => [r.id, r]));
    const [s, l, b] = [byId.get(stays.id), byId.get(leaves.id), byId.get(back.id)];
    expect([s!.is_online, l!.is_online, b!.is_online]).toEqual([true, false, true]);
    expect(l!.last_seen).not.toBeNull();
    await hub.close();
  });

  it('writes at once when a batch is full, and close() writes whatever is pending before it resolves', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    // A window far longer than the test: only the size or close() can write.
    const { hub, batches } = countingHub({ windowMs: 60_000, maxUsers: 3 });
    for (const u of users) hub.add(socket(), u.id, Date.now(), expires());
    await tick(50);
    expect(batches.map((b) => b.length)).toEqual([3]);
    await hub.close();
    // Two users were pending (online) at close: every user's last write is offline, in batches of at most 3.
    expect(batches.every((b) => b.length <= 3)).toBe(true);
    const last = new Map(batches.flat().map((c) => [c.userId, c.online]));
    expect([...last.values()]).toEqual(users.map(() => false));
    expect((await states(users.map((u) => u.id))).every((r) => !r.is_online && r.last_seen !== null)).toBe(
      true,
    );
  });
});

describe('PresenceBatcher', () => {
  it('writes batches one after the other, in order, and flush waits for all of them', async () => {
    const log: string[] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const batcher = new PresenceBatcher(
      async (changes) => {
        log.push(`start ${changes.map((c) => `${c.userId}:${c.online}`).join(',')}`);
        if (log.length === 1) await first;
        log.push('end');
      },
      () => {},
      60_000,
    );
    batcher.set(1, true);
    const one = batcher.flush();
    batcher.set(1, false);
    const two = batcher.flush();
    await tick(10);
    expect(log).toEqual(['start 1:true']); // the second batch waits for the first
    release();
    await two;
    await one;
    expect(log).toEqual(['start 1:true', 'end', 'start 1:false', 'end']);
  });

  it('reports a failed write and goes on with the next batch', async () => {
    const errors: unknown[] = [];
    const written: number[] = [];
    let fail = true;
    const batcher = new PresenceBatcher(
      async (changes) => {
        if (fail) throw new Error('database away');
        written.push(...changes.map((c) => c.userId));
      },
      (err) => errors.push(err),
      60_000,
    );
    batcher.set(1, true);
    await batcher.flush();
    fail = false;
    batcher.set(2, true);
    await batcher.flush();
    expect(errors).toHaveLength(1);
    expect(written).toEqual([2]);
  });
});
