import { defineConfig, devices } from '@playwright/test';
import { freePort } from './support/ports.js';

// Chosen once in the runner process; workers inherit the environment and so agree on the ports.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_MAIL_API_PORT ??= String(await freePort());
process.env.E2E_OIDC_PORT ??= String(await freePort());

// run.mjs sets both: the full browser, and the headless shell (the full browser when the shell is not installed).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? chromiumPath;
/** Specs that need what only the full browser has: a push service (PushManager.subscribe). */
const fullBrowserSpecs = /pwa\.spec\.ts$/;
const isRoot = process.getuid?.() === 0;

const viewport = { width: 390, height: 844 };

function launchOptions(executablePath: string) {
  return {
    executablePath,
    args: [
      ...(isRoot ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  // Two browsers at once, one per core: spec files are independent (each signs up its own users).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Per spec. 30 s left no margin on CI's busy two cores (2026-11-27: browser contexts took 2.5–3 s to open and
  // walks of 25–30 s ran over); the assertions keep their own 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    // Every spec is a returning visitor (issue #21), who gets the login form at /login; first-minutes.spec.ts starts
    // from an empty browser to see the welcome screen.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${process.env.E2E_PORT}`,
          localStorage: [{ name: 'outing.returningVisitor', value: '1' }],
        },
      ],
    },
    viewport,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'UTC',
    // Screens are checked at rest: no toast caught mid-fade by an accessibility scan or a screenshot.
    reducedMotion: 'reduce',
    // A failure keeps its trace (DOM snapshots, network, console, timings) but no screencast: encoding a frame on
    // every paint of every spec cost both cores' time on CI, for the one trace in a hundred runs that is read.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium-390x844',
      testIgnore: fullBrowserSpecs,
      use: { ...devices['Desktop Chrome'], viewport, launchOptions: launchOptions(shellPath) },
    },
    {
      name: 'chromium-full-390x844',
      testMatch: fullBrowserSpecs,
      use: { ...devices['Desktop Chrome'], viewport, launchOptions: launchOptions(chromiumPath) },
    },
  ],
});
