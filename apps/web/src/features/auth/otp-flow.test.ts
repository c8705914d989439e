import { describe, expect, it } from 'vitest';
import {
  OTP_FLOW_STORAGE_KEY,
  OTP_RESEND_WAIT_MS,
  readOtpFlow,
  resendAtAfter,
  saveOtpFlow,
} from './otp-flow';

describe('code screen flow', () => {
  it('round-trips through sessionStorage', () => {
    const flow = { email: 'ada@example.com', purpose: 'reset-password' as const, resendAt: 123 };
    saveOtpFlow(flow);
    expect(readOtpFlow()).toEqual(flow);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{'],
    ['no email', JSON.stringify({ purpose: 'verify-email', resendAt: 1 })],
    ['an empty email', JSON.stringify({ email: '', purpose: 'verify-email', resendAt: 1 })],
    ['an unknown purpose', JSON.stringify({ email: 'a@b.co', purpose: 'admin', resendAt: 1 })],
    ['no resend time', JSON.stringify({ email: 'a@b.co', purpose: 'verify-email' })],
  ])('reads %s as no flow', (_name, raw) => {
    if (raw !== null) sessionStorage.setItem(OTP_FLOW_STORAGE_KEY, raw);
    expect(readOtpFlow()).toBeNull();
  });

  it('waits 30 s after a send, or what Retry-After says', () => {
    expect(OTP_RESEND_WAIT_MS).toBe(30_000);
    expect(resendAtAfter(null, 1000)).toBe(31_000);
    expect(resendAtAfter(12, 1000)).toBe(13_000);
  });
});
