// The pay sheet's QR code as a picture for the phone's gallery (issue 33): banking apps scan a QR code from a saved
// image, so the payer can pay from the same phone. The picture is the code on screen, module for module (read from
// the drawn SVG, so it cannot differ from what the tests decode), with its white quiet zone, and under it what the
// picture is for, so that it still says so when found in the gallery weeks later.

export interface QrCaption {
  /** "Pay ann_lee": the first and largest line. */
  title: string;
  /** "SGD 24.60". */
  amount: string;
  /** The option, e.g. "PayNow · +6591234567". */
  label: string;
}

/** The code is drawn at least this wide (px): a phone's gallery shows it sharp, and scanners read it at once. */
const MIN_CODE_PX = 600;
/** Room either side of the caption's lines (px). */
const SIDE = 32;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif';

/** The drawn code's modules: the square's side in modules (quiet zone included) and its dark modules as a path. */
export function qrModules(svg: SVGSVGElement): { cells: number; path: string } | null {
  const cells = Number(svg.getAttribute('viewBox')?.split(/\s+/)[2]);
  // qrcode.react draws the background square first, then the dark modules.
  const path = svg.querySelectorAll('path')[1]?.getAttribute('d');
  if (!Number.isInteger(cells) || cells <= 0 || !path) return null;
  return { cells, path };
}

/**
 * Splits `text` into lines no wider than `width` at the largest size from `max` down to `min` that needs at most
 * `maxLines` lines; at `min`, as many lines as it takes (a word wider than the line is broken between characters).
 * Nothing is ever cut off.
 */
export function fitText(
  measure: (text: string, size: number) => number,
  text: string,
  width: number,
  { max, min, maxLines }: { max: number; min: number; maxLines: number },
): { size: number; lines: string[] } {
  const wrap = (size: number): string[] => {
    const lines: string[] = [];
    let line = '';
    const push = (word: string) => {
      const next = line ? `${line} ${word}` : word;
      if (measure(next, size) <= width) {
        line = next;
        return;
      }
      if (line) lines.push(line);
      line = '';
      if (measure(word, size) <= width) {
        line = word;
        return;
      }
      // A word wider than the line (a long IBAN holder, a name in a script without spaces): by characters.
      for (const char of Array.from(word)) {
        if (line && measure(line + char, size) > width) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    };
    // Only ordinary spaces break a line: the no-break space Intl puts in "SGD 24.60" keeps the amount whole.
    text
      .split(/[ \t\n]+/)
      .filter(Boolean)
      .forEach(push);
    if (line) lines.push(line);
    return lines;
  };
  for (let size = max; size > min; size -= 2) {
    const lines = wrap(size);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: min, lines: wrap(min) };
}

/** The picture: white, the code with its quiet zone, then the title, the amount and the option, centred. */
export function drawQrImage(svg: SVGSVGElement, caption: QrCaption): HTMLCanvasElement | null {
  const modules = qrModules(svg);
  if (!modules || typeof Path2D === 'undefined') return null;
  const scale = Math.max(4, Math.ceil(MIN_CODE_PX / modules.cells));
  const width = modules.cells * scale;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const font = (size: number, weight: number) => `${weight} ${size}px ${FONT}`;
  const measureWith = (weight: number) => (text: string, size: number) => {
    ctx.font = font(size, weight);
    return ctx.measureText(text).width;
  };
  const room = width - 2 * SIDE;
  const blocks = [
    { ...fitText(measureWith(700), caption.title, room, { max: 40, min: 22, maxLines: 2 }), weight: 700 },
    { ...fitText(measureWith(700), caption.amount, room, { max: 52, min: 24, maxLines: 1 }), weight: 700 },
    { ...fitText(measureWith(400), caption.label, room, { max: 26, min: 18, maxLines: 2 }), weight: 400 },
  ].map((b) => ({ ...b, lineHeight: Math.round(b.size * 1.3) }));
  // The quiet zone under the code already leaves white before the caption.
  const captionHeight = blocks.reduce((sum, b) => sum + b.lines.length * b.lineHeight, 0) + 12 * 2;
  canvas.width = width;
  canvas.height = width + captionHeight + SIDE;

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.save();
  ctx.scale(scale, scale);
  ctx.fillStyle = '#000000';
  ctx.fill(new Path2D(modules.path));
  ctx.restore();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  let y = width;
  blocks.forEach((block, i) => {
    ctx.font = font(block.size, block.weight);
    ctx.fillStyle = i === 2 ? '#334155' : '#0f172a';
    for (const line of block.lines) {
      ctx.fillText(line, width / 2, y);
      y += block.lineHeight;
    }
    y += 12;
  });
  return canvas;
}

/** The picture as a PNG file named `fileName`, or null where the browser cannot draw it. */
export function qrImageFile(svg: SVGSVGElement, caption: QrCaption, fileName: string): Promise<File | null> {
  const canvas = drawQrImage(svg, caption);
  if (!canvas) return Promise.resolve(null);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], fileName, { type: 'image/png' }) : null),
      'image/png',
    );
  });
}

/** "paynow-ann_lee-SGD24.60.png": what it is, whom to and how much, in characters every file system takes. */
export function qrFileName(kind: string, payee: string, currency: string, amount: string): string {
  const safe = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  return `${[safe(kind), safe(payee) || 'payee', `${safe(currency)}${safe(amount)}`].filter(Boolean).join('-')}.png`;
}

/** Whether this browser can share a PNG file (Web Share Level 2); asked with a stand-in, before any is drawn. */
export function canSharePng(): boolean {
  try {
    if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
    return navigator.canShare({ files: [new File([''], 'qr.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}
