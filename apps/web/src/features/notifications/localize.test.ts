import type { Notification } from '@outing/contract';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/i18n';
import { setTestLanguage } from '@/test/i18n';
import { localizeNotification } from './localize';

function notification(over: Partial<Notification>): Notification {
  return {
    id: 1,
    title: 'Server title',
    content: 'Server text',
    isRead: false,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...over,
  } as Notification;
}

describe('notifications about an outing, in Chinese', () => {
  it('a move: the new time in the room’s time zone, and the venue', () => {
    setTestLanguage('zh');
    const moved = notification({
      kind: 'room_changed',
      params: {
        roomName: '火锅',
        startsAt: '2026-12-05T11:30:00.000Z',
        venue: '海底捞',
        timeZone: 'Asia/Singapore',
      },
    });
    const { title, content } = localizeNotification(moved, 'zh', t);
    expect(title).toBe('聚会有变动');
    // 11:30 UTC is 19:30 in Singapore.
    expect(content).toMatch(/^火锅 改为 12月5日周六 19:30，地点：海底捞。$/);
  });

  it('a reminder says tomorrow or in two hours', () => {
    setTestLanguage('zh');
    const params = {
      roomName: '火锅',
      startsAt: '2026-12-05T11:30:00.000Z',
      venue: '海底捞',
      timeZone: 'UTC',
    };
    expect(
      localizeNotification(
        notification({ kind: 'reminder', params: { ...params, reminder: 'day' } }),
        'zh',
        t,
      ).content,
    ).toContain('明天举行');
    expect(
      localizeNotification(
        notification({ kind: 'reminder', params: { ...params, reminder: 'hours' } }),
        'zh',
        t,
      ).content,
    ).toContain('两小时后开始');
  });

  it('a date set is the wall-clock day and time as the host picked them', () => {
    setTestLanguage('zh');
    const set = notification({
      kind: 'date_set',
      params: { roomName: '火锅', date: '2026-12-05', time: '19:30' },
    });
    expect(localizeNotification(set, 'zh', t)).toEqual({
      title: '日期已定',
      content: '火锅 的日期已定：12月5日周六 19:30。',
    });
  });

  it('a date poll names who proposed', () => {
    setTestLanguage('zh');
    const poll = notification({ kind: 'date_poll', params: { username: 'ann', roomName: '火锅' } });
    expect(localizeNotification(poll, 'zh', t).content).toBe('ann 为 火锅 提议了几个日期：选出你方便的吧。');
  });

  it('a payment reminder: who reminded and all that is owed to them; owed in several currencies, the server’s text', () => {
    setTestLanguage('zh');
    const reminder = notification({
      kind: 'payment_reminder',
      params: { username: 'ann', amount: 35.5, currency: 'USD' },
    });
    expect(localizeNotification(reminder, 'zh', t)).toEqual({
      title: '付款提醒',
      content: 'ann 提醒你付款：你共欠对方 US$35.50。',
    });
    // The server gives no amount when the debts are in more than one currency (and rows stored before had none).
    const mixed = notification({ kind: 'payment_reminder', params: { username: 'ann' } });
    expect(localizeNotification(mixed, 'zh', t)).toEqual({ title: 'Server title', content: 'Server text' });
  });

  it('keeps the server’s text in English, and when a param is missing', () => {
    setTestLanguage('zh');
    const partial = notification({ kind: 'room_changed', params: { roomName: '火锅' } });
    expect(localizeNotification(partial, 'zh', t)).toEqual({ title: 'Server title', content: 'Server text' });
    setTestLanguage('en');
    const moved = notification({ kind: 'date_poll', params: { username: 'ann', roomName: 'Hotpot' } });
    expect(localizeNotification(moved, 'en', t)).toEqual({ title: 'Server title', content: 'Server text' });
  });
});

describe('an RSVP change, to the host, in Chinese', () => {
  it('says going, maybe, can’t or the waitlist from params', () => {
    setTestLanguage('zh');
    const say = (rsvp: 'going' | 'maybe' | 'declined' | 'waitlisted') =>
      localizeNotification(
        notification({ kind: 'rsvp_changed', params: { username: 'ann', roomName: '火锅', rsvp } }),
        'zh',
        t,
      );
    expect(say('going')).toEqual({ title: '新的回复', content: 'ann 会参加 火锅。' });
    expect(say('maybe').content).toBe('ann 可能参加 火锅。');
    expect(say('declined').content).toBe('ann 无法参加 火锅。');
    expect(say('waitlisted').content).toBe('ann 想参加 火锅，已进入候补名单。');
  });

  it('names the person by their display name where they had one (issue 37)', () => {
    setTestLanguage('zh');
    const named = notification({
      kind: 'rsvp_changed',
      params: { username: 'ann', displayName: '李安', roomName: '火锅', rsvp: 'going' },
    });
    expect(localizeNotification(named, 'zh', t).content).toBe('李安 会参加 火锅。');
  });

  it('keeps the server’s text when the answer is missing', () => {
    setTestLanguage('zh');
    const old = notification({ kind: 'rsvp_changed', params: { username: 'ann', roomName: '火锅' } });
    expect(localizeNotification(old, 'zh', t).content).toBe('Server text');
  });
});

describe('notifications that give a time, in English (issue 37 item 7)', () => {
  const moved = notification({
    kind: 'room_changed',
    title: 'Outing moved',
    content: 'Crab night moved to Sat 5 Dec 19:30.',
    params: {
      roomName: 'Crab night',
      startsAt: '2026-12-05T11:30:00.000Z',
      venue: 'Jumbo',
      timeZone: 'Asia/Singapore',
    },
  });

  it('write the time in the locale’s one style, not the server’s 24-hour clock', () => {
    setTestLanguage('en', 'en-US');
    expect(localizeNotification(moved, 'en', t).content).toBe(
      'Crab night is now Sat, Dec 5, 7:30 PM at Jumbo.',
    );
    setTestLanguage('en', 'en-GB');
    expect(localizeNotification(moved, 'en', t).content).toBe('Crab night is now Sat 5 Dec, 19:30 at Jumbo.');
  });

  it('keep the server’s text for the other kinds, and when a param is missing', () => {
    setTestLanguage('en', 'en-US');
    const invite = notification({ kind: 'room_invite', params: { username: 'ann', roomName: 'Crab night' } });
    expect(localizeNotification(invite, 'en', t).content).toBe('Server text');
    const old = notification({
      kind: 'room_changed',
      content: 'Old text',
      params: { roomName: 'Crab night' },
    });
    expect(localizeNotification(old, 'en', t).content).toBe('Old text');
  });
});

describe('an outing whose date or venue is to be decided again (issue 37 item 1)', () => {
  const undecided = (params: Partial<Notification['params']>) =>
    notification({
      kind: 'room_changed',
      title: 'Outing moved',
      content: 'Crab night: the date is to be decided again.',
      params: {
        roomName: '蟹宴',
        startsAt: '2026-12-05T11:30:00.000Z',
        venue: 'To be decided',
        timeZone: 'UTC',
        ...params,
      },
    });

  it('says so rather than naming the placeholders', () => {
    setTestLanguage('zh');
    expect(localizeNotification(undecided({ dateTbd: true }), 'zh', t).content).toBe('蟹宴：日期重新待定。');
    expect(localizeNotification(undecided({ venueTbd: true }), 'zh', t).content).toBe('蟹宴：地点重新待定。');
    expect(localizeNotification(undecided({ dateTbd: true, venueTbd: true }), 'zh', t).content).toBe(
      '蟹宴：日期和地点重新待定。',
    );
    setTestLanguage('en', 'en-US');
    expect(localizeNotification(undecided({ dateTbd: true }), 'en', t).content).toBe(
      'Crab night: the date is to be decided again.',
    );
  });
});

describe('a move says from when to when, as the server words it, in the locale’s style', () => {
  const move = (params: Partial<Notification['params']>) =>
    notification({
      kind: 'room_changed',
      params: {
        roomName: 'Dinner',
        startsAt: '2026-12-06T18:00:00.000Z',
        previousStartsAt: '2026-12-05T19:30:00.000Z',
        venue: 'Jumbo',
        previousVenue: 'Jumbo',
        timeZone: 'UTC',
        ...params,
      },
    });

  it('the time, the venue, or both', () => {
    setTestLanguage('en', 'en-GB');
    expect(localizeNotification(move({}), 'en', t).content).toBe(
      'Dinner moved from Sat 5 Dec, 19:30 to Sun 6 Dec, 18:00.',
    );
    expect(localizeNotification(move({ previousVenue: 'Luigi’s' }), 'en', t).content).toBe(
      'Dinner moved from Sat 5 Dec, 19:30 to Sun 6 Dec, 18:00, at Jumbo.',
    );
    setTestLanguage('en', 'en-US');
    expect(localizeNotification(move({}), 'en', t).content).toBe(
      'Dinner moved from Sat, Dec 5, 7:30 PM to Sun, Dec 6, 6:00 PM.',
    );
    setTestLanguage('zh');
    expect(
      localizeNotification(
        move({ previousStartsAt: '2026-12-06T18:00:00.000Z', previousVenue: 'Luigi’s' }),
        'zh',
        t,
      ).content,
    ).toBe('Dinner 地点改为 Jumbo。');
  });
});
