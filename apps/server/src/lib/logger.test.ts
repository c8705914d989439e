import { describe, expect, it } from 'vitest';
import { safeUrl } from './logger.js';

/** What of a URL reaches the log (docs/security.md): no secret that a path or a query string carries. */
describe('safeUrl', () => {
  it('drops a calendar feed’s and an invite code’s path secret', () => {
    expect(safeUrl('/v1/calendar/abc.ics')).toBe('/v1/calendar/[REDACTED]');
    expect(safeUrl('/v1/auth/invites/QQQQQQQQQQQQQQQQ')).toBe('/v1/auth/invites/[REDACTED]');
  });

  it('drops a guest link’s secret however it is spelled, keeping only a /join after it', () => {
    const secret = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(safeUrl(`/v1/guest/${secret}`)).toBe('/v1/guest/[REDACTED]');
    expect(safeUrl(`/v1/guest/${secret}/join`)).toBe('/v1/guest/[REDACTED]/join');
    expect(safeUrl(`/v1/guest/${secret}/join?x=1`)).toBe('/v1/guest/[REDACTED]/join');
    expect(safeUrl(`/v1//GUEST/${secret}?a=b`)).toBe('/v1/guest/[REDACTED]');
    expect(safeUrl(`/v1/%67uest/${secret}/other`)).toBe('/v1/guest/[REDACTED]');
    for (const url of [`/v1/guest/${secret}/join/${secret}`, `/v1/guest/x/y?s=${secret}`])
      expect(safeUrl(url)).not.toContain(secret);
  });

  it('drops token and code parameters, and the socket’s whole query string', () => {
    expect(safeUrl('/v1/ws?token=abc')).toBe('/v1/ws');
    expect(safeUrl('/v1/nope?token=abc&page=2')).toBe('/v1/nope?token=%5BREDACTED%5D&page=2');
  });
});
