import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secrets the server generates once and then keeps in the data directory (mode 0600). */
export type StoredSecrets = {
  jwtSecret?: string;
  pgPassword?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
};

const fileName = 'secrets.json';

export async function readSecrets(dataDir: string): Promise<StoredSecrets> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, fileName), 'utf8')) as StoredSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/** Merges `values` into the stored secrets in one atomic write. */
export async function writeSecrets(dataDir: string, values: StoredSecrets): Promise<void> {
  const secrets = await readSecrets(dataDir);
  await mkdir(dataDir, { recursive: true });
  const target = path.join(dataDir, fileName);
  const tmp = `${target}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify({ ...secrets, ...values }, null, 2), { mode: 0o600 });
  await rename(tmp, target);
}

/** Returns the stored value of `key`, generating and persisting it first when absent. */
export async function ensureSecret(
  dataDir: string,
  key: keyof StoredSecrets,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const secrets = await readSecrets(dataDir);
  const existing = secrets[key];
  if (existing) return existing;
  const value = generate();
  await writeSecrets(dataDir, { [key]: value });
  return value;
}
