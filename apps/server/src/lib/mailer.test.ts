import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { codeMail, createMailer } from './mailer.js';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

describe('the mailer without SMTP_URL', () => {
  it('says once, at warn, where mail goes, so that LOG_LEVEL=warn does not hide it (issue #17)', () => {
    const { log, lines } = capture('warn');
    const mailer = createMailer({ from: 'Outing <no-reply@outing.local>', log });
    mailer.send(codeMail('ann@example.com', '123456', 'verify-email'));
    mailer.send(codeMail('ann@example.com', '654321', 'reset-password'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40 });
    expect(lines[0]!.msg).toMatch(
      /SMTP_URL is not set: mail is not sent but printed to this log at level info/,
    );
    expect(lines[0]!.msg).toMatch(/codes included/);
  });

  it('prints each mail at info, after the one warning', () => {
    const { log, lines } = capture('info');
    createMailer({ from: 'x@example.com', log }).send(codeMail('ann@example.com', '123456', 'verify-email'));
    expect(lines.map((l) => l.level)).toEqual([40, 30]);
    expect(JSON.stringify(lines[1])).toContain('123456');
  });

  it('says nothing of the kind when SMTP_URL is set', () => {
    const { log, lines } = capture('info');
    createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com', log });
    expect(lines).toEqual([]);
  });
});
