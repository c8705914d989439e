import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { socketCloseCodes } from '@outing/contract';
import { verifySession } from '../auth.js';
import { memoryBus, redisBus } from './bus.js';
import { ClientFaultLog, isClientFault } from './client-faults.js';
import { CLOSE_TOO_MANY_SOCKETS, RealtimeHub } from './hub.js';
import { presenceWriter } from './presence.js';

declare module 'fastify' {
  interface FastifyInstance {
    hub: RealtimeHub;
  }
  interface FastifyRequest {
    /** `GET /v1/ws`: what its checks before the upgrade decided. */
    socketAdmission?: Admission;
  }
}

/** Room members, to address a frame to a room. */
export async function roomMemberIds(app: FastifyInstance, roomId: string): Promise<number[]> {
  const { rows } = await app.deps.db.execute<{ user_id: number }>(
    sql`SELECT user_id FROM room_members WHERE room_id = ${roomId}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * `GET /v1/ws?token=…`: the socket. The token is checked before the upgrade, and a refusal told after it as a close
 * code the client can read (4401; 1008 for a foreign Origin; 4429 over the per-user or per-address cap of sockets). Frames come from the hub; every feature publishes through it.
 */
export async function registerRealtime(app: FastifyInstance, opts: { pingIntervalMs?: number } = {}) {
  const { db, config, events, redis } = app.deps;
  const bus = redis ? redisBus(redis, (err) => app.log.warn({ err }, 'realtime bus error')) : memoryBus();
  const hub = new RealtimeHub(bus, app.log, presenceWriter(db), opts.pingIntervalMs, {
    perUser: config.sockets.maxPerUser,
    perIp: config.sockets.maxPerIp,
  });
  app.decorate('hub', hub);
  app.addHook('onClose', () => hub.close());

  events.onNotification(({ notification }) =>
    hub.toUsers([notification.userId], { type: 'NOTIFICATION', data: notification }),
  );
  events.onRoomUpdated(async (roomId) =>
    hub.toUsers(await roomMemberIds(app, roomId), { type: 'ROOM_UPDATED', data: { roomId } }),
  );
  events.onTokensRevoked(({ userId, atMs, jti }) => hub.revoke(userId, atMs, jti));
  events.onUserChanged((userId) => hub.userChanged(userId));
  const instance = randomUUID();
  // Every instance, this one included, forgets the cached users row of a user whose row changed.
  bus.subscribe((m) => {
    if (m.kind === 'revoke' || m.kind === 'user') app.sessions.forget(m.userId);
    // Its own writes emptied this instance's cache when they completed.
    else if (m.kind === 'flush' && m.from !== instance) app.answers.flush();
  });
  // The answer cache (decision 012): writes are announced on the bus (a write's answer leaves once Redis has taken
  // the message); a hit is served after the bus's barrier, only while this instance is sure to hear of the others'
  // writes (subscribed), and the cache starts empty after a gap.
  // The session cache (decision 004) likewise: rows are used only while no forget can be missed, and it starts
  // empty after a gap in the subscription.
  app.sessions.canServe = () => bus.receiving();
  bus.onResumed(() => app.sessions.clear());
  app.answers.publish = () => bus.publish({ kind: 'flush', from: instance });
  app.answers.canServe = () => bus.receiving();
  app.answers.settle = () => bus.barrier();
  bus.onResumed(() => app.answers.flush());

  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  const faults = new ClientFaultLog(app.log);
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // A frame over 4 KiB, a malformed frame or a reset is the client's doing: a short info line, rate-limited,
    // instead of an error with a stack per frame (issue #17 §5). Anything else is still an error.
    errorHandler: (err, socket, req) => {
      if (isClientFault(err)) faults.report(req.ip, err);
      else req.log.error({ err }, 'socket error');
      socket.terminate();
    },
  });
  // The checks run before the upgrade (route hooks run before @fastify/websocket answers 101), so the socket is in
  // the hub before the client can see it open: a client that catches up on `open` cannot miss a frame published
  // between its upgrade and its registration. A refusal is still told after the upgrade, as a close code.
  app.get(
    '/v1/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req) => {
        if (!req.ws) return;
        req.socketAdmission = await admit(
          req.ip,
          req.headers.origin,
          (req.query as { token?: unknown }).token,
        );
      },
    },
    (socket, req) => {
      const admission = req.socketAdmission ?? REFUSED;
      if ('code' in admission) {
        socket.close(admission.code, admission.reason);
        return;
      }
      const { session } = admission;
      hub.add(socket, session.user.id, session.issuedAtMs, session.expiresAtMs, req.ip, session.jti);
    },
  );

  /** Whether a socket may open, decided from the upgrade request: its session, or the close code that refuses it. */
  async function admit(ip: string, origin: string | undefined, token: unknown): Promise<Admission> {
    if (origin && !allowedOrigins.has(origin))
      return { code: socketCloseCodes.badOrigin, reason: 'Origin not allowed' };
    // Before the token, to spare the database; `hub.add` checks again when it registers the socket.
    if (hub.ipFull(ip)) return { code: CLOSE_TOO_MANY_SOCKETS, reason: 'Too many sockets' };
    if (typeof token !== 'string' || !token) return REFUSED;
    try {
      return { session: await verifySession(db, app.tokens, token) };
    } catch {
      return REFUSED;
    }
  }
}

type Admission = { session: Awaited<ReturnType<typeof verifySession>> } | { code: number; reason: string };
const REFUSED: Admission = { code: socketCloseCodes.unauthorized, reason: 'Unauthorized' };
