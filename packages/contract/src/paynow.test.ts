import { describe, expect, it } from 'vitest';
import { checkPayNow, normalisePayNow } from './paynow.js';

describe('PayNow handles (docs/api/README.md#payments)', () => {
  it('takes a Singapore mobile written locally as +65 and the 8 digits', () => {
    for (const raw of ['9123 4567', '91234567', '9123-4567', ' 9123 4567 ', '+65 9123 4567', '+6591234567'])
      expect(checkPayNow(raw), raw).toEqual({ value: '+6591234567' });
    expect(normalisePayNow('8123 4567')).toBe('+6581234567');
  });

  it('leaves UENs as they are, upper case', () => {
    expect(checkPayNow('201101550z')).toEqual({ value: '201101550Z' });
    expect(checkPayNow('T09LL0001B')).toEqual({ value: 'T09LL0001B' });
  });

  it('refuses 8 digits that start with anything but 8 or 9, and other lengths, as a mobile problem', () => {
    for (const raw of ['7123 4567', '6123 4567', '9123 456', '9123 45678', '6591234567', '+65 7123 456'])
      expect(checkPayNow(raw), raw).toEqual({ problem: 'mobile' });
    expect(normalisePayNow('7123 4567')).toBe('71234567');
    expect(checkPayNow('ann@bank')).toEqual({ problem: 'payNow' });
  });
});
