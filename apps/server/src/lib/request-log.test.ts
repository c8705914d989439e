import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

describe('request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' });
  });
  afterAll(() => t.close());

  it('writes one line per request once it is answered: method, redacted URL, status and time', async () => {
    const from = t.logs.length;
    await t.app.inject({ method: 'GET', url: '/v1/health?token=abc' });
    await t.app.inject({ method: 'GET', url: '/v1/nope' });
    const lines = t.logs.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({
      req: { method: 'GET', url: '/v1/health?token=%5BREDACTED%5D' },
      res: { statusCode: 200 },
    });
    expect(done[0]!.reqId).toBe((done[0]!.req as { id: string }).id);
    expect(typeof done[0]!.responseTime).toBe('number');
    expect(done[1]).toMatchObject({ req: { url: '/v1/nope' }, res: { statusCode: 404 } });
  });

  it('writes none above the info level', async () => {
    const quiet = await createTestApp({ LOG_LEVEL: 'warn' });
    try {
      await quiet.app.inject({ method: 'GET', url: '/v1/health' });
      expect(quiet.logs.filter((l) => l.includes('request completed'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
