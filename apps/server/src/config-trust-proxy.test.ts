import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { fastifyTrustProxy } from './lib/rate-limit.js';

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', 'off', 'false', '0'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('reads on, a hop count, or a list of addresses, CIDRs and proxy-addr range names', () => {
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,,10.0.0.2', 'proxy.example', '-1'])(
    'refuses %j at start with a message naming the setting and the bad entry',
    (value) => {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/TRUST_PROXY: must be off, on, a number of proxy hops/);
    },
  );

  it('turns a hop count into a function trusting that many hops (Fastify trusts none for a bare number)', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
