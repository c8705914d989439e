import { describe, expect, it } from 'vitest';
import type { Message } from '@outing/contract';
import { formatDayHeading, groupByDay } from './format';

// The test environment runs in UTC.

function message(id: number, senderId: number, sentAt: string): Message {
  return {
    id,
    roomId: 'r',
    senderId,
    sender: { id: senderId, username: `u${senderId}`, pictureUrl: '' },
    content: `m${id}`,
    sentAt,
  };
}

describe('chat formatting', () => {
  it("names a day like 'Friday 28 November'", () => {
    expect(formatDayHeading(new Date('2025-11-28T23:59:00Z'))).toBe('Friday 28 November');
    expect(formatDayHeading(new Date('2026-01-01T00:00:00Z'))).toBe('Thursday 1 January');
  });

  it('groups by day, and within a day into runs of one sender a few minutes apart', () => {
    const groups = groupByDay([
      message(1, 1, '2025-11-27T23:58:00Z'),
      message(2, 1, '2025-11-28T00:01:00Z'),
      message(3, 1, '2025-11-28T00:02:00Z'),
      message(4, 2, '2025-11-28T00:03:00Z'),
      message(5, 2, '2025-11-28T00:30:00Z'),
    ]);
    expect(groups.map((g) => g.heading)).toEqual(['Thursday 27 November', 'Friday 28 November']);
    expect(groups[0]!.items.map((i) => [i.message.id, i.startsRun, i.endsRun])).toEqual([[1, true, true]]);
    expect(groups[1]!.items.map((i) => [i.message.id, i.startsRun, i.endsRun])).toEqual([
      [2, true, false],
      [3, false, true],
      [4, true, true],
      [5, true, true],
    ]);
  });
});
