import { useCallback, useRef } from 'react';

/**
 * Runs one submit at a time: a second press (a double tap, Enter while the first is on its way) is ignored until
 * the first has settled. The disabled button covers the visible case; this covers the rest.
 */
export function useSubmitGuard() {
  const running = useRef(false);
  return useCallback(<A extends unknown[]>(run: (...args: A) => Promise<void>) => {
    return async (...args: A) => {
      if (running.current) return;
      running.current = true;
      try {
        await run(...args);
      } finally {
        running.current = false;
      }
    };
  }, []);
}
