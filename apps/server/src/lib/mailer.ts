import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Queues a mail; delivery failures are logged, never thrown to the caller. */
  send(mail: Mail): void;
  /** Resolves when every queued mail has been handed over or has failed. */
  drain(): Promise<void>;
};

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise the whole mail is printed to the log so that a first
 * local run can sign up without a mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl } = opts;
  // Said once, at warn, so that it shows at every usual LOG_LEVEL: at warn or above the mails themselves (info) are
  // not printed, and a sign-up could not be finished with nothing to say why.
  if (!smtpUrl)
    opts.log.warn(
      'SMTP_URL is not set: mail is not sent but printed to this log at level info (sign-up and password-reset ' +
        'codes included); set SMTP_URL to send it, or LOG_LEVEL=info (or lower) to see it here.',
    );
  // nodemailer is loaded with the first mail: most starts send none, and a server without SMTP_URL never does.
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(url, { from: opts.from })));
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      if (!smtpUrl) {
        opts.log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (no SMTP_URL: printed here)',
        );
        return;
      }
      const p = smtp(smtpUrl)
        .then((t) =>
          t.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          }),
        )
        .then(
          () => opts.log.debug({ subject: mail.subject }, 'mail sent'),
          (err: Error) =>
            opts.log.error(
              { err: { message: err.message, code: (err as { code?: string }).code } },
              'mail delivery failed',
            ),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The one-time-code mail, in plain text and simple HTML. */
const codeReasons = {
  'verify-email': 'to confirm your email address and finish signing up',
  'reset-password': 'to reset your password',
  'confirm-account': 'to confirm the change to your account (a new password, or deleting it)',
};

export function codeMail(to: string, code: string, purpose: keyof typeof codeReasons): Mail {
  const why = codeReasons[purpose];
  const text = `Your Outing code is ${code}\n\nEnter it ${why}. It is valid for 10 minutes.\n\nIf you did not ask for it, you can ignore this mail.\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Your Outing code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>
<p>Enter it ${escapeHtml(why)}. It is valid for 10 minutes.</p>
<p style="color:#6b7280">If you did not ask for it, you can ignore this mail.</p>
</body></html>`;
  return { to, subject: `Your Outing code: ${code}`, text, html };
}
