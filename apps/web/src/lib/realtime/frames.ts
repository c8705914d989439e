import type { SocketFrame, SocketFrameType } from '@outing/contract';

// Zod-free on purpose: the realtime module is part of the start-up bundle (apps/web/README.md). A frame is trusted
// as far as its shape `{type, data}`; the server's schemas (packages/contract/src/socket.ts) fix the rest.

export type { SocketFrame, SocketFrameType };

/** The frame of one type. */
export type FrameOf<T extends SocketFrameType> = Extract<SocketFrame, { type: T }>;

/**
 * A handler key (docs/product.md#live-updates): a frame type (`CREATE_MESSAGE`, e.g. the room page's unread counter)
 * or a type plus a room id (`CREATE_MESSAGE_{roomId}`, e.g. the chat page).
 */
export type RealtimeKey = SocketFrameType | `${SocketFrameType}_${string}`;

/** The `data` a handler of `key` receives. */
export type FrameDataFor<K extends string> = {
  [T in SocketFrameType]: K extends T | `${T}_${string}` ? FrameOf<T>['data'] : never;
}[SocketFrameType];

/** `CREATE_MESSAGE_{roomId}` and the like. Room ids are lowercase UUIDs; a route parameter may not be. */
export function roomKey<T extends SocketFrameType>(type: T, roomId: string): `${T}_${string}` {
  return `${type}_${roomId.toLowerCase()}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A socket message as a frame, or null when it is not one of ours. */
export function parseFrame(raw: unknown): SocketFrame | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.type !== 'string' || value.type === '' || !isRecord(value.data)) {
    return null;
  }
  return value as SocketFrame;
}

/** The handler keys a frame is delivered to: its type, and its type plus room id when it names a room. */
export function keysOf(frame: SocketFrame): string[] {
  const roomId: unknown = (frame.data as { roomId?: unknown }).roomId;
  return typeof roomId === 'string' && roomId !== ''
    ? [frame.type, roomKey(frame.type, roomId)]
    : [frame.type];
}
