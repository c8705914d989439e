import { sql, type SQL } from 'drizzle-orm';
import { notificationCategoryOf, type NotificationKind } from '@outing/contract';
import { NOTIFY_EXEMPT } from './kinds.js';

// The SQL fragments the notification queries are built from (decision 023: SQL lives in queries*.ts).

export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The preference group of `kind` (a text column or expression), from the contract's table; null for `other`. */
export function categoryOf(kind: SQL): SQL {
  const cases = Object.entries(notificationCategoryOf)
    .filter(([, group]) => group !== null)
    .map(([k, group]) => sql`WHEN ${k} THEN ${group}`);
  return sql`(CASE ${kind} ${sql.join(cases, sql` `)} END)`;
}

/**
 * Whether a notification of `kind` reaches a user whose row is `u`: its group is not switched off (reminders:
 * `event_reminders`), or it is a kind a person sent on purpose.
 */
export function notifyAllowed(kind: SQL, u: string): SQL {
  const user = sql.raw(u);
  const group = categoryOf(kind);
  return sql`(${kind} IN (${list(NOTIFY_EXEMPT)}) OR (
    coalesce(${group} <> ALL(${user}.notify_off), true)
    AND (${group} IS DISTINCT FROM 'reminders' OR ${user}.event_reminders)))`;
}

/** Whether it may be pushed to the user `u`. */
export const pushAllowed = (kind: SQL, u: string): SQL =>
  sql`coalesce(${categoryOf(kind)} <> ALL(${sql.raw(u)}.push_off), true)`;

/** Kinds whose state is their friend request's or invite's (the first branches of notification_subject_state). */
const ANSWERED_KINDS: readonly NotificationKind[] = [
  'friend_request',
  'friend_accepted',
  'room_invite',
  'invite_nudge',
];

/**
 * The live state of its subject (migration 0010's function) for a notification row aliased `n`. The function is only
 * called for rows that can have a subject: a call costs about 20 µs, the many kinds that only inform need none.
 */
export const subjectStateOf = (n: string): SQL => {
  const a = sql.raw(n);
  return sql`CASE WHEN ${a}.kind IN (${list(ANSWERED_KINDS)}) OR cardinality(${a}.transaction_ids) > 0
    THEN notification_subject_state(${a}.kind, ${a}.user_id, ${a}.room_id, ${a}.friend_request_id, ${a}.transaction_ids, ${a}.created_at) END`;
};

/** `CROSS JOIN LATERAL` of a row's subject state as `s.state`, computed once per row (`OFFSET 0` keeps the planner
 * from folding it into both of its uses). */
export const stateJoin = (n: string): SQL =>
  sql`CROSS JOIN LATERAL (SELECT ${subjectStateOf(n)} AS state OFFSET 0) s`;

/** The columns every notification answer is made from, for a row aliased `n` and its subject state `state`. */
export const answerColumns = (n: string, state: SQL): SQL => {
  const a = sql.raw(n);
  return sql`${a}.id, ${a}.user_id, ${a}.title, ${a}.content, ${a}.is_read, ${a}.created_at, ${a}.kind, ${a}.url,
    ${a}.room_id, ${a}.friend_request_id, ${a}.transaction_ids, ${a}.actor_id, ${a}.params,
    (extract(epoch FROM ${a}.created_at) * 1000000)::bigint::text AS created_us,
    ${state} AS subject_state, notification_resolved(${a}.kind, ${state}) AS resolved`;
};
