import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';

/** How long after a send its room's new messages are numbered: the sends of a burst are numbered together. */
export const NUMBERING_DELAY_MS = 200;

/** Numbers the room's messages sent since the last numbering, now; resolves to how many. */
export async function numberMessages(db: Db, roomId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT number_messages(${roomId}::uuid) AS n`);
  return rows[0]?.n ?? 0;
}

/**
 * Numbers a room's new messages shortly after they were sent (`number_messages`, migration 0014), once per burst
 * and off the send's path: a send takes no row lock, so a busy room's sends no longer queue behind each other's
 * commits. Until then a page reads them as the newest, in the order of their ids, so nothing waits for this: it
 * keeps the unnumbered rest of a room short. A failure is logged and left to the room's next send.
 */
export class MessageNumbering {
  readonly #due = new Map<string, NodeJS.Timeout>();
  readonly #running = new Set<Promise<void>>();
  #closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown, roomId: string) => void,
    private readonly delayMs = NUMBERING_DELAY_MS,
  ) {}

  /** Numbers `roomId`'s new messages soon (once, however many sends ask meanwhile). */
  schedule(roomId: string) {
    if (this.#closed || this.#due.has(roomId)) return;
    const timer = setTimeout(() => {
      this.#due.delete(roomId);
      const run = numberMessages(this.db, roomId)
        .then(
          () => {},
          (err: unknown) => this.onError(err, roomId),
        )
        .finally(() => this.#running.delete(run));
      this.#running.add(run);
    }, this.delayMs);
    timer.unref();
    this.#due.set(roomId, timer);
  }

  /** Stops planning and waits for the numbering under way (what was only planned is numbered by a later send). */
  async close() {
    this.#closed = true;
    for (const timer of this.#due.values()) clearTimeout(timer);
    this.#due.clear();
    await Promise.all(this.#running);
  }
}
