import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, inlineScriptSources, securityHeaderOptions } from './security-headers.js';

describe('security headers', () => {
  it('are the strict policy, computed once into a frozen object', () => {
    const h = computeSecurityHeaders(securityHeaderOptions('http://localhost:3000'));
    expect(Object.isFrozen(h)).toBe(true);
    expect(h['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self';connect-src 'self';manifest-src 'self';worker-src 'self' blob:",
    );
    expect(h).toMatchObject({
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(h['strict-transport-security']).toBeUndefined();
    expect(h['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('add HSTS only when the public URL is https', () => {
    const h = computeSecurityHeaders(securityHeaderOptions('https://outing.example'));
    expect(h['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it("allow the page's inline scripts by their hash, and nothing else inline", () => {
    const h = computeSecurityHeaders(securityHeaderOptions('http://localhost:3000', ["'sha256-abc='"]));
    expect(h['content-security-policy']).toContain("script-src 'self' 'sha256-abc=';");
    expect(h['content-security-policy']).not.toContain('unsafe-inline');
  });
});

describe('inlineScriptSources', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes the text of each inline script exactly as written, once per distinct script', () => {
    const boot = '(function(){window.x="é"})();\n';
    const html =
      `<!doctype html><head><script>${boot}</script>` +
      '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
      `<SCRIPT>${boot}</SCRIPT><script>other()</script ></head><body><script src="/x.js"></script></body>`;
    expect(inlineScriptSources(html)).toEqual([sha(boot), sha('other()')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(
      inlineScriptSources('<script src="/a.js"></script><script> </script><div id="root"></div>'),
    ).toEqual([]);
  });
});
