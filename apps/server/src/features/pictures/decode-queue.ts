import { AppError, badRequest, tooMany } from '../../lib/errors.js';

/**
 * Who may decode a picture, and when (issue 32). Decoding holds a picture's pixels and a core: an instance decodes
 * at most `slots` pictures at once, and the bodies waiting their turn are in memory too. So an upload takes a
 * *place* here before a byte of its body is read, and keeps it until it is answered:
 * - at most `places` uploads in all (their bodies: at most `places` × 10 MB), the next answered 503;
 * - at most `perUser` of one user's (one decoding, one on its way), the next answered 429;
 * - a free slot goes to the longest-waiting upload of a user who has none decoding: one user's pictures never
 *   hold more than one slot while someone else waits, so another user's upload waits for at most one decode.
 */

export type DecodeQueueLimits = { slots: number; places: number; perUser: number };

export const DEFAULT_DECODE_LIMITS: DecodeQueueLimits = { slots: 2, places: 8, perUser: 2 };

const BUSY = 'Outing is busy reading other pictures. Please try again in a moment.';
const YOURS_BUSY = 'Your other pictures are still being uploaded. Please wait for them to finish.';

export type DecodePlace = {
  /** Runs `fn` once a slot is free for this upload. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Gives the place (and its slot) back; again is harmless. */
  release(): void;
};

type Waiting = { userId: number; start: () => void; slot: boolean };

export class DecodeQueue {
  private placesTaken = 0;
  private readonly placesOf = new Map<number, number>();
  private readonly decodingOf = new Map<number, number>();
  private decoding = 0;
  private readonly waiting: Waiting[] = [];

  constructor(private readonly limits: DecodeQueueLimits = DEFAULT_DECODE_LIMITS) {}

  /** How many uploads hold a place, and how many of them are decoding (for tests and metrics). */
  get size() {
    return { places: this.placesTaken, decoding: this.decoding, waiting: this.waiting.length };
  }

  /** A place for one upload of `userId`; throws the 429 or 503 that says why not. */
  admit(userId: number): DecodePlace {
    const mine = this.placesOf.get(userId) ?? 0;
    if (mine >= this.limits.perUser) throw tooMany(YOURS_BUSY, 'UPLOADS_IN_PROGRESS', 5);
    if (this.placesTaken >= this.limits.places)
      throw new AppError(503, 'UNAVAILABLE', BUSY, undefined, {
        reason: 'PICTURES_BUSY',
        headers: { 'retry-after': '5' },
      });
    this.placesTaken += 1;
    count(this.placesOf, userId, 1);
    let ran = false;
    let released = false;
    const entry: Waiting = { userId, start: () => undefined, slot: false };
    return {
      run: async (fn) => {
        if (ran || released) throw new Error('a place runs once, before it is released');
        ran = true;
        await new Promise<void>((start) => {
          entry.start = start;
          this.waiting.push(entry);
          this.dispatch();
        });
        // Released while it waited (the client went away): it never got a slot, nothing to decode.
        if (!entry.slot) throw badRequest('The upload was cancelled.', 'UPLOAD_CANCELLED');
        try {
          return await fn();
        } finally {
          // The slot is held until the decode ends, even when the upload's place was released meanwhile.
          this.decoding -= 1;
          count(this.decodingOf, userId, -1);
          this.dispatch();
        }
      },
      release: () => {
        if (released) return;
        released = true;
        const at = this.waiting.indexOf(entry);
        if (at >= 0) {
          this.waiting.splice(at, 1);
          entry.start();
        }
        this.placesTaken -= 1;
        count(this.placesOf, userId, -1);
      },
    };
  }

  /** Starts waiting uploads while slots are free, longest-waiting first among users with nothing decoding. */
  private dispatch() {
    while (this.decoding < this.limits.slots) {
      const at = this.waiting.findIndex((w) => !this.decodingOf.has(w.userId));
      if (at < 0) return;
      const next = this.waiting.splice(at, 1)[0]!;
      this.decoding += 1;
      count(this.decodingOf, next.userId, 1);
      next.slot = true;
      next.start();
    }
  }
}

function count(map: Map<number, number>, key: number, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
