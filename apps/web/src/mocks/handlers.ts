import type { RequestHandler } from 'msw';
import { systemHandlers } from '../features/system/api/mocks';

/**
 * Every call's mock answer (DESIGN principle 7). A feature adds its handlers in
 * `src/features/<name>/api/mocks.ts` and lists them here.
 */
export const handlers: RequestHandler[] = [...systemHandlers];
