import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a stored answer may be served at most, when nothing empties the cache before (`ANSWER_CACHE_MS`). */
export const ANSWER_CACHE_MS = 1000;

/**
 * The reads whose answers are kept (`routeOptions.url`, GET only): what a caller reads over and over and what the
 * api benchmark measures. Each answer is a function of the caller, the URL and the database alone (no clock, no
 * header): the three lists read rows and write them out, and none of them writes.
 */
export const CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/v1/rooms',
  '/v1/transactions',
  '/v1/rooms/:id/messages',
]);

type Entry = { userId: number; body: Buffer; contentType: string; storedAt: number };

/**
 * Answers of `CACHED_ROUTES` kept per caller and URL (decision 012). The whole cache is emptied whenever the
 * database may have been written: a statement that may write is sent by this instance (`observeWrites`, which calls
 * `invalidate`), or another instance says it wrote (the bus's `flush`). An answer is stored only when nothing was
 * invalidated between the start of the request that read it and its end, so what the cache holds is never older
 * than the last write this instance knows of. While the bus cannot promise that another instance's message arrives
 * (`canServe` false: Redis down or the subscription being re-established), nothing is served or stored; when it
 * can again, the cache is emptied first.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;
  #bytes = 0;
  #publishing: Promise<void> | undefined;
  readonly #reading = new Map<string, { generation: number; done: Promise<void> }>();
  #publishAgain = false;
  /** Counters for tests and benchmarks. */
  readonly stats = { hits: 0, misses: 0, stored: 0, invalidations: 0 };
  /** Tells the other instances that this one wrote (set by the realtime plugin: the bus's `flush`). */
  publish: () => Promise<void> = async () => {};
  /** Whether messages from the other instances are certain to arrive now (the bus's `receiving`). */
  canServe: () => boolean = () => true;
  /**
   * Resolves true once every message another instance published before the call has been handled here (the bus's
   * `barrier`), false when that cannot be promised.
   */
  settle: () => Promise<boolean> = async () => true;

  constructor(
    readonly ttlMs = ANSWER_CACHE_MS,
    readonly maxBytes = 64 * 1024 * 1024,
    readonly maxEntryBytes = 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The generation a read starts in: what it stores is kept only if no write has happened since. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, userId: number): Entry | undefined {
    if (!this.enabled || !this.canServe()) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // The key carries the user id; checked again, so that no mistake in a key can ever hand one user another's answer.
    if (entry.userId !== userId || this.now() - entry.storedAt >= this.ttlMs) {
      this.#delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /** Stores an answer read since `generation`, unless something was written since then. */
  set(key: string, userId: number, body: Buffer, contentType: string, generation: number) {
    if (!this.enabled || generation !== this.#generation || !this.canServe()) return;
    if (body.length > this.maxEntryBytes) return;
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    while (this.#bytes + body.length > this.maxBytes && this.#entries.size > 0) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#delete(oldestKey, oldest);
    }
    this.#entries.set(key, { userId, body, contentType, storedAt: this.now() });
    this.#bytes += body.length;
    this.stats.stored++;
  }

  /**
   * The read of `key` under way since the last write, if any: a request that finds one waits for its answer instead
   * of reading the same rows again (when an answer expires, every request of that user in flight missed at once).
   */
  readUnderWay(key: string): Promise<void> | undefined {
    const r = this.#reading.get(key);
    return r && r.generation === this.#generation ? r.done : undefined;
  }

  /** Marks a read of `key` as under way; call the result when its answer has been stored (or not). */
  startRead(key: string): () => void {
    let resolve!: () => void;
    const r = { generation: this.#generation, done: new Promise<void>((ok) => (resolve = ok)) };
    this.#reading.set(key, r);
    // Whatever becomes of the request, nobody waits longer than an answer lives.
    const timer = setTimeout(() => finish(), this.ttlMs);
    timer.unref();
    const finish = () => {
      clearTimeout(timer);
      if (this.#reading.get(key) === r) this.#reading.delete(key);
      resolve();
    };
    return finish;
  }

  /** Empties this instance's cache (something may have been written) without telling the others. */
  flush() {
    this.#generation++;
    this.stats.invalidations++;
    if (this.#entries.size === 0) return;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * This instance is writing (`done` false) or has written (`done` true): empties its cache and, once the write
   * has completed, tells the other instances to empty theirs.
   */
  invalidate(done = true) {
    this.flush();
    if (!this.enabled || !done) return;
    // One message in flight at a time; writes meanwhile are announced by one more message after it, so that every
    // write is followed by a message that left after it.
    if (this.#publishing) {
      this.#publishAgain = true;
      return;
    }
    this.#publishing = this.#announce();
  }

  /** Resolves once every write observed so far has been announced to the other instances. */
  async announced(): Promise<void> {
    while (this.#publishing) await this.#publishing;
  }

  async #announce(): Promise<void> {
    try {
      do {
        this.#publishAgain = false;
        await this.publish().catch(() => {}); // the bus reports its own errors
      } while (this.#publishAgain);
    } finally {
      this.#publishing = undefined;
    }
  }

  #delete(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    answers: AnswerCache;
  }
}

type Pending = { key: string; generation: number; finish: () => void };
const pending = new WeakMap<FastifyRequest, Pending>();
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serves and stores the answers of `CACHED_ROUTES`. A hit is served in `preHandler`: after the token check, the
 * rate limit and the validation of the request, which run as for any request, and instead of the handler. A miss
 * is stored in `onSend` when it is a 200; a request that misses while the same read is under way since the last
 * write waits for that read's answer. Every request that is not a GET waits, before its answer leaves, until
 * the writes it made have been announced to the other instances: a client that reads elsewhere after that answer
 * finds the other caches emptied.
 */
export function registerAnswerCache(app: FastifyInstance, cache: AnswerCache) {
  app.decorate('answers', cache);
  if (!cache.enabled) return;
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !req.user || !CACHED_ROUTES.has(req.routeOptions.url ?? '')) return;
    const key = `${req.user.id} ${req.url}`;
    const underWay = cache.get(key, req.user.id) ? undefined : cache.readUnderWay(key);
    if (underWay) await underWay;
    if (cache.get(key, req.user.id)) {
      // Every message another instance published before now is read first: a write answered elsewhere before this
      // request arrived was announced before that answer left (see `announced`), so its flush lands before the hit.
      const entry = (await cache.settle()) ? cache.get(key, req.user.id) : undefined;
      if (entry) {
        cache.stats.hits++;
        return reply.header('content-type', entry.contentType).send(entry.body);
      }
    }
    cache.stats.misses++;
    pending.set(req, { key, generation: cache.generation, finish: cache.startRead(key) });
  });
  app.addHook('onRequestAbort', async (req) => pending.get(req)?.finish());
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      await cache.announced();
      return payload;
    }
    const p = pending.get(req);
    if (!p) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      p.finish();
      return payload;
    }
    const body = Buffer.from(payload);
    cache.set(p.key, req.user.id, body, String(reply.getHeader('content-type') ?? JSON_TYPE), p.generation);
    p.finish();
    return body;
  });
}
