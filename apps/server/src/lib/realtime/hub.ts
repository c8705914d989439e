import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { clientFrameSchema, type SocketFrame } from '@outing/contract';
import type { Bus, BusMessage } from './bus.js';
import { PresenceBatcher, type PresenceWriter } from './presence.js';

export const PING_INTERVAL_MS = 30_000;
export const CLOSE_UNAUTHORIZED = 4401;
/** A new socket over the per-user or per-address cap is refused with this code (the older ones stay). */
export const CLOSE_TOO_MANY_SOCKETS = 4429;

/** Sockets one instance holds at most per user and per client address (0: no cap). */
export type SocketLimits = { perUser: number; perIp: number };

type Connection = {
  socket: WebSocket;
  userId: number;
  ip: string;
  issuedAtMs: number;
  jti: string | undefined;
  alive: boolean;
  expiry: { current: NodeJS.Timeout };
  /** The room whose chat this socket shows (its last `VIEWING` frame), or null. */
  viewing: string | null;
  /** When its recent `VIEWING` changes were acted on (at most VIEWING_BURST per VIEWING_WINDOW_MS). */
  viewingChanges: number[];
};

/** Listeners of what sockets view (issue #21): a socket started viewing a room's chat; messages reached viewers. */
type ViewingListener = (userId: number, roomId: string) => void;
type SeenListener = (roomId: string, messageId: number, userIds: number[]) => void;
/** The longest delay a Node timer takes (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Closes `socket` with 4401 when its token expires. A guest's token lives 90 days (docs/guests.md), past the longest
 * timer Node can set: the wait is taken in steps of at most LONGEST_TIMER_MS. The timer never keeps the process up.
 */
export function closeAtExpiry(
  socket: Pick<WebSocket, 'close'>,
  expiresAtMs: number,
  now: () => number = Date.now,
): { current: NodeJS.Timeout } {
  const handle = { current: undefined as unknown as NodeJS.Timeout };
  const wait = () => {
    const left = expiresAtMs - now();
    handle.current = setTimeout(
      () => (left > LONGEST_TIMER_MS ? wait() : socket.close(CLOSE_UNAUTHORIZED, 'Token expired')),
      Math.max(0, Math.min(left, LONGEST_TIMER_MS)),
    );
    handle.current.unref();
  };
  wait();
  return handle;
}

const VIEWING_BURST = 20;
const VIEWING_WINDOW_MS = 10_000;

/**
 * The one realtime hub: features publish frames to users (`toUsers`); the bus carries them to every instance, and
 * each instance writes them to its own sockets of those users.
 */
export class RealtimeHub {
  readonly #byUser = new Map<number, Set<Connection>>();
  readonly #byIp = new Map<string, number>();
  readonly #pinger: NodeJS.Timeout;
  #closing = false;
  readonly #presence: PresenceBatcher;
  readonly #viewingListeners: ViewingListener[] = [];
  /** This instance's sockets by the room whose chat they view. */
  readonly #viewersByRoom = new Map<string, Set<Connection>>();
  readonly #seenListeners: SeenListener[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    writePresence: PresenceWriter,
    pingIntervalMs = PING_INTERVAL_MS,
    private readonly limits: SocketLimits = { perUser: 0, perIp: 0 },
    presenceBatch: { windowMs?: number; maxUsers?: number } = {},
  ) {
    this.#presence = new PresenceBatcher(
      writePresence,
      (err) => this.log.warn({ err }, 'presence update failed'),
      presenceBatch.windowMs,
      presenceBatch.maxUsers,
    );
    bus.subscribe((m) => this.#receive(m));
    this.#pinger = setInterval(() => this.#ping(), pingIntervalMs);
    this.#pinger.unref();
  }

  /** Whether `ip` already holds as many sockets as it may (checked before the token, to spare the database). */
  ipFull(ip: string): boolean {
    return this.limits.perIp > 0 && (this.#byIp.get(ip) ?? 0) >= this.limits.perIp;
  }

  /**
   * Registers an authenticated socket until it closes, its token expires, or the token is revoked; or, when the
   * user or the address already holds its cap of sockets, closes it with 4429 and returns false. The newest socket
   * is the one refused, so that two tabs never take each other's place in turn. Check and insert are synchronous:
   * parallel upgrades cannot all slip under the cap.
   */
  add(
    socket: WebSocket,
    userId: number,
    issuedAtMs: number,
    expiresAtMs: number,
    ip = '',
    jti?: string,
  ): boolean {
    const held = this.#byUser.get(userId)?.size ?? 0;
    if ((this.limits.perUser > 0 && held >= this.limits.perUser) || this.ipFull(ip)) {
      socket.close(CLOSE_TOO_MANY_SOCKETS, 'Too many sockets');
      return false;
    }
    this.#byIp.set(ip, (this.#byIp.get(ip) ?? 0) + 1);
    const conn: Connection = {
      socket,
      userId,
      ip,
      issuedAtMs,
      jti,
      alive: true,
      viewing: null,
      viewingChanges: [],
      expiry: closeAtExpiry(socket, expiresAtMs),
    };
    const set = this.#byUser.get(userId) ?? new Set();
    const first = set.size === 0;
    set.add(conn);
    this.#byUser.set(userId, set);
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (data, isBinary) => this.#clientFrame(conn, String(data), isBinary));
    socket.on('close', () => this.#remove(conn));
    socket.on('error', () => socket.terminate());
    if (first) this.#setPresence(userId, true);
    return true;
  }

  async toUsers(userIds: Iterable<number>, frame: SocketFrame): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length) await this.bus.publish({ kind: 'frame', userIds: ids, frame });
  }

  /**
   * Closes, on every instance, the sockets of `userId` opened with tokens issued before `beforeMs`, or with `jti`
   * only the sockets of that one token.
   */
  async revoke(userId: number, beforeMs: number, jti?: string): Promise<void> {
    await this.bus.publish(
      jti === undefined ? { kind: 'revoke', userId, beforeMs } : { kind: 'revoke', userId, beforeMs: 0, jti },
    );
  }

  /** Tells every instance that the user's row changed. */
  async userChanged(userId: number): Promise<void> {
    await this.bus.publish({ kind: 'user', userId });
  }

  /** A socket of `userId` started viewing the chat of `roomId` (acted on at most 20 times in 10 s per socket). */
  onViewing(listener: ViewingListener) {
    this.#viewingListeners.push(listener);
  }

  /** A `CREATE_MESSAGE` frame reached sockets of these users on this instance that view its room's chat. */
  onSeen(listener: SeenListener) {
    this.#seenListeners.push(listener);
  }

  /** How many sockets this instance holds (for tests and benchmarks). */
  /** The users whose socket on this instance views the chat of `roomId` (their last `VIEWING` frame). */
  viewersOf(roomId: string): number[] {
    return [...new Set([...(this.#viewersByRoom.get(roomId) ?? [])].map((c) => c.userId))];
  }

  /** Resolves once the presence batches already due are written (the window still open is left to its timer). */
  presenceWritten(): Promise<void> {
    return this.#presence.written;
  }

  get size(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /**
   * Closes every socket and marks their users away, awaited with every presence change still pending or being
   * written, so that nothing touches the database after the server has closed it.
   */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#pinger);
    const users = [...this.#byUser.keys()];
    for (const set of this.#byUser.values())
      for (const c of set) c.socket.close(1001, 'Server shutting down');
    this.#byUser.clear();
    this.#byIp.clear();
    this.#viewersByRoom.clear();
    // In the batch of changes not yet written (a socket that connected just before is written offline), and after
    // the batches under way.
    for (const u of users) this.#presence.set(u, false);
    await this.#presence.flush();
    await this.bus.close();
  }

  #receive(m: BusMessage) {
    if (m.kind === 'revoke') {
      for (const c of this.#byUser.get(m.userId) ?? []) {
        const revoked = m.jti === undefined ? c.issuedAtMs < m.beforeMs : c.jti === m.jti;
        if (revoked) c.socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
      }
      return;
    }
    if (m.kind !== 'frame') return;
    // Encoded once for every socket (a string would be encoded again per socket), sent as a text frame; not at all
    // when none of the users has an open socket on this instance.
    let payload: Buffer | undefined;
    for (const userId of m.userIds) {
      const conns = this.#byUser.get(userId);
      if (!conns) continue;
      for (const c of conns)
        if (c.socket.readyState === c.socket.OPEN)
          c.socket.send((payload ??= Buffer.from(JSON.stringify(m.frame))), { binary: false });
    }
    if (m.frame.type === 'CREATE_MESSAGE') {
      const { roomId, id } = m.frame.data;
      const viewing = this.#viewersByRoom.get(roomId);
      if (!viewing) return;
      // Those the frame was for (the members) whose socket here views the chat.
      const to = new Set(m.userIds);
      const viewers = [...new Set([...viewing].map((c) => c.userId))].filter((u) => to.has(u));
      if (viewers.length > 0) for (const l of this.#seenListeners) this.#safely(() => l(roomId, id, viewers));
    }
  }

  /**
   * What a client says (docs/api/README.md#socket, issue #21): `VIEWING` sets the room whose chat the socket shows.
   * Anything else, or anything malformed, is ignored. The socket's state always follows; the listeners (which write
   * to the database) run at most VIEWING_BURST times per VIEWING_WINDOW_MS, so a flood of frames costs nothing.
   */
  #clientFrame(conn: Connection, text: string, isBinary: boolean) {
    if (isBinary) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const frame = clientFrameSchema.safeParse(parsed);
    if (!frame.success) return;
    const { roomId } = frame.data.data;
    if (roomId === conn.viewing) return;
    this.#setViewing(conn, roomId);
    if (roomId === null) return;
    const now = Date.now();
    conn.viewingChanges = conn.viewingChanges.filter((at) => now - at < VIEWING_WINDOW_MS);
    if (conn.viewingChanges.length >= VIEWING_BURST) return;
    conn.viewingChanges.push(now);
    for (const l of this.#viewingListeners) this.#safely(() => l(conn.userId, roomId));
  }

  #setViewing(conn: Connection, roomId: string | null) {
    if (conn.viewing) {
      const set = this.#viewersByRoom.get(conn.viewing);
      set?.delete(conn);
      if (set?.size === 0) this.#viewersByRoom.delete(conn.viewing);
    }
    conn.viewing = roomId;
    if (roomId) {
      const set = this.#viewersByRoom.get(roomId) ?? new Set();
      set.add(conn);
      this.#viewersByRoom.set(roomId, set);
    }
  }

  #safely(fn: () => void) {
    try {
      fn();
    } catch (err) {
      this.log.warn({ err }, 'socket listener failed');
    }
  }

  #remove(conn: Connection) {
    clearTimeout(conn.expiry.current);
    this.#setViewing(conn, null);
    const set = this.#byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    const onIp = (this.#byIp.get(conn.ip) ?? 1) - 1;
    if (onIp > 0) this.#byIp.set(conn.ip, onIp);
    else this.#byIp.delete(conn.ip);
    if (set.size === 0) {
      this.#byUser.delete(conn.userId);
      this.#setPresence(conn.userId, false);
    }
  }

  /** Written with the other users' changes of the next few milliseconds (`PresenceBatcher`). */
  #setPresence(userId: number, online: boolean) {
    if (!this.#closing) this.#presence.set(userId, online);
  }

  #ping() {
    for (const set of this.#byUser.values()) {
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate(); // no pong since the last ping: a dead peer
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }
  }
}
