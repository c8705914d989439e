/* eslint-disable no-console -- a command-line tool */
// Renders the app icons of the web manifest from the logo's drawing, in the system Chromium:
//   node apps/web/scripts/icons.mjs   (then commit apps/web/public/icons/*.png)
// "any" icons keep the logo's rounded square; maskable icons fill the square and keep the rings inside the
// central 80% circle that every launcher mask leaves visible.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#5b21b6"/></linearGradient></defs>`;
const rings = `<circle cx="25" cy="32" r="12" fill="none" stroke="#fff" stroke-width="5"/>
  <circle cx="39" cy="32" r="12" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="5"/>
  <circle cx="47" cy="17" r="4" fill="#fde68a"/>`;
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" rx="16" fill="url(#g)"/>${rings}</svg>`;
// The drawing spans x 10.5–54, y 10.5–46.5: scaled by 0.7 about the centre it stays within a radius of 25.6 (80%).
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.7) translate(-32 -30)">${rings}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: out + file, omitBackground: true });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
// Smaller files, same pixels to the eye; skipped where pngquant is not installed.
try {
  execFileSync('pngquant', [
    '--force',
    '--ext',
    '.png',
    '--quality',
    '80-100',
    ...icons.map((i) => out + i.file),
  ]);
} catch {
  console.log('pngquant not available: icons left unquantised');
}
