import type { DatePoll } from '@outing/contract';

/**
 * The poll when a write answers it. The contract fixes the poll's shape but not what creating or voting answers,
 * so anything that is not a poll is taken as "ask again" (the caller re-fetches the poll either way). Told apart by
 * its options, not checked field by field: the server checks its answers against the contract (decision 015).
 */
export function pollOrNull(data: unknown): DatePoll | null {
  const poll = data as Partial<DatePoll> | null;
  return typeof poll === 'object' &&
    poll !== null &&
    Array.isArray(poll.options) &&
    typeof poll.roomId === 'string'
    ? (poll as DatePoll)
    : null;
}
