import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of integers bound as one `int[]` parameter (`= ANY(${intArray(ids)})`, `unnest(${intArray(ids)})`): the
 * statement's text is the same whatever the list's length, so `executePrepared` (db/prepared.ts) names it once.
 * (drizzle writes a plain array in a template as one parameter per element, a text per length; `sql.param` keeps
 * it whole, and pg sends it as an array literal.)
 */
export const intArray = (values: readonly number[]): SQL => sql`${sql.param(values.map(Number))}::int[]`;
