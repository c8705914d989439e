import { hash, verify } from '@node-rs/argon2';

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's first recommendation); runs off the event loop. */
// `Algorithm.Argon2id` is an ambient const enum (2), which isolated modules cannot import.
export const argon2Options = {
  algorithm: 2 as const,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

// Compared against when no account matches, so that a wrong username costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
