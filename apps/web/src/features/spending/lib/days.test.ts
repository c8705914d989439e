import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import { dayBars, dayOfMonth, fullDay, MAX_FILLED_SPAN, weekdayShort } from './days';

describe('dayBars', () => {
  it('draws the days without bills between the first and the last at 0, across a month’s end', () => {
    expect(
      dayBars([
        { date: '2026-11-29', amount: 5 },
        { date: '2026-12-02', amount: 7 },
      ]),
    ).toEqual([
      { date: '2026-11-29', amount: 5 },
      { date: '2026-11-30', amount: 0 },
      { date: '2026-12-01', amount: 0 },
      { date: '2026-12-02', amount: 7 },
    ]);
  });

  it('keeps one day, and the days with bills only over a long span', () => {
    expect(dayBars([{ date: '2026-11-29', amount: 5 }])).toEqual([{ date: '2026-11-29', amount: 5 }]);
    const long = [
      { date: '2026-01-01', amount: 5 },
      { date: '2026-03-01', amount: 7 },
    ];
    expect(dayBars(long)).toEqual(long);
    const edge = [
      { date: '2026-01-01', amount: 5 },
      { date: `2026-01-${MAX_FILLED_SPAN}`, amount: 7 },
    ];
    expect(dayBars(edge)).toHaveLength(MAX_FILLED_SPAN);
  });
});

describe('day labels', () => {
  it('reads a day as the calendar day it is, in any time zone of the device', () => {
    setTestLanguage('en', 'en-US');
    expect([weekdayShort('2026-11-20'), dayOfMonth('2026-11-20'), fullDay('2026-11-20')]).toEqual([
      'Fri',
      '20',
      'Fri, Nov 20, 2026',
    ]);
    setTestLanguage('zh');
    expect(weekdayShort('2026-11-20')).toBe('周五');
  });
});
