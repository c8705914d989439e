import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a first run', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      rateLimits: true,
      corsOrigins: ['http://localhost:3000'],
      venues: { provider: 'local' },
      logLevel: 'info',
      databasePoolSize: Math.max(4, 2 * os.availableParallelism()),
    });
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.vapid)).toBe(true);
  });

  it('reads and normalises every setting', () => {
    const c = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://outing.example/',
      DATABASE_URL: 'postgres://u@db:5432/outing',
      RATE_LIMITS: 'off',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      VENUE_PROVIDER: 'nominatim',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: '',
    });
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://outing.example');
    expect(c.rateLimits).toBe(false);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.venues.provider).toBe('nominatim');
    expect(c.smtpUrl).toBeUndefined();
  });

  it('names every invalid variable in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', RATE_LIMITS: 'maybe', JWT_SECRET: 'short', DATABASE_URL: 'not a url' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const msg = (error as Error).message;
    for (const name of ['PORT', 'RATE_LIMITS', 'JWT_SECRET', 'DATABASE_URL']) expect(msg).toContain(name);
  });

  it('refuses a Google venue provider without its key and half a VAPID pair', () => {
    expect(() => loadConfig({ VENUE_PROVIDER: 'google' })).toThrow(/GOOGLE_PLACES_API_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID/);
  });
});
