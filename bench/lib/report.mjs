// Shared by every bench suite: writes one suite's figures into docs/performance.md between the markers
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` (appended at the end the first time), headed with the date,
// the machine and the commit, so each suite can be re-run alone without touching the others' figures. The page
// holds a short summary per suite (the figures against their targets); the suite's full report (every row, the
// method, the notes) goes to bench/results/NAME.md with the same stamp, which the summary links. Both are replaced
// by the next run: the history is git's and docs/performance-log.md's.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export const perfDoc = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));
/** The directory of the suites' full reports, one `NAME.md` each. */
export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const gib = Math.round(os.totalmem() / 2 ** 30);
  return `${os.cpus().length} × ${cpu}, ${gib} GiB, Node ${process.versions.node}, ${os.type()} ${os.arch()}`;
}

export function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/**
 * `summary` is Markdown without a heading (a compact table of the figures against their targets); `title` becomes
 * the section's `##` heading. With `details` (the full report), that goes to bench/results/NAME.md under the same
 * heading and stamp, and the summary ends with a link to it.
 */
export async function writeSection(name, title, summary, details) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const stamp = `_${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine()} · commit ${commit()}_`;
  const link = details
    ? `\n\nFull report (method, every row, notes): [bench/results/${name}.md](../bench/results/${name}.md).`
    : '';
  const section = `${start}\n## ${title}\n\n${stamp}\n\n${summary.trim()}${link}\n${end}`;
  const full = details ? `# ${title}\n\n${stamp}\n\n${details.trim()}\n` : undefined;
  // BENCH_DRY_RUN=1: print the section only (experiments that must not replace the recorded figures).
  if (process.env.BENCH_DRY_RUN) {
    console.log(
      `${section}${full ? `\n\n--- bench/results/${name}.md ---\n${full}` : ''}\n(BENCH_DRY_RUN: not written)`,
    );
    return;
  }
  let doc = await readFile(perfDoc, 'utf8').catch(() => '# Performance\n');
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  doc =
    i >= 0 && j > i
      ? doc.slice(0, i) + section + doc.slice(j + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  await writeFile(perfDoc, doc);
  if (full) {
    await mkdir(resultsDir, { recursive: true });
    await writeFile(`${resultsDir}${name}.md`, full);
  }
  console.log(`${section}\n\n(written to docs/performance.md${full ? ` and bench/results/${name}.md` : ''})`);
}

/** Median of numbers (NaN for none). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
