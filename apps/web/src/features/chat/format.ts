import type { Message } from '@outing/contract';

// Messages are grouped by weekday, month and day, in en-GB (product-spec §9), in the reader's time zone.

const dayParts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** 'Friday, 28 November'. */
export function formatDayHeading(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')}`;
}

/** '19:05'. */
export function formatTime(date: Date): string {
  return timeFormat.format(date);
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
