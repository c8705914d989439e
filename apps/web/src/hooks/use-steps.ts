import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` steps have mounted since `ready`: one step per transition, each started once the step before
 * has committed. A screen that shows its parts by step (`step >= n`) then commits them, and runs their effects (the
 * calls they start), in tasks of their own instead of one long one (Lighthouse TBT, issue #21); transitions yield to
 * the user's input. While not `ready`, 0; ready again, the steps reached before show at once.
 */
export function useSteps(ready: boolean, count: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (ready && step < count) startTransition(() => setStep((s) => s + 1));
  }, [ready, step, count]);
  return ready ? step : 0;
}
