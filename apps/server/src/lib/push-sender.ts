import { createECDH } from 'node:crypto';
import type WebPush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from '@outing/contract';
import { guardedRequest, RefusedDestination, type Resolve } from './guarded-request.js';

export type PushTarget = { id: number; endpoint: string; auth: string; p256dh: string };
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type PushSenderOptions = {
  vapid: VapidKeys;
  log: FastifyBaseLogger;
  /** Work that may still hand messages to the sender; `drain` waits for it first. */
  upstream?: () => Promise<void>;
  /** Called when the push service says the subscription is gone (404/410). */
  onGone: (subscriptionId: number) => Promise<void>;
  /** Base of the retry backoff (1 s; tests shorten it). */
  backoffMs?: number;
  maxAttempts?: number;
  maxQueue?: number;
  concurrency?: number;
  timeoutMs?: number;
  /** `PUSH_ALLOW_PRIVATE_ENDPOINTS`: only tests and local set-ups reach loopback or private endpoints. */
  allowPrivate?: boolean;
  /** Name resolution (the system's; tests inject one). */
  resolve?: Resolve;
};

type Job = { target: PushTarget; payload: PushPayload; attempt: number };

/**
 * Web Push delivery that never blocks or fails the request that caused it: messages are queued (bounded; the
 * oldest are dropped when full), sent a few at a time, retried with backoff on 429/5xx/network errors
 * (honouring Retry-After), and a 404/410 removes the subscription. `web-push` encrypts and signs (VAPID); the
 * request itself is ours, so timeouts and retries are too.
 */
export class PushSender {
  readonly #queue: Job[] = [];
  #active = 0;
  #timers = new Set<NodeJS.Timeout>();
  #idle: (() => void)[] = [];
  readonly #o: Required<Omit<PushSenderOptions, 'log' | 'onGone' | 'vapid' | 'upstream' | 'resolve'>> &
    PushSenderOptions;

  constructor(options: PushSenderOptions) {
    this.#o = {
      backoffMs: 1000,
      maxAttempts: 4,
      maxQueue: 1000,
      concurrency: 4,
      timeoutMs: 10_000,
      allowPrivate: false,
      ...options,
    };
  }

  send(target: PushTarget, payload: PushPayload) {
    if (this.#queue.length >= this.#o.maxQueue) {
      this.#queue.shift();
      this.#o.log.warn('push queue full: dropped the oldest message');
    }
    this.#queue.push({ target, payload, attempt: 1 });
    this.#pump();
  }

  /** Resolves when nothing is queued, in flight or waiting to be retried. */
  async drain(): Promise<void> {
    await this.#o.upstream?.();
    if (this.#busy()) await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  close() {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    this.#queue.length = 0;
  }

  #busy() {
    return this.#queue.length > 0 || this.#active > 0 || this.#timers.size > 0;
  }

  #pump() {
    while (this.#active < this.#o.concurrency && this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      this.#active++;
      this.#deliver(job)
        .catch((err: unknown) => this.#o.log.warn({ err }, 'push delivery error'))
        .finally(() => {
          this.#active--;
          this.#pump();
          if (!this.#busy()) for (const done of this.#idle.splice(0)) done();
        });
    }
  }

  async #deliver(job: Job) {
    const { target, payload } = job;
    const details = (await webPush()).generateRequestDetails(
      { endpoint: target.endpoint, keys: { auth: target.auth, p256dh: target.p256dh } },
      JSON.stringify(payload),
      { vapidDetails: this.#o.vapid, TTL: 86_400, contentEncoding: 'aes128gcm' },
    );
    let status: number;
    let retryAfter: string | undefined;
    try {
      // Resolved, checked and connected to that address, at every attempt; a redirect is not followed.
      const res = await guardedRequest(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
        timeoutMs: this.#o.timeoutMs,
        allowPrivate: this.#o.allowPrivate,
        resolve: this.#o.resolve,
      });
      status = res.status;
      retryAfter = res.headers['retry-after'];
    } catch (err) {
      if (err instanceof RefusedDestination) {
        // Never worth a retry; the subscription stays (its owner may still receive on another endpoint).
        this.#o.log.warn({ subscriptionId: target.id, reason: err.message }, 'push endpoint refused');
        return;
      }
      status = 0; // network error or timeout
    }
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      await this.#o.onGone(target.id);
      return;
    }
    if ((status === 0 || status === 429 || status >= 500) && job.attempt < this.#o.maxAttempts) {
      const seconds = Number(retryAfter);
      const wait =
        Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : this.#o.backoffMs * 2 ** (job.attempt - 1);
      const timer = setTimeout(
        () => {
          this.#timers.delete(timer);
          this.#queue.push({ ...job, attempt: job.attempt + 1 });
          this.#pump();
        },
        Math.min(wait, 60 * this.#o.backoffMs),
      );
      timer.unref();
      this.#timers.add(timer);
      return;
    }
    this.#o.log.warn({ status, attempt: job.attempt }, 'push not delivered');
  }
}

// web-push (and its JWT and ASN.1 dependencies) is loaded on the first delivery, not at every start-up.
let loaded: Promise<typeof WebPush> | undefined;
const webPush = () => (loaded ??= import('web-push').then((m) => m.default));

/** A new VAPID pair, as `web-push`'s generateVAPIDKeys makes it: P-256, base64url, zero-padded to 65 and 32 bytes. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const pad = (b: Buffer, n: number) => (b.length < n ? Buffer.concat([Buffer.alloc(n - b.length), b]) : b);
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: pad(curve.getPrivateKey(), 32).toString('base64url'),
  };
}
