import type { CaughtMail } from './mail-catcher.js';

/** Mail the app sent to `to` since the run started (read from the catcher of the global set-up). */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(
    `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}/messages?to=${encodeURIComponent(to)}`,
  );
  return (await res.json()) as CaughtMail[];
}

/** Waits for a mail to `to` whose text matches `pattern`; returns the first capture group (or the match). */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of (await mailsTo(to)).reverse()) {
      const m = pattern.exec(mail.raw);
      if (m) return m[1] ?? m[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
