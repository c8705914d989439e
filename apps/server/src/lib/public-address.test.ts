import { describe, expect, it } from 'vitest';
import { checkedAddress } from './guarded-request.js';
import { isLocalName, isPublicAddress } from './public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:198.18.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2001::1',
    '2001:db8::1',
    '3fff::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '100::1',
    'localhost',
    'push.example.com',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '142.250.74.106',
    '172.15.255.255',
    '172.32.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2606:4700::1111',
    '[2a00:1450:4007:80e::200a]',
    '2001:4860:4860::8888',
  ])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('isLocalName', () => {
  it.each([
    'localhost',
    'localhost.',
    'LOCALHOST..',
    'a.localhost',
    'printer.local',
    'db.internal',
    'vm',
    'runsc.',
  ])('%s is local', (name) => expect(isLocalName(name)).toBe(true));
  it.each(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com.'])(
    '%s is not',
    (name) => expect(isLocalName(name)).toBe(false),
  );
});

describe('checkedAddress', () => {
  const resolver = (answers: Record<string, string[]>) => async (name: string) =>
    (answers[name] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is not public, and returns the checked one otherwise', async () => {
    const resolve = resolver({
      'rebind.example.com': ['8.8.8.8', '127.0.0.1'],
      'mapped.example.com': ['::ffff:10.0.0.1'],
      'push.example.com': ['142.250.74.106'],
    });
    const check = (u: string) => checkedAddress(new URL(u), false, resolve);
    await expect(check('https://rebind.example.com/x')).rejects.toThrow(/127\.0\.0\.1/);
    await expect(check('https://mapped.example.com/x')).rejects.toThrow(/not a public address/);
    await expect(check('https://localhost.:1/x')).rejects.toThrow(/local name/);
    await expect(check('https://[::127.0.0.1]:1/x')).rejects.toThrow(/not a public address/);
    await expect(check('https://push.example.com/x')).resolves.toEqual({
      address: '142.250.74.106',
      family: 4,
    });
  });

  it('with private endpoints allowed, still resolves once and returns that address', async () => {
    const resolve = resolver({ 'push.test': ['127.0.0.1'] });
    await expect(checkedAddress(new URL('http://push.test:9/x'), true, resolve)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
