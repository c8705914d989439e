import { describe, expect, it } from 'vitest';
import { webcalUrl } from './feed-link';

describe('webcalUrl', () => {
  it.each([
    ['https://outing.app/v1/calendar/abc.ics', 'webcal://outing.app/v1/calendar/abc.ics'],
    ['http://127.0.0.1:3000/v1/calendar/abc.ics', 'webcal://127.0.0.1:3000/v1/calendar/abc.ics'],
    ['HTTPS://x.test/a.ics', 'webcal://x.test/a.ics'],
  ])('%s → %s', (url, expected) => {
    expect(webcalUrl(url)).toBe(expected);
  });
});
