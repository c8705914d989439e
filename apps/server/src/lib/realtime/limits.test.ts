import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { connect, settle, type TestSocket } from '../../test/sockets.js';
import { createUser } from '../../test/users.js';

/** Issue #17 §5: one user opened 300 sockets; a 4 KiB+ frame was an error line with a stack, every time. */

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const outcome = (s: TestSocket) =>
  Promise.race([s.opened.then(() => settle()).then(() => 'open' as const), s.closed]);

/**
 * What became of each socket once `refused` of them were closed: 'open' or the close code. A refusal comes after
 * the upgrade, so under load it can take longer than `outcome`'s short wait; this waits for the refusals themselves
 * (then one more round trip, for any refusal beyond them).
 */
async function outcomes(sockets: TestSocket[], refused: number): Promise<('open' | number)[]> {
  const codes = new Map<TestSocket, number>();
  for (const s of sockets) void s.closed.then((code) => codes.set(s, code));
  await expect.poll(() => codes.size, { timeout: 10_000 }).toBeGreaterThanOrEqual(refused);
  await Promise.all(sockets.filter((s) => !codes.has(s)).map((s) => s.opened));
  await settle();
  return sockets.map((s) => codes.get(s) ?? (s.ws.readyState === s.ws.OPEN ? 'open' : -1));
}

describe('sockets per user', () => {
  it('accepts 20 sockets of one user, refuses the 21st to 25th with 4429 and keeps the first 20', async () => {
    const u = await createUser(t);
    const first = Array.from({ length: 20 }, () => connect(base, u.token));
    await Promise.all(first.map((s) => s.opened));
    await settle();
    const extra = Array.from({ length: 5 }, () => connect(base, u.token));
    expect(await Promise.all(extra.map((s) => s.closed))).toEqual([4429, 4429, 4429, 4429, 4429]);
    expect(first.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
    expect(t.app.hub.size).toBe(20);

    // Another user is not affected, and a closed socket frees its place.
    const other = connect(base, (await createUser(t)).token);
    expect(await outcome(other)).toBe('open');
    first[0]!.ws.close();
    await first[0]!.closed;
    await settle();
    expect(await outcome(connect(base, u.token))).toBe('open');
    for (const s of first) s.ws.close();
    other.ws.close();
  });

  it('parallel upgrades of one user cannot slip past the cap', async () => {
    const u = await createUser(t);
    const all = Array.from({ length: 30 }, () => connect(base, u.token));
    const results = await outcomes(all, 10);
    expect(results.filter((r) => r === 'open')).toHaveLength(20);
    expect(results.filter((r) => r === 4429)).toHaveLength(10);
    for (const s of all) s.ws.close();
  });
});

describe('sockets per address', () => {
  let strict: TestApp;
  let strictBase: string;
  beforeAll(async () => {
    strict = await createTestApp({ WS_MAX_SOCKETS_PER_IP: '5' });
    strictBase = await strict.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => strict.close());

  it('refuses the sixth socket from one address with 4429, whoever signs in, and even without a token', async () => {
    const users = await Promise.all([createUser(strict), createUser(strict), createUser(strict)]);
    const held = users.flatMap((u) => [connect(strictBase, u.token), connect(strictBase, u.token)]);
    const results = await outcomes(held, 1);
    expect(results.filter((r) => r === 'open')).toHaveLength(5);
    expect(results.filter((r) => r === 4429)).toHaveLength(1);
    expect(await connect(strictBase, undefined).closed).toBe(4429);
    for (const s of held) s.ws.close();
  });
});

describe('client faults in the log', () => {
  it('100 oversized frames write no error line and at most a few info lines, without a stack', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    const from = t.logs.length;
    for (let batch = 0; batch < 10; batch++) {
      const sockets = Array.from({ length: 10 }, (_, i) => connect(base, users[i % 5]!.token));
      await Promise.all(sockets.map((s) => s.opened));
      for (const s of sockets) s.ws.send('x'.repeat(5000));
      await Promise.all(sockets.map((s) => s.closed));
    }
    await settle();
    const lines = t.logs
      .slice(from)
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const faults = lines.filter((l) => /client fault|payload|socket error/i.test(l.msg));
    expect(faults.length).toBeGreaterThanOrEqual(1);
    expect(faults.length).toBeLessThanOrEqual(3);
    expect(JSON.stringify(faults)).not.toContain('stack');
  });
});
