import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves after the tasks queued before it, not in the same task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued timer'), 0);
    const waited = nextTask().then(() => order.push('after nextTask'));
    await Promise.resolve();
    order.push('same task');
    await waited;
    expect(order).toEqual(['same task', 'queued timer', 'after nextTask']);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await nextTask();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('does not wait in a hidden page', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const order: string[] = [];
    setTimeout(() => order.push('queued timer'), 0);
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['after nextTask']);
    expect(timer).toHaveBeenCalledTimes(1); // the test's own
  });
});
