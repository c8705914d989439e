import type { ClientFrame } from '@outing/contract';
import { keysOf, parseFrame, type SocketFrame } from './frames';

/** Reconnect check (docs/product.md#live-updates, #constants). */
export const RECONNECT_CHECK_MS = 5000;

/** The server closes with this code for a missing, bad, expired or revoked token (docs/api/README.md#socket). */
export const UNAUTHORIZED_CLOSE_CODE = 4401;

/**
 * The server refuses a socket with this code when the user (or the address) already holds as many as it allows
 * (docs/security.md). The older sockets stay, so trying again at once would only be refused again: the client
 * waits 30 s, then twice as long after each refusal in a row, up to 5 minutes.
 */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4429;
export const TOO_MANY_FIRST_WAIT_MS = 30_000;
export const TOO_MANY_MAX_WAIT_MS = 5 * 60_000;

const OPEN = 1;
const CLOSED = 3;

/**
 * - `offline`: nobody signed in.
 * - `connecting`: the first attempt for this token.
 * - `open`: frames flow.
 * - `reconnecting`: the socket closed or an attempt failed; the next check tries again (after a 4429, a later one).
 * - `unauthorized`: the server refused the token (4401); no more attempts until the token changes.
 */
export type ConnectionState = 'offline' | 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

/** What the client needs of a WebSocket; the browser's, or a fake in tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
  send(data: string): void;
}

export type SocketClass = new (url: string) => SocketLike;

export type FrameHandler = (frame: SocketFrame) => void;

export interface RealtimeClientOptions {
  /** The socket constructor, looked up at each attempt (null: no socket, e.g. component tests). */
  socketClass: () => SocketClass | null;
  /** The socket URL for a token. */
  url: (token: string) => string;
  checkIntervalMs?: number;
}

function report(error: unknown) {
  console.error('A realtime handler failed', error);
}

/**
 * The one socket of the app (docs/product.md#live-updates): open while a token is set, closed when it changes or is
 * cleared, a check every 5 s that reconnects a closed socket, no retry after a 4401 until the token changes, a long
 * backoff after a 4429. Frames go to the handlers of their keys; every open (first or re-) is announced so that
 * callers re-fetch what frames may have been missed (the server does not replay them).
 */
export class RealtimeClient {
  readonly #options: RealtimeClientOptions;
  #token: string | null = null;
  #socket: SocketLike | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #state: ConnectionState = 'offline';
  /** After 4429s: no attempt before this time, and the wait after the next refusal. */
  #notBefore = 0;
  #refusedWaitMs = TOO_MANY_FIRST_WAIT_MS;
  readonly #handlers = new Map<string, Set<FrameHandler>>();
  readonly #frameListeners = new Set<FrameHandler>();
  readonly #openListeners = new Set<() => void>();
  readonly #unauthorizedListeners = new Set<() => void>();
  readonly #stateListeners = new Set<() => void>();
  /** The room whose chat this device shows (lowercase), told to the server on every (re)connect. */
  #viewing: string | null = null;

  constructor(options: RealtimeClientOptions) {
    this.#options = options;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  get token(): string | null {
    return this.#token;
  }

  /** Connects with `token`, or disconnects for null. The same token again changes nothing. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#stop();
    this.#token = token;
    this.#notBefore = 0;
    this.#refusedWaitMs = TOO_MANY_FIRST_WAIT_MS;
    if (token === null) {
      this.#setState('offline');
      return;
    }
    this.#setState('connecting');
    this.#connect();
    this.#timer = setInterval(() => this.check(), this.#options.checkIntervalMs ?? RECONNECT_CHECK_MS);
  }

  /** Reconnects if the socket is closed (the periodic check; also run when the browser comes back online). */
  check(): void {
    if (this.#token === null || this.#state === 'unauthorized' || Date.now() < this.#notBefore) return;
    if (this.#socket === null || this.#socket.readyState === CLOSED) this.#connect();
  }

  /** The room whose chat is on screen, or null. */
  get viewing(): string | null {
    return this.#viewing;
  }

  /**
   * Tells the server which room's chat this device shows (`VIEWING`, docs/notifications.md): its messages then
   * count as read and are not pushed. Sent at once when the socket is open, and again after every reconnect (the
   * server forgets it with the socket).
   */
  setViewing(roomId: string | null): void {
    const room = roomId?.toLowerCase() ?? null;
    if (room === this.#viewing) return;
    this.#viewing = room;
    this.#send({ type: 'VIEWING', data: { roomId: room } });
  }

  /** Delivers each frame of `key` (a type, or type + `_` + room id) to `handler` until the returned call. */
  on(key: string, handler: FrameHandler): () => void {
    let set = this.#handlers.get(key);
    if (!set) {
      set = new Set();
      this.#handlers.set(key, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.#handlers.get(key) === set) this.#handlers.delete(key);
    };
  }

  /** Every frame, before the keyed handlers (the cache work). */
  onFrame(listener: FrameHandler): () => void {
    return this.#listen(this.#frameListeners, listener);
  }

  /** After every successful (re)connect. */
  onOpen(listener: () => void): () => void {
    return this.#listen(this.#openListeners, listener);
  }

  /** When the server refuses the token (4401). */
  onUnauthorized(listener: () => void): () => void {
    return this.#listen(this.#unauthorizedListeners, listener);
  }

  /** For `useSyncExternalStore`. */
  subscribeState = (listener: () => void): (() => void) => this.#listen(this.#stateListeners, listener);

  getState = (): ConnectionState => this.#state;

  #listen<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  #setState(state: ConnectionState) {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener();
  }

  #connect() {
    const token = this.#token;
    const Socket = this.#options.socketClass();
    if (token === null || !Socket) return;
    this.#detach();
    let socket: SocketLike;
    try {
      socket = new Socket(this.#options.url(token));
    } catch (error) {
      console.warn('Could not open the realtime socket', error);
      this.#setState('reconnecting');
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      this.#refusedWaitMs = TOO_MANY_FIRST_WAIT_MS;
      this.#setState('open');
      if (this.#viewing !== null) this.#send({ type: 'VIEWING', data: { roomId: this.#viewing } });
      this.#emit(this.#openListeners, undefined);
    };
    socket.onmessage = (event) => {
      if (this.#socket !== socket) return;
      const frame = parseFrame(event.data);
      if (frame) this.#dispatch(frame);
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (event.code === UNAUTHORIZED_CLOSE_CODE) {
        this.#setState('unauthorized');
        this.#emit(this.#unauthorizedListeners, undefined);
      } else if (event.code === TOO_MANY_SOCKETS_CLOSE_CODE) {
        this.#notBefore = Date.now() + this.#refusedWaitMs;
        this.#refusedWaitMs = Math.min(this.#refusedWaitMs * 2, TOO_MANY_MAX_WAIT_MS);
        this.#setState('reconnecting');
      } else {
        this.#setState('reconnecting');
      }
    };
    // An error is followed by a close; the close decides.
    socket.onerror = () => {};
  }

  #dispatch(frame: SocketFrame) {
    for (const listener of [...this.#frameListeners]) {
      try {
        listener(frame);
      } catch (error) {
        report(error);
      }
    }
    for (const key of keysOf(frame)) {
      for (const handler of [...(this.#handlers.get(key) ?? [])]) {
        try {
          handler(frame);
        } catch (error) {
          report(error);
        }
      }
    }
  }

  /** A client frame, if the socket is open (a closed one sends it again on its next open, see `setViewing`). */
  #send(frame: ClientFrame) {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(frame));
    } catch (error) {
      console.warn('Could not send on the realtime socket', error);
    }
  }

  #emit<T>(listeners: Set<(value: T) => void>, value: T) {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        report(error);
      }
    }
  }

  /** Forgets the current socket without letting its close count as a drop. */
  #detach() {
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = null;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState !== CLOSED) {
      try {
        socket.close(1000, 'Session changed'); // i18n-ignore: a close reason for the server
      } catch {
        // already closing
      }
    }
  }

  #stop() {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#detach();
  }
}
