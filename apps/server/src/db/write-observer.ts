import type pg from 'pg';

/**
 * Whether a statement can only read: a `SELECT` (or `WITH … SELECT`) that names no writing command, row lock,
 * sequence or notification anywhere in its text (a data-modifying CTE, `SELECT … FOR UPDATE` inside a transaction that
 * writes, `nextval`). Everything else counts as a write, transaction control and `SET` included: a statement wrongly
 * taken for a write only empties a cache, one wrongly taken for a read would leave a stale answer in it.
 */
export function isReadOnlyStatement(text: string): boolean {
  return (
    /^\s*(\(\s*)*(select|with)\b/i.test(text) &&
    !/\b(insert|update|delete|merge|truncate|copy|call|do|lock|nextval|setval|pg_notify|notify|listen)\b|\bfor\s+(key\s+)?share\b/i.test(
      text,
    )
  );
}

const readOnly = new Map<string, boolean>();
/** `isReadOnlyStatement`, remembered per text (the hot statements are a few hundred texts; capped all the same). */
function classify(text: string): boolean {
  let read = readOnly.get(text);
  if (read === undefined) {
    read = isReadOnlyStatement(text);
    if (readOnly.size < 2000) readOnly.set(text, read);
  }
  return read;
}

type QueryFn = (...args: unknown[]) => unknown;
const observed = Symbol('outing.writeObserved');
/** `done` false: the statement is being sent; true: it has completed (or failed). */
export type WriteListener = (done: boolean) => void;
type ObservedPool = pg.Pool & { [observed]?: Set<WriteListener> };

/**
 * Calls `onWrite(false)` when a statement that may write is sent through `pool` (any client it hands out,
 * `pool.query` included), and `onWrite(true)` when it has completed, committed or not: a reader that started before
 * the second call may have read the data as it was before the write, one that starts after it reads the data as
 * committed (for a transaction, the `COMMIT`'s completion is that moment). Statements are told apart by their text
 * (`isReadOnlyStatement`). Several observers may watch one pool (each app of a test that shares a pool).
 */
export function observeWrites(pool: pg.Pool, onWrite: WriteListener): () => void {
  const p = pool as ObservedPool;
  let listeners = p[observed];
  if (!listeners) {
    const set = (listeners = new Set());
    p[observed] = set;
    const notify = (done: boolean) => {
      for (const l of set) l(done);
    };
    const completed = () => notify(true);
    const instrument = (client: pg.PoolClient) => {
      const c = client as pg.PoolClient & { [observed]?: true };
      if (c[observed]) return;
      c[observed] = true;
      const query = c.query as unknown as QueryFn;
      (c as unknown as { query: QueryFn }).query = function (this: unknown, ...args: unknown[]) {
        const [config] = args;
        const text =
          typeof config === 'string' ? config : (config as { text?: unknown } | null | undefined)?.text;
        if (typeof text === 'string' && classify(text)) return query.apply(this, args);
        notify(false);
        const last = args.length - 1;
        if (typeof args[last] === 'function') {
          const callback = args[last] as (...r: unknown[]) => void;
          args[last] = (...r: unknown[]) => {
            notify(true);
            callback(...r);
          };
          return query.apply(this, args);
        }
        const result = query.apply(this, args);
        if (result && typeof (result as Promise<unknown>).then === 'function')
          (result as Promise<unknown>).then(completed, completed);
        // A submittable (a cursor, a stream) has no promise: the client says when its queue has run dry.
        else c.once('drain', completed);
        return result;
      };
    };
    // Every client the pool hands out, through `connect()` or `query()` (which connects with a callback).
    const connect = pool.connect.bind(pool) as (
      cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
    ) => Promise<pg.PoolClient> | void;
    (pool as unknown as { connect: typeof connect }).connect = (cb) => {
      if (!cb)
        return (connect() as Promise<pg.PoolClient>).then((client) => {
          instrument(client);
          return client;
        });
      return connect((err, client, done) => {
        if (client) instrument(client);
        cb(err, client, done);
      });
    };
  }
  listeners.add(onWrite);
  return () => listeners.delete(onWrite);
}
