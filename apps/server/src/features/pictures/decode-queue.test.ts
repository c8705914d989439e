import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { DecodeQueue } from './decode-queue.js';

/** A decode that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, fn: () => opened.then(() => 'done') };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? { status: err.status, message: err.message } : err;
  }
  return undefined;
};

describe('the decode queue', () => {
  it('refuses a third upload of one user (429) and any upload past its places (503), before any body is read', () => {
    const queue = new DecodeQueue({ slots: 2, places: 3, perUser: 2 });
    queue.admit(1);
    queue.admit(1);
    expect(refusal(() => queue.admit(1))).toEqual({
      status: 429,
      message: 'Your other pictures are still being uploaded. Please wait for them to finish.',
    });
    queue.admit(2);
    expect(refusal(() => queue.admit(3))).toEqual({
      status: 503,
      message: 'Outing is busy reading other pictures. Please try again in a moment.',
    });
    expect(queue.size).toEqual({ places: 3, decoding: 0, waiting: 0 });
  });

  it('gives a free slot to a user with nothing decoding before a second picture of a user who has one', async () => {
    const queue = new DecodeQueue({ slots: 2, places: 8, perUser: 2 });
    const order: string[] = [];
    const a1 = gate();
    const a2 = gate();
    const b1 = gate();
    const run = (user: number, name: string, g: ReturnType<typeof gate>) => {
      const place = queue.admit(user);
      return place.run(() => (order.push(name), g.fn())).finally(() => place.release());
    };
    const done = [run(1, 'a1', a1), run(1, 'a2', a2)];
    await Promise.resolve();
    // User 1's second picture waits although a slot is free: one user decodes one picture at a time.
    expect(order).toEqual(['a1']);
    expect(queue.size).toEqual({ places: 2, decoding: 1, waiting: 1 });
    done.push(run(2, 'b1', b1));
    await Promise.resolve();
    // User 2 arrived later and starts at once.
    expect(order).toEqual(['a1', 'b1']);
    b1.open();
    a1.open();
    await done[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['a1', 'b1', 'a2']);
    a2.open();
    await Promise.all(done);
    expect(queue.size).toEqual({ places: 0, decoding: 0, waiting: 0 });
  });

  it('keeps at most `slots` decodes running, whatever the users', async () => {
    const queue = new DecodeQueue({ slots: 2, places: 10, perUser: 2 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const place = queue.admit(i);
        try {
          await place.run(async () => {
            most = Math.max(most, ++running);
            await new Promise((r) => setTimeout(r, 5));
            running -= 1;
          });
        } finally {
          place.release();
        }
      }),
    );
    expect(most).toBe(2);
  });

  it('lets a released upload leave the line without decoding, and holds a slot until its decode ends', async () => {
    const queue = new DecodeQueue({ slots: 1, places: 4, perUser: 2 });
    const first = gate();
    const a = queue.admit(1);
    const aDone = a.run(first.fn);
    const b = queue.admit(2);
    const bDone = b.run(() => Promise.resolve('decoded'));
    // b's client goes away while it waits: it leaves the line, its place is free.
    b.release();
    await expect(bDone).rejects.toMatchObject({ message: 'The upload was cancelled.' });
    // a's client goes away while it decodes: the place is free, the slot is not (the decode still runs).
    a.release();
    expect(queue.size).toEqual({ places: 0, decoding: 1, waiting: 0 });
    const c = queue.admit(3);
    let cStarted = false;
    const cDone = c.run(async () => {
      cStarted = true;
    });
    await Promise.resolve();
    expect(cStarted).toBe(false);
    first.open();
    await aDone;
    await cDone;
    expect(cStarted).toBe(true);
    c.release();
    c.release(); // twice is harmless
    expect(queue.size).toEqual({ places: 0, decoding: 0, waiting: 0 });
  });
});
