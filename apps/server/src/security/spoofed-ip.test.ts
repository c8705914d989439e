import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/users.js';

// Probe of 2026-11-25 (issue 17, part 1): a made-up X-Forwarded-For lifted every per-IP limit, and one account got
// 10 wrong passwords a minute by username plus 10 by email.

const CLIENT = '203.0.113.7';
let run = 0;

/** Sends `n` requests from one peer address, each claiming another client in X-Forwarded-For. */
async function rotating(t: TestApp, n: number, request: (i: number) => { url: string; payload: object }) {
  run += 1;
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const { url, payload } = request(i);
    const res = await t.app.inject({
      method: url === '/v1/auth/reset' ? 'PATCH' : 'POST',
      url,
      payload,
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-for': `10.9.${i}.${run}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const signupOf = (tag: string) => (i: number) => ({
  url: '/v1/auth/signup',
  payload: { username: `xff_${tag}_${i}`, email: `xff.${tag}.${i}@example.com`, password: 'secret123' },
});
const verifyOf = (tag: string) => (i: number) => ({
  url: '/v1/auth/verify',
  payload: { email: `nobody.${tag}.${i}@example.com`, otp: '123456' },
});
const resetOf = (tag: string) => (i: number) => ({
  url: '/v1/auth/reset',
  payload: { email: `nobody.${tag}.${i}@example.com`, password: 'secret123', resetToken: 'made-up' },
});

describe('by default, X-Forwarded-For does not choose the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  it('counts 9 sign-ups with rotating X-Forwarded-For as one address: the 6th is 429', async () => {
    const statuses = await rotating(t, 9, signupOf('off'));
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(4).fill(429)]);
  });

  it('the same for verify (10 a minute) and reset (10 a minute)', async () => {
    expect(await rotating(t, 11, verifyOf('off'))).toEqual([...Array(10).fill(404), 429]);
    expect(await rotating(t, 11, resetOf('off'))).toEqual([...Array(10).fill(400), 429]);
  });

  it('and for login (10 a minute per address)', async () => {
    const statuses = await rotating(t, 11, (i) => ({
      url: '/v1/auth',
      payload: { username: `nobody_${i}`, password: 'wrong-password' },
    }));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('honours the address the proxy forwarded', async () => {
    expect(await rotating(t, 9, signupOf('hop'))).toEqual(Array(9).fill(200));
    expect(await rotating(t, 11, verifyOf('hop'))).toEqual(Array(11).fill(404));
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '198.51.100.0/24' });
  });
  afterAll(() => t.close());

  it('believes the header from that proxy only', async () => {
    const from = (remoteAddress: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email: `someone.${i}@example.com`, otp: '123456' },
        remoteAddress,
        headers: { 'x-forwarded-for': `10.8.${i}.1` },
      });
    const viaProxy: number[] = [];
    for (let i = 0; i < 11; i++) viaProxy.push((await from('198.51.100.5', i)).statusCode);
    expect(viaProxy).toEqual(Array(11).fill(404));
    const direct: number[] = [];
    for (let i = 0; i < 11; i++) direct.push((await from(CLIENT, 100 + i)).statusCode);
    expect(direct).toEqual([...Array(10).fill(404), 429]);
  });
});

describe('the per-account login limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  const login = (username: string, i: number, password = `guess-${i}`) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username, password },
      remoteAddress: `10.7.0.${i + 1}`, // a different address each time: only the account limit applies
    });

  it('counts the username and the email of one account together', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(user.username.toUpperCase(), i)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const byEmail = await login(` ${user.email.toUpperCase()} `, 10);
    expect(byEmail.statusCode).toBe(429);
    // Even the right password waits out the minute.
    expect((await login(user.email, 11, user.password)).statusCode).toBe(429);
  });

  it('counts a name with no account by the name, in any case', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(i % 2 ? 'Ghost_User' : 'ghost_user', i)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
