import { personName } from '@/lib/person-name';
import type { Notification, NotificationKind, NotificationParams } from '@outing/contract';
import type { MessageKey } from '@/lib/i18n/keys';
import type { t as translate } from '@/lib/i18n/i18n';
import { dateTimeFormat, timeOptions } from '@/lib/i18n/format';
import { formatAmount } from '@/lib/money';

type Needs = (keyof NotificationParams)[];

/**
 * The kinds whose text the client writes itself in a language other than English, from `params` (the values the
 * server's English text was made from, docs/notifications.md), and the params each needs. The others, and any
 * notification missing a param, keep the server's text.
 */
const templates: Partial<Record<NotificationKind, Needs>> = {
  friend_request: ['username'],
  friend_accepted: ['username'],
  room_invite: ['username', 'roomName'],
  invite_nudge: ['username', 'roomName'],
  waitlist_promoted: ['roomName'],
  host_transferred: ['roomName'],
  bills_consolidated: ['username', 'roomName', 'amount', 'currency'],
  transaction_paid: ['username', 'amount', 'currency'],
  transaction_undone: ['username', 'roomName', 'amount', 'currency'],
  transaction_confirmed: ['username', 'roomName', 'amount', 'currency'],
  transaction_disputed: ['username', 'roomName', 'amount', 'currency'],
  // The payee and all that is owed to them, present only when it is in one currency (docs/notifications.md).
  payment_reminder: ['username', 'amount', 'currency'],
  bill_added: ['username', 'roomName', 'billName', 'amount', 'currency'],
  bill_changed: ['username', 'roomName', 'billName', 'amount', 'currency'],
  bill_deleted: ['username', 'roomName', 'billName', 'amount', 'currency'],
  bill_restored: ['username', 'roomName', 'billName', 'amount', 'currency'],
  date_poll: ['username', 'roomName'],
  date_set: ['roomName', 'date', 'time'],
  room_changed: ['roomName', 'startsAt', 'venue'],
  reminder: ['roomName', 'startsAt', 'venue', 'reminder'],
  // To the host: the person's new answer (going, maybe, can't, or going on the waitlist).
  rsvp_changed: ['username', 'roomName', 'rsvp'],
};

/**
 * Kinds that say when the outing is: written from params in English too, so that the time takes the app's one
 * style for the locale (7:30 PM in en-US, 19:30 in en-GB; issue 37 item 7) rather than the server's 24-hour clock.
 */
const TIMED: ReadonlySet<NotificationKind> = new Set(['date_set', 'room_changed', 'reminder']);

/** A day and time; the time in the app's one style for the locale (read at call time: the language may change). */
const WHEN = (): Intl.DateTimeFormatOptions => ({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  ...timeOptions(),
});

/** An instant in the room's time zone, in the interface's locale. */
function instant(at: string, timeZone = 'UTC'): string {
  try {
    return dateTimeFormat({ ...WHEN(), timeZone }).format(new Date(at));
  } catch {
    // A time zone this browser does not know: UTC rather than nothing.
    return dateTimeFormat({ ...WHEN(), timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(at));
  }
}

/**
 * What a move changed (`room_changed` with the previous values, as the server words it): the time, the venue, or
 * both; undefined for an older row without them.
 */
function moved(params: NotificationParams): 'both' | 'time' | 'venue' | undefined {
  if (params.previousStartsAt === undefined || params.previousVenue === undefined) return undefined;
  const time = Date.parse(params.previousStartsAt) !== Date.parse(params.startsAt ?? '');
  const venue = params.previousVenue !== params.venue;
  return time && venue ? 'both' : time ? 'time' : venue ? 'venue' : undefined;
}

/** When the outing is, in the interface's locale: an instant in the room's time zone, or a wall-clock day and time. */
function when(params: NotificationParams): string {
  if (params.startsAt) return instant(params.startsAt, params.timeZone);
  const [year, month, day] = (params.date ?? '').split('-').map(Number);
  const [hours, minutes] = (params.time ?? '').split(':').map(Number);
  if (!year || !month || !day) return `${params.date ?? ''} ${params.time ?? ''}`.trim();
  // The wall clock as written: formatted in UTC so that no zone shifts it.
  return dateTimeFormat({ ...WHEN(), timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, hours || 0, minutes || 0)),
  );
}

/**
 * Title and content in the interface's language. English is the server's own text (docs/product.md#texts) but for
 * the kinds that give a time (`TIMED`); another language writes it from the kind and params when it can.
 */
export function localizeNotification(
  notification: Notification,
  language: string,
  t: typeof translate,
): { title: string; content: string } {
  const { kind, params } = notification;
  const needs = kind ? templates[kind] : undefined;
  // A date or venue to be decided again: its time and place are placeholders, not where the outing moved.
  const undecided = kind === 'room_changed' && (params?.dateTbd || params?.venueTbd);
  const serverText = language === 'en' && !(kind && TIMED.has(kind) && !undecided);
  if (serverText || !kind || !needs || !params || needs.some((p) => params[p] === undefined)) {
    return { title: notification.title, content: notification.content };
  }
  if (undecided) {
    const what = params.dateTbd && params.venueTbd ? 'both' : params.dateTbd ? 'date' : 'venue';
    return {
      title: t('notifications.kind.room_changed.title'),
      content: t('notifications.kind.room_changed.undecided', { roomName: params.roomName ?? '', what }),
    };
  }
  const change = kind === 'room_changed' ? moved(params) : undefined;
  if (change) {
    return {
      title: t('notifications.kind.room_changed.title'),
      content: t('notifications.kind.room_changed.moved', {
        change,
        roomName: params.roomName ?? '',
        before: instant(params.previousStartsAt!, params.timeZone),
        when: when(params),
        venue: params.venue ?? '',
      }),
    };
  }
  const values = {
    // The display name where the person had one (docs/notifications.md), as the English text has it.
    username:
      params.username === undefined
        ? ''
        : personName({ username: params.username, displayName: params.displayName }),
    roomName: params.roomName ?? '',
    money: params.amount !== undefined && params.currency ? formatAmount(params.amount, params.currency) : '',
    venue: params.venue ?? '',
    billName: params.billName ?? '',
    reminder: params.reminder ?? 'day',
    rsvp: params.rsvp ?? 'going',
    when: kind === 'date_set' || kind === 'room_changed' || kind === 'reminder' ? when(params) : '',
  };
  return {
    title: t(`notifications.kind.${kind}.title` as MessageKey),
    content: t(`notifications.kind.${kind}.content` as MessageKey, values),
  };
}
