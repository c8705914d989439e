import type { Message } from '@outing/contract';
import { dateTimeFormat, formatTimeOfDay } from '@/lib/i18n/format';

// Messages are grouped by weekday, month and day (docs/product.md#chat), in the reader's time zone, written in the
// interface's locale (i18n/format.ts) when formatted.

/** 'Friday 28 November' (en-GB), 'Friday, November 28' (en-US), '11月28日星期五' (zh-CN). */
export function formatDayHeading(date: Date): string {
  return dateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}

/** '19:05' (en-GB), '7:05 PM' (en-US): the app's one time style (i18n/format.ts). */
export function formatTime(date: Date): string {
  return formatTimeOfDay(date);
}

function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Consecutive messages of one sender within this long share one name and one avatar. */
const RUN_GAP_MS = 5 * 60_000;

export interface ChatItem<M extends Message = Message> {
  message: M;
  /** First of a run of one sender's messages: the name is shown. */
  startsRun: boolean;
  /** Last of a run: the avatar and the time are shown. */
  endsRun: boolean;
}

export interface DayGroup<M extends Message = Message> {
  key: string;
  heading: string;
  items: ChatItem<M>[];
}

/** Oldest-first messages → day groups, each split into runs of one sender. */
export function groupByDay<M extends Message>(messages: readonly M[]): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  let previous: { message: M; at: number } | null = null;
  for (const message of messages) {
    const date = new Date(message.sentAt);
    const key = localDayKey(date);
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      group = { key, heading: formatDayHeading(date), items: [] };
      groups.push(group);
      previous = null;
    }
    const continues =
      previous !== null &&
      previous.message.senderId === message.senderId &&
      date.getTime() - previous.at < RUN_GAP_MS;
    const last = group.items.at(-1);
    if (last && continues) last.endsRun = false;
    group.items.push({ message, startsRun: !continues, endsRun: true });
    previous = { message, at: date.getTime() };
  }
  return groups;
}
