import type { OtpPurpose } from '@outing/contract';
import { readItem, removeItem, writeItem } from '@/lib/storage';

// Which email the code screen is for and why (sign-up/unverified login → verify-email, forgot → reset-password).
// Kept in sessionStorage so a reload of /otp keeps the flow, and per tab so another tab's flow never mixes in.

export const OTP_FLOW_STORAGE_KEY = 'outing.otpFlow';

/** Resend wait (docs/product.md#constants). */
export const OTP_RESEND_WAIT_MS = 30_000;

export interface OtpFlow {
  email: string;
  purpose: OtpPurpose;
  /** When "Try again" becomes available (ms since the epoch). */
  resendAt: number;
}

const purposes: readonly string[] = ['verify-email', 'reset-password'] satisfies OtpPurpose[];

export function saveOtpFlow(flow: OtpFlow): void {
  writeItem('session', OTP_FLOW_STORAGE_KEY, JSON.stringify(flow));
}

/** The flow in progress, or null when there is none or it was tampered with. */
export function readOtpFlow(): OtpFlow | null {
  const raw = readItem('session', OTP_FLOW_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof OtpFlow, unknown>> | null;
    if (
      typeof value?.email !== 'string' ||
      value.email === '' ||
      typeof value.purpose !== 'string' ||
      !purposes.includes(value.purpose) ||
      typeof value.resendAt !== 'number'
    ) {
      return null;
    }
    return { email: value.email, purpose: value.purpose as OtpPurpose, resendAt: value.resendAt };
  } catch {
    return null;
  }
}

export function clearOtpFlow(): void {
  removeItem('session', OTP_FLOW_STORAGE_KEY);
}

/**
 * When a new code may be asked for: 30 s after one was sent, or, when the server refused a send (429), after the
 * wait it named (a code sent moments ago is still valid, so the user can go on to the code screen).
 */
export function resendAtAfter(retryAfterSeconds: number | null, now: number = Date.now()): number {
  return now + (retryAfterSeconds === null ? OTP_RESEND_WAIT_MS : retryAfterSeconds * 1000);
}
