import { describe, expect, it } from 'vitest';
import { untilReachable } from './connect.js';

const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('untilReachable', () => {
  it('calls again while the database cannot be reached, then answers', async () => {
    const warnings: object[] = [];
    let calls = 0;
    const result = await untilReachable(
      async () => {
        calls += 1;
        if (calls === 1) throw unreachable();
        if (calls === 2) throw new Error('Connection terminated due to connection timeout');
        return { applied: ['0001_initial.sql'] };
      },
      { warn: (obj) => warnings.push(obj) },
      { withinMs: 5_000, pauseMs: 1 },
    );
    expect(result).toEqual({ applied: ['0001_initial.sql'] });
    expect(calls).toBe(3);
    expect(warnings).toHaveLength(2);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const wrong = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    await expect(
      untilReachable(
        async () => {
          calls += 1;
          throw wrong;
        },
        { warn: () => {} },
        { withinMs: 5_000, pauseMs: 1 },
      ),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('gives up once its time is over, with the last error', async () => {
    const started = Date.now();
    await expect(
      untilReachable(
        async () => {
          throw unreachable();
        },
        { warn: () => {} },
        { withinMs: 60, pauseMs: 10 },
      ),
    ).rejects.toThrow('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
