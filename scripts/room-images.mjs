// Draws the six room images (docs/product.md#room-pictures) as SVG and renders them with the system Chromium:
//   node scripts/room-images.mjs             → apps/web/public/imgs/<name>.png (800×450, the URL the API names)
//                                              and <name>-<width>.webp at 160, 480 and 800 px wide
//   node scripts/room-images.mjs --webp-only → only the WebP copies
// The PNGs need pngquant (Debian: apt-get install pngquant) to bring each under 80 KB. Every file is committed.
// The web app shows the WebP copy that fits the box (RoomImage: <picture> with srcset/sizes) and keeps the PNG
// as the fallback; a phone showing a 256 px tile downloads ~10 KB instead of ~40 KB.
// Each is a dark-toned scene with a darker lower band, so white text stays readable on top.
import { execFileSync } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../apps/web/public/imgs/', import.meta.url));
const W = 800;
const H = 450;

const frame = (id, [c1, c2], body) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
    <linearGradient id="shade-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg-${id})"/>
  ${body}
  <rect width="${W}" height="${H}" fill="url(#shade-${id})"/>
</svg>`;

const dots = (n, seed, colors, r = [3, 7]) => {
  let s = seed;
  const rnd = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  return Array.from({ length: n }, (_, i) => {
    const x = Math.round(rnd() * W);
    const y = Math.round(rnd() * H * 0.8);
    const size = r[0] + rnd() * (r[1] - r[0]);
    const c = colors[i % colors.length];
    return i % 3 === 0
      ? `<rect x="${x}" y="${y}" width="${size * 2}" height="${size}" rx="1.5" fill="${c}" opacity="0.85" transform="rotate(${Math.round(rnd() * 90)} ${x} ${y})"/>`
      : `<circle cx="${x}" cy="${y}" r="${size.toFixed(1)}" fill="${c}" opacity="0.8"/>`;
  }).join('');
};

const images = {
  birthday: frame(
    'b',
    ['#6d28d9', '#db2777'],
    `
    ${dots(60, 7, ['#fde68a', '#f9a8d4', '#a5f3fc', '#ffffff'])}
    <g transform="translate(400 250)">
      <ellipse cx="0" cy="120" rx="190" ry="22" fill="#000" opacity="0.18"/>
      <rect x="-160" y="30" width="320" height="90" rx="18" fill="#fbcfe8"/>
      <path d="M-160 52 q40 26 80 0 t80 0 t80 0 t80 0 v-10 h-320z" fill="#fff" opacity="0.9"/>
      <rect x="-110" y="-40" width="220" height="76" rx="16" fill="#f9a8d4"/>
      <path d="M-110 -20 q27 20 55 0 t55 0 t55 0 t55 0 v-10 h-220z" fill="#fff"/>
      ${[-70, -25, 20, 65].map((x) => `<rect x="${x - 6}" y="-92" width="12" height="52" rx="5" fill="#fef3c7"/><path d="M${x} -118 c10 12 8 22 0 26 c-8 -4 -10 -14 0 -26z" fill="#fbbf24"/>`).join('')}
    </g>`,
  ),
  gathering: frame(
    'g',
    ['#0f766e', '#1e3a8a'],
    `
    ${dots(24, 3, ['#99f6e4', '#bfdbfe'], [2, 4])}
    <circle cx="650" cy="90" r="46" fill="#fef9c3" opacity="0.9"/>
    <g transform="translate(400 300)">
      <ellipse cx="0" cy="40" rx="260" ry="36" fill="#0b3b4a" opacity="0.6"/>
      <rect x="-200" y="-10" width="400" height="26" rx="13" fill="#fcd34d"/>
      ${[
        [-210, '#5eead4'],
        [-120, '#93c5fd'],
        [-30, '#fda4af'],
        [60, '#c4b5fd'],
        [150, '#fde68a'],
      ]
        .map(
          ([x, c]) =>
            `<g transform="translate(${x + 30} -70)"><circle cx="0" cy="-40" r="26" fill="${c}"/><path d="M-38 40 q0 -62 38 -62 q38 0 38 62z" fill="${c}"/></g>`,
        )
        .join('')}
      ${[-150, -50, 50, 150].map((x) => `<rect x="${x - 9}" y="-34" width="18" height="26" rx="4" fill="#fff" opacity="0.85"/>`).join('')}
    </g>`,
  ),
  party: frame(
    'p',
    ['#7c3aed', '#ea580c'],
    `
    ${dots(70, 11, ['#fef08a', '#f0abfc', '#67e8f9', '#ffffff'], [2, 6])}
    <line x1="400" y1="0" x2="400" y2="70" stroke="#e5e7eb" stroke-width="3"/>
    <circle cx="400" cy="150" r="80" fill="#cbd5e1"/>
    ${Array.from({ length: 6 }, (_, i) => `<line x1="${330 + i * 28}" y1="80" x2="${330 + i * 28}" y2="220" stroke="#94a3b8" stroke-width="2"/><line x1="320" y1="${90 + i * 24}" x2="480" y2="${90 + i * 24}" stroke="#94a3b8" stroke-width="2"/>`).join('')}
    <circle cx="400" cy="150" r="80" fill="none" stroke="#f8fafc" stroke-width="4"/>
    <circle cx="372" cy="118" r="14" fill="#fff" opacity="0.8"/>
    ${[
      [130, 140, '#f472b6'],
      [230, 90, '#facc15'],
      [600, 110, '#22d3ee'],
      [690, 170, '#a3e635'],
    ]
      .map(
        ([x, y, c]) =>
          `<g><ellipse cx="${x}" cy="${y}" rx="36" ry="44" fill="${c}"/><path d="M${x} ${y + 44} q-10 40 8 80 t-6 90" stroke="#fff" stroke-width="2" fill="none" opacity="0.8"/></g>`,
      )
      .join('')}
    <g fill="#fff" opacity="0.9"><path d="M560 280 v-60 l40 -10 v60" stroke="#fff" stroke-width="6" fill="none"/><circle cx="552" cy="282" r="12"/><circle cx="592" cy="272" r="12"/></g>`,
  ),
  sports: frame(
    's',
    ['#15803d', '#0f172a'],
    `
    <g stroke="#bbf7d0" stroke-width="4" fill="none" opacity="0.45">
      <rect x="40" y="60" width="720" height="340"/><line x1="400" y1="60" x2="400" y2="400"/><circle cx="400" cy="230" r="70"/>
      <rect x="40" y="160" width="90" height="140"/><rect x="670" y="160" width="90" height="140"/>
    </g>
    <g transform="translate(400 230)">
      <ellipse cx="14" cy="96" rx="80" ry="14" fill="#000" opacity="0.3"/>
      <circle r="84" fill="#f8fafc"/>
      <path d="M0 -30 l29 21 -11 34 h-36 l-11 -34z" fill="#111827"/>
      ${[0, 72, 144, 216, 288].map((a) => `<g transform="rotate(${a})"><path d="M-14 -72 l14 -12 14 12 -4 16 h-20z" fill="#111827"/><line x1="0" y1="-30" x2="0" y2="-56" stroke="#111827" stroke-width="4"/></g>`).join('')}
      <circle r="84" fill="none" stroke="#111827" stroke-width="4"/>
    </g>`,
  ),
  travel: frame(
    't',
    ['#0ea5e9', '#f97316'],
    `
    <circle cx="600" cy="230" r="90" fill="#fde68a" opacity="0.95"/>
    <path d="M0 330 L150 190 L260 290 L380 150 L520 300 L640 210 L800 320 V450 H0z" fill="#1e3a8a" opacity="0.85"/>
    <path d="M380 150 l-40 46 h26 l14 -16 14 18 h30z" fill="#e0f2fe"/>
    <path d="M0 380 L200 300 L360 370 L520 310 L800 390 V450 H0z" fill="#172554"/>
    <g transform="translate(230 120) rotate(-12)" fill="#f8fafc">
      <path d="M-90 0 q0 -12 14 -12 h150 q26 0 32 12 q-6 12 -32 12 h-150 q-14 0 -14 -12z"/>
      <path d="M0 -10 l-40 -60 h22 l60 60z"/><path d="M0 10 l-40 60 h22 l60 -60z"/>
      <path d="M-76 -8 l-18 -30 h14 l22 30z"/>
    </g>
    <path d="M40 150 q90 -20 150 -2" stroke="#fff" stroke-width="3" stroke-dasharray="10 10" fill="none" opacity="0.7"/>`,
  ),
  pets: frame(
    'd',
    ['#b45309', '#7c2d12'],
    `
    ${[
      [90, 80, -20],
      [190, 150, 10],
      [620, 70, 25],
      [700, 170, -10],
      [120, 300, 15],
      [680, 320, -25],
    ]
      .map(
        ([x, y, a]) =>
          `<g transform="translate(${x} ${y}) rotate(${a}) scale(0.8)" fill="#fde68a" opacity="0.35"><ellipse cx="0" cy="14" rx="22" ry="18"/><circle cx="-22" cy="-10" r="8"/><circle cx="-8" cy="-20" r="8"/><circle cx="8" cy="-20" r="8"/><circle cx="22" cy="-10" r="8"/></g>`,
      )
      .join('')}
    <g transform="translate(400 250)">
      <ellipse cx="0" cy="130" rx="150" ry="18" fill="#000" opacity="0.25"/>
      <path d="M-110 120 q-10 -110 60 -140 h100 q70 30 60 140z" fill="#fcd9a8"/>
      <circle cx="0" cy="-60" r="92" fill="#fcd9a8"/>
      <path d="M-80 -110 q-60 10 -50 100 q30 -10 50 -60z" fill="#92400e"/>
      <path d="M80 -110 q60 10 50 100 q-30 -10 -50 -60z" fill="#92400e"/>
      <circle cx="-34" cy="-70" r="11" fill="#1f2937"/><circle cx="34" cy="-70" r="11" fill="#1f2937"/>
      <circle cx="-30" cy="-74" r="3" fill="#fff"/><circle cx="38" cy="-74" r="3" fill="#fff"/>
      <ellipse cx="0" cy="-34" rx="20" ry="14" fill="#1f2937"/>
      <path d="M0 -20 v16 q-16 18 -30 4 M0 -4 q16 18 30 4" stroke="#1f2937" stroke-width="5" fill="none" stroke-linecap="round"/>
      <path d="M-12 2 q12 26 24 0z" fill="#f87171"/>
    </g>`,
  ),
};

const webpOnly = process.argv.includes('--webp-only');
/** Widths of the WebP copies (also in RoomImage, apps/web/src/features/rooms/components/room-image.tsx): a list row (80 CSS px), a home tile (256 CSS px), the room header (full width). */
const WEBP_WIDTHS = [160, 480, 800];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
for (const [name, svg] of Object.entries(images)) {
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  if (!webpOnly) {
    const file = `${out}${name}.png`;
    await page.locator('svg').screenshot({ path: file, type: 'png' });
    execFileSync('pngquant', [
      '--force',
      '--skip-if-larger',
      '--quality=70-95',
      '--speed=1',
      '--output',
      file,
      file,
    ]);
    const { size } = await stat(file);
    console.log(`${name}.png ${(size / 1024).toFixed(1)} KB`);
    if (size > 80 * 1024) throw new Error(`${name}.png is over 80 KB`);
  }
  for (const width of WEBP_WIDTHS) {
    // Chromium's canvas encodes WebP: the SVG drawn at the target size, so each copy is sharp at its width.
    const base64 = await page.evaluate(
      async ({ svg, width, height }) => {
        const img = new globalThis.Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = globalThis.document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(img, 0, 0, width, height);
        return canvas.toDataURL('image/webp', 0.8).split(',')[1];
      },
      { svg, width, height: Math.round((width * H) / W) },
    );
    const file = `${out}${name}-${width}.webp`;
    await writeFile(file, Buffer.from(base64, 'base64'));
    console.log(`${name}-${width}.webp ${(Buffer.byteLength(base64, 'base64') / 1024).toFixed(1)} KB`);
  }
}
await browser.close();
