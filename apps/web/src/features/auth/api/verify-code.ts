import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const verifyDataSchema = z.object({ resetToken: z.string().min(1) }).nullable();

/** POST /v1/auth/verify: null when the email is now verified, `{resetToken}` for a password reset. */
export async function verifyCode(body: { email: string; otp: string }) {
  const answer = await apiRequest('/auth/verify', { method: 'POST', body, schema: verifyDataSchema });
  return answer.data;
}
