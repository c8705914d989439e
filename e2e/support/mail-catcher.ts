import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string; receivedAt: string };

/**
 * A real SMTP server the app sends its mail to, plus a small HTTP API (GET /messages, DELETE /messages) through
 * which specs, running in other processes, read what was sent.
 */
export async function startMailCatcher(smtpPort: number, httpPort: number) {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/messages') return res.writeHead(404).end();
    if (req.method === 'DELETE') {
      mails.length = 0;
      return res.writeHead(204).end();
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
  });
  await new Promise<void>((resolve) => api.listen(httpPort, '127.0.0.1', resolve));

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
