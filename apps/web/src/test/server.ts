import { setupServer } from 'msw/node';
import { handlers } from '@/mocks/handlers';

/** The mock-mode handlers, serving component tests over msw/node. */
export const server = setupServer(...handlers);
