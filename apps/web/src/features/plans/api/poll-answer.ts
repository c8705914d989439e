import { datePollSchema, type DatePoll } from '@outing/contract';

/**
 * The poll when a write answers it. The contract fixes the poll's shape but not what creating or voting answers,
 * so anything else is taken as "ask again" (the caller re-fetches the poll either way).
 */
export function pollOrNull(data: unknown): DatePoll | null {
  const poll = datePollSchema.safeParse(data);
  return poll.success ? poll.data : null;
}
