import { describe, expect, it } from 'vitest';
import { getConfig } from '../features/system/api/get-config';
import { getHealth } from '../features/system/api/get-health';
import { MOCK_DELAY_MS, setMockDelay } from './delay';

describe('mock handlers', () => {
  it('answer /v1/config and /v1/health with data that matches the contract', async () => {
    await expect(getConfig()).resolves.toMatchObject({ venueProvider: 'local' });
    await expect(getHealth()).resolves.toMatchObject({ ok: true, database: 'up' });
  });

  it('answer after 1.5 s by default', async () => {
    expect(MOCK_DELAY_MS).toBe(1500);
    setMockDelay(MOCK_DELAY_MS);
    try {
      const started = performance.now();
      await getHealth();
      expect(performance.now() - started).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 50);
    } finally {
      setMockDelay(0);
    }
  });
});
