// Runs the browser tests when a Chromium is available. With E2E_REQUIRED=1 (CI) a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Chromium (CHROMIUM_PATH) runs the specs that need the whole browser (web push: pwa.spec.ts); every other spec runs
// in Chromium's headless shell when it is installed (Debian: chromium-headless-shell), as Playwright itself runs
// headless by default. The same specs took 1.7 times as long on the full browser on CI's two cores (2026-12-02:
// 4 specs 217 s against 128 s, 1.5 times the CPU), its browser process compositing every frame.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellPath = '/usr/bin/chromium-headless-shell';
const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? (existsSync(shellPath) ? shellPath : chromium);
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`E2E_REQUIRED=1 and ${msg}`);
    process.exit(1);
  }
  console.log(`Skipping browser tests: ${msg}`);
  process.exit(0);
}
if (shell === chromium) console.log('chromium-headless-shell is not installed: every spec runs in Chromium.');
// The config reads both paths from the environment the runner inherits.
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, CHROMIUM_HEADLESS_SHELL_PATH: shell },
});
process.exit(result.status ?? 1);
