import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './mail-catcher.js';
import { startOidcProvider } from './oidc-provider.js';
import { seedUnverifiedAccount } from './seed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the mail catcher, a local OpenID provider standing in for Google, and the real, built server
 * (`npm run build` ran before) on a fresh embedded PostgreSQL, at the ports the config chose. Returns the teardown.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT);
  const mail = await startMailCatcher(
    Number(process.env.E2E_SMTP_PORT),
    Number(process.env.E2E_MAIL_API_PORT),
  );
  const oidc = await startOidcProvider(Number(process.env.E2E_OIDC_PORT));
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` (npm run test:e2e does it).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-e2e-'));
  await chmod(dataDir, 0o755);
  const server = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      RATE_LIMITS: 'off',
      // Every browser of the run connects from 127.0.0.1, and the contexts a spec opens stay open until its worker
      // ends: the per-address socket cap (100, a production defence tested in lib/realtime/limits.test.ts) would
      // refuse a late spec's socket (close 4429, then a 30 s wait) as if one client held them all.
      WS_MAX_SOCKETS_PER_IP: '0',
      OIDC_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited during start-up (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Workers inherit the runner's environment: specs read the seeded account from it.
  await seedUnverifiedAccount(`http://127.0.0.1:${port}`);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await mail.stop();
    await oidc.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
