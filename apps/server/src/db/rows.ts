import type { SQL } from 'drizzle-orm';
import { executePrepared } from './prepared.js';

/** What a query runs on: the database (a named prepared statement) or a transaction (plain `execute`). */
export type Runner = Parameters<typeof executePrepared>[0];

/**
 * A query's rows, typed by the row type declared beside the query in its feature's `queries.ts` (decision 023):
 * the one way a feature reads rows. Built on `executePrepared`, so the rows are the ones `db.execute` gives (dates
 * and times as PostgreSQL's text) and the statement is prepared once per connection outside a transaction.
 */
export async function rows<T extends Record<string, unknown>>(runner: Runner, query: SQL): Promise<T[]> {
  return (await executePrepared<T>(runner, query)).rows;
}

/** The first row of a query (a single-row read, or an `UPDATE … RETURNING` of one row), or undefined. */
export async function row<T extends Record<string, unknown>>(
  runner: Runner,
  query: SQL,
): Promise<T | undefined> {
  return (await executePrepared<T>(runner, query)).rows[0];
}
