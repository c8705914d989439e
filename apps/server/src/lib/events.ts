import type { Notification, PushPayload } from '@outing/contract';

/** What a stored notification needs to reach the user elsewhere (socket; push when `push`). */
export type NotificationEvent = { notification: Notification; url: string; push?: boolean };
/** Notifications of a user became read (`all`: every one of theirs). */
export type NotificationsReadEvent = { userId: number; ids: number[]; all: boolean };
/** A push that is not a stored notification (chat messages). */
export type PushEvent = { userId: number; payload: PushPayload };

type Listener<T> = (event: T) => void | Promise<void>;

/** Tokens that stopped being valid: the user's issued before `atMs`, or only the one with `jti`. */
export type TokensRevoked = { userId: number; atMs: number; jti?: string };

/**
 * In-process events raised after a database transaction has committed. Delivery features (the socket hub, the
 * push sender) subscribe; a failing subscriber is reported to `onError` and never fails the request that raised it.
 */
export class AppEvents {
  readonly #notification: Listener<NotificationEvent>[] = [];
  readonly #notificationsRead: Listener<NotificationsReadEvent>[] = [];
  readonly #push: Listener<PushEvent>[] = [];
  readonly #roomUpdated: Listener<string>[] = [];
  readonly #tokensRevoked: Listener<TokensRevoked>[] = [];
  readonly #userChanged: Listener<number>[] = [];
  #onError: (err: unknown) => void = () => {};
  readonly #inflight = new Set<Promise<void>>();

  onNotification(listener: Listener<NotificationEvent>) {
    this.#notification.push(listener);
  }

  onNotificationsRead(listener: Listener<NotificationsReadEvent>) {
    this.#notificationsRead.push(listener);
  }

  /** Pushes to a user's devices that are not notifications (a room's new chat messages). */
  onPush(listener: Listener<PushEvent>) {
    this.#push.push(listener);
  }

  /** A room's details or members changed (edit, join, leave, close, invite answered). */
  onRoomUpdated(listener: Listener<string>) {
    this.#roomUpdated.push(listener);
  }

  /**
   * Every token of the user issued before `atMs` stopped being valid (logout, password reset or change, deletion),
   * or, with `jti`, that one token only (a per-device logout).
   */
  onTokensRevoked(listener: Listener<TokensRevoked>) {
    this.#tokensRevoked.push(listener);
  }

  /** A user's own row changed (username): whatever holds a copy of it forgets it. */
  onUserChanged(listener: Listener<number>) {
    this.#userChanged.push(listener);
  }

  onError(handler: (err: unknown) => void) {
    this.#onError = handler;
  }

  emitNotification(event: NotificationEvent) {
    this.#run(this.#notification, event);
  }

  emitNotificationsRead(event: NotificationsReadEvent) {
    this.#run(this.#notificationsRead, event);
  }

  emitPush(event: PushEvent) {
    this.#run(this.#push, event);
  }

  emitRoomUpdated(roomId: string) {
    this.#run(this.#roomUpdated, roomId);
  }

  emitTokensRevoked(userId: number, atMs: number, jti?: string) {
    this.#run(this.#tokensRevoked, jti === undefined ? { userId, atMs } : { userId, atMs, jti });
  }

  emitUserChanged(userId: number) {
    this.#run(this.#userChanged, userId);
  }

  /** Resolves when every listener started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
  }

  #run<T>(listeners: Listener<T>[], event: T) {
    for (const listener of listeners) {
      const p: Promise<void> = Promise.resolve()
        .then(() => listener(event))
        .catch((err: unknown) => this.#onError(err))
        .finally(() => this.#inflight.delete(p));
      this.#inflight.add(p);
    }
  }
}
