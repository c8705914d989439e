import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './pool.js';

const dialect = new PgDialect();
/**
 * Query text → statement name, for the texts run outside a transaction (only they are prepared). Capped: past it,
 * new texts run unnamed. A list in a statement is bound as one array parameter (db/arrays.ts), so that its text,
 * and its name, is the same for every length.
 */
const names = new Map<string, string>();
const MAX_STATEMENTS = 200;

/** Whether `executePrepared` has named a statement for this query's text (for tests). */
export const isNamed = (query: SQL): boolean => names.has(dialect.sqlToQuery(query).sql);

// The same row values as `db.execute` gives: drizzle keeps date and time columns as PostgreSQL's text.
const asText = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    asText.has(oid)
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * `db.execute(query)` as a named prepared statement: PostgreSQL parses and plans it once per connection instead
 * of on every call. Planning was about half of the database's time for the room and transaction lists in the api
 * benchmark. Inside a transaction (no pool to name statements on) it is plain `execute`.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  runner: Pick<Db, 'execute'> & Partial<Pick<Db, '$client'>>,
  query: SQL,
): Promise<{ rows: T[] }> {
  // A transaction (no pool to name statements on) runs the query plain and names nothing: its texts must not use
  // up the names of those that are prepared.
  if (!runner.$client) return { rows: (await runner.execute<T>(query)).rows as T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  if (!name) return { rows: (await runner.execute<T>(query)).rows as T[] };
  return runner.$client.query<T>({ name, text, values: params, types });
}
