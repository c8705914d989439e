import { describe, expect, it } from 'vitest';
import { formatNotificationDate } from './format-notification-date';

const now = new Date('2026-05-20T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatNotificationDate', () => {
  it.each([
    [ago(30_000), 'Just now'],
    [ago(60_000), '1 minute ago'],
    [ago(59 * 60_000), '59 minutes ago'],
    [ago(2 * 3_600_000), '2 hours ago'],
    [ago(25 * 3_600_000), 'yesterday'],
    [ago(6 * 86_400_000), '6 days ago'],
    ['2026-05-01T09:00:00.000Z', '1 May'],
    ['2025-12-24T09:00:00.000Z', '24 Dec 2025'],
  ])('%s → %s', (iso, expected) => {
    expect(formatNotificationDate(iso, now)).toBe(expected);
  });
});
