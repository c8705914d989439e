import { delay } from 'msw';

/** Every mock answer arrives after 1.5 s (docs/product.md#mock-mode, #constants). */
export const MOCK_DELAY_MS = 1500;

let currentDelayMs = MOCK_DELAY_MS;

/** Tests shorten the delay; mock mode keeps the default. */
export function setMockDelay(ms: number): void {
  currentDelayMs = ms;
}

export function mockDelay(): Promise<void> {
  return delay(currentDelayMs);
}
