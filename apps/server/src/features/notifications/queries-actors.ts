import { sql } from 'drizzle-orm';
import { intArray } from '../../db/arrays.js';
import { row, rows, type Runner } from '../../db/rows.js';

export type ActorNameRow = { id: number; username: string; display_name: string };

/** Of these users, those with a display name set. */
export const selectDisplayNamed = (runner: Runner, ids: number[]) =>
  rows<ActorNameRow>(
    runner,
    sql`SELECT id, username, display_name FROM users WHERE id = ANY(${intArray(ids)}) AND display_name <> ''`,
  );

/** One user's display name ("" until set), undefined for no such user. */
export const selectDisplayName = async (runner: Runner, id: number) =>
  (await row<{ display_name: string }>(runner, sql`SELECT display_name FROM users WHERE id = ${id}`))
    ?.display_name;
