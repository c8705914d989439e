import type { Activity } from '@outing/contract';
import { dateTimeFormat, fullDateTime, relativeTimeFormat, timeOptions } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';
import { formatAmount } from '@/lib/money';
import { listNames } from '@/lib/i18n/list-format';
import { personName } from '@/lib/person-name';

// The words of one line of a room's or a bill's history (GET /rooms/{id}/activity, GET /bills/{id}/activity), made
// from the data, apart from the markup so that tests and the screen say the same thing. The words themselves are in
// the `activity` catalogue.

export interface LineContext {
  /** The signed-in user: "You" at the start of a line, "you" inside it. */
  meId: number;
  /** A member's name by id (the room's attendees, the lines' actors); never blank. */
  nameOf: (id: number) => string;
}

type Change = NonNullable<Activity['changes']>[number];

const SHOWN_SHARES = 3;

/** "ann:11.75,ben:11.75" (user id:amount in major units) → a map of id to amount. */
function parseShares(value: Change['before']): Map<number, number> {
  const shares = new Map<number, number>();
  if (typeof value !== 'string' || value === '') return shares;
  for (const part of value.split(',')) {
    const [id, amount] = part.split(':');
    if (id && amount !== undefined) shares.set(Number(id), Number(amount));
  }
  return shares;
}

const modeKeys: Record<string, MessageKey> = {
  equal: 'activity.mode.equal',
  exact: 'activity.mode.exact',
  shares: 'activity.mode.shares',
  percent: 'activity.mode.percent',
  items: 'activity.mode.items',
};
const modeName = (mode: Change['before']) => {
  const key = typeof mode === 'string' ? modeKeys[mode] : undefined;
  return key ? t(key) : String(mode ?? '');
};

/** What an edit changed, each part short: "S$23.50 → S$26.00", "renamed from “Lunch”", "ben S$5.00 → S$8.00"… */
export function editDetails(entry: Activity, ctx: LineContext): string[] {
  const changes = entry.changes ?? [];
  const money = (value: Change['before']) => formatAmount(Number(value ?? 0), entry.currency);
  const person = (value: Change['before']) => other(Number(value), ctx);
  const amountChanged = changes.some((c) => c.field === 'amount');
  const parts: string[] = [];
  for (const change of changes) {
    switch (change.field) {
      case 'amount':
        parts.push(t('activity.change.amount', { before: money(change.before), after: money(change.after) }));
        break;
      case 'name':
        parts.push(t('activity.change.name', { before: String(change.before ?? '') }));
        break;
      case 'paidBy':
        parts.push(
          t('activity.change.paidBy', { before: person(change.before), after: person(change.after) }),
        );
        break;
      case 'splitMode':
        parts.push(
          t('activity.change.splitMode', { before: modeName(change.before), after: modeName(change.after) }),
        );
        break;
      case 'shares': {
        const before = parseShares(change.before);
        const after = parseShares(change.after);
        const samePeople = before.size === after.size && [...before.keys()].every((id) => after.has(id));
        // A new amount moves every share of the same people with it: the amount says it already.
        if (amountChanged && samePeople) break;
        const moved = [...new Set([...before.keys(), ...after.keys()])].filter(
          (id) => (before.get(id) ?? 0) !== (after.get(id) ?? 0),
        );
        for (const id of moved.slice(0, SHOWN_SHARES))
          parts.push(
            t('activity.change.share', {
              name: other(id, ctx),
              before: money(before.get(id) ?? 0),
              after: money(after.get(id) ?? 0),
            }),
          );
        if (moved.length > SHOWN_SHARES)
          parts.push(t('activity.change.more', { count: moved.length - SHOWN_SHARES }));
        break;
      }
    }
  }
  return parts;
}

/** A day of `YYYY-MM-DD` as the locale writes it, short: "Sat 3 May" ("5月3日周六"). */
function formatDay(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(y, m - 1, d));
}

/** Where and when the outing moved to: the new values of what changed. */
function moveDetails(entry: Activity): string[] {
  const parts: string[] = [];
  for (const change of entry.changes ?? []) {
    if (change.after === null || change.after === '') continue;
    const value = String(change.after);
    if (change.field === 'date') parts.push(formatDay(value));
    else if (change.field === 'time') parts.push(value.slice(0, 5));
    else parts.push(value);
  }
  return parts;
}

/** Someone inside a line: "you" for the signed-in user, else their name. */
function other(id: number, ctx: LineContext): string {
  return id === ctx.meId ? t('activity.you') : ctx.nameOf(id);
}

/** One line of history as a sentence: "ann added “Dinner” (S$23.50)", "You confirmed S$10.00 from cat"… */
export function activityLine(entry: Activity, ctx: LineContext): string {
  const isMe = entry.actor.id === ctx.meId ? 'yes' : 'no';
  const actor = t('activity.actor', { isMe, name: personName(entry.actor) });
  const amount = entry.amount === undefined ? '' : formatAmount(entry.amount, entry.currency);
  const bill = entry.billName ?? '';
  const payer = entry.payerId === undefined ? '' : other(entry.payerId, ctx);
  const payee = entry.payeeId === undefined ? '' : other(entry.payeeId, ctx);
  const values = { actor, isMe, amount, bill, payer, payee };
  switch (entry.kind) {
    case 'bill_edited': {
      const parts = editDetails(entry, ctx);
      return parts.length > 0
        ? t('activity.line.bill_edited', { ...values, changes: listNames(parts) })
        : t('activity.line.bill_editedPlain', values);
    }
    case 'room_moved': {
      const parts = moveDetails(entry);
      return parts.length > 0
        ? t('activity.line.room_moved', { ...values, changes: listNames(parts) })
        : t('activity.line.room_movedPlain', values);
    }
    default:
      return t(`activity.line.${entry.kind}`, values);
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When, short: "Just now", "5 minutes ago", "yesterday" for the last week; "3 May, 19:30" beyond. */
export function formatActivityTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  const relative = relativeTimeFormat({ numeric: 'auto' });
  if (ago < MINUTE) return t('activity.justNow');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  const sameYear = at.getFullYear() === now.getFullYear();
  return dateTimeFormat({
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...timeOptions(),
  }).format(at);
}

/** The exact moment, for a tooltip. */
export const formatActivityFullTime = (iso: string): string =>
  dateTimeFormat(fullDateTime()).format(new Date(iso));
