// Runs the browser tests when a Chromium is available. With E2E_REQUIRED=1 (CI) a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`E2E_REQUIRED=1 and ${msg}`);
    process.exit(1);
  }
  console.log(`Skipping browser tests: ${msg}`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
