import { describe, expect, it } from 'vitest';
import { tokenChangeSettled, whileTokenChanges } from './session-events';

describe('a token change under way', () => {
  it('holds session checks until it has settled, then lets them through at once', async () => {
    let finish!: (token: string) => void;
    const change = whileTokenChanges(new Promise<string>((resolve) => (finish = resolve)));
    const order: string[] = [];
    const check = tokenChangeSettled().then(() => order.push('checked'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('token stored');
    finish('new-token');
    await check;
    expect(order).toEqual(['token stored', 'checked']);
    await expect(change).resolves.toBe('new-token');
    // Nothing under way any more: a check goes ahead without waiting.
    let settled = false;
    void tokenChangeSettled().then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('lets checks through when the change fails, and hands the failure to its caller', async () => {
    const change = whileTokenChanges(Promise.reject(new Error('wrong password')));
    await expect(tokenChangeSettled()).resolves.toBeUndefined();
    await expect(change).rejects.toThrow('wrong password');
  });
});
