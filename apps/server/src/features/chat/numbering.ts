import type { Db } from '../../db/pool.js';
import { numberRoomMessages } from './queries.js';

/** When a room's new messages are numbered: after `batch` sends through this instance, or `delayMs` after the first
 * of them, whichever comes first. */
export type NumberingPolicy = { batch: number; delayMs: number };
export const NUMBERING: NumberingPolicy = { batch: 50, delayMs: 30_000 };

/** Numbers the room's messages sent since the last numbering, now; resolves to how many. */
export async function numberMessages(db: Db, roomId: string): Promise<number> {
  return numberRoomMessages(db, roomId);
}

/**
 * Numbers a room's new messages (`number_messages`, migration 0014, decision 014) off the send's path and in
 * batches: a send takes no row lock, and numbering a message costs about as much as storing it, so it is done for
 * many at once. Until then a page reads them as the newest, in the order of their ids, so nothing waits for this;
 * it only keeps a room's unnumbered rest short (a few dozen per instance). A failure is left to the next batch.
 */
export class MessageNumbering {
  readonly #due = new Map<string, { timer: NodeJS.Timeout; sends: number }>();
  readonly #running = new Set<Promise<void>>();
  #closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown, roomId: string) => void,
    /** `null`: nothing is numbered in the background (pages stay right; `numberMessages` does it on demand). */
    private readonly policy: NumberingPolicy | null = NUMBERING,
  ) {}

  /** A message was stored in `roomId`: numbers the room's new messages once enough have come, or soon enough. */
  sent(roomId: string) {
    if (this.#closed || !this.policy) return;
    const due = this.#due.get(roomId);
    if (!due) {
      const timer = setTimeout(() => this.#run(roomId), this.policy.delayMs);
      timer.unref();
      this.#due.set(roomId, { timer, sends: 1 });
    } else due.sends++;
    if (this.#due.get(roomId)!.sends >= this.policy.batch) this.#run(roomId);
  }

  #run(roomId: string) {
    const due = this.#due.get(roomId);
    if (!due) return;
    clearTimeout(due.timer);
    this.#due.delete(roomId);
    const run = numberMessages(this.db, roomId)
      .then(
        () => {},
        (err: unknown) => this.onError(err, roomId),
      )
      .finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  /** Numbers what is waiting now, then takes no more (a graceful stop leaves no room with a long unnumbered rest). */
  async close() {
    this.#closed = true;
    for (const roomId of [...this.#due.keys()]) this.#run(roomId);
    await Promise.all(this.#running);
  }
}
