import { NUDGE_INTERVAL_HOURS, type Guest } from '@outing/contract';

const INTERVAL_MS = NUDGE_INTERVAL_HOURS * 3_600_000;

/** When this pending invitee may be nudged again, or null when they may be now. */
export function nextNudgeAt(guest: Pick<Guest, 'nudgedAt'>, now = Date.now()): number | null {
  if (!guest.nudgedAt) return null;
  const next = Date.parse(guest.nudgedAt) + INTERVAL_MS;
  return next > now ? next : null;
}
