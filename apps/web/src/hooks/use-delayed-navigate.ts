import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/** Post-success redirect delay (docs/product.md#calls, #constants). */
export const REDIRECT_DELAY_MS = 1000;

/**
 * Navigates after the post-success delay, unless the screen has gone by then. The returned promise settles when
 * the navigation starts, so a submit handler that awaits it keeps its button busy until then.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          if (mounted.current) void (typeof to === 'number' ? navigate(to) : navigate(to, options));
          resolve();
        }, REDIRECT_DELAY_MS);
      }),
    [navigate],
  );
}
