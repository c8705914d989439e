import type { Redis } from 'ioredis';
import type { SocketFrame } from '@outing/contract';

/**
 * What travels between instances: frames for some users, "close the sockets of tokens older than …", or "this
 * user's row changed" (each instance forgets its cached copy, `SessionCache`).
 */
export type BusMessage =
  | { kind: 'frame'; userIds: number[]; frame: SocketFrame }
  /** with `jti`: only the sockets of that token (an older instance, which ignores it, closes none: beforeMs 0) */
  | { kind: 'revoke'; userId: number; beforeMs: number; jti?: string }
  | { kind: 'user'; userId: number };

export type Bus = {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
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
    async close() {},
  };
}

const CHANNEL = 'outing:realtime';

/** Several instances: Redis pub/sub, so that a frame published anywhere reaches sockets everywhere. */
export function redisBus(redis: Redis, onError: (err: unknown) => void): Bus {
  const subscriber = redis.duplicate();
  const handlers: ((m: BusMessage) => void)[] = [];
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
  const ready = subscriber.subscribe(CHANNEL).catch(onError);
  return {
    async publish(message) {
      // Redis away: the write that raised the frame has committed and must neither fail nor wait for reconnects;
      // this instance's own sockets still get the frame, the other instances miss it until Redis is back.
      if (redis.status !== 'ready') return deliver(message);
      try {
        await redis.publish(CHANNEL, JSON.stringify(message));
      } catch (err) {
        onError(err);
        deliver(message);
      }
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      await ready;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
