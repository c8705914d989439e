import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from './mail.js';

export type Account = { id: number; username: string; email: string; password: string; token: string };

let n = 0;
/** A username unique to this run: letters, digits and `_`, at most 30 characters. */
export function uniqueName(prefix: string): string {
  n += 1;
  return `${prefix}_${Date.now().toString(36)}${n}`.slice(0, 30);
}

/** Signs up through the API, verifies with the code from the captured mail, signs in: a ready account. */
export async function createAccount(
  request: APIRequestContext,
  prefix = 'user',
  password = 'secret123',
): Promise<Account> {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.com`;
  const signup = await request.post('/v1/auth/signup', { data: { username, email, password } });
  if (!signup.ok()) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
  const otp = await waitForMail(email, /Your Outing code: (\d{6})/);
  const verify = await request.post('/v1/auth/verify', { data: { email, otp } });
  if (!verify.ok()) throw new Error(`verify failed: ${verify.status()} ${await verify.text()}`);
  const login = await request.post('/v1/auth', { data: { username, password } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const body = (await login.json()) as { token: string; data: { id: number } };
  return { id: body.data.id, username, email, password, token: body.token };
}

/** Opens the app signed in as `account` (the token stored where the app keeps it), at `path`. */
export async function openSignedIn(page: Page, account: Account, path = '/'): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('accessToken', token), account.token);
  await page.goto(path);
}
