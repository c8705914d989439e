// Lighthouse (default config = mobile, simulated throttling) on the system Chromium, signed in or not. The session
// is the access token in localStorage (apps/web/src/lib/token-storage.ts), written through Playwright over CDP;
// a signed-in run therefore keeps storage, so the HTTP cache, Cache Storage and service workers are cleared by hand
// to keep every run a cold load like a signed-out one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const TOKEN_KEY = 'accessToken';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
export const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

export async function openBrowser() {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-bench-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
    userDataDir,
    logLevel: 'silent',
  });
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  return {
    port: chrome.port,
    cdp,
    async close() {
      await cdp.close().catch(() => {});
      await chrome.kill();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in (token) or out (null) for `origin` and empties every cache the next load could be served from. */
async function prepare(browser, origin, token) {
  const context = browser.cdp.contexts()[0];
  const page = await context.newPage();
  try {
    // A JSON answer of the same origin: its localStorage without loading (and caching) the app itself.
    await page.goto(`${origin}/v1/health`);
    await page.evaluate(
      ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
      [TOKEN_KEY, token],
    );
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cache_storage,service_workers,indexeddb',
    });
  } finally {
    await page.close();
  }
}

/**
 * Opens `url` (signed in with `token`) and waits for the screen's heading `h1`: Lighthouse scores an error screen
 * as happily as the real one, so the suite checks first that each page renders, without uncaught errors.
 */
export async function checkRenders(browser, url, token, h1) {
  const origin = new URL(url).origin;
  await prepare(browser, origin, token);
  const page = await browser.cdp.contexts()[0].newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: h1 }).waitFor({ timeout: 30_000 });
  } catch (error) {
    const seen = await page
      .locator('h1')
      .allTextContents()
      .catch(() => []);
    throw new Error(`${url} did not show “${h1}” (h1: ${seen.join(', ') || 'none'}): ${error.message}`, {
      cause: error,
    });
  } finally {
    await page.close();
  }
  if (errors.length > 0) throw new Error(`${url}: uncaught errors: ${errors.join('; ')}`);
}

/** One Lighthouse run of `url`; `token` signs in for it. */
export async function audit(browser, url, token = null) {
  const origin = new URL(url).origin;
  await prepare(browser, origin, token);
  const result = await lighthouse(url, {
    port: browser.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: CATEGORIES,
    // Lighthouse's own reset would also clear localStorage, hence the session.
    disableStorageReset: Boolean(token),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // LH_DUMP=<dir>: keep every full report, to see where the time goes (bootup-time, mainthread-work-breakdown).
  if (process.env.LH_DUMP) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    await writeFile(path.join(process.env.LH_DUMP, name), JSON.stringify(result.lhr));
    // The unthrottled trace the simulation starts from (bench/lh-tasks.mjs lists its long tasks).
    if (process.env.LH_TRACE)
      await writeFile(
        path.join(process.env.LH_DUMP, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
  }
  return summarise(result.lhr);
}

/** A few words from an audit's items (the issue type, the console message, the element), to say what failed. */
function reasons(a) {
  const items = a.details?.items ?? [];
  const words = items.map((i) => i.issueType ?? i.description ?? i.node?.snippet ?? i.source ?? i.url);
  return [...new Set(words.filter(Boolean).map((w) => String(w).slice(0, 120)))].slice(0, 3);
}

function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
  );
  const failing = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (
        a &&
        a.score !== null &&
        a.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)
      )
        failing.push({ category, id: a.id, title: a.title, why: reasons(a) });
    }
  }
  // What Lighthouse itself would do first about the performance score.
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 50)
    .map((a) => ({ id: a.id, title: a.title, savingsMs: a.details.overallSavingsMs }));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname);
  return {
    scores,
    metrics,
    failing,
    opportunities,
    scripts,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    warnings: lhr.runWarnings ?? [],
    error: lhr.runtimeError?.message,
  };
}
