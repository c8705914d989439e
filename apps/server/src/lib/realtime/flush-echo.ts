import type { BusMessage } from './bus.js';

type Flush = Extract<BusMessage, { kind: 'flush' }>;

/** How long a write's answer waits at most for its announcement to come back (Redis slow or gone: the TTL bounds). */
const ECHO_TIMEOUT_MS = 500;

/**
 * This instance's `flush` messages and their echo. Redis writes a published message to every subscriber in the same
 * pass of its event loop, and it may answer the publisher before it has written them; once this instance's own
 * subscription has the message back, the other instances' copies have left Redis too. A write's answer waits for
 * that (decision 012), so that a client reading elsewhere after that answer finds the message already there.
 */
export class FlushEcho {
  #sent = 0;
  #heard = 0;
  readonly #waiting = new Set<{ seq: number; resolve: () => void }>();

  constructor(readonly instance: string) {}

  next(): Flush {
    return { kind: 'flush', from: this.instance, seq: ++this.#sent };
  }

  heard(m: Flush) {
    if (m.from !== this.instance || m.seq <= this.#heard) return;
    this.#heard = m.seq;
    for (const w of this.#waiting)
      if (w.seq <= this.#heard) {
        this.#waiting.delete(w);
        w.resolve();
      }
  }

  /** Resolves when message `seq` (or a later one) of this instance has come back, or after the timeout. */
  echo(seq: number): Promise<void> {
    if (seq <= this.#heard) return Promise.resolve();
    return new Promise((resolve) => {
      const w = {
        seq,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(w);
        resolve();
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      this.#waiting.add(w);
    });
  }
}
