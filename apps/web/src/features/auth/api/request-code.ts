import { authEndpoints, type OtpPurpose } from '@outing/contract';
import { api } from '@/lib/api-client';

/** POST /v1/auth/otp: mails a new code. 429 (with Retry-After) within 30 s of the last one or after 5 an hour. */
export async function requestCode(body: { email: string; purpose: OtpPurpose }): Promise<void> {
  await api.call(authEndpoints.requestCode, { body });
}
