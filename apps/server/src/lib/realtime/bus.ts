import type { Redis } from 'ioredis';
import type { SocketFrame } from '@outing/contract';

/**
 * What travels between instances: frames for some users, "close the sockets of tokens older than …", "this
 * user's row changed" (each instance forgets its cached copy, `SessionCache`), or "the database was written"
 * (each instance empties its answer cache, `AnswerCache`; an instance that does not know the kind ignores it).
 */
export type BusMessage =
  | { kind: 'frame'; userIds: number[]; frame: SocketFrame }
  /** with `jti`: only the sockets of that token (an older instance, which ignores it, closes none: beforeMs 0) */
  | { kind: 'revoke'; userId: number; beforeMs: number; jti?: string }
  | { kind: 'user'; userId: number }
  | { kind: 'flush'; from: string };

export type Bus = {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  /**
   * Whether every message published from now on, by any instance, reaches this instance's handlers: false while
   * the subscription is down or being re-established (what was published meanwhile is lost).
   */
  receiving(): boolean;
  /** Called each time `receiving()` becomes true again after having been false. */
  onResumed(handler: () => void): void;
  /**
   * Resolves once every message published anywhere before this call has reached this instance's handlers (true), or
   * when that cannot be promised (false: Redis slow or away). Redis answers a `PING` on the subscription's own
   * connection after everything it wrote to that connection before: a message whose `PUBLISH` Redis had executed
   * when the `PING` arrived (any instance's, on any host) is read before the answer to it.
   */
  barrier(): Promise<boolean>;
  close(): Promise<void>;
};

/** One instance: messages go straight to the local hub. */
export function memoryBus(): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  return {
    async publish(message) {
      for (const h of handlers) h(message);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    receiving: () => true,
    onResumed() {},
    barrier: async () => true,
    async close() {},
  };
}

const CHANNEL = 'outing:realtime';
/** Forget messages kept at most while Redis cannot take them (a burst of logouts during an outage). */
const MAX_UNSENT = 10_000;
/** How long `barrier` waits at most for Redis's answer before giving up (a hit then becomes a miss). */
const BARRIER_TIMEOUT_MS = 250;

/** Several instances: Redis pub/sub, so that a frame published anywhere reaches sockets everywhere. */
export function redisBus(redis: Redis, onError: (err: unknown) => void): Bus {
  const subscriber = redis.duplicate();
  const handlers: ((m: BusMessage) => void)[] = [];
  const resumed: (() => void)[] = [];
  // Subscribed and connected: set once Redis has confirmed the SUBSCRIBE of this connection, cleared the moment
  // the connection is lost (ioredis subscribes again after a reconnection; that SUBSCRIBE is confirmed below).
  let receiving = false;
  let closing = false;
  const confirm = () =>
    subscriber.subscribe(CHANNEL).then(
      () => {
        if (receiving || closing || subscriber.status !== 'ready') return;
        receiving = true;
        for (const h of resumed) h();
      },
      (err: unknown) => onError(err),
    );
  subscriber.on('close', () => (receiving = false));
  subscriber.on('reconnecting', () => (receiving = false));
  subscriber.on('end', () => (receiving = false));
  // Every connection after the first: the subscription is confirmed again before messages count as received.
  let connections = 0;
  subscriber.on('ready', () => {
    if (++connections > 1) void confirm();
  });
  const deliver = (message: BusMessage) => {
    for (const h of handlers) h(message);
  };
  subscriber.on('error', onError);
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (err) {
      onError(err);
      return;
    }
    deliver(message);
  });
  const ready = confirm();
  // A message that makes the other instances forget a cached users row (a revocation, a rename), which Redis could
  // not take from this instance: kept and published once this instance's connection is back. The others may have
  // stayed subscribed (only this instance lost Redis) and would otherwise use the row until it expires
  // (`SESSION_CACHE_MS`, decision 004). Frames and flushes are not worth keeping (a frame is stale by then; an
  // answer lives 1 s).
  const unsent: BusMessage[] = [];
  const keep = (message: BusMessage) => {
    if ((message.kind === 'revoke' || message.kind === 'user') && unsent.length < MAX_UNSENT)
      unsent.push(message);
  };
  const send = async (message: BusMessage): Promise<boolean> => {
    try {
      await redis.publish(CHANNEL, JSON.stringify(message));
      return true;
    } catch (err) {
      onError(err);
      keep(message);
      return false;
    }
  };
  const resend = () => {
    for (const m of unsent.splice(0)) void send(m);
  };
  redis.on('ready', resend);
  // One PING in flight at a time: a barrier asked for while one is under way waits for the next, which is sent
  // when that one is answered (the one under way may have left before the caller's message was published).
  let inFlight: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  const ping = (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const answered = subscriber.ping().then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      timer.unref();
    });
    inFlight = Promise.race([answered, timeout]).finally(() => {
      clearTimeout(timer);
      inFlight = undefined;
    });
    return inFlight;
  };
  return {
    async publish(message) {
      // Redis away: the write that raised the frame has committed and must neither fail nor wait for reconnects;
      // this instance's own sockets still get the frame, the other instances miss it (a forget message is sent to
      // them once Redis is back, `keep`).
      if (redis.status !== 'ready') {
        keep(message);
        return deliver(message);
      }
      if (!(await send(message))) deliver(message);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    receiving: () => receiving,
    onResumed(handler) {
      resumed.push(handler);
    },
    barrier() {
      if (!receiving) return Promise.resolve(false);
      if (!inFlight) return ping();
      queued ??= inFlight.then(() => {
        queued = undefined;
        return inFlight ?? ping();
      });
      return queued;
    },
    async close() {
      closing = true;
      receiving = false;
      redis.off('ready', resend);
      await ready;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
