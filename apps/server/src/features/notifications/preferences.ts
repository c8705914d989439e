import { notifyCategories, pushCategories, type Preferences, type PreferencesBody } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { selectPreferences, updatePreferences, type PreferencesRow } from './queries.js';

/**
 * A user's preferences (issue #21): per group, whether notifications are made for them (`notify`) and whether they
 * are pushed (`push`). Stored as the groups switched off, so everything starts on; `notify.reminders` is the
 * `eventReminders` switch of issue #20 (one stored value, `users.event_reminders`). They are applied where
 * notifications are stored and pushed (`storeNotifications`, the push delivery, the chat push job), not by callers.
 */
function toPreferences(r: PreferencesRow): Preferences {
  const on = (off: string[], keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, !off.includes(k)]));
  return {
    eventReminders: r.event_reminders,
    notify: { ...on(r.notify_off, notifyCategories), reminders: r.event_reminders } as NonNullable<
      Preferences['notify']
    >,
    push: on(r.push_off, pushCategories) as NonNullable<Preferences['push']>,
  };
}

export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const row = await selectPreferences(db, userId);
  if (!row) throw notFound('User not found.', 'USER_NOT_FOUND');
  return toPreferences(row);
}

const split = (flags: Record<string, boolean | undefined> | undefined, skip?: string) => {
  const entries = Object.entries(flags ?? {}).filter(([k, v]) => v !== undefined && k !== skip);
  return {
    on: entries.filter(([, v]) => v).map(([k]) => k),
    off: entries.filter(([, v]) => !v).map(([k]) => k),
  };
};

export async function setPreferences(db: Db, userId: number, body: PreferencesBody): Promise<Preferences> {
  const fromNotify = body.notify?.reminders;
  if (fromNotify !== undefined && body.eventReminders !== undefined && fromNotify !== body.eventReminders)
    throw badRequest('eventReminders and notify.reminders are the same switch: send one value for it.', [
      { path: 'notify.reminders', message: 'Differs from eventReminders' },
    ]);
  const row = await updatePreferences(db, userId, {
    eventReminders: fromNotify ?? body.eventReminders ?? null,
    notify: split(body.notify, 'reminders'),
    push: split(body.push),
  });
  if (!row) throw notFound('User not found.', 'USER_NOT_FOUND');
  return toPreferences(row);
}
