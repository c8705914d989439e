import { afterEach, describe, expect, it } from 'vitest';
import { formatDayAndTime } from '@/entities/room/dates';
import { formatStartTime, formatStart } from '@/entities/room/start-time';
import { formatActivityFullTime, formatActivityTime } from '@/features/activity/lib/activity-line';
import { formatAsOf } from '@/features/bills/components/money-as-of';
import { formatWhen as billWhen } from '@/features/bills/components/money-labels';
import { formatTime as chatTime } from '@/features/chat/format';
import { formatFullDate } from '@/features/notifications/format-notification-date';
import { eventTime } from '@/features/payments/lib/history';
import { formatOption, formatWhen as nudgeWhen } from '@/features/plans/lib/plan-dates';
import { resetTestLanguage, setTestLanguage } from '@/test/i18n';
import { formatClockTime, formatTimeOfDay } from './format';

// Issue 37 item 7b: times were written four ways ("19:00", "07:00 pm", "09:23 pm", "7:30 pm"). Every screen's
// helper now writes a time of day the one way its locale does (i18n/format.ts timeOptions): the same instant reads
// the same everywhere, per locale.

afterEach(resetTestLanguage);

const pad = (n: number) => String(n).padStart(2, '0');

/** `text` has `time` as a whole (no digit glued before or after: "09:05" does not contain "9:05"). */
function hasTime(text: string, time: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(time, from);
    if (at < 0) return false;
    const before = text[at - 1] ?? '';
    const after = text[at + time.length] ?? '';
    if (!/\d/.test(before) && !/\d/.test(after)) return true;
    from = at + 1;
  }
}

const LOCALES = [
  ['en', 'en-GB', '09:05', '21:30'],
  ['en', 'en-US', '9:05 AM', '9:30 PM'],
  ['en', 'en-SG', '9:05 am', '9:30 pm'],
  ['zh', 'zh-CN', '09:05', '21:30'],
] as const;

describe.each(LOCALES)('one time style in %s (%s)', (language, locale, morning, evening) => {
  for (const [label, hours, minutes, expected] of [
    ['morning', 9, 5, morning],
    ['evening', 21, 30, evening],
  ] as const) {
    it(`writes the same ${label} instant the same way on every screen`, () => {
      setTestLanguage(language, locale);
      const at = new Date(2025, 10, 28, hours, minutes);
      const iso = at.toISOString();
      const wall = `${pad(hours)}:${pad(minutes)}`;
      const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
      const later = new Date(at.getTime() + 30 * 86_400_000);
      const sameDay = new Date(at.getTime() + 60_000);

      // Alone: the normalised Intl output (narrow spaces as Intl writes them) equals the expected text.
      const alone = {
        formatTimeOfDay: formatTimeOfDay(at),
        chat: chatTime(at),
        roomStartTime: formatStartTime(iso),
        roomWallClock: formatClockTime(wall),
        paymentToday: eventTime(iso, sameDay),
        moneyAsOfToday: formatAsOf(at.getTime(), sameDay),
      };
      const normal = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
      for (const [name, text] of Object.entries(alone))
        expect([name, normal(text)]).toEqual([name, expected]);

      // Beside a date: the time part is the same text.
      const beside = {
        roomStart: formatStart(iso, at),
        formDayAndTime: formatDayAndTime(day, wall),
        pollOption: formatOption({ date: `${day}T00:00:00.000Z`, time: wall }),
        nudgeWhen: nudgeWhen(iso),
        billWhen: billWhen(iso),
        activityOld: formatActivityTime(iso, later),
        activityTooltip: formatActivityFullTime(iso),
        notificationTooltip: formatFullDate(iso),
        paymentOtherDay: eventTime(iso, later),
        moneyAsOfOtherDay: formatAsOf(at.getTime(), later),
      };
      for (const [name, text] of Object.entries(beside))
        expect([name, normal(text), hasTime(normal(text), expected)]).toEqual([name, normal(text), true]);
    });
  }
});
