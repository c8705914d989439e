import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod configuration', () => {
  it('turns off the JIT (and with it the eval probe that the CSP reports)', () => {
    expect(z.config().jitless).toBe(true);
  });
});
