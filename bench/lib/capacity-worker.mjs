// A worker thread of the capacity suite: simulated users, each with an open socket, acting on their own Poisson
// clock (exponential gaps, mean `meanGapMs`) for `durationMs`. An action is what a screen of the web app reads or
// writes: Home, a room, its chat, a message sent, a bill added. Every HTTP answer's time is kept; a non-2xx answer,
// a network error or a socket the server closes is a failure.
// workerData: { bases: string[] (instances; user i uses bases[i % n]), users: [{ id, token, rooms: [{ id, other }] }],
//   meanGapMs, durationMs, localAddress?, seed }.
// Out: { type: 'connected', failed, ms } once every socket is open; then { type: 'done', latencies (Float64Array, ms),
// actions, failures: { [what]: count }, unexpectedCloses, frames }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { bases, users, meanGapMs, durationMs, localAddress, seed } = workerData;

// Keep-alive connections, a bounded number per instance: a browser holds a handful per origin, and an unbounded pool
// would measure the kernel's accept queue instead of the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, localAddress });

// A small deterministic PRNG (mulberry32): two runs draw the same schedule and the same actions.
let state = seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const exponential = (mean) => -Math.log(1 - random()) * mean;

const latencies = [];
const failures = {};
const fail = (what) => (failures[what] = (failures[what] ?? 0) + 1);
let actions = 0;
let frames = 0;
let unexpectedCloses = 0;
let closing = false;

function call(base, token, method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode < 200 || res.statusCode >= 300)
            fail(`${method} ${routeOf(path)} ${res.statusCode}`);
          resolve();
        });
      },
    );
    req.on('error', (err) => {
      fail(`${method} ${routeOf(path)} ${err.code ?? err.message}`);
      resolve();
    });
    req.end(payload);
  });
}
const routeOf = (path) =>
  path
    .replace(/[0-9a-f-]{36}/g, '{id}')
    .replace(/\/\d+(\/|$)/g, '/{n}$1')
    .split('?')[0];

/** One action of user `u`: the requests the web app makes for it, in parallel as the app does. */
async function act(u, base) {
  actions++;
  const room = u.rooms[Math.floor(random() * u.rooms.length)];
  const r = random();
  if (r < 0.35) {
    // Home: the rooms, the money card, the unread counts.
    await Promise.all([
      call(base, u.token, 'GET', '/v1/rooms'),
      call(base, u.token, 'GET', '/v1/balances'),
      call(base, u.token, 'GET', '/v1/notifications/unread-count'),
      call(base, u.token, 'GET', '/v1/rooms/unread'),
    ]);
  } else if (r < 0.6) {
    // A room: its details, members and money.
    await Promise.all([
      call(base, u.token, 'GET', `/v1/rooms/${room.id}`),
      call(base, u.token, 'GET', `/v1/rooms/${room.id}/attendees`),
      call(base, u.token, 'GET', `/v1/rooms/${room.id}/balances`),
      call(base, u.token, 'GET', `/v1/bills?roomId=${room.id}`),
    ]);
  } else if (r < 0.8) {
    // Its chat: the newest page.
    await call(base, u.token, 'GET', `/v1/rooms/${room.id}/messages?page=1&asc=false&pageSize=20`);
  } else if (r < 0.95) {
    await call(base, u.token, 'POST', `/v1/rooms/${room.id}/messages`, {
      content: `capacity ${u.id} ${actions}: see you there`,
    });
  } else {
    await call(base, u.token, 'POST', '/v1/bills', {
      name: 'Capacity snacks',
      // Whole units: valid in every room currency (a JPY room refuses cents).
      amount: 1 + Math.floor(random() * 40),
      includeOwner: true,
      roomId: room.id,
      payers: [room.other],
    });
  }
}

function open(u, base) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v1/ws?token=${encodeURIComponent(u.token)}`, {
      localAddress,
    });
    u.ws = ws;
    ws.on('message', () => frames++);
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
    ws.on('close', () => {
      if (!closing) unexpectedCloses++;
      resolve(false);
    });
  });
}

const t0 = performance.now();
let next = 0;
let failed = 0;
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < users.length) {
      const i = next++;
      if (!(await open(users[i], bases[i % bases.length]))) failed++;
    }
  }),
);
parentPort.postMessage({ type: 'connected', failed, ms: performance.now() - t0 });

// Wait for the go signal so that every worker starts its clock together.
await new Promise((resolve) => parentPort.once('message', resolve));
const end = performance.now() + durationMs;
await Promise.all(
  users.map(async (u, i) => {
    const base = bases[i % bases.length];
    // The first action at a random point of the first gap, so that users do not start in step.
    let at = performance.now() + random() * meanGapMs;
    const pending = [];
    for (;;) {
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // A user's actions do not wait for each other: a slow server must not slow the offered load down.
      pending.push(act(u, base));
      at += exponential(meanGapMs);
    }
    await Promise.all(pending);
  }),
);

closing = true;
await Promise.all(
  users.map(
    (u) =>
      new Promise((resolve) => {
        if (!u.ws || u.ws.readyState === WebSocket.CLOSED) return resolve();
        u.ws.once('close', resolve);
        u.ws.close(1000);
      }),
  ),
);
agent.destroy();
parentPort.postMessage({
  type: 'done',
  latencies: Float64Array.from(latencies),
  actions,
  failures,
  unexpectedCloses,
  frames,
});
