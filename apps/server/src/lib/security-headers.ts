import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built web app's page: its boot script
 * (apps/web/src/boot), which runs before the entry downloads. Exactly those scripts may run inline; any other,
 * including one injected into the page, stays refused.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || body.trim() === '') continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The Content-Security-Policy and the other security headers of every answer (docs/security.md). `inlineScripts`:
 * the hash sources of the page's own inline scripts (`inlineScriptSources`).
 */
export function securityHeaderOptions(
  publicUrl: string,
  inlineScripts: readonly string[] = [],
): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        // blob: the boot script's format warm-up worker (apps/web decision 017), made from its own inline code.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only where the app is really served over TLS.
    strictTransportSecurity: publicUrl.startsWith('https://') ? { maxAge: 15552000 } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * helmet's headers as a plain object. They depend on the configuration only, so they are computed once: the
 * Fastify plugin rebuilt helmet's whole middleware on every request (about 3% of the server's CPU under load).
 */
export function computeSecurityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/** Sets the security headers on every answer, the API's, the web app's and the errors'. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  inlineScripts: readonly string[] = [],
) {
  const headers = computeSecurityHeaders(securityHeaderOptions(publicUrl, inlineScripts));
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
