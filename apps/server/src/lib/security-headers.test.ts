import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers.js';

describe('security headers', () => {
  it('are the strict policy, computed once into a frozen object', () => {
    const h = computeSecurityHeaders(securityHeaderOptions('http://localhost:3000'));
    expect(Object.isFrozen(h)).toBe(true);
    expect(h['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self';connect-src 'self';manifest-src 'self';worker-src 'self'",
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
});
