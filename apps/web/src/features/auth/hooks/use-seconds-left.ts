import { useEffect, useState } from 'react';

/**
 * Whole seconds until `until` (ms since the epoch), ticking once a second; 0 once it has passed. Render the user
 * with `key={until}` so that a new deadline starts from a fresh clock.
 */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const done = now >= until;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [done]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
