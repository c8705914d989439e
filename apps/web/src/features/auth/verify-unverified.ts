import { isApiError, refusalText, type ApiError } from '@/lib/api-error';
import { requestCodeErrorMessage } from './messages';
import { resendAtAfter, saveOtpFlow } from './otp-flow';

// The API client and zod come with the call; the login screen loads them when it needs them.
const loadRequestCode = () => import('./api/request-code');

/**
 * A right password on an unverified account (403 EMAIL_NOT_VERIFIED): mail a fresh verify code to the account's
 * email (named in the answer, so a user who typed a username can verify too) and start the code screen's flow.
 * A 429 means a code went out moments ago: it is still valid, so the code screen follows with the wait the server
 * named. Returns null when the code screen should follow, else the message to show.
 */
export async function startVerifyAfterLogin(error: ApiError, typedLogin: string): Promise<string | null> {
  const named = error.details.email;
  const email =
    typeof named === 'string' && named ? named : typedLogin.includes('@') ? typedLogin.trim() : '';
  if (!email) return refusalText(error);
  let resendAt: number;
  try {
    const { requestCode } = await loadRequestCode();
    await requestCode({ email, purpose: 'verify-email' });
    resendAt = resendAtAfter(null);
  } catch (failure) {
    if (!isApiError(failure) || failure.status !== 429) return requestCodeErrorMessage(failure);
    resendAt = resendAtAfter(failure.retryAfterSeconds);
  }
  saveOtpFlow({ email, purpose: 'verify-email', resendAt });
  return null;
}
