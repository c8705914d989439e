/**
 * An account that signed up but never verified its email, created before the specs run: a fresh verify code can
 * only be mailed 30 s after the last one (docs/api/README.md#authentication), and by the time the unverified-login spec runs that
 * wait is over (the spec waits out any rest). Its details reach the specs through the environment.
 */
export async function seedUnverifiedAccount(baseUrl: string): Promise<void> {
  const username = `unverified_${Date.now().toString(36)}`;
  const account = { username, email: `${username}@example.com`, password: 'secret123' };
  const res = await fetch(`${baseUrl}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`seeding the unverified account failed: ${res.status} ${await res.text()}`);
  process.env.E2E_UNVERIFIED_ACCOUNT = JSON.stringify({ ...account, createdAt: Date.now() });
}

export function unverifiedAccount(): {
  username: string;
  email: string;
  password: string;
  createdAt: number;
} {
  const raw = process.env.E2E_UNVERIFIED_ACCOUNT;
  if (!raw) throw new Error('the global set-up did not seed the unverified account');
  return JSON.parse(raw) as { username: string; email: string; password: string; createdAt: number };
}
