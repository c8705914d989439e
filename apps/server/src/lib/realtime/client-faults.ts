import type { FastifyBaseLogger } from 'fastify';

/** What a client can cause on its own socket: oversized or malformed frames, bad UTF-8, a reset connection. */
export function isClientFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/**
 * Logs client faults at info, without a stack, at most one line per address a minute and `maxPerMinute` lines in
 * all (a flood of bad frames from many addresses cannot flood the log either); the next line that is written says
 * how many were left out. Server faults are not for this class: they stay errors.
 */
export class ClientFaultLog {
  readonly #lastByKey = new Map<string, number>();
  #windowStart = 0;
  #inWindow = 0;
  #suppressed = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly maxPerMinute = 10,
    private readonly now: () => number = Date.now,
  ) {}

  report(key: string, err: unknown) {
    const now = this.now();
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now;
      this.#inWindow = 0;
      // Old entries cannot suppress anything any more: forget them, so the map stays small.
      for (const [k, at] of this.#lastByKey) if (now - at >= 60_000) this.#lastByKey.delete(k);
    }
    const last = this.#lastByKey.get(key);
    if ((last !== undefined && now - last < 60_000) || this.#inWindow >= this.maxPerMinute) {
      this.#suppressed++;
      return;
    }
    this.#lastByKey.set(key, now);
    this.#inWindow++;
    const e = err as { code?: string; message?: string };
    this.log.info(
      { client: key, code: e.code, reason: e.message, suppressed: this.#suppressed || undefined },
      'socket closed for a client fault',
    );
    this.#suppressed = 0;
  }
}
