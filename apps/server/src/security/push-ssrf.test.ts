import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemResolve, type Resolve } from '../lib/guarded-request.js';
import { generateVapidKeys, PushSender } from '../lib/push-sender.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { browserKeys } from '../test/push-endpoint.js';
import { createUser } from '../test/users.js';

/**
 * Issue #17 §4: push endpoints that name this machine (through /etc/hosts, a trailing dot, IPv4 inside IPv6, a DNS
 * answer) or a non-public range were accepted and connected to, and redirects were followed. A listener on every
 * loopback address counts the connections the server opens: there must be none.
 */

const vapid = generateVapidKeys();
let trap: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  trap = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '::', resolve)); // dual stack: 127.0.0.1, ::1, 0.0.0.0, ::
  port = (trap.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));

/** A logger whose lines the test reads. */
function captured() {
  const lines: { level: number; msg: string; reason?: string; status?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, log: pino({ level: 'debug' }, stream) };
}

// DNS answers an attacker controls: a name pointing at loopback, and one answering a public and a private address.
const attackerDns: Resolve = async (name) => {
  if (name === 'push.attacker.example') return [{ address: '127.0.0.1', family: 4 }];
  if (name === 'rebind.attacker.example')
    return [
      { address: '8.8.8.8', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
  return systemResolve(name);
};

const attacks = () => [
  `https://vm:${port}/x`,
  `https://runsc:${port}/x`,
  `https://localhost:${port}/x`,
  `https://localhost.:${port}/`,
  `https://LOCALHOST..:${port}/`,
  `https://127.0.0.1:${port}/`,
  `https://2130706433:${port}/`,
  `https://0.0.0.0:${port}/`,
  `https://[::]:${port}/`,
  `https://[::1]:${port}/`,
  `https://[::127.0.0.1]:${port}/`,
  `https://[::ffff:127.0.0.1]:${port}/`,
  `https://[64:ff9b::127.0.0.1]:${port}/`,
  `https://push.attacker.example:${port}/x`,
  `https://rebind.attacker.example:${port}/x`,
  `https://198.18.0.1:${port}/`,
  `https://224.0.0.1:${port}/`,
  `https://255.255.255.255:${port}/`,
  `http://8.8.8.8:${port}/`,
];

describe('push delivery to a non-public endpoint (production setting)', () => {
  it('opens no connection and says once per message why', async () => {
    const { lines, log } = captured();
    const gone: number[] = [];
    const sender = new PushSender({
      vapid: { ...vapid, subject: 'mailto:test@outing.local' },
      log,
      onGone: async (id) => void gone.push(id),
      resolve: attackerDns,
      backoffMs: 10,
      timeoutMs: 1000,
    });
    const before = connections;
    const keys = browserKeys();
    attacks().forEach((endpoint, id) =>
      sender.send(
        { id, endpoint, auth: keys.auth, p256dh: keys.p256dh },
        { title: 't', message: 'm', url: '/' },
      ),
    );
    await sender.drain();
    sender.close();
    expect(connections - before).toBe(0);
    const refused = lines.filter((l) => l.msg === 'push endpoint refused');
    expect(refused).toHaveLength(attacks().length);
    expect(gone).toEqual([]);
  });
});

describe('redirects (private endpoints allowed, as in tests)', () => {
  it.each([301, 302, 307, 308])('a %i is not followed', async (status) => {
    let followed = 0;
    const target = http.createServer((_req, res) => (followed++, res.end()));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/steal`;
    let asked = 0;
    const first = http.createServer((req, res) => {
      asked++;
      req.resume();
      req.on('end', () => res.writeHead(status, { location: targetUrl }).end());
    });
    await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
    const { lines, log } = captured();
    const sender = new PushSender({
      vapid: { ...vapid, subject: 'mailto:test@outing.local' },
      log,
      onGone: async () => {},
      allowPrivate: true,
      backoffMs: 10,
    });
    const keys = browserKeys();
    sender.send(
      {
        id: 1,
        endpoint: `http://127.0.0.1:${(first.address() as AddressInfo).port}/push`,
        auth: keys.auth,
        p256dh: keys.p256dh,
      },
      { title: 't', message: 'm', url: '/' },
    );
    await sender.drain();
    sender.close();
    await Promise.all([first, target].map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
    expect(asked).toBe(1);
    expect(followed).toBe(0);
    expect(lines.find((l) => l.msg === 'push not delivered')?.status).toBe(status);
  });

  it('connects to the address it resolved, keeping the name as Host', async () => {
    let host: string | undefined;
    const service = http.createServer((req, res) => ((host = req.headers.host), req.resume(), res.end()));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const servicePort = (service.address() as AddressInfo).port;
    // A name no system resolver knows: only the checked answer can have been used to connect.
    const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const sender = new PushSender({
      vapid: { ...vapid, subject: 'mailto:test@outing.local' },
      log: captured().log,
      onGone: async () => {},
      allowPrivate: true,
      resolve,
    });
    const keys = browserKeys();
    const endpoint = `http://push.invalid:${servicePort}/p`;
    sender.send(
      { id: 1, endpoint, auth: keys.auth, p256dh: keys.p256dh },
      { title: 't', message: 'm', url: '/' },
    );
    await sender.drain();
    sender.close();
    await new Promise((r) => (service.closeAllConnections(), service.close(r)));
    expect(host).toBe(`push.invalid:${servicePort}`);
  });
});

describe('through the API (production setting)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { vapid, pushOptions: { backoffMs: 10, timeoutMs: 1000 } });
  });
  afterAll(() => t.close());

  it('POST /subscriptions refuses every attack endpoint with a readable 400', async () => {
    const u = await createUser(t);
    const keys = browserKeys();
    // The attacker's DNS names are not resolvable here; the sender test above covers them.
    for (const endpoint of attacks().filter((e) => !e.includes('attacker'))) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/subscriptions',
        headers: { authorization: `Bearer ${u.token}` },
        payload: { endpoint, auth: keys.auth, p256dh: keys.p256dh },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toMatch(/^endpoint must be (an https URL|on a public host)$/);
    }
  });

  it('a subscription stored before these checks is still never connected to', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const keys = browserKeys();
    for (const endpoint of attacks().filter((e) => !e.includes('attacker')))
      await t.database.pool.query(
        'INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) VALUES ($1, $2, $3, $4)',
        [ben.id, endpoint, keys.auth, keys.p256dh],
      );
    const before = connections;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/users/${ann.id}/friends/requests`,
      headers: { authorization: `Bearer ${ann.token}` },
      payload: { friendId: ben.id },
    });
    expect(res.statusCode).toBe(200);
    await t.app.push!.drain();
    expect(connections - before).toBe(0);
  });
});
