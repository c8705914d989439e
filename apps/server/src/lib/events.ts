import type { Notification } from '@outing/contract';

/** What a stored notification needs to reach the user elsewhere (socket, push). */
export type NotificationEvent = { notification: Notification; url: string };

type Listener<T> = (event: T) => void | Promise<void>;

/**
 * In-process events raised after a database transaction has committed. Delivery features (the socket hub, the
 * push sender) subscribe; a failing subscriber is reported to `onError` and never fails the request that raised it.
 */
export class AppEvents {
  readonly #notification: Listener<NotificationEvent>[] = [];
  #onError: (err: unknown) => void = () => {};

  onNotification(listener: Listener<NotificationEvent>) {
    this.#notification.push(listener);
  }

  onError(handler: (err: unknown) => void) {
    this.#onError = handler;
  }

  emitNotification(event: NotificationEvent) {
    for (const listener of this.#notification) {
      Promise.resolve()
        .then(() => listener(event))
        .catch((err: unknown) => this.#onError(err));
    }
  }
}
